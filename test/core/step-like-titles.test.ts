/**
 * In a checklist without written steps, a title that starts with a number like a step ("3.11 upgrade", "2.0 release
 * notes") is a title: written into the line as it stands, the parser would read it as the task's step, moving the task
 * and renumbering its neighbours while the answer said `renumbered: {}`, so an agent holding the old steps acted on the
 * wrong task. Such a line gets the task's own step written before the title, as a numbered list has it.
 */
import { parsePlan } from '../../src/core';
import { agent, lines, savedPlan } from './memory-store';

const UNNUMBERED = lines(
  '# Plan: Runtime upgrade',
  '',
  'Goal: Move the sheet scripts to the new runtime',
  '',
  '## Tasks',
  '- [ ] Inventory the scripts',
  '- [ ] Check the triggers',
  '- [ ] Write the rollout note',
  '',
);

const steps = (text: string) =>
  parsePlan(text).phases.flatMap((phase) => phase.tasks.map((task) => `${task.step} ${task.title}`));

describe('a title that starts with a number like a step, in a list without steps', () => {
  test('renameTask keeps the title as title and leaves every other step as it was', () => {
    const store = savedPlan(UNNUMBERED);
    const before = steps(store.text);
    expect(before).toEqual(['1.1 Inventory the scripts', '1.2 Check the triggers', '1.3 Write the rollout note']);
    const result = agent(store).renameTask('1.1', '3.11 upgrade of the inventory');
    // The caller gave this title; it must read back as the title, and the task keeps its step.
    expect(result.title).toBe('3.11 upgrade of the inventory');
    expect(result.step).toBe('1.1');
    // Nothing else may change its address (the answer says nothing was renumbered).
    expect(result.renumbered).toEqual({});
    expect(steps(store.text)).toEqual([
      '1.1 3.11 upgrade of the inventory',
      '1.2 Check the triggers',
      '1.3 Write the rollout note',
    ]);
  });

  test('after such a rename, completing the step an agent held completes that task, not the renamed one', () => {
    const store = savedPlan(UNNUMBERED);
    const manager = agent(store);
    manager.renameTask('1.1', '1.3 inventory, second pass');
    // The agent still holds 1.3 = "Write the rollout note" (the rename answered renumbered: {}).
    const done = manager.completeTask('1.3');
    expect(done.title).toBe('Write the rollout note');
  });

  test('addTask with such a title adds a task at the end, its step written, no other step changed', () => {
    const store = savedPlan(UNNUMBERED.replace('## Tasks', '### Phase 1: Tasks'));
    const result = agent(store).addTask(1, '1.1 hotfix rollback drill');
    expect(result).toMatchObject({ step: '1.4', title: '1.1 hotfix rollback drill', renumbered: {} });
    expect(store.text).toContain('- [ ] Write the rollout note\n- [ ] 1.4 1.1 hotfix rollback drill\n');
    expect(steps(store.text)).toEqual([
      '1.1 Inventory the scripts',
      '1.2 Check the triggers',
      '1.3 Write the rollout note',
      '1.4 1.1 hotfix rollback drill',
    ]);
  });

  test('a title that does not start like a step is written without one, like its neighbours', () => {
    const store = savedPlan(UNNUMBERED.replace('## Tasks', '### Phase 1: Tasks'));
    agent(store).addTask(1, 'Release 3 notes');
    agent(store).renameTask('1.1', '3. Inventory');
    expect(store.text).toContain('- [ ] 3. Inventory\n');
    expect(store.text).toContain('- [ ] Release 3 notes\n');
  });
});
