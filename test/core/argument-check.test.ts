/**
 * The one argument rule set: the descriptor's schemas as JSON (src/core/api/argument-table.ts), checked by
 * src/core/api/argument-check.ts before an agent function runs.
 */
import { AGENT_FUNCTION_NAMES, apiFunction } from '../../src/core/api/api-functions';
import { PERSON_FUNCTIONS } from '../../src/core/api/api-person-functions';
import { argumentsProblem } from '../../src/core/api/argument-check';
import { CHECKED_FUNCTION_NAMES, argumentTable } from '../../src/core/api/argument-table';

const TABLE = argumentTable();
const problemOf = (name: string, args: unknown[]) => argumentsProblem(TABLE[name], args);

test('every agent and sidebar function has the rules of its descriptor arguments, in order', () => {
  const sidebar = Object.keys(PERSON_FUNCTIONS).filter((name) => name.startsWith('sidebar'));
  expect(CHECKED_FUNCTION_NAMES).toEqual([...AGENT_FUNCTION_NAMES, ...sidebar]);
  for (const name of CHECKED_FUNCTION_NAMES) {
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

test.each(['toString', 'constructor', 'hasOwnProperty', '__proto__'])(
  'a key named like an object built-in (%s) is an unknown key like any other, at any depth',
  (key) => {
    // JSON.parse makes each an own key, as scripts.run and an MCP body arrive.
    const withKey = (fields: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(fields).replace('"@":', `"${key}":`));
    expect(problemOf('getPlan', [withKey({ view: 'full', '@': 'x' })])).toBe(
      `options.${key} is not a field of options; options takes view, nextCount, agent`,
    );
    expect(problemOf('applyCommands', [[withKey({ action: 'note', step: '1.1', text: 'hi', '@': 'x' })]])).toMatch(
      new RegExp(`^commands\\[0\\]\\.${key} is not a field of commands\\[0\\]`),
    );
  },
);

test('what agents naturally send is accepted where the descriptor says so', () => {
  expect(problemOf('addTask', ['2', 'New'])).toBeNull();
  expect(problemOf('addTask', [2, 'New'])).toBeNull();
  expect(problemOf('addTask', ['two', 'New'])).toBe('phase must be a phase number like 2 (got "two")');
  expect(problemOf('getPlan', [{ view: 'full' }])).toBeNull();
  expect(problemOf('moveTask', ['2.1', 0])).toBeNull();
});

test('lists and nested items are checked with their place', () => {
  expect(problemOf('applyCommands', [[]])).toBe(
    'commands must be a non-empty list of commands like [{ "action": "complete", "step": "1.1" }] (got an empty list)',
  );
  expect(problemOf('applyCommands', [[{ action: 'fly' }]])).toMatch(
    /^commands\[0\]\.action must be one of "start", "complete", /,
  );
  expect(problemOf('createPlan', ['T', 'G', [{ name: 'P', steps: [3] }]])).toBe(
    'phases[0].steps[0] must be a single line of text (got the number 3)',
  );
});

test('a plan needs phases, and each phase steps', () => {
  const phasesRule =
    'phases must be a non-empty list of phases like [{ "name": "Setup", "steps": ["Read Data!A1:C10 (ids)"] }]';
  expect(problemOf('createPlan', ['T', 'G', []])).toBe(`${phasesRule} (got an empty list)`);
  expect(problemOf('createPlan', ['T', 'G', { name: 'Work' }])).toBe(`${phasesRule} (got an object)`);
  expect(problemOf('createPlan', ['T', 'G', [{ name: 'Work', steps: [] }]])).toBe(
    'phases[0].steps must be a non-empty list of task titles like ["Read Data!A1:C10 (ids)"] (got an empty list)',
  );
  expect(problemOf('createPlan', ['T', null, [{ name: 'Work', steps: ['A'] }]])).toBe(
    'goal must be a single line of text (got null)',
  );
  expect(problemOf('addPhase', ['X', []])).toMatch(
    /^steps must be a non-empty list of task titles .*\(got an empty list\)$/,
  );
});

test('commands are a list of at most 200 objects with an agent action, and nothing else', () => {
  expect(problemOf('applyCommands', [[{ action: 'approve', step: '1.4' }]])).toMatch(
    /^commands\[0\]\.action must be one of .*"remove" \(got "approve"\)$/,
  );
  expect(problemOf('applyCommands', [['complete 1.2']])).toMatch(/^commands\[0\] must be an object with action, /);
  expect(problemOf('applyCommands', [{ action: 'complete', step: '1.2' }])).toMatch(
    /^commands must be a non-empty list of commands like .*\(got an object\)$/,
  );
  const many = Array.from({ length: 201 }, () => ({ action: 'start', step: '1.1' }));
  expect(problemOf('applyCommands', [many])).toBe('commands holds 201 items; at most 200 are allowed');
  expect(problemOf('applyCommands', [[{ action: 'add', phase: 1, title: 'New' }]])).toMatch(
    /^commands\[0\]\.title is not a field of commands\[0\]; commands\[0\] takes action, step, text, /,
  );
  expect(problemOf('applyCommands', [[{ action: 'move', step: '1.2', after: 'first' }]])).toBe(
    'commands[0].after must be a step like "2.1" (the task goes right after it) or a phase number like 2 (the task ' +
      'goes first in that phase) (got "first")',
  );
});

test("addTask's options are after, under and waitsFor, each of steps", () => {
  expect(problemOf('addTask', [1, 'X', { before: '1.1' }])).toBe(
    'options.before is not a field of options; options takes after, under, waitsFor',
  );
  expect(problemOf('addTask', [1, 'X', { after: 2 }])).toBe(
    'options.after must be text like "1.2", not the number 2 (numbers lose trailing zeros: 1.10 becomes 1.1)',
  );
  expect(problemOf('moveTask', ['1.1', { step: '1.2' }])).toMatch(
    /^after must be a step like "2\.1" .*\(got an object\)$/,
  );
});

test("a sidebar call's arguments are checked by the same rules, the person token first", () => {
  const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
  expect(problemOf('sidebarTaskAction', [token, 'fly', '1.1'])).toMatch(
    /^action must be one of "start", .*"requestChanges" \(got "fly"\)$/,
  );
  expect(problemOf('sidebarTaskAction', [token, 'approve', 1.1])).toMatch(/^step must be text like "1\.2", not the/);
  expect(problemOf('sidebarTaskAction', [token, 'approve', '1.1', null, { title: 'T' }])).toBe(
    'seen.status is required: seen must be the task as the person saw it, { title, status, note? }',
  );
  // A misnamed field is named, rather than the field it stands for said to be missing.
  expect(problemOf('sidebarTaskAction', [token, 'approve', '1.1', null, { title: 'T', state: 'x' }])).toBe(
    'seen.state is not a field of seen; seen must be the task as the person saw it, { title, status, note? }',
  );
  expect(problemOf('sidebarAnswerQuestion', [token, '1', 'x'])).toBe('number must be a whole number from 1 (got "1")');
  expect(problemOf('sidebarApprovePlan', [token, ''])).toBe(
    'stamp must be the stamp of the plan as read, like "7:2k1-9f3a0c1e" (got "")',
  );
  expect(problemOf('sidebarRestore', [token, -1])).toBe('revision must be a whole number from 0 (got the number -1)');
  expect(problemOf('sidebarAnswerQuestion', [token, 1, 'x', { text: 'Q', extra: 1 }])).toBe(
    'seen.extra is not a field of seen; seen must be the question as the person saw it, { text }',
  );
});

test('replacePlan takes a stamp or a revision number', () => {
  expect(problemOf('replacePlan', ['# Plan', '7:abc'])).toBeNull();
  expect(problemOf('replacePlan', ['# Plan', 7])).toBeNull();
  expect(problemOf('replacePlan', ['# Plan', 'seven'])).toBe(
    'base must be the stamp ("7:2k1-9f3a0c1e") or revision number of the plan you last read (got "seven")',
  );
  expect(problemOf('replacePlan', ['# Plan', -1])).toMatch(/^base must be the stamp .*\(got the number -1\)$/);
  expect(problemOf('getArchivedPlan', [0])).toBe('id must be a plan id from listPlans() (got the number 0)');
});
