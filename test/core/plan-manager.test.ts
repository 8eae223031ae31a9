/**
 * PlanManager over an in-memory PlanStore: the spec's integration tests that make sense for a
 * synchronous manager, then Sheet Plan's extensions and rules.
 */
import { STARTER_PLAN, planErrorCode, type PlanCommand, type PlanStore } from '../../src/core';
import { PlanManager } from './plan-manager';
import { MemoryStore, TEST_TEXT_LIMIT as PLAN_TEXT_LIMIT, TODAY, savedPlan } from './memory-store';

/** `text` with one line replaced, or several: { lineIndex: newLine }. */
function withLines(text: string, changes: Record<number, string>): string {
  return text
    .split('\n')
    .map((line, i) => (i in changes ? changes[i] : line))
    .join('\n');
}

function lineOf(text: string, fragment: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(fragment));
  if (index < 0) throw new Error(`No line with ${fragment}`);
  return index;
}

/** The call's PlanError code, or fails the test when it does not throw one. */
function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    return planErrorCode(error);
  }
  throw new Error('expected the call to throw');
}

const person = (store: PlanStore) => new PlanManager(store, { source: 'sidebar', byPerson: true });
const agent = (store: PlanStore) => new PlanManager(store);

const simple = `# Plan: Test
Goal: Test
### Phase 1: Work
- [ ] 1.1 The task
- [ ] 1.2 Second task
`;

/** The Notes line that keeps 1.3's reason when it leaves the line. */
const UNBLOCKED_NOTE = `- ${TODAY}: 1.3 (Check Bank!A1 (balance)) blocked reason was: waiting for statement\n`;

const mixed = `# Plan: Payroll

Goal: Pay March salaries

### Phase 1: Prepare
- [x] 1.1 Read Staff!A2:E40 (name, rate, hours) ✅ 2026-03-10
- [/] 1.2 Compute Pay!B2:B40 (gross pay)
- [>] 1.3 Check Bank!A1 (balance) — waiting for statement
- [!] 1.4 Confirm Pay!C2:C40 (deductions) — is the 2026 tax table right?

### Phase 2: Pay
- [ ] 2.1 Write Transfers!A2:C40 (name, IBAN, amount)
- [ ] 2.2 Archive Pay to History!A:E (month snapshot)

## Notes

- Rates changed on 2026-03-01
`;

describe('initPlan', () => {
  test('on a spreadsheet without AGENT_BASE it creates the sheet with the marker and the starter plan', () => {
    const store = new MemoryStore(null);
    const plan = agent(store).initPlan();
    expect(store.initializations).toBe(1);
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toBe(STARTER_PLAN);
    expect(store.text).toContain('# Plan: Getting Started');
    expect(store.text).toContain('### Phase 1: Orientation');
    expect(plan.title).toBe('Getting Started with Sheet Agent');
    expect(plan.revision).toBe(1);
  });

  test('the starter plan has every section of the format', () => {
    const plan = agent(new MemoryStore(null)).initPlan();
    expect(plan.goal).toContain('Learn the basic tools');
    expect(plan.analysis).toBeDefined();
    expect(plan.questions).toHaveLength(2);
    expect(plan.phases.length).toBeGreaterThanOrEqual(2);
    expect(plan.notes).toContain('starter plan');
  });

  test('an existing plan under the marker is returned and left alone', () => {
    const store = savedPlan('# Plan: Existing\nGoal: Test\n### Phase 1: Work\n- [ ] 1.1 Task');
    const plan = agent(store).initPlan();
    expect(plan.title).toBe('Existing');
    expect(store.writes + store.initializations).toBe(0);
  });

  test('calling it again and again never overwrites the plan', () => {
    const original = '# Plan: My Plan\nGoal: Keep this\n### Phase 1: Important\n- [x] 1.1 Done task ✅ 2026-01-01';
    const store = savedPlan(original);
    const manager = agent(store);
    manager.initPlan();
    manager.initPlan();
    manager.initPlan();
    expect(store.text).toBe(original);
    expect(store.writes + store.initializations).toBe(0);
  });

  test('an empty sheet without the marker gets the marker and the starter plan', () => {
    const store = new MemoryStore({ ready: false, text: '', meta: '' });
    agent(store).initPlan();
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toContain('Getting Started');
    expect(store.versions).toEqual([]);
  });

  test('a wrong marker is replaced by the right one', () => {
    const store = new MemoryStore({ ready: false, text: '', meta: '' });
    agent(store).initPlan();
    expect(store.cells?.ready).toBe(true);
  });

  test('a plan already in C2 without the marker is kept; only the marker is added', () => {
    const text = '# Plan: Typed by hand\n\nGoal: Keep it\n\n### Phase 1: Work\n- [ ] 1.1 Something\n';
    const store = new MemoryStore({ ready: false, text, meta: '' });
    const plan = agent(store).initPlan();
    expect(store.text).toBe(text);
    expect(store.cells?.ready).toBe(true);
    expect(plan.title).toBe('Typed by hand');
    expect(store.versions).toEqual([]);
  });

  test('text in C2 that is not a plan is saved to the history before the starter plan replaces it', () => {
    const store = new MemoryStore({ ready: false, text: 'shopping list: eggs, milk', meta: '' });
    agent(store).initPlan();
    expect(store.text).toBe(STARTER_PLAN);
    expect(store.versions).toHaveLength(1);
    expect(store.versions[0]).toMatchObject({ text: 'shopping list: eggs, milk', revision: 1 });
    expect(store.versions[0].replacedBy).toContain('initPlan');
  });

  test('when the sheet cannot be set up it returns a recovery plan naming the error, and writes nothing', () => {
    const store = new MemoryStore(null);
    store.failWrites = 'Network error';
    const plan = agent(store).initPlan();
    expect(plan.title).toBe('Initialization Error');
    expect(plan.analysis).toContain('Network error');
    expect(plan.notes).toContain('error');
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2']);
    expect(store.cells).toBeNull();
  });

  test('a busy plan is a BUSY error to retry, not a recovery plan', () => {
    const store = new MemoryStore(null);
    store.busy = true;
    expect(() => agent(store).initPlan()).toThrow(/^BUSY: /);
    expect(store.cells).toBeNull();
  });
});

describe('reading', () => {
  test('getPlan gives null for an empty cell', () => {
    expect(agent(savedPlan('')).getPlan()).toBeNull();
    expect(agent(savedPlan('  \n ')).getPlan()).toBeNull();
  });

  test('getPlan gives null when the plan sheet does not exist', () => {
    expect(agent(new MemoryStore(null)).getPlan()).toBeNull();
  });

  test('getPlan reads the plan with its revision', () => {
    const plan = agent(savedPlan(simple, 4)).getPlan();
    expect(plan?.title).toBe('Test');
    expect(plan?.phases).toHaveLength(1);
    expect(plan?.revision).toBe(4);
    expect(plan?.changedBy).toBe('api');
  });

  test('getNextTask gives the first todo task, phase by phase', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Done\n- [x] 1.1 Complete ✅ 2026-01-01\n### Phase 2: Pending\n- [ ] 2.1 ' +
        'Next task\n- [ ] 2.2 After that',
    );
    const next = agent(store).getNextTask();
    expect(next).toMatchObject({ step: '2.1', title: 'Next task', revision: 1 });
  });

  test('getNextTask gives null when everything is done', () => {
    expect(
      agent(savedPlan('# Plan: T\nGoal: T\n### Phase 1: Done\n- [x] 1.1 Complete ✅ 2026-01-01')).getNextTask(),
    ).toBeNull();
  });

  test('getNextTask passes over blocked and review tasks', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Mixed\n- [>] 1.1 Blocked — reason\n- [!] 1.2 Review — note\n- [ ] 1.3 ' +
        'Available',
    );
    expect(agent(store).getNextTask()?.step).toBe('1.3');
  });

  test('getNextTask gives null when there is no plan', () => {
    expect(agent(savedPlan('')).getNextTask()).toBeNull();
  });

  test('getReviewTasks lists every task waiting for review, in order', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Work\n- [!] 1.1 Review one — check this\n- [ ] 1.2 Normal task\n### Phase ' +
        '2: More\n- [!] 2.1 Review two — verify that',
    );
    const reviews = agent(store).getReviewTasks();
    expect(reviews.map((task) => [task.step, task.reviewNote])).toEqual([
      ['1.1', 'check this'],
      ['2.1', 'verify that'],
    ]);
  });

  test('getReviewTasks gives an empty list when nothing waits', () => {
    expect(agent(savedPlan(simple)).getReviewTasks()).toEqual([]);
    expect(agent(savedPlan('')).getReviewTasks()).toEqual([]);
  });

  test('getProgress counts the tasks', () => {
    expect(agent(savedPlan(mixed)).getProgress()).toEqual({
      total: 6,
      todo: 2,
      doing: 1,
      done: 1,
      blocked: 1,
      review: 1,
      skipped: 0,
      percent: 16,
      revision: 1,
      changedBy: 'api',
    });
  });

  test('reading never writes', () => {
    const store = savedPlan(mixed);
    const manager = agent(store);
    manager.getPlan();
    manager.getNextTask();
    manager.getReviewTasks();
    manager.getProgress();
    manager.validatePlan();
    expect(store.reads).toBe(5);
    expect(store.writes + store.initializations).toBe(0);
  });
});

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
    expect(store.versions).toHaveLength(1);
    expect(store.versions[0]).toMatchObject({ text: simple, revision: 3, replacedBy: 'createPlan (api)' });
  });

  test('on a spreadsheet without the plan sheet it sets the sheet up', () => {
    const store = new MemoryStore(null);
    agent(store).createPlan('Fresh', 'Start', [{ name: 'Work', steps: ['First'] }]);
    expect(store.initializations).toBe(1);
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toContain('# Plan: Fresh');
    expect(store.versions).toEqual([]);
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

describe('task status changes', () => {
  test('startTask marks the task [/]', () => {
    const store = savedPlan(simple);
    const task = agent(store).startTask('1.1');
    // The agent's claim goes under it in the same write (src/core/rules/claims.ts): a caller without a name is `api`.
    expect(store.text).toBe(withLines(simple, { 3: '- [/] 1.1 The task\n  - Working: api until 2026-03-14 09:30' }));
    expect(task).toMatchObject({ step: '1.1', status: 'doing', title: 'The task', revision: 2 });
  });

  test("completeTask ticks the task with the spreadsheet's date", () => {
    const store = savedPlan(withLines(simple, { 3: '- [/] 1.1 The task' }));
    const task = agent(store).completeTask('1.1');
    expect(store.text).toBe(withLines(simple, { 3: `- [x] 1.1 The task ✅ ${TODAY}` }));
    expect(task.completedDate).toBe(TODAY);
  });

  test('blockTask writes the reason', () => {
    const store = savedPlan(withLines(simple, { 3: '- [/] 1.1 The task' }));
    agent(store).blockTask('1.1', 'need approval');
    expect(store.text).toBe(withLines(simple, { 3: '- [>] 1.1 The task — need approval' }));
  });

  test('reviewTask writes the note for the person', () => {
    const store = savedPlan(withLines(simple, { 3: '- [/] 1.1 The task' }));
    const task = agent(store).reviewTask('1.1', 'please check formula');
    expect(store.text).toBe(withLines(simple, { 3: '- [!] 1.1 The task — please check formula' }));
    expect(task.reviewNote).toBe('please check formula');
  });

  test('skipTask writes [-] and the reason', () => {
    const store = savedPlan(simple);
    const task = agent(store).skipTask('1.2', 'not needed this month');
    expect(store.text).toBe(withLines(simple, { 4: '- [-] 1.2 Second task — not needed this month' }));
    expect(task).toMatchObject({ status: 'skipped', skipReason: 'not needed this month' });
  });

  test('reopenTask puts a done task back as todo without its date', () => {
    const store = savedPlan(withLines(simple, { 3: '- [x] 1.1 The task ✅ 2026-03-01' }));
    agent(store).reopenTask('1.1');
    expect(store.text).toBe(simple);
  });

  test('starting a blocked task clears its reason, which Notes keeps', () => {
    const store = savedPlan(mixed);
    agent(store).startTask('1.3');
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '1.3')]: '- [/] 1.3 Check Bank!A1 (balance)\n  - Working: api until 2026-03-14 09:30',
      }).replace('- Rates changed on 2026-03-01\n', `- Rates changed on 2026-03-01\n${UNBLOCKED_NOTE}`),
    );
  });

  test('every change is exactly one read and one write', () => {
    const calls: Array<(manager: PlanManager) => unknown> = [
      (m) => m.startTask('2.1'),
      (m) => m.completeTask('1.2'),
      (m) => m.blockTask('2.2', 'waiting for IBANs'),
      (m) => m.reviewTask('2.1', 'amounts right?'),
      (m) => m.skipTask('1.3', 'balance is fine'),
      (m) => m.reopenTask('1.1'),
      (m) => m.setTaskNote('1.1', 'from HR export'),
      (m) => m.advanceTask('1.2'),
      (m) =>
        m.applyCommands([
          { action: 'complete', step: '1.2' },
          { action: 'start', step: '2.1' },
        ]),
      (m) => m.createPlan('T', 'G', [{ name: 'W', steps: ['A'] }]),
      (m) => m.replacePlan(simple, 1),
    ];
    // No item waits for review here: replacing the whole plan would take it away from the person.
    const nothingHeld = mixed.replace('- [!] 1.4', '- [ ] 1.4');
    for (const call of calls) {
      const store = savedPlan(nothingHeld);
      call(agent(store));
      expect([store.reads, store.writes, store.initializations]).toEqual([1, 1, 0]);
    }
    const store = savedPlan(mixed);
    person(store).approveReview('1.4', 'table is right');
    expect([store.reads, store.writes]).toEqual([1, 1]);
  });

  test('without a plan every change says there is no plan', () => {
    const store = savedPlan('');
    expect(() => agent(store).startTask('1.1')).toThrow('No plan');
    expect(codeOf(() => agent(store).completeTask('1.1'))).toBe('NO_PLAN');
    expect(codeOf(() => agent(new MemoryStore(null)).blockTask('1.1', 'x'))).toBe('NO_PLAN');
    expect(store.writes + store.initializations).toBe(0);
  });
});

describe('refused calls write nothing', () => {
  const refusals: Array<[string, (manager: PlanManager) => unknown, string]> = [
    ['an unknown step', (m) => m.startTask('9.9'), 'NOT_FOUND'],
    ['an empty reason', (m) => m.blockTask('2.1', '   '), 'INVALID_ARGUMENT'],
    ['a reason of two lines', (m) => m.blockTask('2.1', 'waiting\nfor data'), 'INVALID_ARGUMENT'],
    ['a missing review note', (m) => m.act('review', '2.1'), 'INVALID_ARGUMENT'],
    ['a note with a done date in it', (m) => m.setTaskNote('2.1', 'done ✅ 2026-01-01'), 'INVALID_ARGUMENT'],
    [
      'text for an action that takes none',
      (m) => m.applyCommands([{ action: 'start', step: '2.1', text: 'why' }]),
      'INVALID_ARGUMENT',
    ],
    ['completing a done task', (m) => m.completeTask('1.1'), 'INVALID_TRANSITION'],
    ['starting a task in progress', (m) => m.startTask('1.2'), 'INVALID_TRANSITION'],
    ['an agent starting a task in review', (m) => m.startTask('1.4'), 'NEEDS_PERSON'],
    ['an agent completing a task in review', (m) => m.completeTask('1.4'), 'NEEDS_PERSON'],
    ['an agent blocking a task in review', (m) => m.blockTask('1.4', 'stuck'), 'NEEDS_PERSON'],
    ['an agent approving', (m) => m.approveReview('1.4', 'fine'), 'NEEDS_PERSON'],
    ['an agent requesting changes', (m) => m.requestChanges('1.4', 'redo'), 'NEEDS_PERSON'],
    ['blocking with the same reason again', (m) => m.blockTask('1.3', 'waiting for statement'), 'INVALID_TRANSITION'],
  ];

  test.each(refusals)('%s', (_what, call, code) => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(codeOf(() => call(agent(store)))).toBe(code);
    expect(store.state()).toBe(before);
  });

  test('an unknown step is named, with the steps there are', () => {
    expect(() => agent(savedPlan(mixed)).startTask('9.9')).toThrow(
      'NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2, 1.3, 1.4, 2.1, 2.2)',
    );
  });

  test('a step listed twice must be renumbered first', () => {
    const store = savedPlan(withLines(simple, { 4: '- [ ] 1.1 Copy' }));
    const before = store.state();
    expect(() => agent(store).startTask('1.1')).toThrow(/INVALID_PLAN: Step 1\.1 is listed 2 times \(lines 4, 5\)/);
    expect(store.state()).toBe(before);
  });

  test('a busy plan writes nothing and says so', () => {
    const store = savedPlan(mixed);
    store.busy = true;
    const before = store.state();
    expect(() => agent(store).startTask('2.1')).toThrow('BUSY: The plan is busy');
    expect(store.state()).toBe(before);
  });

  test('a failing write reaches the caller', () => {
    const store = savedPlan(mixed);
    store.failWrites = 'Service Spreadsheets failed';
    expect(() => agent(store).startTask('2.1')).toThrow('Service Spreadsheets failed');
    expect(store.text).toBe(mixed);
  });

  test('a change that would make the plan too large for the cell is refused', () => {
    const big = `${simple}\n## Notes\n\n${'n'.repeat(PLAN_TEXT_LIMIT - simple.length - 12)}\n`;
    expect(big.length).toBe(PLAN_TEXT_LIMIT);
    const store = savedPlan(big);
    const before = store.state();
    expect(codeOf(() => agent(store).blockTask('1.1', 'waiting'))).toBe('TOO_LARGE');
    expect(store.state()).toBe(before);
    // An agent's start writes its claim under the task: that line does not fit either.
    expect(codeOf(() => agent(store).startTask('1.1'))).toBe('TOO_LARGE');
    expect(store.state()).toBe(before);
    // A person's start only changes one character, so it still fits.
    person(store).act('start', '1.1');
    expect(store.text.length).toBe(PLAN_TEXT_LIMIT);
  });
});

describe('notes on tasks', () => {
  test.each([
    ['todo', '2.1', '- [ ] 2.1 Write Transfers!A2:C40 (name, IBAN, amount) — use the new bank format'],
    ['doing', '1.2', '- [/] 1.2 Compute Pay!B2:B40 (gross pay) — use the new bank format'],
  ])('setTaskNote writes a note on a %s task', (_status, step, expected) => {
    const store = savedPlan(mixed);
    agent(store).setTaskNote(step, 'use the new bank format');
    expect(store.text).toBe(withLines(mixed, { [lineOf(mixed, `] ${step} `)]: expected }));
  });

  test('setTaskNote on a blocked task replaces its reason, and Notes keeps the old one', () => {
    const store = savedPlan(mixed);
    agent(store).setTaskNote('1.3', 'use the new bank format');
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '] 1.3 ')]: '- [>] 1.3 Check Bank!A1 (balance) — use the new bank format',
      }).replace('- Rates changed on 2026-03-01\n', `- Rates changed on 2026-03-01\n${UNBLOCKED_NOTE}`),
    );
  });

  test('a note on a done task keeps its date', () => {
    const store = savedPlan(mixed);
    const task = agent(store).setTaskNote('1.1', '38 staff');
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '] 1.1 ')]: '- [x] 1.1 Read Staff!A2:E40 (name, rate, hours) ✅ 2026-03-10 — 38 staff',
      }),
    );
    expect(task).toMatchObject({ completedDate: '2026-03-10', note: '38 staff' });
  });

  test('a note on a skipped task replaces its reason; Notes keeps the old one', () => {
    const store = savedPlan(withLines(simple, { 4: '- [-] 1.2 Second task — old' }));
    agent(store).setTaskNote('1.2', 'new');
    expect(store.text).toBe(
      `${withLines(simple, { 4: '- [-] 1.2 Second task — new' })}\n## Notes\n\n- ${TODAY}: 1.2 (Second task) ` +
        'skipped reason was: old\n',
    );
  });

  test('an empty note removes the note from the line; Notes keeps it', () => {
    const store = savedPlan(withLines(simple, { 3: '- [ ] 1.1 The task — remember the header row' }));
    agent(store).setTaskNote('1.1', '');
    expect(store.text).toBe(`${simple}\n## Notes\n\n- ${TODAY}: 1.1 (The task) note was: remember the header row\n`);
  });

  test('an agent cannot change the note of a task in review; a person can', () => {
    const store = savedPlan(mixed);
    expect(codeOf(() => agent(store).setTaskNote('1.4', 'never mind'))).toBe('NEEDS_PERSON');
    person(store).setTaskNote('1.4', 'check rows 2-10 only');
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '] 1.4 ')]: '- [!] 1.4 Confirm Pay!C2:C40 (deductions) — check rows 2-10 only',
      }).replace(
        '- Rates changed on 2026-03-01\n',
        `- Rates changed on 2026-03-01\n- ${TODAY}: 1.4 (Confirm Pay!C2:C40 (deductions)) review note was: is the ` +
          '2026 tax table right?\n',
      ),
    );
  });
});

describe('advanceTask', () => {
  test('completes the task and starts the next todo, in one read and one write', () => {
    const store = savedPlan(mixed);
    const next = agent(store).advanceTask('1.2');
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '] 1.2 ')]: `- [x] 1.2 Compute Pay!B2:B40 (gross pay) ✅ ${TODAY}`,
        [lineOf(mixed, '] 2.1 ')]:
          '- [/] 2.1 Write Transfers!A2:C40 (name, IBAN, amount)\n  - Working: api until 2026-03-14 09:30',
      }),
    );
    expect(next).toMatchObject({ step: '2.1', status: 'doing', revision: 2 });
    expect([store.reads, store.writes]).toEqual([1, 1]);
  });

  test('at the last task it completes it and gives null', () => {
    const store = savedPlan(withLines(simple, { 3: '- [x] 1.1 The task ✅ 2026-03-01', 4: '- [/] 1.2 Second task' }));
    expect(agent(store).advanceTask('1.2')).toBeNull();
    expect(store.text).toBe(
      withLines(simple, { 3: '- [x] 1.1 The task ✅ 2026-03-01', 4: `- [x] 1.2 Second task ✅ ${TODAY}` }),
    );
    expect(store.writes).toBe(1);
  });

  test('a refused completion starts nothing', () => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(codeOf(() => agent(store).advanceTask('1.1'))).toBe('INVALID_TRANSITION');
    expect(store.state()).toBe(before);
  });
});

describe('applyCommands', () => {
  test('applies every command in order in one write and returns the tasks', () => {
    const store = savedPlan(mixed);
    const tasks = agent(store).applyCommands([
      { action: 'complete', step: '1.2' },
      { action: 'start', step: '2.1' },
      { action: 'block', step: '2.2', text: 'waiting for IBANs' },
    ]);
    expect(tasks.map((task) => [task.step, task.status, task.revision])).toEqual([
      ['1.2', 'done', 2],
      ['2.1', 'doing', 2],
      ['2.2', 'blocked', 2],
    ]);
    expect(store.text).toBe(
      withLines(mixed, {
        [lineOf(mixed, '] 1.2 ')]: `- [x] 1.2 Compute Pay!B2:B40 (gross pay) ✅ ${TODAY}`,
        [lineOf(mixed, '] 2.1 ')]:
          '- [/] 2.1 Write Transfers!A2:C40 (name, IBAN, amount)\n  - Working: api until 2026-03-14 09:30',
        [lineOf(mixed, '] 2.2 ')]: '- [>] 2.2 Archive Pay to History!A:E (month snapshot) — waiting for IBANs',
      }),
    );
    expect([store.reads, store.writes]).toEqual([1, 1]);
  });

  test('later commands see the earlier ones', () => {
    const store = savedPlan(simple);
    agent(store).applyCommands([
      { action: 'start', step: '1.1' },
      { action: 'complete', step: '1.1' },
    ]);
    expect(store.text).toBe(withLines(simple, { 3: `- [x] 1.1 The task ✅ ${TODAY}` }));
  });

  test('one bad command means nothing is written, and the error names it', () => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(() =>
      agent(store).applyCommands([
        { action: 'complete', step: '1.2' },
        { action: 'start', step: '7.7' },
      ]),
    ).toThrow(/^NOT_FOUND: commands\[1\] \(start 7\.7\): Task 7\.7 not found .*nothing was written$/);
    expect(store.state()).toBe(before);
  });

  test.each([
    ['a command without the step its action needs', [{ action: 'complete' }]],
    ['an add command without a phase', [{ action: 'add', text: 'New' }]],
    ['an add command after a phase number', [{ action: 'add', phase: 1, text: 'New', after: 1 }]],
    ['a move command without a target', [{ action: 'move', step: '1.2' }]],
    ['an addPhase command without steps', [{ action: 'addPhase', text: 'Wrap up', steps: [] }]],
  ] satisfies Array<[string, PlanCommand[]]>)('refuses %s', (_what, commands) => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(codeOf(() => agent(store).applyCommands(commands))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });
});

describe("reviews are a person's call", () => {
  test('a person approving puts the task back in the queue with the comment, and Notes gets a dated line', () => {
    const store = savedPlan(mixed);
    const task = person(store).approveReview('1.4', 'the table is right');
    const reviewLine = lineOf(mixed, '] 1.4 ');
    const lastNote = lineOf(mixed, 'Rates changed');
    const expected = mixed.split('\n');
    expected[reviewLine] = '- [ ] 1.4 Confirm Pay!C2:C40 (deductions) — approved: the table is right';
    expected.splice(
      lastNote + 1,
      0,
      `- ${TODAY}: 1.4 (Confirm Pay!C2:C40 (deductions)) review note was: is the 2026 tax table right?`,
      `- ${TODAY}: review of 1.4 (Confirm Pay!C2:C40 (deductions)) approved: the table is right`,
    );
    expect(store.text).toBe(expected.join('\n'));
    expect(task).toMatchObject({ status: 'todo', note: 'approved: the table is right' });
    expect(store.cells?.meta).toContain('"by":"sidebar"');
  });

  test('once approved, getNextTask gives it to the agent with the approval note', () => {
    const store = savedPlan(mixed);
    person(store).approveReview('1.4');
    expect(agent(store).getNextTask()).toMatchObject({ step: '1.4', status: 'todo', note: 'approved' });
  });

  test('a person requesting changes must say what to change', () => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(codeOf(() => person(store).requestChanges('1.4', ''))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => person(store).act('requestChanges', '1.4'))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });

  test('a person requesting changes sends the task back with the comment', () => {
    const store = savedPlan(mixed);
    person(store).requestChanges('1.4', 'use the 2025 table');
    expect(store.text).toContain('- [ ] 1.4 Confirm Pay!C2:C40 (deductions) — changes requested: use the 2025 table\n');
    expect(store.text).toContain(
      `- ${TODAY}: review of 1.4 (Confirm Pay!C2:C40 (deductions)) changes requested: use the 2025 table\n`,
    );
  });

  test('approving adds a Notes section when the plan has none', () => {
    const store = savedPlan('# Plan: T\n\nGoal: G\n\n### Phase 1: W\n- [!] 1.1 Check — look\n');
    person(store).approveReview('1.1');
    expect(store.text).toBe(
      `# Plan: T\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 Check — approved\n\n## Notes\n\n- ${TODAY}: 1.1 (Check) ` +
        `review note was: look\n- ${TODAY}: review of 1.1 (Check) approved\n`,
    );
  });

  test('only a task in review can be approved', () => {
    const store = savedPlan(mixed);
    expect(codeOf(() => person(store).approveReview('2.1'))).toBe('INVALID_TRANSITION');
  });

  test('a person may start or complete a task in review directly', () => {
    const store = savedPlan(mixed);
    person(store).completeTask('1.4');
    expect(store.text).toContain(`- [x] 1.4 Confirm Pay!C2:C40 (deductions) ✅ ${TODAY}\n`);
  });

  test('an agent never re-words a review request once the person has it', () => {
    const store = savedPlan(mixed);
    expect(() => agent(store).reviewTask('1.4', 'is the 2026 table right (rows 2-40)?')).toThrow(/^NEEDS_PERSON/);
    expect(store.text).toBe(mixed);
  });
});

describe('answerQuestion', () => {
  const asked = `# Plan: Q

Goal: Ask first

## Questions for User

- Include refunds?
- Which region?

### Phase 1: Work
- [ ] 1.1 Read Orders!A:F (orders)
`;

  test('adds the answer under the question', () => {
    const store = savedPlan(asked);
    const plan = person(store).answerQuestion(1, 'No, only sales');
    const expected = asked.split('\n');
    expected.splice(lineOf(asked, 'Include refunds?') + 1, 0, '  - Answer: No, only sales');
    expect(store.text).toBe(expected.join('\n'));
    expect(plan.questionDetails?.[0].answer).toBe('No, only sales');
    expect([store.reads, store.writes]).toEqual([1, 1]);
  });

  test('answers the last question before the phases', () => {
    const store = savedPlan(asked);
    person(store).answerQuestion(2, 'EMEA');
    expect(store.text).toContain('- Which region?\n  - Answer: EMEA\n\n### Phase 1: Work\n');
  });

  test('replaces an answer that is already there', () => {
    const store = savedPlan(asked.replace('- Include refunds?\n', '- Include refunds?\n  - Answer: yes\n'));
    person(store).answerQuestion(1, 'no');
    expect(store.text).toBe(asked.replace('- Include refunds?\n', '- Include refunds?\n  - Answer: no\n'));
  });

  test('refuses a question that is not there, or an empty answer', () => {
    const store = savedPlan(asked);
    const before = store.state();
    expect(() => person(store).answerQuestion(3, 'x')).toThrow('Question 3 not found (questions are numbered 1 to 2)');
    expect(codeOf(() => person(store).answerQuestion(1, ' '))).toBe('INVALID_ARGUMENT');
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
    expect(store.versions[0]).toMatchObject({ revision: 5, text: simple });
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
    expect(store.versions.map((version) => version.revision)).toEqual([2, 1]);
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

describe('required reasons stay', () => {
  test.each(['>', '-'])('setTaskNote cannot remove the reason of a [%s] task', (symbol) => {
    const store = savedPlan(`# Plan: P\nGoal: G\n### Phase 1: W\n- [${symbol}] 1.1 Task — why`);
    const before = JSON.stringify(store.cells);
    expect(() => agent(store).setTaskNote('1.1', null)).toThrow(
      /^INVALID_ARGUMENT: Task 1\.1 is .*cannot be removed, only replaced/,
    );
    expect(JSON.stringify(store.cells)).toBe(before);
  });

  test('an agent cannot touch the note of a task waiting for review at all', () => {
    const store = savedPlan('# Plan: P\nGoal: G\n### Phase 1: W\n- [!] 1.1 Task — check');
    expect(() => agent(store).setTaskNote('1.1', 'never mind')).toThrow(/^NEEDS_PERSON: /);
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
