/**
 * Every API function against every kind of bad input: each case ends in a clear error (a stable
 * code, then a message) with the spreadsheet byte for byte unchanged, or in a correct result.
 */
import { AGENT_FUNCTION_NAMES, apiFunction } from '../../src/core/api-functions';
import { PLAN_ERROR_CODES } from '../../src/core/errors';
import { parsePlan } from '../../src/core';
import { execute, openedSheet, PLAN, plan, sheetWithPlan, snapshot } from './harness';

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
const REFUSAL_CODES = Object.keys(PLAN_ERROR_CODES).filter((code) => code !== 'SERVICE_ERROR');
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

/** [function, valid arguments, index of the argument to spoil] */
const FUNCTIONS: Array<[string, unknown[], number]> = [
  ['startTask', ['1.1'], 0],
  ['completeTask', ['1.2'], 0],
  ['reopenTask', ['1.2'], 0],
  ['advanceTask', ['1.2'], 0],
  ['blockTask', ['1.1', 'waiting'], 0],
  ['blockTask', ['1.1', 'waiting'], 1],
  ['reviewTask', ['1.2', 'check it'], 0],
  ['reviewTask', ['1.2', 'check it'], 1],
  ['skipTask', ['2.1', 'not needed'], 0],
  ['skipTask', ['2.1', 'not needed'], 1],
  ['setTaskNote', ['1.1', 'a note'], 0],
  ['setTaskNote', ['1.1', 'a note'], 1],
  ['createPlan', ['Title', 'Goal', [{ name: 'P', steps: ['S'] }]], 0],
  ['createPlan', ['Title', 'Goal', [{ name: 'P', steps: ['S'] }]], 1],
  ['createPlan', ['Title', 'Goal', [{ name: 'P', steps: ['S'] }]], 2],
  ['applyCommands', [[{ action: 'start', step: '1.1' }]], 0],
  ['replacePlan', [PLAN_TEXT.replace('Keep me.', 'Changed.'), 1], 0],
  ['replacePlan', [PLAN_TEXT.replace('Keep me.', 'Changed.'), 1], 1],
  ['getHistory', [5], 0],
  ['restoreRevision', [1], 0],
  ['addTask', [1, 'New task'], 0],
  ['addTask', [1, 'New task'], 1],
  ['addPhase', ['Wrap up', ['Tidy']], 0],
  ['addPhase', ['Wrap up', ['Tidy']], 1],
  ['renameTask', ['1.1', 'Renamed'], 0],
  ['renameTask', ['1.1', 'Renamed'], 1],
  ['moveTask', ['2.1', '1.1'], 0],
  ['moveTask', ['2.1', '1.1'], 1],
  ['removeTask', ['2.1'], 0],
  ['finishPlan', ['All done'], 0],
  ['getArchivedPlan', [1], 0],
  ['readRange', ['Sheet1!A1:B2'], 0],
  ['writeRange', ['Sheet1!A1', [['x']], '1.2'], 0],
  ['writeRange', ['Sheet1!A1', [['x']], '1.2'], 1],
  ['writeRange', ['Sheet1!A1', [['x']], '1.2'], 2],
];

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

/** setTaskNote(step, null|'') clears the note: a correct result, not an error. */
const CLEARS_NOTE = new Set(['null', 'missing', 'empty text']);

describe.each(FUNCTIONS)('%s with argument %#', (name, validArgs, index) => {
  test.each(BAD_VALUES)('given %s', (kind, value, expected) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const args = [...validArgs];
    args[index] = value;
    const { error, execution } = execute(spreadsheet, name, args);
    expect(execution.leakedLocks).toEqual([]);
    if (error) {
      expect(error.message).toMatch(ERROR);
      expect(snapshot(spreadsheet)).toBe(before);
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

describe('functions without required arguments ignore extra ones and still answer, writing nothing', () => {
  test.each([...READS_WITHOUT_REQUIRED_ARGUMENTS, 'initPlan'])('%s', (name) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, name, [null, 'junk', 42]);
    expect(error).toBeUndefined();
    expect(snapshot(spreadsheet)).toBe(before);
  });
});

describe('on a spreadsheet without a plan', () => {
  test.each(FUNCTIONS.filter(([, , index]) => index === 0).map(([name, args]) => [name, args] as const))(
    '%s fails clearly or works',
    (name, args) => {
      const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
      const before = snapshot(spreadsheet);
      const { error, execution } = execute(spreadsheet, name, [...args]);
      expect(execution.leakedLocks).toEqual([]);
      if (error) {
        expect(error.message).toMatch(ERROR);
        expect(snapshot(spreadsheet)).toBe(before);
      } else {
        // readRange reads without a plan too (and reports the read in the write log).
        expect(['createPlan', 'getHistory', 'readRange']).toContain(name);
      }
    },
  );
});
