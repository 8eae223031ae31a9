/**
 * Request ids through the built bundle: a change sent twice with the same `{ requestId }` (a client retrying after a
 * 5xx that came after the script ran) is applied once and answered twice with the first answer; different ids are
 * different changes; an id reused for another change is refused with nothing written.
 */
import {
  API_FUNCTIONS,
  AGENT_FUNCTION_NAMES,
  apiFunction,
  requestArgumentIndex,
  type ChangingAgentFunctionName,
} from '../../src/core/api/api-functions';
import { ANSWER_CHARACTERS, REMEMBERED_REQUESTS } from '../../src/core/write-path/request-ids';
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  call,
  execute,
  openedSheet,
  personEdits,
  PLAN,
  plan,
  planText,
  REVISION,
  sheetWithPlan,
  snapshot,
  withoutClaims,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Reconcile',
  '',
  'Goal: Reconcile the sheets',
  '',
  '### Phase 1: Read',
  '- [x] 1.1 Read Data!A1:B9 ✅ 2026-01-05',
  '- [/] 1.2 Read Sales!A1:C9',
  '- [ ] 1.3 Check the totals',
  '',
  '### Phase 2: Write',
  '- [ ] 2.1 Write Summary!A1:B5',
  '',
);

/** An id as PlanClient sends them. */
const ID = '3f2b8c1e-9a4d-4c7e-8b1a-5d6e7f809a1b';
const OTHER_ID = 'a7c9e1f3-2b4d-4e6f-8a0b-1c3d5e7f9a2b';

/** Calls `name` with its own arguments and request options after them, as PlanClient sends them. */
function callOnce(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], requestId: string) {
  const index = requestArgumentIndex(name)!;
  const own = Array.from({ length: index }, (_, position) => args[position] ?? null);
  return execute(spreadsheet, name, [...own, { requestId }]);
}

function revisionOf(spreadsheet: EmulatedSpreadsheet): number {
  return call(spreadsheet, 'getPlan').revision;
}

interface Sample {
  args: unknown[];
  /** The spreadsheet the change runs on: the plan above unless said. */
  sheet?: () => EmulatedSpreadsheet;
}

/** A change each agent function that changes the plan makes; the compiler asks for one per such function. */
const SAMPLES: Record<ChangingAgentFunctionName, Sample> = {
  initPlan: { args: [], sheet: () => openedSheet({ sheets: ['Sheet1'] }) },
  createPlan: { args: ['Monthly close', 'Close the month', [{ name: 'Close', steps: ['Post Journal!A2:F90'] }]] },
  replacePlan: { args: [PLAN_TEXT.replace('Check the totals', 'Check the totals twice'), 1] },
  startTask: { args: ['1.3'] },
  completeTask: { args: ['1.2'] },
  advanceTask: { args: ['1.2'] },
  blockTask: { args: ['1.3', 'Sales!C2:C9 is empty'] },
  reviewTask: { args: ['1.2', 'check the row count'] },
  applyCommands: {
    args: [
      [
        { action: 'complete', step: '1.2' },
        { action: 'start', step: '1.3' },
      ],
    ],
  },
  skipTask: { args: ['2.1', 'the summary is not needed'] },
  reopenTask: { args: ['1.1'] },
  setTaskNote: { args: ['1.3', 'compare with last month'] },
  startNextTask: { args: [] },
  addTask: { args: [1, 'Check Returns!A2:D40 (returns)'] },
  addPhase: { args: ['Review', ['Compare Summary!A1:B5 with last month']] },
  renameTask: { args: ['1.3', 'Check the totals per region'] },
  moveTask: { args: ['2.1', '1.1'] },
  removeTask: { args: ['2.1'] },
  finishPlan: {
    args: ['All sheets reconciled'],
    sheet: () => sheetWithPlan(PLAN_TEXT.replace(/- \[[ /]\]/g, '- [x]')),
  },
  adoptFormat: {
    args: [],
    sheet: () => sheetWithPlan('# Close\n\nGoal: Close\n\n## Tasks\n\n- [ ] Post Journal!A2:F90\n'),
  },
  restoreRevision: {
    args: [1],
    sheet: () => {
      const spreadsheet = sheetWithPlan(PLAN_TEXT);
      call(spreadsheet, 'createPlan', 'Another plan', 'Another goal', [{ name: 'One', steps: ['A step'] }]);
      return spreadsheet;
    },
  },
};

const CHANGING = AGENT_FUNCTION_NAMES.filter((name) => API_FUNCTIONS[name].changesPlan) as ChangingAgentFunctionName[];

describe('the same request id twice', () => {
  test.each(CHANGING)('%s: one change, and the first answer again with nothing written', (name) => {
    const { args, sheet } = SAMPLES[name];
    const spreadsheet = sheet ? sheet() : sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const first = callOnce(spreadsheet, name, args, ID);
    expect(first.error).toBeUndefined();
    const afterFirst = snapshot(spreadsheet);
    expect(afterFirst).not.toBe(before);

    const repeat = callOnce(spreadsheet, name, args, ID);
    expect(repeat.error).toBeUndefined();
    expect(repeat.result).toEqual(first.result);
    expect(snapshot(spreadsheet)).toBe(afterFirst);
    expect(repeat.execution.leakedLocks).toEqual([]);
  });

  test.each([
    ['setTaskNote', ['1.2', 'noted'], ['getValues']],
    // A completion reads the plan once before the lock too, for what its checks read (src/core/rules/done-checks.ts).
    ['advanceTask', ['1.2'], ['getValues', 'getValues']],
  ])('a repeat of %s reads the plan and writes nothing', (name, args, reads) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    callOnce(spreadsheet, name as string, args as unknown[], ID);
    const { execution } = callOnce(spreadsheet, name as string, args as unknown[], ID);
    const rangeCalls = execution.calls
      .filter((entry: { service: string }) => entry.service === 'Range')
      .map((entry: { method: string }) => entry.method);
    expect(rangeCalls).toEqual(reads);
  });

  test('advanceTask advances once: 1.2 done and 1.3 started, 2.1 still todo', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const first = callOnce(spreadsheet, 'advanceTask', ['1.2'], ID).result;
    const repeat = callOnce(spreadsheet, 'advanceTask', ['1.2'], ID).result;
    expect(repeat).toEqual(first);
    expect(first).toMatchObject({ step: '1.3', status: 'doing', revision: 2 });
    expect(withoutClaims(planText(spreadsheet))).toContain(
      '- [/] 1.3 Check the totals\n\n### Phase 2: Write\n- [ ] 2.1 Write',
    );
    expect(revisionOf(spreadsheet)).toBe(2);
  });

  test('createPlan writes the history once', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const { args } = SAMPLES.createPlan;
    const first = callOnce(spreadsheet, 'createPlan', args, ID).result;
    const repeat = callOnce(spreadsheet, 'createPlan', args, ID).result;
    expect(repeat).toEqual(first);
    expect(first).toMatchObject({ title: 'Monthly close', revision: 2 });
    expect(call(spreadsheet, 'getHistory').map((entry: { revision: number }) => entry.revision)).toEqual([1]);
  });
});

describe('different request ids', () => {
  test('are two changes: startNextTask starts two tasks', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(callOnce(spreadsheet, 'startNextTask', [], ID).result).toMatchObject({ step: '1.3', revision: 2 });
    expect(callOnce(spreadsheet, 'startNextTask', [], OTHER_ID).result).toMatchObject({ step: '2.1', revision: 3 });
  });

  test('are two changes: createPlan twice keeps two versions in the history', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const { args } = SAMPLES.createPlan;
    callOnce(spreadsheet, 'createPlan', args, ID);
    expect(callOnce(spreadsheet, 'createPlan', args, OTHER_ID).result).toMatchObject({ revision: 3 });
    expect(call(spreadsheet, 'getHistory').map((entry: { revision: number }) => entry.revision)).toEqual([2, 1]);
  });
});

describe('an id reused for another change', () => {
  test('with other arguments is refused, naming the function and the revision, and nothing is written', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    callOnce(spreadsheet, 'setTaskNote', ['1.3', 'compare with last month'], ID);
    const before = snapshot(spreadsheet);
    const { error } = callOnce(spreadsheet, 'setTaskNote', ['1.3', 'compare with last year'], ID);
    expect(error?.message).toBe(
      `INVALID_ARGUMENT: requestId "${ID}" was already used for setTaskNote with other arguments (revision 2); a ` +
        'request id names one change: send a new id for a new change. Nothing was written',
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('of another function is refused, naming it, and nothing is written', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    callOnce(spreadsheet, 'startTask', ['1.3'], ID);
    const before = snapshot(spreadsheet);
    const { error } = callOnce(spreadsheet, 'completeTask', ['1.3'], ID);
    expect(error?.message).toBe(
      `INVALID_ARGUMENT: requestId "${ID}" was already used for startTask (revision 2); a request id names one ` +
        'change: send a new id for a new change. Nothing was written',
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });
});

test("a request id is its caller's: another agent sending it again is refused, and never gets the first answer", () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  const as = (agent: string) =>
    execute(spreadsheet, 'setTaskNote', ['1.3', 'compare with last month', { requestId: ID, agent }]);
  const first = as('Alice');
  expect(first.error).toBeUndefined();
  const before = snapshot(spreadsheet);
  expect(as('Bob').error?.message).toMatch(new RegExp(`^INVALID_ARGUMENT: requestId "${ID}" was already used for`));
  expect(snapshot(spreadsheet)).toBe(before);
  // Alice's own retry still gets her first answer, and writes nothing.
  expect(as('Alice')).toMatchObject({ error: undefined, result: first.result });
  expect(snapshot(spreadsheet)).toBe(before);
});

describe('request options of the wrong shape are refused, and nothing is written', () => {
  test.each([
    ['a bare id', 'abc-123-def', 'the request options after startTask\'s 1 argument must be { "requestId": "…" } (got'],
    ['a short id', { requestId: 'r1' }, 'requestId must be 8 to 64 letters, digits, "-" or "_" (a UUID works)'],
    ['an id with spaces', { requestId: 'my request id' }, 'requestId must be 8 to 64 letters'],
    ['other keys', { requestId: ID, retry: true }, 'take only requestId and agent (got "retry"); nothing was written'],
  ])('%s', (_case, options, message) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'startTask', ['1.3', options]);
    expect(error?.message).toContain(message);
    expect(error?.message).toMatch(/^INVALID_ARGUMENT: /);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('request options in the place of a left-out argument are refused: they go after all of them', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const [title, goal, phases] = SAMPLES.createPlan.args;
    const { error } = execute(spreadsheet, 'createPlan', [title, goal, phases, { requestId: ID }]);
    expect(error?.message).toBe(
      "INVALID_ARGUMENT: createPlan got request options as argument 4: the request options after createPlan's 4 " +
        'arguments go after all of them (send null for one left out); nothing was written',
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test.each([
    ['completeTask', ['1.3', null, 'done, really'], 3, 2],
    ['startTask', ['1.3', { requestId: ID }, { requestId: ID }], 3, 2],
    ['getPlan', [{}, 'full'], 2, 1],
    ['getReviewTasks', [1], 1, 0],
    ['readRange', ['Sheet1!A1', {}, 'x'], 3, 2],
  ])('%s(%j): a value past the last argument is refused, not dropped unread', (name, args, position, count) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, name, args);
    expect(error?.message).toBe(
      `INVALID_ARGUMENT: argument ${position} is one too many: ${name} takes ${count} at most`,
    );
    expect(snapshot(spreadsheet)).toBe(before);
    // A null there leaves it out, as JSON callers do.
    expect(execute(spreadsheet, name, [...args.slice(0, count), null, null]).error).toBeUndefined();
  });

  test('no request options: the function works as before (a null in their place too)', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(call(spreadsheet, 'startTask', '1.3')).toMatchObject({ status: 'doing', revision: 2 });
    expect(call(spreadsheet, 'completeTask', '1.3', null)).toMatchObject({ status: 'done', revision: 3 });
  });
});

describe('what the plan remembers', () => {
  test("a person's edit of the cell in between keeps the ids: a task's answer is repeated", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const first = callOnce(spreadsheet, 'startTask', ['1.3'], ID).result;
    personEdits(spreadsheet, PLAN, `${planText(spreadsheet)}\n## Notes\n\n- typed by a person\n`);
    const before = snapshot(spreadsheet);
    expect(callOnce(spreadsheet, 'startTask', ['1.3'], ID).result).toEqual(first);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test("another caller's change in between keeps the ids", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const first = callOnce(spreadsheet, 'advanceTask', ['1.2'], ID).result;
    call(spreadsheet, 'setTaskNote', '2.1', 'uses last month');
    expect(callOnce(spreadsheet, 'advanceTask', ['1.2'], ID).result).toEqual(first);
    expect(revisionOf(spreadsheet)).toBe(3);
  });

  test('a whole plan cannot be repeated once the plan changed: CONFLICT says the change was applied', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    callOnce(spreadsheet, 'createPlan', SAMPLES.createPlan.args, ID);
    call(spreadsheet, 'startTask', '1.1');
    const before = snapshot(spreadsheet);
    const { error } = callOnce(spreadsheet, 'createPlan', SAMPLES.createPlan.args, ID);
    expect(error?.message).toBe(
      `CONFLICT: The change with requestId "${ID}" was already applied (revision 2); the plan has changed since ` +
        '(now revision 3, by api), so its answer cannot be repeated: read the plan (getPlan). Nothing was written ' +
        'again',
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test(`an answer over ${ANSWER_CHARACTERS} characters is not kept, and a repeat is CONFLICT`, () => {
    const title = 'Reconcile the regional ledger lines against the warehouse export, row by row, and note gaps';
    const steps = Array.from({ length: 120 }, (_, i) => `${title} (${i + 1})`);
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    call(spreadsheet, 'createPlan', 'Big', 'Many tasks', [{ name: 'All', steps }]);
    const commands = steps.map((_, i) => ({ action: 'note', step: `1.${i + 1}`, text: 'checked' }));
    const first = callOnce(spreadsheet, 'applyCommands', [commands], ID);
    expect(JSON.stringify(first.result).length).toBeGreaterThan(ANSWER_CHARACTERS);
    const before = snapshot(spreadsheet);
    const { error } = callOnce(spreadsheet, 'applyCommands', [commands], ID);
    expect(error?.message).toMatch(
      new RegExp(
        `^CONFLICT: The change with requestId "${ID}" was already applied \\(revision 3\\), but its answer ` +
          '\\([\\d,]+ characters\\) was too large to remember; read the plan \\(getPlan\\) to see it. Nothing was ' +
          'written again$',
      ),
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test(`the last ${REMEMBERED_REQUESTS} changes are remembered; an older id is forgotten and runs again`, () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(callOnce(spreadsheet, 'startNextTask', [], 'request-0000').result).toMatchObject({ step: '1.3' });
    for (let i = 1; i <= REMEMBERED_REQUESTS; i++) {
      callOnce(spreadsheet, 'setTaskNote', ['1.1', `note ${i}`], `request-${String(i).padStart(4, '0')}`);
    }
    const revision = revisionOf(spreadsheet);
    // request-0001 is still remembered; request-0000 is the 51st change back and is forgotten.
    expect(callOnce(spreadsheet, 'setTaskNote', ['1.1', 'note 1'], 'request-0001').result).toMatchObject({
      note: 'note 1',
      revision: 3,
    });
    expect(revisionOf(spreadsheet)).toBe(revision);
    expect(callOnce(spreadsheet, 'startNextTask', [], 'request-0000').result).toMatchObject({ step: '2.1' });
    expect(revisionOf(spreadsheet)).toBe(revision + 1);
    expect(String(spreadsheet.cell(REVISION)).length).toBeLessThan(32_000);
  });
});

test('every agent function that changes the plan takes request options, and no other function does', () => {
  for (const name of AGENT_FUNCTION_NAMES) {
    expect([name, requestArgumentIndex(name)]).toEqual([
      name,
      apiFunction(name).changesPlan ? apiFunction(name).args.length : undefined,
    ]);
  }
  expect(Object.keys(SAMPLES).sort()).toEqual([...CHANGING].sort());
});

describe('retrySafe is true of each function that says so', () => {
  const retrySafe = CHANGING.filter((name) => API_FUNCTIONS[name].retrySafe);
  test.each(retrySafe)('%s twice without a request id leaves the plan and history as once', (name) => {
    const { args, sheet } = SAMPLES[name];
    const once = sheet ? sheet() : sheetWithPlan(PLAN_TEXT);
    const twice = sheet ? sheet() : sheetWithPlan(PLAN_TEXT);
    execute(once, name, args);
    execute(twice, name, args);
    execute(twice, name, args);
    expect(planText(twice)).toBe(planText(once));
    expect(call(twice, 'getHistory').map(({ text }: { text: string }) => text)).toEqual(
      call(once, 'getHistory').map(({ text }: { text: string }) => text),
    );
  });
});
