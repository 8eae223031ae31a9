/**
 * The one argument rule set: the descriptor's schemas as JSON (src/core/argument-table.ts), checked by
 * src/core/argument-check.ts before an agent function runs.
 */
import { AGENT_FUNCTION_NAMES, apiFunction } from '../../src/core/api-functions';
import { argumentsProblem } from '../../src/core/argument-check';
import { argumentTable } from '../../src/core/argument-table';

const TABLE = argumentTable();
const problemOf = (name: string, args: unknown[]) => argumentsProblem(TABLE[name], args);

test('every agent function has the rules of its descriptor arguments, in order', () => {
  for (const name of AGENT_FUNCTION_NAMES) {
    expect(TABLE[name].map((rule) => rule.name)).toEqual(apiFunction(name).args.map((arg) => arg.name));
  }
});

test('a step sent as a number is refused, saying numbers lose trailing zeros', () => {
  expect(problemOf('startTask', [1.1])).toBe(
    'step must be text like "1.2", not the number 1.1 (numbers lose trailing zeros: 1.10 becomes 1.1)',
  );
  expect(problemOf('startTask', ['one'])).toBe('step must be a step number like "1.2" or "2.1.3" (got "one")');
  expect(problemOf('startTask', [' 1.2 '])).toBeNull();
});

test('a missing argument is named with what is allowed', () => {
  expect(problemOf('blockTask', ['1.1'])).toBe('reason must be a single line of text (got nothing)');
  expect(problemOf('getHistory', ['ten'])).toBe('limit must be a whole number from 1 to 100 (got "ten")');
  expect(problemOf('getHistory', [0])).toBe('limit must be a whole number from 1 to 100 (got the number 0)');
});

test('null stands for a left-out optional argument, as scripts.run sends it', () => {
  expect(problemOf('getHistory', [null])).toBeNull();
  expect(problemOf('getPlan', [null])).toBeNull();
  expect(problemOf('startTask', [null])).toBe('step must be a step number like "1.2" or "2.1.3" (got null)');
});

test('an unknown key of a closed object is refused by name, saying where it goes', () => {
  const phases = [{ name: 'P', steps: ['S'] }];
  expect(problemOf('createPlan', ['T', 'G', phases, { spreadsheet: 'Sales' }])).toBe(
    'details.spreadsheet is not a field of details; it goes in details.analysis.spreadsheet',
  );
  expect(problemOf('createPlan', ['T', 'G', phases, { analysis: { notes: 'x' } }])).toBe(
    'details.analysis.notes is not a field of details.analysis; it goes in details.notes',
  );
  expect(problemOf('getPlan', [{ veiw: 'compact' }])).toBe(
    'options.veiw is not a field of options; options takes view, nextCount, agent',
  );
});

test('what agents naturally send is accepted where the descriptor says so', () => {
  expect(problemOf('addTask', ['2', 'New'])).toBeNull();
  expect(problemOf('addTask', [2, 'New'])).toBeNull();
  expect(problemOf('addTask', ['two', 'New'])).toBe('phase must be a phase number like 2 (got "two")');
  expect(problemOf('getPlan', [{ view: 'full' }])).toBeNull();
  expect(problemOf('moveTask', ['2.1', 0])).toBeNull();
});

test('lists and nested items are checked with their place', () => {
  expect(problemOf('applyCommands', [[]])).toBe('commands must be a non-empty list (got an empty list)');
  expect(problemOf('applyCommands', [[{ action: 'fly' }]])).toMatch(
    /^commands\[0\]\.action must be one of "start", "complete", /,
  );
  expect(problemOf('createPlan', ['T', 'G', [{ name: 'P', steps: [3] }]])).toBe(
    'phases[0].steps[0] must be a single line of text (got the number 3)',
  );
});
