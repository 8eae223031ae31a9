/**
 * Sheet work against failing services and bad input.
 *
 * - A service call that throws at any point of a write, a logged read or an undo answers the truth: an
 *   error with the spreadsheet byte for byte as it was (no log row dropped, no log sheet left behind),
 *   or success with the target cells and the write log as the call meant them (a failure after the
 *   commit is not an error of the call); the plan cell untouched, and the lock released.
 * - Every range and value shape an agent may send ends in a clear error with the spreadsheet byte for
 *   byte unchanged, or in the right result.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import {
  execute,
  executeFailingAt,
  MARKER,
  openedSheet,
  openSidebar,
  PLAN,
  plan,
  PLAN_SHEET,
  REVISION,
  refusedWrites,
  snapshot,
  snapshotBesideTheLog,
  typeRows,
} from './harness';

const APPROVED = plan(
  '# Plan: Faults',
  '',
  'Goal: Survive them',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Read: Data!A1:B3',
  '  - Write: Out!A1:B3',
  "  - Write: 'My Sheet'!A:A",
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Write the output',
  '- [ ] 1.2 Later',
  '',
);

function workbook(): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Data', 'Out', 'My Sheet', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, APPROVED);
  typeRows(spreadsheet, 'Data!A1', [
    ['a', '1'],
    ['b', '2'],
    ['c', '3'],
  ]);
  typeRows(spreadsheet, 'Out!A1', [['before', '0']]);
  return spreadsheet;
}

interface State {
  plan: string;
  revision: string;
  out: unknown[];
  log: Array<{ id: string; kind: string; undone: boolean }>;
}

function state(spreadsheet: EmulatedSpreadsheet): State {
  const log = execute(spreadsheet, 'getWriteLog', [100]).result as Array<{ id: string; kind: string; undone?: object }>;
  return {
    plan: String(spreadsheet.cell(PLAN)),
    // Without the time of the change that wrote it: each setup runs at its own time.
    revision: String(spreadsheet.cell(REVISION)).replace(/"at":"[^"]*"/, '"at":"…"'),
    out: ['Out!A1', 'Out!B1', 'Out!A2'].map((cell) => spreadsheet.cell(cell)),
    log: log.map((entry) => ({ id: entry.id, kind: entry.kind, undone: Boolean(entry.undone) })),
  };
}

/** Runs the call once cleanly to count its service calls, then once per call with that call failing. */
function eachFailure(
  setup: () => { spreadsheet: EmulatedSpreadsheet; args: unknown[] },
  name: string,
  context: 'api' | 'ui',
  check: (before: State, after: State, now: State, failed: string, error: Error | undefined) => void,
) {
  const clean = setup();
  const before = state(clean.spreadsheet);
  const success = execute(clean.spreadsheet, name, clean.args, { context });
  const after = state(clean.spreadsheet);

  test('runs cleanly without faults', () => {
    expect(success.error).toBeUndefined();
    expect(after).not.toEqual(before);
  });

  test.each(Array.from({ length: success.execution.calls.length }, (_, i) => i + 1))(
    'a failure at service call %i: an error with nothing written, or success with all of it',
    (failAt) => {
      const { spreadsheet, args } = setup();
      const beforeBytes = snapshot(spreadsheet);
      const { error, execution, failed } = executeFailingAt(spreadsheet, name, args, failAt, context);
      if (failed !== 'Lock.releaseLock') expect(execution.leakedLocks).toEqual([]);
      if (error) {
        expect(error.message).toMatch(/Service error: Spreadsheets/);
        expect({ failed, bytes: snapshot(spreadsheet) }).toEqual({ failed, bytes: beforeBytes });
      }
      const now = state(spreadsheet);
      if (!error)
        expect({ failed, log: kinds(now.log), out: now.out }).toEqual({
          failed,
          log: kinds(after.log),
          out: after.out,
        });
      // The plan never changes; its record only by the list of steps that wrote, with the write.
      expect(now.plan).toBe(before.plan);
      expect(now.revision).toBe(error ? before.revision : after.revision);
      check(before, after, now, failed, error);
    },
  );
}

/** The log without the ids a fresh run mints. */
const kinds = (log: State['log']) => log.map(({ kind, undone }) => ({ kind, undone }));

describe('writeRange', () => {
  eachFailure(
    () => ({
      spreadsheet: workbook(),
      args: [
        'Out!A1:B2',
        [
          ['new', 1],
          ['row', 2],
        ],
        '1.1',
      ],
    }),
    'writeRange',
    'api',
    (before, after, now) => {
      // The cells and the log move together.
      expect([
        { out: before.out, log: kinds(before.log) },
        { out: after.out, log: kinds(after.log) },
      ]).toContainEqual({ out: now.out, log: kinds(now.log) });
    },
  );
});

describe('writeRange of a step the revision record does not list yet (it lists the step, then logs)', () => {
  eachFailure(
    () => {
      const spreadsheet = workbook();
      // A change writes the record, with the steps that wrote as the write log shows them (none).
      const noted = execute(spreadsheet, 'setTaskNote', ['1.2', 'after the output']);
      if (noted.error) throw noted.error;
      return { spreadsheet, args: ['Out!A1', [['new']], '1.1'] };
    },
    'writeRange',
    'api',
    (before, after, now) => {
      expect(after.revision).not.toBe(before.revision);
      // The record lists the step exactly when the log holds its write.
      expect([
        { revision: before.revision, log: kinds(before.log) },
        { revision: after.revision, log: kinds(after.log) },
      ]).toContainEqual({ revision: now.revision, log: kinds(now.log) });
    },
  );
});

/**
 * The workbook after the agent's last 100 writes, the oldest undone by the person: the log is full, and that settled
 * write is the one a new write pushes out (an undoable write never goes).
 */
const fullLog = (() => {
  let json: unknown;
  return () => {
    if (!json) {
      const spreadsheet = workbook();
      const first = execute(spreadsheet, 'writeRange', ["'My Sheet'!A1", [['w0']], '1.1']).result as { id: string };
      for (let i = 1; i < 100; i++) execute(spreadsheet, 'writeRange', ['Out!A3', [[`w${i}`]], '1.1']);
      const undone = execute(spreadsheet, 'sidebarUndoWrite', [openSidebar(spreadsheet), first.id], { context: 'ui' });
      if (undone.error) throw undone.error;
      json = spreadsheet.toJSON();
    }
    return EmulatedSpreadsheet.fromJSON(json);
  };
})();

describe('writeRange with a full log (the settled write goes only once the new one is committed)', () => {
  eachFailure(
    () => ({ spreadsheet: fullLog(), args: ['Out!A1:B1', [['new', 1]], '1.1'] }),
    'writeRange',
    'api',
    () => undefined,
  );
});

describe('readRange outside the Read ranges (reported in the log)', () => {
  eachFailure(
    () => ({ spreadsheet: workbook(), args: ['Data!A1:B4'] }),
    'readRange',
    'api',
    (before, after, now) => {
      expect(now.out).toEqual(before.out);
      expect([kinds(before.log), kinds(after.log)]).toContainEqual(kinds(now.log));
    },
  );
});

describe('undo from the sidebar', () => {
  eachFailure(
    () => {
      const spreadsheet = workbook();
      const write = execute(spreadsheet, 'writeRange', ['Out!A1:B1', [['agent', 9]], '1.1']);
      if (write.error) throw write.error;
      return { spreadsheet, args: [openSidebar(spreadsheet), (write.result as { id: string }).id] };
    },
    'sidebarUndoWrite',
    'ui',
    (before, after, now) => {
      expect([
        { out: before.out, log: kinds(before.log) },
        { out: after.out, log: kinds(after.log) },
      ]).toContainEqual({ out: now.out, log: kinds(now.log) });
    },
  );
});

// ---- bad input ----

const ERROR =
  /^(INVALID_ARGUMENT|NOT_FOUND|NO_PLAN|TOO_LARGE|PLAN_NOT_APPROVED|OUT_OF_SCOPE|TASK_NOT_IN_PROGRESS|FORMULA_NOT_ALLOWED): \S.{10,}/;

const MILLION = Array.from({ length: 1000 }, () => new Array(1000).fill(0));

/** [what, a1, values, step, expected: an error code, or a check of the sheet after it worked] */
const WRITES: Array<[string, unknown, unknown, unknown, string | ((s: EmulatedSpreadsheet) => void)]> = [
  ['a range ending in ":"', 'Out!A1:', [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['a range with no sheet', 'A1:B2', [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['an unquoted name with a space', 'My Sheet!A1', [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['rows open at the bottom', 'Out!A1:B', [['x', 'y']], '1.1', 'INVALID_ARGUMENT'],
  ['a whole column', "'My Sheet'!A:A", [['x']], '1.1', 'INVALID_ARGUMENT'],
  [
    'a cell of a whole column the plan declares',
    "'My Sheet'!A5",
    [['x']],
    '1.1',
    (s) => expect(s.cell("'My Sheet'!A5")).toBe('x'),
  ],
  ['two colons', 'Out!A1:B2:C3', [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['a number for a1', 42, [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['null for a1', null, [['x']], '1.1', 'INVALID_ARGUMENT'],
  ['a formula for a1', '=HYPERLINK("x")', [['x']], '1.1', 'INVALID_ARGUMENT'],
  // Sheets finds the sheet whatever the case of its name: out!A1 is Out!A1, inside the plan's Write range.
  ['a sheet of another case', 'out!A1', [['x']], '1.1', (s) => expect(s.cell('Out!A1')).toBe('x')],
  ['a missing sheet', 'Nowhere!A1', [['x']], '1.1', 'OUT_OF_SCOPE'],
  ['the plan cell', PLAN, [['x']], '1.1', 'OUT_OF_SCOPE'],
  [
    '=HYPERLINK(…) as text',
    'Out!A1',
    [['=HYPERLINK("https://evil.example","click")']],
    '1.1',
    (s) => {
      expect(s.cell('Out!A1')).toBe('=HYPERLINK("https://evil.example","click")');
      expect(s.formula('Out!A1')).toBe('');
    },
  ],
  ['=HYPERLINK(…) as a formula', 'Out!A1', [[{ formula: '=HYPERLINK("https://x")' }]], '1.1', 'FORMULA_NOT_ALLOWED'],
  ['a ragged array', 'Out!A1', [['a', 'b'], ['c']], '1.1', 'INVALID_ARGUMENT'],
  ['1e6 cells', 'Out!A1', MILLION, '1.1', 'TOO_LARGE'],
  [
    'an undo record over 450,000 characters',
    "'My Sheet'!A1:A10",
    Array(10).fill(['x'.repeat(49_000)]),
    '1.1',
    'TOO_LARGE',
  ],
  [
    'null cells',
    'Out!A1:B1',
    [[null, null]],
    '1.1',
    (s) => expect([s.cell('Out!A1'), s.cell('Out!B1')]).toEqual(['', '']),
  ],
  ['undefined cells', 'Out!A1', [[undefined]], '1.1', 'INVALID_ARGUMENT'],
  ['an empty array', 'Out!A1', [], '1.1', 'INVALID_ARGUMENT'],
  ['an empty row', 'Out!A1', [[]], '1.1', 'INVALID_ARGUMENT'],
  ['a flat array', 'Out!A1', ['a', 'b'], '1.1', 'INVALID_ARGUMENT'],
  ['a string for values', 'Out!A1', 'x', '1.1', 'INVALID_ARGUMENT'],
  ['an object cell', 'Out!A1', [[{ value: 1 }]], '1.1', 'INVALID_ARGUMENT'],
  ['NaN', 'Out!A1', [[Number.NaN]], '1.1', 'INVALID_ARGUMENT'],
  ['text over a cell', 'Out!A1', [['x'.repeat(50_000)]], '1.1', 'INVALID_ARGUMENT'],
  ['a date without a zone', 'Out!A1', [[{ date: '2026-01-10' }]], '1.1', 'INVALID_ARGUMENT'],
  ['values bigger than the range', 'Out!A1:B1', [['a', 'b', 'c']], '1.1', 'INVALID_ARGUMENT'],
  ['past the sheet edge', "'My Sheet'!A1000", [['a'], ['b']], '1.1', 'INVALID_ARGUMENT'],
  ['a step as a number', 'Out!A1', [['x']], 1.1, 'INVALID_ARGUMENT'],
  ['no step', 'Out!A1', [['x']], undefined, 'INVALID_ARGUMENT'],
  ['an unknown step', 'Out!A1', [['x']], '9.9', 'NOT_FOUND'],
  ['a task not started', 'Out!A1', [['x']], '1.2', 'TASK_NOT_IN_PROGRESS'],
];

/**
 * The sheet rules' refusals that an agent could retry another way (another range, task or value): the write log notes
 * them for the person, and nothing else changes. A call's shape (its arguments, its size) is refused with nothing
 * written at all.
 */
const NOTED = ['OUT_OF_SCOPE', 'FORMULA_NOT_ALLOWED', 'NOT_FOUND', 'TASK_NOT_IN_PROGRESS'];

test('the undo record refusal names the range and its size (its words are read from RareTexts.html)', () => {
  const values = Array(10).fill(['x'.repeat(49_000)]);
  const { error } = execute(workbook(), 'writeRange', ["'My Sheet'!A1:A10", values, '1.1']);
  expect(error?.message).toMatch(
    /^TOO_LARGE: The undo record of this write to 'My Sheet'!A1:A10 \(.*\) would be 490,\d{3} characters; at most 450,000 are kept per write\. Nothing was written; write fewer rows at a time$/,
  );
});

describe.each(WRITES)('writeRange with %s', (_what, a1, values, step, expected) => {
  const noted = typeof expected === 'string' && NOTED.includes(expected);
  const name = noted
    ? `is refused with ${expected}, noted in the log, nothing written`
    : `is refused with ${expected}, nothing written`;
  test(typeof expected === 'string' ? name : 'works', () => {
    const spreadsheet = workbook();
    const state = noted ? snapshotBesideTheLog : snapshot;
    const before = state(spreadsheet);
    const { error, execution } = execute(spreadsheet, 'writeRange', [a1, values, step]);
    expect(execution.leakedLocks).toEqual([]);
    if (typeof expected === 'string') {
      expect(error?.message).toMatch(ERROR);
      expect(error?.message.startsWith(`${expected}: `)).toBe(true);
      expect(state(spreadsheet)).toBe(before);
      expect(refusedWrites(spreadsheet).map((entry) => entry.code)).toEqual(noted ? [expected] : []);
    } else {
      expect(error).toBeUndefined();
      expected(spreadsheet);
    }
  });
});

const READS: Array<[string, unknown, unknown, string | null]> = [
  ['a range ending in ":"', 'Data!A1:', undefined, 'INVALID_ARGUMENT'],
  ['rows open at the bottom', 'Data!A1:B', undefined, null],
  ['a whole column of a quoted name', "'My Sheet'!A:A", undefined, null],
  ['whole rows', 'Data!1:2', undefined, null],
  ['1e6 cells', 'Data!A1:J100000', undefined, 'TOO_LARGE'],
  ['a missing sheet', 'Nowhere!A1', undefined, 'NOT_FOUND'],
  ["Sheet Plan's log", cellReference('A:A', PLAN_LOCATION.writeLogSheet), undefined, 'OUT_OF_SCOPE'],
  ['a number', 7, undefined, 'INVALID_ARGUMENT'],
  ['display as text', 'Data!A1', { display: 'yes' }, 'INVALID_ARGUMENT'],
  ['an unknown option', 'Data!A1', { formulas: true }, 'INVALID_ARGUMENT'],
  ['options as a list', 'Data!A1', [true], 'INVALID_ARGUMENT'],
  ['null options', 'Data!A1', null, null],
];

describe.each(READS)('readRange with %s', (_what, a1, options, expected) => {
  test(expected ? `is refused with ${expected}, nothing written` : 'works', () => {
    const spreadsheet = workbook();
    const before = snapshot(spreadsheet);
    const { error, execution } = execute(spreadsheet, 'readRange', [a1, options]);
    expect(execution.leakedLocks).toEqual([]);
    if (expected) {
      expect(error?.message).toMatch(ERROR);
      expect(error?.message.startsWith(`${expected}: `)).toBe(true);
      expect(snapshot(spreadsheet)).toBe(before);
    } else {
      expect(error).toBeUndefined();
    }
  });
});

test.each([0, 101, 1.5, '5', -1, [5]])('getWriteLog(%p) is refused', (limit) => {
  const spreadsheet = workbook();
  const before = snapshot(spreadsheet);
  expect(execute(spreadsheet, 'getWriteLog', [limit]).error?.message).toMatch(
    /^INVALID_ARGUMENT: limit must be a whole number from 1 to 100/,
  );
  expect(snapshot(spreadsheet)).toBe(before);
});

test('functions without arguments refuse a value past them, and take nulls as nothing: listSheets', () => {
  expect(execute(workbook(), 'listSheets', [null, 'junk', 42]).error?.message).toBe(
    'INVALID_ARGUMENT: argument 2 is one too many: listSheets takes 0 at most',
  );
  expect(execute(workbook(), 'listSheets', [null, null]).error).toBeUndefined();
});
