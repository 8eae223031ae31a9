/**
 * Every refused call says what was wrong and what is allowed, and writes nothing: the whole
 * spreadsheet (cells, history, properties) stays byte for byte as it was, and the lock is free.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { call, execute, literally, openedSheet, PLAN, plan, planText, sheetWithPlan, snapshot } from './harness';

const PLAN_TEXT = plan(
  '# Plan: Errors',
  '',
  'Goal: Refuse bad input',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [/] 1.2 Second',
  '- [!] 1.3 Check — look at totals',
  '',
  '### Phase 2: More',
  '- [x] 2.1 Done already ✅ 2026-01-02',
  '',
);

function expectRefused(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], message: RegExp | string) {
  const before = snapshot(spreadsheet);
  const { error, execution } = execute(spreadsheet, name, args);
  expect(error?.message).toMatch(message);
  expect(snapshot(spreadsheet)).toBe(before);
  expect(execution.leakedLocks).toEqual([]);
}

describe('an unknown step', () => {
  test.each(['startTask', 'completeTask', 'advanceTask', 'reopenTask'])(
    '%s names it and lists the valid steps',
    (name) => {
      expectRefused(
        sheetWithPlan(PLAN_TEXT),
        name,
        ['9.9'],
        'NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2, 1.3, 2.1)',
      );
    },
  );

  test.each([
    ['blockTask', 'a reason'],
    ['reviewTask', 'a note'],
    ['skipTask', 'a reason'],
    ['setTaskNote', 'a note'],
  ])('%s names it and lists the valid steps', (name, text) => {
    expectRefused(
      sheetWithPlan(PLAN_TEXT),
      name,
      ['3.1', text],
      /^NOT_FOUND: Task 3\.1 not found \(steps: 1\.1, 1\.2, 1\.3, 2\.1\)$/,
    );
  });
});

describe('a missing plan', () => {
  test.each(['startTask', 'completeTask', 'advanceTask'])('%s on an empty cell says how to make one', (name) => {
    expectRefused(
      sheetWithPlan(''),
      name,
      ['1.1'],
      new RegExp(`^NO_PLAN: No plan in ${literally(PLAN)}; call initPlan\\(\\).*createPlan`),
    );
  });

  test('a change on a spreadsheet that was never set up', () => {
    expectRefused(openedSheet({ sheets: ['Sheet1'] }), 'blockTask', ['1.1', 'why'], /^NO_PLAN/);
  });

  test('progress of a missing plan', () => {
    expectRefused(sheetWithPlan(''), 'getProgress', [], /^NO_PLAN/);
  });
});

describe('wrong argument types', () => {
  test.each([
    ['startTask', [1.1], /^INVALID_ARGUMENT: step must be text like "1\.2", not the number 1\.1/],
    ['startTask', [null], /^INVALID_ARGUMENT: step must be a step number like "1\.2" or "2\.1\.3" \(got null\)/],
    ['startTask', [{}], /^INVALID_ARGUMENT: step must be a step number/],
    ['startTask', [], /^INVALID_ARGUMENT: step must be a step number.*\(got nothing\)/],
    ['startTask', ['one'], /^INVALID_ARGUMENT: step must be a step number.*\(got "one"\)/],
    ['blockTask', ['1.1', 42], /^INVALID_ARGUMENT: reason must be a single line of text \(got the number 42\)/],
    ['reviewTask', ['1.1', ['a']], /^INVALID_ARGUMENT: note must be a single line of text \(got a list\)/],
    [
      'createPlan',
      ['Title', 'Goal', 'not a list'],
      /^INVALID_ARGUMENT: phases must be a non-empty list of phases like \[\{ "name": "Setup", /,
    ],
    [
      'createPlan',
      ['Title', 'Goal', []],
      /^INVALID_ARGUMENT: phases must be a non-empty list of phases .*\(got an empty list\)$/,
    ],
    [
      'createPlan',
      ['Title', 'Goal', [{ name: 'P', steps: 'x' }]],
      /^INVALID_ARGUMENT: phases\[0\]\.steps must be a non-empty list of task titles/,
    ],
    [
      'createPlan',
      [7, 'Goal', [{ name: 'P', steps: ['x'] }]],
      /^INVALID_ARGUMENT: title must be a single line of text \(got the number 7\)/,
    ],
    ['applyCommands', ['start 1.1'], /^INVALID_ARGUMENT: commands must be a non-empty list/],
    ['getHistory', ['ten'], /^INVALID_ARGUMENT: limit must be a whole number from 1 to 100/],
  ])('%s(%j) is refused', (name, args, message) => {
    expectRefused(sheetWithPlan(PLAN_TEXT), name as string, args as unknown[], message as RegExp);
  });
});

describe("createPlan's details: a key at the wrong level is refused by name, with its place", () => {
  const phases = [{ name: 'P', steps: ['Read Data!A1:B9'] }];
  test.each([
    [
      { spreadsheet: 'Sales' },
      /^INVALID_ARGUMENT: details\.spreadsheet is not a field of details; it goes in details\.analysis\.spreadsheet/,
    ],
    [{ write: ['Data!C2:C9'] }, /details\.write is not a field of details; it goes in details\.analysis\.write/],
    [
      { analysis: { targetRanges: { read: [] } } },
      /details\.analysis\.targetRanges is not a field of details\.analysis; details\.analysis takes .*read, write/,
    ],
    [
      { analysis: { questions: ['Which?'] } },
      /details\.analysis\.questions is not a field of details\.analysis; it goes in details\.questions/,
    ],
    [{ summary: 'x' }, /details\.summary is not a field of details; details takes analysis, questions, notes/],
  ])('%j', (details, message) => {
    expectRefused(sheetWithPlan(PLAN_TEXT), 'createPlan', ['Title', 'Goal', phases, details], message);
  });

  test('the same details where they belong are written into Analysis', () => {
    const spreadsheet = sheetWithPlan(
      plan('# Plan: Before', '', 'Goal: G', '', '### Phase 1: Work', '- [ ] 1.1 First'),
    );
    const details = { analysis: { spreadsheet: 'Sales', write: ['Data!C2:C9'] } };
    const { error } = execute(spreadsheet, 'createPlan', ['Title', 'Goal', phases, details]);
    expect(error).toBeUndefined();
    expect(planText(spreadsheet)).toMatch(/Spreadsheet: Sales[\s\S]*Write: Data!C2:C9/);
  });
});

describe('a phase number as agents send it', () => {
  test('addTask("2", title) adds to phase 2, as addTask(2, title) does', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const { error, result } = execute(spreadsheet, 'addTask', ['2', 'Tidy up']);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ step: '2.2', title: 'Tidy up' });
  });

  test.each([['-1'], ['2.1'], ['two'], [' ']])('addTask(%j, title) is refused, naming the form', (phase) => {
    expectRefused(
      sheetWithPlan(PLAN_TEXT),
      'addTask',
      [phase, 'Tidy up'],
      /^INVALID_ARGUMENT: phase must be a phase number like 2/,
    );
  });
});

describe('empty or multi-line text where one line is required', () => {
  test.each([
    ['blockTask', ['1.1', ''], /^INVALID_ARGUMENT: reason must not be empty/],
    ['blockTask', ['1.1', '   '], /^INVALID_ARGUMENT: reason must not be empty/],
    [
      'blockTask',
      ['1.1', 'first line\nsecond line'],
      /^INVALID_ARGUMENT: reason must be a single line of text; it contains a line break/,
    ],
    ['reviewTask', ['1.2', 'look\r\nhere'], /line break/],
    ['skipTask', ['1.1', ''], /^INVALID_ARGUMENT: reason must not be empty/],
    [
      'createPlan',
      ['Two\nlines', 'Goal', [{ name: 'P', steps: ['x'] }]],
      /^INVALID_ARGUMENT: title must be a single line/,
    ],
    ['createPlan', ['Title', '', [{ name: 'P', steps: ['x'] }]], /^INVALID_ARGUMENT: goal must not be empty/],
    [
      'createPlan',
      ['Title', 'Goal', [{ name: 'P', steps: ['ok', 'two\nlines'] }]],
      /^INVALID_ARGUMENT: phases\[0\]\.steps\[1\] must be a single line/,
    ],
    ['createPlan', ['Title', 'Goal', [{ name: 'P', steps: ['Read A — then B'] }]], /must not contain " — "/],
    // Not line breaks to this parser, but to other readers of the cell (Python's splitlines), which would see a task.
    ['blockTask', ['1.1', 'wait\u0085- [x] 1.2 done'], /it contains a line break or a control character/],
    ['blockTask', ['1.1', 'wait\f### Phase 9: Evil'], /it contains a line break or a control character/],
    ['setTaskNote', ['1.1', 'a\vb'], /^INVALID_ARGUMENT: note must be a single line/],
    // A lone backtick opens code that would run on into a note written after the title.
    ['renameTask', ['1.2', 'Fix `foo'], /^INVALID_ARGUMENT: title has a backtick that opens code it never closes/],
    ['addTask', [1, 'Use ``a` b'], /title has a backtick that opens code it never closes/],
  ])('%s(%j) is refused', (name, args, message) => {
    expectRefused(sheetWithPlan(PLAN_TEXT), name as string, args as unknown[], message as RegExp);
  });
});

describe('changes the status table does not allow', () => {
  test('starting a task that is already in progress', () => {
    expectRefused(
      sheetWithPlan(PLAN_TEXT),
      'startTask',
      ['1.2'],
      'INVALID_TRANSITION: Task 1.2 is already in progress',
    );
  });

  test('an agent moving a task out of review', () => {
    expectRefused(sheetWithPlan(PLAN_TEXT), 'completeTask', ['1.3'], /^NEEDS_PERSON: Task 1\.3 is waiting for review/);
  });

  test('an applyCommands batch with one bad command writes none of them', () => {
    expectRefused(
      sheetWithPlan(PLAN_TEXT),
      'applyCommands',
      [
        [
          { action: 'start', step: '1.1' },
          { action: 'complete', step: '1.1' },
          { action: 'complete', step: '7.7' },
        ],
      ],
      /^NOT_FOUND: commands\[2\] \(complete 7\.7\): Task 7\.7 not found.*nothing was written$/,
    );
  });
});

describe('a plan over the cell limit', () => {
  test('createPlan refuses it with its size, keeping the old plan', () => {
    const steps = Array.from({ length: 600 }, (_, i) => `Step ${i} ${'x'.repeat(80)}`);
    expectRefused(
      sheetWithPlan(PLAN_TEXT),
      'createPlan',
      ['Big', 'Too big', [{ name: 'Many', steps }]],
      new RegExp(
        `^TOO_LARGE: The plan would be 61,[0-9]{3} characters; ${literally(PLAN)} holds at most 49,999. Nothing was ` +
          'written; shorten it by at least 11,[0-9]{3} characters; its longest parts are Phase 1: Many \\(61,001\\)',
      ),
    );
  });

  test('a note that would push the plan over the limit is refused, saying how much to cut and where', () => {
    const nearlyFull = `${PLAN_TEXT}\n## Notes\n\n${'n'.repeat(49_999 - PLAN_TEXT.length - 12)}`;
    expect(nearlyFull.length).toBeLessThanOrEqual(49_999);
    expectRefused(
      sheetWithPlan(nearlyFull),
      'setTaskNote',
      ['1.1', 'one more note pushes it over'],
      /^TOO_LARGE: The plan would be 50,029 characters; .* holds at most 49,999\. Nothing was written; shorten it by at least 30 characters; its longest parts are Notes \(49,\d{3}\), Phase 1: Work/,
    );
  });

  /** A plan of exactly 50,000 characters, as a person may type one into the cell. */
  const FULL = `${PLAN_TEXT}\n## Notes\n\n${'n'.repeat(50_000 - PLAN_TEXT.length - 11)}`;

  test('a plan a person typed up to the cell limit still takes changes that do not grow it', () => {
    expect(FULL.length).toBe(50_000);
    const spreadsheet = sheetWithPlan(FULL);
    expect(call(spreadsheet, 'reopenTask', '1.2')).toMatchObject({ step: '1.2', status: 'todo' });
    expect(planText(spreadsheet)).toBe(FULL.replace('- [/] 1.2', '- [ ] 1.2'));
    expect(planText(spreadsheet)).toHaveLength(50_000);
  });

  test('at the cell limit, a change that adds characters is refused with what to cut', () => {
    expectRefused(
      sheetWithPlan(FULL),
      'blockTask',
      ['1.1', 'waiting'],
      /^TOO_LARGE: The plan would be 50,010 characters; .* holds at most 49,999\. Nothing was written; shorten it by at least 10 characters/,
    );
  });

  test('a full plan that Sheets could only keep as text with the apostrophe is refused by a character', () => {
    const risky = `- ${FULL.slice(2)}`;
    expectRefused(sheetWithPlan(risky), 'reopenTask', ['1.2'], /^TOO_LARGE: .*shorten it by at least 1 characters/);
  });

  test("at the cell limit, an agent's start is refused: its claim's Working line would not fit", () => {
    expectRefused(sheetWithPlan(FULL), 'startTask', ['1.1'], /^TOO_LARGE: .*shorten it by at least \d+ characters/);
  });
});

describe('a busy plan', () => {
  test('a change while another execution holds the lock is refused, and says to try again', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    spreadsheet.locks.holdAsAnotherProcess('script');
    expectRefused(
      spreadsheet,
      'startTask',
      ['1.1'],
      /^BUSY: The plan is busy.*Nothing was written; try again in a moment$/,
    );
  });
});

describe('a failing service', () => {
  test('a write that fails leaves the old plan and releases the lock', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const { error, execution } = execute(spreadsheet, 'startTask', ['1.1'], {
      prepare: (run) => run.faults.failNext('Range.setValues', 'Service Spreadsheets failed while accessing document'),
    });
    expect(error?.message).toBe('SERVICE_ERROR: Service Spreadsheets failed while accessing document');
    expect(snapshot(spreadsheet)).toBe(before);
    expect(execution.leakedLocks).toEqual([]);
  });
});
