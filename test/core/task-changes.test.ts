/**
 * A task's changes over an in-memory store: status changes, notes, advanceTask, applyCommands, the reasons a
 * status requires; and a refused call writes nothing.
 */
import { type PlanCommand } from '../../src/core';
import { PlanManager } from './plan-manager';
import { MemoryStore, TEST_TEXT_LIMIT as PLAN_TEXT_LIMIT, TODAY, savedPlan } from './memory-store';
import { withLines, lineOf, codeOf, person, agent, simple, UNBLOCKED_NOTE, mixed } from './write-path-fixtures';

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
