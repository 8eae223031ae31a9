/**
 * The status table is the one place a status is described: a status added to a table is read,
 * counted, validated, changed and summarised with no other change. These tests build their own
 * table with a `[?]` question status, so the product's table stays as it is.
 */
import {
  STANDARD_STATUSES,
  STATUS_TABLE,
  StatusTable,
  applyAction,
  countProgress,
  describeProgress,
  outlinePlan,
  parsePlan,
  validatePlan,
  type Progress,
  type StatusDefinition,
} from '../../src/core';
import { summarizePlan } from '../../src/core/format/summary';

const QUESTION: StatusDefinition = {
  status: 'question',
  symbol: '?',
  aliases: [],
  label: 'Question',
  described: 'waiting for an answer',
  annotation: 'review-note',
  noteLabel: 'Question',
  finished: false,
  queue: false,
  headline: false,
  dated: false,
  work: false,
  heldForPerson: false,
  waitingForPerson: true,
  next: 'any',
  rewordable: true,
  forward: 'doing',
  move: { action: 'ask', label: 'Ask', busy: 'Asking about', done: 'asked', prompt: 'What do you want to know?' },
};

const withQuestion = new StatusTable([...STANDARD_STATUSES, QUESTION]);

const PLAN = `# Plan: Thresholds

Goal: Flag the outliers

### Phase 1: Decide
- [x] 1.1 Read Staging!E2:E500 (variances) ✅ 2026-01-10
- [?] 1.2 Pick the threshold — 5% or 10%?
- [ ] 1.3 Flag the rows over it
`;

const person = { byPerson: true, today: '2026-01-11' };
const agent = { byPerson: false, today: '2026-01-11' };
const count = (progress: Progress, status: string) => (progress as Record<string, number>)[status];

describe('a table with a [?] question status added', () => {
  test('reads "- [?]" as a question, with its note', () => {
    const task = parsePlan(PLAN, withQuestion).phases[0].tasks[1];
    expect(task).toMatchObject({ step: '1.2', status: 'question', title: 'Pick the threshold', note: '5% or 10%?' });
  });

  test('counts questions in progress, as unfinished work, and names them in the progress line', () => {
    const progress = parsePlan(PLAN, withQuestion).progress;
    expect(progress).toEqual({ ...countProgress([]), total: 3, todo: 1, done: 1, question: 1, percent: 33 });
    expect(describeProgress(progress, withQuestion)).toBe('1/3 done (33%) · 1 question');
  });

  test('validates "[?]" as a known status, and warns when the question is missing', () => {
    expect(validatePlan(PLAN, withQuestion)).toEqual({ valid: true, errors: [], warnings: [] });
    const report = validatePlan(PLAN.replace(' — 5% or 10%?', ''), withQuestion);
    expect(report.warnings).toEqual([
      {
        code: 'missing-review-note',
        message: 'Step 1.2 is waiting for an answer without a note saying what to check ("— note")',
        line: 7,
      },
    ]);
  });

  test('the product\'s own table is untouched: there "[?]" is still unknown', () => {
    expect(STATUS_TABLE.forSymbol('?')).toBeUndefined();
    expect(validatePlan(PLAN).errors.map((problem) => problem.code)).toEqual(['unknown-status']);
    expect(parsePlan(PLAN).phases[0].tasks[1].status).toBe('todo');
  });

  test('its action "ask" moves a todo task into it, with the question as the note', () => {
    const { document } = applyAction(outlinePlan(PLAN, withQuestion), 'ask', '1.3', 'Which column?', agent);
    expect(document.lines[7]).toBe('- [?] 1.3 Flag the rows over it — Which column?');
  });

  test('"ask" needs the question, and a done task cannot become a question through the API', () => {
    const outline = outlinePlan(PLAN, withQuestion);
    expect(() => applyAction(outline, 'ask', '1.3', undefined, agent)).toThrow(
      'INVALID_ARGUMENT: note must be a single line of text',
    );
    expect(() => applyAction(outline, 'ask', '1.1', 'Really?', agent)).toThrow(
      'INVALID_TRANSITION: Cannot ask task 1.1: it is done, and from there it can become not started, in progress',
    );
  });

  test('an answered question is started like any task: the note goes, the status character changes', () => {
    const { document } = applyAction(outlinePlan(PLAN, withQuestion), 'start', '1.2', undefined, agent);
    expect(document.lines[6]).toBe('- [/] 1.2 Pick the threshold');
  });

  test("a question is not held for a person: the agent may move it on, and it is not a person's decision", () => {
    expect(() => applyAction(outlinePlan(PLAN, withQuestion), 'approve', '1.2', undefined, person)).toThrow(
      'INVALID_TRANSITION: Task 1.2 is waiting for an answer, not waiting for review',
    );
  });

  test('the compact summary shows the question in full, as a task that needs attention', () => {
    const summary = summarizePlan(parsePlan(PLAN, withQuestion), { statuses: withQuestion, nextCount: 0 });
    expect(summary.split('\n')).toEqual([
      '# Plan: Thresholds',
      'Goal: Flag the outliers',
      'Progress: 1/3 done (33%) · 1 question',
      '### Phase 1: Decide (1/3 finished)',
      '- [?] 1.2 Pick the threshold — 5% or 10%?',
      '  (1 more todo)',
    ]);
  });

  test('progress has a count for every status of the table, and only those', () => {
    const keys = Object.keys(countProgress([{ status: 'todo' }], withQuestion));
    expect(keys).toEqual(['total', 'todo', 'doing', 'done', 'blocked', 'review', 'skipped', 'question', 'percent']);
    expect(count(countProgress([], withQuestion), 'question')).toBe(0);
  });
});

describe('a table that cannot work is refused when it is built', () => {
  const todo = STANDARD_STATUSES[0];

  test('two statuses with one symbol', () => {
    expect(() => new StatusTable([...STANDARD_STATUSES, { ...QUESTION, symbol: 'x' }])).toThrow(
      'Status symbol "[x]" is used twice',
    );
  });

  test('a second queue, or none', () => {
    expect(() => new StatusTable([...STANDARD_STATUSES, { ...QUESTION, queue: true }])).toThrow(
      'Exactly one status must be the queue (found 2)',
    );
    expect(() => new StatusTable(STANDARD_STATUSES.filter((definition) => definition !== todo))).toThrow(
      'Exactly one status must be the queue (found 0)',
    );
  });

  test('a move to a status the table does not have', () => {
    expect(() => new StatusTable([...STANDARD_STATUSES, { ...QUESTION, next: ['answered'] }])).toThrow(
      'Unknown task status "answered"',
    );
  });

  test('a name that progress already uses', () => {
    expect(() => new StatusTable([...STANDARD_STATUSES, { ...QUESTION, status: 'total' }])).toThrow(
      'Status "total" is listed twice or is a reserved name',
    );
  });

  test('an action name that is taken', () => {
    const table = new StatusTable([...STANDARD_STATUSES, { ...QUESTION, move: { ...QUESTION.move, action: 'note' } }]);
    expect(() => applyAction(outlinePlan(PLAN, table), 'start', '1.3', undefined, agent)).toThrow(
      'A status\'s action is named "note", which is taken',
    );
  });
});
