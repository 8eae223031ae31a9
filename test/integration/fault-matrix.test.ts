/**
 * Every API function against every kind of bad input: each case ends in a clear error (a stable
 * code, then a message) with the spreadsheet byte for byte unchanged, or in a correct result.
 */
import {
  AGENT_FUNCTION_NAMES,
  apiFunction,
  requestArguments,
  type AgentFunctionName,
} from '../../src/core/api/api-functions';
import { PLAN_ERROR_CODES } from '../../src/core/errors';
import { parsePlan } from '../../src/core';
import {
  execute,
  openedSheet,
  PLAN,
  plan,
  refusedWrites,
  sheetWithPlan,
  snapshot,
  snapshotBesideTheLog,
  type NotedRefusal,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Matrix',
  '',
  'Goal: Survive bad input',
  '',
  '## Questions for User',
  '',
  '- Which range?',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [/] 1.2 Second',
  '',
  '### Phase 2: Later',
  '- [ ] 2.1 Third',
  '',
  '## Notes',
  '',
  'Keep me.',
  '',
);

/** Bad input is refused with one of our codes, never as a service failure. */
const REFUSAL_CODES = PLAN_ERROR_CODES.filter((code) => code !== 'SERVICE_ERROR');
const ERROR = new RegExp(`^(${REFUSAL_CODES.join('|')}): \\S.{10,}`);

type Expect = 'error' | 'either';

/** Bad values and what each must lead to wherever a single line of text or a step is expected. */
const BAD_VALUES: Array<[string, unknown, Expect]> = [
  ['missing', undefined, 'error'],
  ['null', null, 'error'],
  ['a number', 1.1, 'error'],
  ['a boolean', true, 'error'],
  ['an object', { step: '1.1' }, 'error'],
  ['a list', ['1.1'], 'error'],
  ['empty text', '', 'error'],
  ['blank text', '   ', 'error'],
  ['huge text', 'x'.repeat(60_000), 'error'],
  ['two lines', 'one\ntwo', 'error'],
  ['a formula', '=IMPORTRANGE("x","y")', 'either'],
  ['emoji and accents', '🎉 naïve café ✓', 'either'],
  ['an unknown step', '9.9', 'either'],
  ['a step of another phase', '2.1', 'either'],
];

/**
 * Valid arguments of each agent function the matrix spoils, in the descriptor's order of arguments: each one in turn
 * is replaced by every bad value. The test below fails for an agent function of the descriptor whose required
 * arguments are not all here.
 */
const VALID_ARGUMENTS: Partial<Record<AgentFunctionName, unknown[]>> = {
  startTask: ['1.1'],
  completeTask: ['1.2'],
  reopenTask: ['1.2'],
  advanceTask: ['1.2'],
  blockTask: ['1.1', 'waiting'],
  reviewTask: ['1.2', 'check it'],
  skipTask: ['2.1', 'not needed'],
  setTaskNote: ['1.1', 'a note'],
  createPlan: ['Title', 'Goal', [{ name: 'P', steps: ['S'] }]],
  applyCommands: [[{ action: 'start', step: '1.1' }]],
  replacePlan: [PLAN_TEXT.replace('Keep me.', 'Changed.'), 1],
  getHistory: [5],
  restoreRevision: [1],
  addTask: [1, 'New task'],
  addPhase: ['Wrap up', ['Tidy']],
  renameTask: ['1.1', 'Renamed'],
  moveTask: ['2.1', '1.1'],
  removeTask: ['2.1'],
  finishPlan: ['All done'],
  getArchivedPlan: [1],
  readRange: ['Sheet1!A1:B2'],
  writeRange: ['Sheet1!A1', [['x']], '1.2'],
};

/** [function, valid arguments, index of the argument to spoil], from the descriptor's list of agent functions. */
const FUNCTIONS: Array<[string, unknown[], number]> = AGENT_FUNCTION_NAMES.flatMap((name) => {
  const valid = VALID_ARGUMENTS[name] ?? [];
  return valid.map((_value, index): [string, unknown[], number] => [name, valid, index]);
});

/** Where a descriptor argument accepts undefined, leaving it out is allowed. */
const isOptional = (argument: { schema: { safeParse(value: unknown): { success: boolean } } }) =>
  argument.schema.safeParse(undefined).success;

test('the matrix spoils every required argument of every agent function of the API descriptor', () => {
  const required = AGENT_FUNCTION_NAMES.flatMap((name) =>
    apiFunction(name)
      .args.map((argument, index) => ({ name, index, optional: isOptional(argument) }))
      .filter((argument) => !argument.optional)
      .map(({ index }) => `${name} #${index}`),
  );
  const spoiled = FUNCTIONS.map(([name, , index]) => `${name} #${index}`);
  expect(required.filter((entry) => !spoiled.includes(entry))).toEqual([]);
});

/**
 * What an error leaves: the spreadsheet byte for byte as `before` it; or, for a write the sheet rules refused (not for
 * its arguments' shape), every cell of the sheet and the plan as it was and one entry in the write log noting it.
 */
function expectNothingWritten(
  spreadsheet: ReturnType<typeof openedSheet>,
  before: { all: string; besideTheLog: string },
  message: string,
): void {
  const noted: NotedRefusal[] = refusedWrites(spreadsheet);
  if (noted.length === 0) {
    expect(snapshot(spreadsheet)).toBe(before.all);
    return;
  }
  const code = message.split(':')[0];
  expect(['INVALID_ARGUMENT', 'TOO_LARGE']).not.toContain(code);
  expect(noted).toEqual([expect.objectContaining({ code })]);
  expect(snapshotBesideTheLog(spreadsheet)).toBe(before.besideTheLog);
}

const states = (spreadsheet: ReturnType<typeof openedSheet>) => ({
  all: snapshot(spreadsheet),
  besideTheLog: snapshotBesideTheLog(spreadsheet),
});

/** setTaskNote(step, null|'') clears the note: a correct result, not an error. */
const CLEARS_NOTE = new Set(['null', 'missing', 'empty text']);

describe.each(FUNCTIONS)('%s with argument %#', (name, validArgs, index) => {
  test.each(BAD_VALUES)('given %s', (kind, value, expected) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = states(spreadsheet);
    const args = [...validArgs];
    args[index] = value;
    const { error, execution } = execute(spreadsheet, name, args);
    expect(execution.leakedLocks).toEqual([]);
    // One rule set: what the descriptor's schema refuses (the client's and MCP's view), the bundle refuses too. JSON
    // has no undefined: null for an argument that may be left out is read as left out.
    const { schema } = apiFunction(name as AgentFunctionName).args[index];
    const described = schema.safeParse(value).success || (value === null && schema.safeParse(undefined).success);
    if (!described) expect(error?.message).toMatch(/^INVALID_ARGUMENT: /);
    if (error) {
      expect(error.message).toMatch(ERROR);
      expectNothingWritten(spreadsheet, before, error.message);
      return;
    }
    const mayClear = name === 'setTaskNote' && index === 1 && CLEARS_NOTE.has(kind);
    const defaults = name === 'getHistory' && (kind === 'missing' || kind === 'null'); // getHistory() lists the last 10
    const titles = name === 'addPhase' && index === 1 && kind === 'a list'; // ['1.1'] is a list of one title
    if (expected === 'error' && !mayClear && !defaults && !titles)
      throw new Error(`${name} accepted ${kind} as argument ${index}`);
    // A correct result: the cell still holds a readable plan, as text.
    const text = spreadsheet.cell(PLAN);
    expect(typeof text).toBe('string');
    expect(spreadsheet.formula(PLAN)).toBe('');
    expect(parsePlan(String(text)).title.length).toBeGreaterThan(0);
    if (
      typeof value === 'string' &&
      kind !== 'an unknown step' &&
      kind !== 'a step of another phase' &&
      index > 0 &&
      name !== 'replacePlan' &&
      name !== 'moveTask'
    ) {
      expect(String(text)).toContain(value);
    }
  });
});

/** The reads whose arguments are all optional, and initPlan (it writes nothing on a sheet already set up). */
const READS_WITHOUT_REQUIRED_ARGUMENTS = AGENT_FUNCTION_NAMES.filter(
  (name) => !apiFunction(name).changesPlan && apiFunction(name).args.every(isOptional),
);

describe('functions without required arguments refuse a value past their last argument, writing nothing', () => {
  test.each([...READS_WITHOUT_REQUIRED_ARGUMENTS, 'initPlan'])('%s', (name) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    // Its own arguments, and the request options of a function that changes the plan (initPlan may).
    const count = apiFunction(name as AgentFunctionName).args.length + (name in requestArguments() ? 1 : 0);
    const extra = [...Array(count).fill(null), 'junk', 42];
    expect(execute(spreadsheet, name, extra).error?.message).toBe(
      `INVALID_ARGUMENT: argument ${count + 1} is one too many: ${name} takes ${count} at most`,
    );
    // Nulls there are arguments left out: the function answers.
    expect(execute(spreadsheet, name, [null, null, null]).error).toBeUndefined();
    expect(snapshot(spreadsheet)).toBe(before);
  });
});

describe('on a spreadsheet without a plan', () => {
  test.each(FUNCTIONS.filter(([, , index]) => index === 0).map(([name, args]) => [name, args] as const))(
    '%s fails clearly or works',
    (name, args) => {
      const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
      const before = states(spreadsheet);
      const { error, execution } = execute(spreadsheet, name, [...args]);
      expect(execution.leakedLocks).toEqual([]);
      if (error) {
        expect(error.message).toMatch(ERROR);
        expectNothingWritten(spreadsheet, before, error.message);
      } else {
        // readRange reads without a plan too (and reports the read in the write log).
        expect(['createPlan', 'getHistory', 'readRange']).toContain(name);
      }
    },
  );
});
