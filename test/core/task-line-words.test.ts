/**
 * A status or note change rewrites only what it must on the task's own line: a note adds no done date, trailing
 * spaces (a Markdown hard line break) stay, and a `✅ date` a person wrote on a line that is not done stays with it
 * until a completion dates the task today.
 */
import { agent, lines, person, refusal, savedPlan, TODAY } from './memory-store';

// spec-kit's spelling: finished tasks without a done date.
const SPEC_KIT = lines(
  '# Plan: Import tab',
  '',
  '## Phase 3.1: Setup',
  '- [X] T001 Create the Import tab',
  '- [ ] T002 Name the ranges',
  '',
);

const taskLine = (text: string, fragment: string) => text.split('\n').find((line) => line.includes(fragment));

describe('a note on a task done without a date', () => {
  test('is written without giving the task a date', () => {
    const store = savedPlan(SPEC_KIT);
    person(store).setTaskNote('1.1', 'checked by Ann');
    expect(store.text).toBe(SPEC_KIT.replace('Create the Import tab', 'Create the Import tab — checked by Ann'));
  });

  test('removing a note it does not have changes nothing, and says so', () => {
    const store = savedPlan(SPEC_KIT);
    expect(refusal(() => person(store).setTaskNote('1.1', null))).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'INVALID_TRANSITION: Task 1.1 already reads that way; nothing to change',
    });
    expect(store.text).toBe(SPEC_KIT);
  });
});

describe('trailing spaces on the changed line stay', () => {
  const TODO = lines('# TODO', '', '### Column', '- [ ] Task title ~3d #type @ann  ', '  - [ ] Sub-task  ', '');

  test('through a start, a completion, a note and a rename', () => {
    const store = savedPlan(TODO);
    agent(store).startTask('1.1');
    expect(taskLine(store.text, 'Task title')).toBe('- [/] Task title ~3d #type @ann  ');
    agent(store).setTaskNote('1.1', 'half');
    expect(taskLine(store.text, 'Task title')).toBe('- [/] Task title ~3d #type @ann — half  ');
    agent(store).renameTask('1.1', 'Task name ~3d #type @ann');
    expect(taskLine(store.text, 'Task name')).toBe('- [/] Task name ~3d #type @ann — half  ');
    agent(store).startTask('1.1.1');
    agent(store).completeTask('1.1.1');
    expect(taskLine(store.text, 'Sub-task')).toBe(`  - [x] Sub-task ✅ ${TODAY}  `);
  });
});

describe('a done date written on a line that is not done', () => {
  const dated = (box: string) =>
    lines(
      '# Plan: T',
      '',
      'Goal: g',
      '',
      '### Phase 1: A',
      `- [${box}] 1.1 Recount bin B-12 ✅ 2026-01-05 by hand`,
      '',
    );

  test('stays as written through a start, and after the title (where a done date stands) through a note', () => {
    const store = savedPlan(dated(' '));
    agent(store).startTask('1.1');
    expect(taskLine(store.text, '1.1')).toBe(taskLine(dated('/'), '1.1'));
    agent(store).setTaskNote('1.1', 'bin moved');
    expect(taskLine(store.text, '1.1')).toBe('- [/] 1.1 Recount bin B-12 by hand ✅ 2026-01-05 — bin moved');
  });

  test("gives way to today's date when the task is completed: it is done today, with one date", () => {
    const store = savedPlan(dated('/'));
    expect(agent(store).completeTask('1.1').completedDate).toBe(TODAY);
    expect(taskLine(store.text, '1.1')).toBe(`- [x] 1.1 Recount bin B-12 by hand ✅ ${TODAY}`);
  });

  test('a done task unticked by hand with its date left on, then completed, is dated today', () => {
    const store = savedPlan(
      lines('# Plan: P', '', 'Goal: G', '', '### Phase 1: W', '- [ ] 1.1 Ship the build ✅ 2026-01-02', ''),
    );
    agent(store).completeTask('1.1');
    expect(taskLine(store.text, '1.1')).toBe(`- [x] 1.1 Ship the build ✅ ${TODAY}`);
  });

  test("goes with the done status when a done task is reopened, as the done status's own date", () => {
    const store = savedPlan(dated('x'));
    agent(store).reopenTask('1.1');
    expect(taskLine(store.text, '1.1')).toBe('- [ ] 1.1 Recount bin B-12 by hand');
  });
});
