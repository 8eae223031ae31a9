/**
 * Whole documents over an in-memory store: createPlan, replacePlan and restoreRevision, the revisions they
 * number, and a person's edit of the plan cell (the onEdit trigger).
 */
import { PlanManager } from './plan-manager';
import { MemoryStore, TEST_TEXT_LIMIT as PLAN_TEXT_LIMIT, savedPlan } from './memory-store';
import { codeOf, person, agent, simple, mixed } from './write-path-fixtures';

describe('createPlan', () => {
  test('writes the title, goal, phases and numbered steps', () => {
    const store = savedPlan('');
    agent(store).createPlan('New Plan', 'Achieve something', [
      { name: 'Setup', steps: ['Step A', 'Step B'] },
      { name: 'Execute', steps: ['Step C'] },
    ]);
    expect(store.text).toContain('# Plan: New Plan\n\nGoal: Achieve something\n');
    expect(store.text).toContain(
      '### Phase 1: Setup\n- [ ] 1.1 Step A\n- [ ] 1.2 Step B\n\n### Phase 2: Execute\n- [ ] 2.1 Step C\n',
    );
  });

  test("without details: the spec's sections and labels, and no placeholder a person could take for real", () => {
    const store = savedPlan('');
    const plan = agent(store).createPlan('Test', 'Goal', [{ name: 'Work', steps: ['Task'] }]);
    expect(store.text).toBe(`# Plan: Test

Goal: Goal

## Analysis

- Spreadsheet:
- Key sheets:
- Target ranges:
- Current state:

## Questions for User

### Phase 1: Work
- [ ] 1.1 Task

## Notes
`);
    expect(plan.questions).toBeUndefined();
    expect(plan.phases[0].tasks.map((task) => task.title)).toEqual(['Task']);
  });

  test('fills the sections from the details it is given', () => {
    const store = savedPlan('');
    const plan = agent(store).createPlan(
      'Report',
      'Build the Q1 report',
      [{ name: 'Read', steps: ['Read Orders!A2:F500 (orders)'] }],
      {
        analysis: {
          spreadsheet: 'Sales 2026',
          keySheets: ['Orders', 'Summary'],
          read: ['Orders!A2:F500 (orders)'],
          write: ['Summary!B5:E20 (totals)'],
          currentState: '487 orders',
        },
        questions: ['Include refunds?'],
        notes: 'Ask Dana before writing.',
      },
    );
    expect(plan.analysisDetails).toMatchObject({
      spreadsheet: 'Sales 2026',
      keySheets: ['Orders', 'Summary'],
      targetRanges: { read: ['Orders!A2:F500 (orders)'], write: ['Summary!B5:E20 (totals)'] },
      currentState: '487 orders',
    });
    expect(plan.questions).toEqual(['Include refunds?']);
    expect(plan.notes).toBe('Ask Dana before writing.');
  });

  test('is one read and one write, and returns the new plan at the next revision', () => {
    const store = savedPlan(simple, 3);
    const plan = agent(store).createPlan('Next', 'Go on', [{ name: 'Work', steps: ['Do it'] }]);
    expect([store.reads, store.writes, store.initializations]).toEqual([1, 1, 0]);
    expect(plan).toMatchObject({ title: 'Next', revision: 4, changedBy: 'api' });
  });

  test('keeps the plan it replaces in the history', () => {
    const store = savedPlan(simple, 3);
    agent(store).createPlan('Next', 'Go on', [{ name: 'Work', steps: ['Do it'] }]);
    expect(store.savedVersions).toHaveLength(1);
    expect(store.savedVersions[0]).toMatchObject({ text: simple, revision: 3, replacedBy: 'createPlan (api)' });
  });

  test('on a spreadsheet without the plan sheet it sets the sheet up', () => {
    const store = new MemoryStore(null);
    agent(store).createPlan('Fresh', 'Start', [{ name: 'Work', steps: ['First'] }]);
    expect(store.initializations).toBe(1);
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toContain('# Plan: Fresh');
    expect(store.savedVersions).toEqual([]);
  });

  test.each([
    ['a step title containing " — "', ['Sum A — B']],
    ['a step title containing " -- "', ['Sum A -- B']],
    ['a step title with a done date', ['Sum ✅ 2026-01-01']],
    ['an empty step', ['  ']],
    ['a step of two lines', ['Sum\nB']],
  ])('refuses %s and writes nothing', (_what, steps) => {
    const store = savedPlan(simple);
    const before = store.state();
    expect(codeOf(() => agent(store).createPlan('T', 'G', [{ name: 'Work', steps }]))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });

  test('accepts an em dash without spaces in a step title', () => {
    const store = savedPlan('');
    const plan = agent(store).createPlan('T', 'G', [{ name: 'Work', steps: ['Compare Q1—Q2 totals'] }]);
    expect(plan.phases[0].tasks[0].title).toBe('Compare Q1—Q2 totals');
    expect(plan.phases[0].tasks[0].note).toBeUndefined();
  });

  test.each([
    ['an empty title', '', 'G', [{ name: 'Work', steps: ['A'] }]],
    ['a title of two lines', 'T\nU', 'G', [{ name: 'Work', steps: ['A'] }]],
    ['a blank goal', 'T', '  ', [{ name: 'Work', steps: ['A'] }]],
  ])('refuses %s', (_what, title, goal, phases) => {
    const store = savedPlan(simple);
    const before = store.state();
    expect(codeOf(() => agent(store).createPlan(title, goal, phases))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });

  test('refuses a plan that would not fit in the cell', () => {
    const store = savedPlan(simple);
    const before = store.state();
    const notes = 'n'.repeat(PLAN_TEXT_LIMIT);
    expect(codeOf(() => agent(store).createPlan('T', 'G', [{ name: 'W', steps: ['A'] }], { notes }))).toBe('TOO_LARGE');
    expect(store.state()).toBe(before);
  });
});

describe('replacePlan and restoreRevision', () => {
  test('a person replaces the whole document at the revision they read', () => {
    const store = savedPlan(simple, 5);
    const edited = simple.replace('The task', 'The first task');
    const plan = person(store).replacePlan(edited, 5);
    expect(store.text).toBe(edited);
    expect(plan.revision).toBe(6);
    expect(store.savedVersions[0]).toMatchObject({ revision: 5, text: simple });
  });

  test('a stale revision is a conflict and writes nothing', () => {
    const store = savedPlan(simple, 5);
    const before = store.state();
    expect(() => person(store).replacePlan(`${simple}\n`, 4)).toThrow(
      /^CONFLICT: The plan changed since revision 4: it is now revision 5/,
    );
    expect(store.state()).toBe(before);
  });

  test("an agent's plan must pass validation", () => {
    const store = savedPlan(simple);
    const before = store.state();
    const duplicate = `${simple}- [ ] 1.2 Again\n`;
    expect(() => agent(store).replacePlan(duplicate, 1)).toThrow(
      /INVALID_ARGUMENT: The new plan has errors: Step 1\.2 is listed twice/,
    );
    expect(store.state()).toBe(before);
    person(store).replacePlan(duplicate, 1);
    expect(store.text).toBe(duplicate);
  });

  test('refuses text over 49,999 characters', () => {
    const store = savedPlan(simple);
    const before = store.state();
    const tooLong = `${simple}\n## Notes\n\n${'n'.repeat(PLAN_TEXT_LIMIT)}`;
    expect(codeOf(() => person(store).replacePlan(tooLong, 1))).toBe('TOO_LARGE');
    expect(store.state()).toBe(before);
  });

  test('exactly 49,999 characters fit', () => {
    const store = savedPlan(simple);
    const text = `${simple}\n## Notes\n\n`;
    const full = text + 'n'.repeat(PLAN_TEXT_LIMIT - text.length);
    expect(full.length).toBe(49_999);
    person(store).replacePlan(full, 1);
    expect(store.text).toBe(full);
  });

  test('the same text again is refused', () => {
    expect(codeOf(() => person(savedPlan(simple)).replacePlan(simple, 1))).toBe('INVALID_ARGUMENT');
  });

  test('restoreRevision puts a saved version back and keeps the current one', () => {
    const store = savedPlan(simple, 1);
    const manager = agent(store);
    manager.createPlan('Other', 'G', [{ name: 'W', steps: ['A'] }]);
    expect(manager.getHistory().map((entry) => [entry.revision, entry.title])).toEqual([[1, 'Test']]);
    const plan = manager.restoreRevision(1);
    expect(store.text).toBe(simple);
    expect(plan.revision).toBe(3);
    expect(store.savedVersions.map((version) => version.revision)).toEqual([2, 1]);
  });

  test('restoring a revision that is not saved names the saved ones', () => {
    const store = savedPlan(simple);
    agent(store).createPlan('Other', 'G', [{ name: 'W', steps: ['A'] }]);
    expect(() => agent(store).restoreRevision(7)).toThrow('NOT_FOUND: Revision 7 is not in the history (saved: 1)');
  });
});

describe('revisions', () => {
  test('each write bumps the revision and records who made it', () => {
    const store = savedPlan(mixed, 1);
    const manager = agent(store);
    expect(manager.startTask('2.1').revision).toBe(2);
    expect(manager.completeTask('2.1').revision).toBe(3);
    expect(manager.getPlan()).toMatchObject({
      revision: 3,
      changedBy: 'api',
      changedAt: expect.stringMatching(/^2026-03-14T/),
    });
  });

  test('a text edited in the cell reads as one more revision, made by a cell edit', () => {
    const store = savedPlan(mixed, 4);
    store.cells!.text = mixed.replace('Pay March salaries', 'Pay March and April salaries');
    const plan = agent(store).getPlan();
    expect(plan).toMatchObject({ revision: 5, changedBy: 'cell edit', goal: 'Pay March and April salaries' });
    expect(plan?.changedAt).toBeUndefined();
  });

  test('after a cell edit, a replace must be based on the edited revision', () => {
    const store = savedPlan(simple, 4);
    store.cells!.text = simple.replace('Second', '2nd');
    expect(codeOf(() => person(store).replacePlan(simple, 4))).toBe('CONFLICT');
    expect(person(store).replacePlan(simple, 5).revision).toBe(6);
  });

  test('a plan with no revision record is revision 1, by a cell edit', () => {
    const store = new MemoryStore({ ready: true, text: simple, meta: '' });
    expect(agent(store).getPlan()).toMatchObject({ revision: 1, changedBy: 'cell edit' });
    expect(agent(store).startTask('1.1').revision).toBe(2);
  });
});

describe('a person editing the plan cell (the onEdit trigger)', () => {
  test('each edit becomes a revision of its own, so a writer based on an older text is refused', () => {
    const store = savedPlan('# Plan: P\nGoal: G\n### Phase 1: W\n- [ ] 1.1 A');
    const read = agent(store).getPlan()!;
    store.cells = { ...store.cells!, text: `${read.raw}\n- [ ] 1.2 First edit` };
    expect(new PlanManager(store, { source: 'cell edit', byPerson: true }).recordCellEdit()).toMatchObject({
      revision: read.revision + 1,
      changedBy: 'cell edit',
    });
    const afterFirst = agent(store).getPlan()!;
    store.cells = { ...store.cells!, text: `${afterFirst.raw}\n- [ ] 1.3 Second edit` };
    new PlanManager(store, { source: 'cell edit', byPerson: true }).recordCellEdit();
    expect(agent(store).getPlan()!.revision).toBe(read.revision + 2);
    expect(() =>
      agent(store).replacePlan('# Plan: P\nGoal: G\n### Phase 1: W\n- [x] 1.1 A ✅ 2026-01-01', afterFirst.revision),
    ).toThrow(/^CONFLICT/);
  });

  test('an edit that leaves the recorded text as it was records nothing', () => {
    const store = savedPlan('# Plan: P\nGoal: G');
    const recorded = new PlanManager(store, { source: 'cell edit', byPerson: true });
    recorded.recordCellEdit();
    const writes = store.writes;
    expect(recorded.recordCellEdit()).toBeNull();
    expect(store.writes).toBe(writes);
  });
});
