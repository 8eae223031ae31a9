/**
 * Updates and re-planning on the real-shape documents people write (test/fixtures/real-shapes): a
 * rename keeps what a finished task says, decorated and decimal phase headings are phases, phase 0
 * is a phase, tasks without steps stay without steps, a reason joins a note without becoming title,
 * and a tab-indented task under a heading is a task.
 */
import { outlinePlan, parsePlan } from '../../src/core';
import { adoptFormat } from '../../src/core/format/adopt';
import { realShape } from './fixtures';
import { agent, person, refusal, savedPlan } from './memory-store';

const SPEC_KIT = realShape('spec-kit-decimal-phases.md');
const DECORATED = realShape('decorated-phase-headings.md');
const TABS = realShape('tab-indented-phase-zero.md');

const lineOf = (text: string, start: string) => text.split('\n').find((line) => line.startsWith(start));

describe('renaming a finished task keeps what its line says', () => {
  test('without a date it gets none, and [X] stays [X]', () => {
    const store = savedPlan(SPEC_KIT);
    const task = person(store).renameTask('1.1', 'T001 Create the `Import` tab and freeze its header row');
    expect(lineOf(store.text, '- [X] T001')).toBe('- [X] T001 Create the `Import` tab and freeze its header row');
    expect(store.text).not.toContain('✅ \n');
    expect(task).toMatchObject({ status: 'done', title: 'T001 Create the `Import` tab and freeze its header row' });
    expect(task.completedDate).toBeUndefined();
  });

  test('a " -- note" stays where it was, and a date stays where it was', () => {
    const store = savedPlan(SPEC_KIT);
    person(store).renameTask('1.2', 'T002 Name the ranges `raw_sales`, `raw_returns`');
    expect(lineOf(store.text, '- [X] T002')).toBe(
      '- [X] T002 Name the ranges `raw_sales`, `raw_returns` -- done by hand in the sheet',
    );
    person(store).renameTask('2.1', 'T004 [P] Check an empty export');
    expect(lineOf(store.text, '- [x] T004')).toBe('- [x] T004 [P] Check an empty export ✅ 2026-03-02');
    // Only the renamed lines changed.
    const before = SPEC_KIT.split('\n');
    const changed = store.text.split('\n').filter((line, i) => line !== before[i]);
    expect(changed).toHaveLength(2);
  });
});

describe('phase headings as people decorate them', () => {
  test('an emoji, bold or a numbering before "Phase N" is still phase N; the name keeps all but the bold', () => {
    const plan = parsePlan(DECORATED);
    expect(plan.phases.map((phase) => [phase.number, phase.name, phase.derived ?? false])).toEqual([
      [1, '🚀 Integration', false],
      [2, 'UI', false],
      [3, '二、基础架构', false],
    ]);
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2', '1.3']);
  });

  test('"## Phase 3.1: Setup" outside a phase 3 is a phase named Setup: adopted without "Phase 1: Phase 3.1"', () => {
    const plan = parsePlan(SPEC_KIT);
    expect(plan.phases.map((phase) => [phase.number, phase.name])).toEqual([
      [1, 'Setup'],
      [2, 'Tests First (TDD) ⚠️ MUST COMPLETE BEFORE 3.3'],
      [3, 'Core Implementation (ONLY after tests are failing)'],
    ]);
    const adopted = adoptFormat(SPEC_KIT);
    expect(adopted).toContain('### Phase 1: Setup\n');
    expect(adopted).not.toContain('Phase 1: Phase');
  });

  test('a phase added after a decorated phase renumbers the decorated headings after it', () => {
    const store = savedPlan(DECORATED);
    const added = agent(store).addPhase('Data checks', ['Compare with the POS totals'], 1);
    expect(added.renumbered).toMatchObject({ '2': '3', '3': '4' });
    expect(store.text).toContain('## **Phase 3: UI**\n');
    expect(store.text).toContain('## 二、Phase 4: 基础架构\n');
  });
});

describe('re-planning where the document has no "### Phase" headings', () => {
  test('addTask, moveTask and removeTask on a phase getPlan lists say adoptFormat writes its heading', () => {
    const store = savedPlan(SPEC_KIT);
    const manager = agent(store);
    expect(parsePlan(SPEC_KIT).phases.map((phase) => phase.number)).toEqual([1, 2, 3]);
    for (const call of [
      () => manager.addTask(2, 'T008 Check the totals'),
      () => manager.moveTask('3.2', '2.2'),
      () => manager.moveTask('3.2', 2),
      () => manager.removeTask('3.1'),
    ]) {
      const { code, message } = refusal(call);
      expect(code).toBe('INVALID_PLAN');
      expect(message).toContain('adoptFormat()');
      expect(message).not.toContain('has no phases');
    }
    expect(store.text).toBe(SPEC_KIT);
  });
});

describe('phase 0', () => {
  test('"## Phase 0 – Foundations" is read, and addTask(…, 0) and moveTask(step, 0) are accepted', () => {
    expect(parsePlan(TABS).phases.map((phase) => [phase.number, phase.name])).toEqual([
      [0, 'Foundations'],
      [1, 'Merge duplicates'],
    ]);
    const store = savedPlan(TABS);
    const added = agent(store).addTask(0, 'Freeze the header row');
    expect(added.step).toBe('0.3');
    expect(store.text).toContain('\t- [ ] 0.2 Sort by vendor name\n\t- [ ] 0.3 Freeze the header row\n');
    const moved = agent(store).moveTask('1.2', 0);
    expect(moved).toMatchObject({
      step: '0.1',
      renumbered: { '1.2': '0.1', '0.1': '0.2', '0.2': '0.3', '0.3': '0.4' },
    });
    expect(store.text).toContain(
      '## Phase 0 – Foundations\n\t- [ ] 0.1 Merge the marked rows – keep the newest address\n',
    );
  });
});

describe('tasks without written steps stay without', () => {
  test('moveTask writes no number into the moved line; every step follows from its place', () => {
    const store = savedPlan(DECORATED);
    const moved = agent(store).moveTask('1.3', '2.1');
    expect(store.text).toContain('- [ ] Build the `Dashboard` tab\n- [ ] Check the totals against last month\n');
    expect(store.text).not.toMatch(/\] \d+\.\d+ /);
    expect(moved).toMatchObject({ step: '2.2', title: 'Check the totals against last month' });
    expect(moved.renumbered).toEqual({ '1.3': '2.2', '2.2': '2.3' });
  });

  test('addTask among tasks without steps writes none either', () => {
    const store = savedPlan(DECORATED);
    const added = agent(store).addTask(2, 'Add a store filter');
    expect(store.text).toContain('- [ ] Add a region filter\n- [ ] Add a store filter\n');
    expect(added.step).toBe('2.3');
  });
});

describe('a reason given to a task with a note', () => {
  test('blockTask joins the note: the title stays the title, and the reason reads after the note', () => {
    const store = savedPlan(SPEC_KIT);
    const blocked = agent(store).blockTask('3.2', 'waiting on the region list');
    expect(lineOf(store.text, '- [>] T007')).toBe(
      '- [>] T007 Write the monthly totals to `Summary!B3:E15` — agent note: totals by region first; ' +
        'waiting on the region list',
    );
    expect(blocked.title).toBe('T007 Write the monthly totals to `Summary!B3:E15`');
    expect(blocked.blockedReason).toBe('agent note: totals by region first; waiting on the region list');
  });

  test('skipTask on a finished-looking note line keeps a " -- " separator as written', () => {
    const store = savedPlan(SPEC_KIT);
    person(store).skipTask('1.2', 'the ranges exist already');
    const task = outlinePlan(store.text).tasks.find((candidate) => candidate.step === '1.2')!;
    expect(task.title).toBe('T002 Name the ranges `raw_sales` and `raw_returns`');
    expect(task.note).toBe('done by hand in the sheet; the ranges exist already');
  });
});

describe('tab-indented tasks and en dashes', () => {
  test('a tab-indented task right under a heading is a task; one after a blank line and a paragraph is code', () => {
    const outline = outlinePlan(TABS);
    expect(outline.tasks.map((task) => task.line + 1)).toEqual([10, 11, 14, 15]);
    expect(outline.unread).toEqual([{ line: 6, reason: 'in-code' }]);
  });

  test('an en dash stays in the title, on reading and through a status change', () => {
    const store = savedPlan(TABS);
    const started = agent(store).startTask('1.2');
    expect(started.title).toBe('Merge the marked rows – keep the newest address');
    expect(started.note).toBeUndefined();
    expect(store.text).toContain('\t- [/] 1.2 Merge the marked rows – keep the newest address\n');
  });
});
