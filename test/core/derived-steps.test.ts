/**
 * Tasks without step numbers are tasks: each is addressed by the step the parser derives from its
 * place (docs/format.md, "Derived steps"), every operation works on it, and an update changes only
 * the line's status character and annotation, in the line's own spelling.
 */
import { parsePlan, updateTaskStatus, type PlanStore } from '../../src/core';
import { PlanManager } from './plan-manager';
import { TODAY, savedPlan } from './memory-store';

const checklist = `# TODO: Expense report

## This week

- [x] Pull card transactions into \`Txns\`
- [ ] Chase the missing receipts
  - [ ] Email the sales team
  - [ ] Email the warehouse
- [ ] Reconcile the February total

## Later

* [ ] Archive January's tab
`;

const steps = (text: string) =>
  parsePlan(text)
    .phases.flatMap((phase) => phase.tasks)
    .map((task) => [task.step, task.title]);

describe('how steps are derived', () => {
  test('by place: section N, task K, sub-task J gives N.K and N.K.J', () => {
    expect(steps(checklist)).toEqual([
      ['1.1', 'Pull card transactions into `Txns`'],
      ['1.2', 'Chase the missing receipts'],
      ['1.2.1', 'Email the sales team'],
      ['1.2.2', 'Email the warehouse'],
      ['1.3', 'Reconcile the February total'],
      ['2.1', "Archive January's tab"],
    ]);
    const plan = parsePlan(checklist);
    expect(plan.phases.map((phase) => [phase.number, phase.name, phase.derived])).toEqual([
      [1, 'This week', true],
      [2, 'Later', true],
    ]);
    expect(plan.phases[0].tasks.every((task) => task.derived)).toBe(true);
  });

  test('after a written step they go on from its number, and never take a step written anywhere', () => {
    const mixed = '### Phase 1: Work\n- [ ] 1.1 Written\n- [ ] Unwritten\n- [ ] 1.3 Written later\n- [ ] Last\n';
    expect(steps(mixed).map(([step]) => step)).toEqual(['1.1', '1.2', '1.3', '1.4']);
    const taken = '### Phase 1: Work\n- [ ] Unwritten\n- [ ] 1.1 Written below it\n';
    expect(steps(taken).map(([step]) => step)).toEqual(['1.2', '1.1']);
  });

  test('a section without a number takes the next number no phase heading uses', () => {
    const text = '## Setup\n- [ ] A\n### Phase 1: Build\n- [ ] 1.1 B\n## Backlog\n- [ ] C\n';
    expect(parsePlan(text).phases.map((phase) => phase.number)).toEqual([2, 1, 3]);
    expect(steps(text).map(([step]) => step)).toEqual(['2.1', '1.1', '3.1']);
  });

  test('status changes never change a derived step; a task added above does (adoptFormat writes them)', () => {
    const started = updateTaskStatus(checklist, '1.2', 'doing');
    expect(steps(started)).toEqual(steps(checklist));
    const added = checklist.replace('- [x] Pull', '- [ ] A new first task\n- [x] Pull');
    expect(steps(added)[1]).toEqual(['1.2', 'Pull card transactions into `Txns`']);
  });
});

describe('every operation works on a checklist without step numbers', () => {
  const manager = (store: PlanStore) => new PlanManager(store, { source: 'api' });

  test('getNextTask, startTask, completeTask, advanceTask, applyCommands; each line keeps its spelling', () => {
    const store = savedPlan(checklist);
    expect(manager(store).getNextTask()).toMatchObject({
      step: '1.2',
      title: 'Chase the missing receipts',
      derived: true,
    });
    manager(store).startTask('1.2');
    expect(store.text).toContain('\n- [/] Chase the missing receipts\n');
    expect(manager(store).advanceTask('1.2')).toMatchObject({ step: '1.2.1', status: 'doing' });
    manager(store).applyCommands([
      { action: 'complete', step: '1.2.1' },
      { action: 'block', step: '2.1', text: 'waiting for the auditors' },
    ]);
    expect(store.text).toBe(
      checklist
        .replace('- [ ] Chase', `- [x] Chase`)
        .replace('Chase the missing receipts', `Chase the missing receipts ✅ ${TODAY}`)
        .replace('  - [ ] Email the sales team', `  - [x] Email the sales team ✅ ${TODAY}`)
        .replace("* [ ] Archive January's tab", "* [>] Archive January's tab — waiting for the auditors"),
    );
  });

  test.each([
    ['- [ ] **1.3: Confirm the row count**', `- [x] **1.3: Confirm the row count** ✅ ${TODAY}`],
    ['- [ ] **1.3** Confirm the row count', `- [x] **1.3** Confirm the row count ✅ ${TODAY}`],
    ['- [ ] 1.3: Confirm the row count', `- [x] 1.3: Confirm the row count ✅ ${TODAY}`],
    ['- [ ] 1.3) Confirm the row count', `- [x] 1.3) Confirm the row count ✅ ${TODAY}`],
    ['3. [ ] 1.3 Confirm the row count', `3. [x] 1.3 Confirm the row count ✅ ${TODAY}`],
    ['- [ ]* 1.3 Confirm the row count', `- [x]* 1.3 Confirm the row count ✅ ${TODAY}`],
  ])('completing %s keeps its spelling', (line, expected) => {
    const text = `# Plan: P\n\nGoal: G\n\n## 1. Checks\n\n${line}\n`;
    expect(parsePlan(text).phases[0].tasks[0]).toMatchObject({ step: '1.3', title: 'Confirm the row count' });
    const store = savedPlan(text);
    manager(store).completeTask('1.3');
    expect(store.text).toBe(text.replace(line, expected));
  });
});
