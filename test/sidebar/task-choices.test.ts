/**
 * The buttons the sidebar offers on a task, read from the status table and the action rules: the
 * step forward first and filled, every other status a person may move the task to, a note, and on
 * a review item only the person's decision.
 */
import { STANDARD_STATUSES, StatusTable, parsePlan, type StatusDefinition } from '../../src/core';
import { actionWords, taskChoices } from '../../sidebar/src/task-choices';

const PLAN = `# Plan: Choices

Goal: Offer the right buttons

### Phase 1: Work
- [ ] 1.1 Todo
- [/] 1.2 Doing
- [x] 1.3 Done ✅ 2026-01-10
- [>] 1.4 Blocked — no access to Sales
- [!] 1.5 Review — check the totals
- [-] 1.6 Skipped — not needed
- [ ] 1.7 Todo with a note — approved: go on
`;

const task = (step: string, statuses?: StatusTable) =>
  parsePlan(PLAN, statuses).phases[0].tasks.find((candidate) => candidate.step === step)!;

/** Each choice as its button reads: `*Start` for the primary one, `Block…` for one that asks for text. */
const buttons = (step: string, statuses?: StatusTable) =>
  taskChoices(task(step, statuses), statuses).map(
    (choice) => `${choice.primary ? '*' : ''}${choice.label}${choice.text ? '…' : ''}`,
  );

test.each([
  ['1.1', ['*Start', 'Complete', 'Block…', 'Ask for review…', 'Skip…', 'Add note…']],
  ['1.2', ['*Complete', 'Block…', 'Ask for review…', 'Skip…', 'Back to todo', 'Add note…']],
  ['1.3', ['Start', 'Block…', 'Ask for review…', 'Skip…', 'Reopen', 'Add note…']],
  ['1.4', ['*Resume', 'Complete', 'Change reason…', 'Ask for review…', 'Skip…', 'Reopen', 'Edit note…']],
  ['1.5', ['*Approve…', 'Request changes…']],
  ['1.6', ['Start', 'Complete', 'Block…', 'Ask for review…', 'Change reason…', 'Reopen', 'Edit note…']],
  ['1.7', ['*Start', 'Complete', 'Block…', 'Ask for review…', 'Skip…', 'Edit note…']],
])('task %s offers %j', (step, expected) => {
  expect(buttons(step)).toEqual(expected);
});

test('a form that re-words a reason or edits a note starts from the text there; a new reason starts empty', () => {
  const choices = taskChoices(task('1.4'));
  expect(choices.find((choice) => choice.action === 'block')?.text).toEqual({
    label: 'Why is it blocked?',
    required: true,
    initial: 'no access to Sales',
  });
  expect(choices.find((choice) => choice.action === 'skip')?.text).toEqual({
    label: 'Why skip it?',
    required: true,
    initial: undefined,
  });
  expect(taskChoices(task('1.5')).map((choice) => choice.text)).toEqual([
    { label: 'Comment (optional)', required: false, initial: undefined },
    { label: 'What needs to change?', required: true, initial: undefined },
  ]);
});

test("the status line's words come from the action rules", () => {
  expect(actionWords('review')).toEqual({ busy: 'Asking for review of', done: 'sent for review' });
  expect(actionWords('requestChanges')).toEqual({ busy: 'Requesting changes to', done: 'sent back with your comment' });
});

test('a status added to the table gets its button, and its own choices, with no other change', () => {
  const question: StatusDefinition = {
    ...STANDARD_STATUSES[3], // like blocked: a reason-like note, any move out
    status: 'question',
    symbol: '?',
    label: 'Question',
    described: 'waiting for an answer',
    annotation: 'review-note',
    specField: undefined,
    move: { action: 'ask', label: 'Ask a question', busy: 'Asking about', done: 'asked', prompt: 'Your question' },
  };
  const statuses = new StatusTable([...STANDARD_STATUSES, question]);
  expect(buttons('1.1', statuses)).toEqual([
    '*Start',
    'Complete',
    'Block…',
    'Ask for review…',
    'Skip…',
    'Ask a question…',
    'Add note…',
  ]);
  const asked = parsePlan(PLAN.replace('- [>] 1.4', '- [?] 1.4'), statuses).phases[0].tasks[3];
  expect(taskChoices(asked, statuses).map((choice) => choice.label)).toEqual([
    'Start',
    'Complete',
    'Block',
    'Ask for review',
    'Skip',
    'Change note',
    'Reopen',
    'Edit note',
  ]);
});
