/**
 * Only a person approves, on every path: no function an agent can call through scripts.run changes what waits for a
 * person — a task in review, the answers to questions — whether through the task functions or by writing the whole
 * document (replacePlan, createPlan, restoreRevision, initPlan). A refusal is NEEDS_PERSON and writes nothing. A person
 * in the sidebar may make every one of those changes.
 */
import { API_FUNCTIONS, type ApiFunctionSpec } from '../../src/core/api/api-functions';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  call,
  execute,
  openSidebar,
  personEdits,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  refusedWrites,
  snapshot,
  snapshotBesideTheLog,
} from './harness';

const REVIEW_LINE = '- [!] 1.2 Check totals in Summary!B2:B9 — do they match the bank?';
const ANSWER_LINE = '  - Answer: March';
const HELD = plan(
  '# Plan: Approvals',
  '',
  'Goal: Only a person decides',
  '',
  '## Questions for User',
  '',
  '- Which month?',
  ANSWER_LINE,
  '- Include returns?',
  '',
  '### Phase 1: Work',
  '- [x] 1.1 Read Ledger!A2:F900 (entries) ✅ 2026-01-02',
  REVIEW_LINE,
  '- [ ] 1.3 Write Report!A1:D20 (summary)',
  '',
);
/** The same plan before the agent asked for the review and before the person answered. */
const BEFORE_REVIEW = HELD.replace(REVIEW_LINE, '- [ ] 1.2 Check totals in Summary!B2:B9').replace(
  `${ANSWER_LINE}\n`,
  '',
);

/**
 * What the person holds in a plan, read from its lines (not through the code under test): the review item's status and
 * title (its step may be renumbered by re-planning; what to check, after the dash, is the agent's to reword), and the
 * answers.
 */
function personHeld(text: string): { review: boolean; answers: string[] } {
  return {
    review: /^- \[!\] \d+(\.\d+)+ Check totals in Summary!B2:B9( — .*)?$/m.test(text),
    answers: text.split('\n').filter((line) => /^\s+- Answer:/.test(line)),
  };
}

/** The held plan, with BEFORE_REVIEW in the history (the person typed the held plan over it). */
function heldPlanWithHistory(): EmulatedSpreadsheet {
  const spreadsheet = sheetWithSavedPlan(BEFORE_REVIEW);
  personEdits(spreadsheet, PLAN, HELD);
  return spreadsheet;
}

function stampOf(spreadsheet: EmulatedSpreadsheet): string {
  return call(spreadsheet, 'getPlan').stamp;
}

function expectNeedsPerson(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], names: RegExp) {
  const before = snapshot(spreadsheet);
  const { error, execution } = execute(spreadsheet, name, args);
  expect(error?.message).toMatch(/^NEEDS_PERSON: Only a person may change what waits for them: /);
  expect(error?.message).toMatch(names);
  expect(error?.message).toMatch(/Nothing was written/);
  expect(snapshot(spreadsheet)).toBe(before);
  expect(execution.leakedLocks).toEqual([]);
}

describe('replacePlan by an agent', () => {
  test.each([
    ['approving the review item itself', REVIEW_LINE, '- [ ] 1.2 Check totals in Summary!B2:B9 — approved: looks fine'],
    ['marking the review item done', REVIEW_LINE, '- [x] 1.2 Check totals in Summary!B2:B9 ✅ 2026-01-03'],
    ['deleting the review item', `${REVIEW_LINE}\n`, ''],
    ['rewording the review item', REVIEW_LINE, '- [!] 1.2 Check nothing — do they match the bank?'],
    ['answering a question for the person', '- Include returns?', '- Include returns?\n  - Answer: Yes'],
    ['rewriting the answer', ANSWER_LINE, '  - Answer: April'],
    ['removing the answer under its question', `${ANSWER_LINE}\n`, ''],
    [
      'a copy of the review item put in its place, the item itself marked done (an adversarial review found it)',
      `${REVIEW_LINE}\n- [ ] 1.3 Write`,
      `${REVIEW_LINE}\n- [x] 1.3 Check totals in Summary!B2:B9 ✅ 2026-01-03\n- [ ] 1.4 Write`,
    ],
  ])('%s is refused', (_change, from, to) => {
    const spreadsheet = sheetWithPlan(HELD);
    const edited = HELD.replace(from, to);
    expect(edited).not.toBe(HELD);
    expectNeedsPerson(spreadsheet, 'replacePlan', [edited, stampOf(spreadsheet)], /task "Check totals|answer/);
  });

  test('the refusal names every item it would change', () => {
    const spreadsheet = sheetWithPlan(HELD);
    const edited = HELD.replace(REVIEW_LINE, '- [x] 1.2 Check totals in Summary!B2:B9').replace(
      ANSWER_LINE,
      '  - Answer: April',
    );
    expectNeedsPerson(
      spreadsheet,
      'replacePlan',
      [edited, stampOf(spreadsheet)],
      /task "Check totals in Summary!B2:B9" \(waiting for review\) would be taken out of review; the answer "March" to "Which month\?" would be changed/,
    );
  });

  test.each([
    ['asking for a review', '- [ ] 1.3 Write Report!A1:D20 (summary)', '- [!] 1.3 Write Report!A1:D20 (summary) — ok?'],
    ['dropping an answered question with its answer', `- Which month?\n${ANSWER_LINE}\n`, ''],
    ['adding a question', '- Include returns?', '- Include returns?\n- Which currency?'],
  ])('%s is allowed, and the plan it replaced is kept', (_change, from, to) => {
    const spreadsheet = sheetWithPlan(HELD);
    const edited = HELD.replace(from, to);
    call(spreadsheet, 'replacePlan', edited, stampOf(spreadsheet));
    expect(planText(spreadsheet)).toBe(edited);
    expect(call(spreadsheet, 'getHistory', 1)[0].text).toBe(HELD);
  });
});

test("re-planning may add a fresh task of a review item's title after it: next month's check, a new phase", () => {
  const spreadsheet = sheetWithPlan(HELD);
  const title = 'Check totals in Summary!B2:B9';
  expect(call(spreadsheet, 'addTask', 1, title)).toMatchObject({ step: '1.4', status: 'todo', title });
  expect(call(spreadsheet, 'addPhase', 'March', [title, 'Write the March report'])).toMatchObject({
    phase: 2,
    name: 'March',
  });
  expect(planText(spreadsheet)).toContain(REVIEW_LINE);
  // Put before the item, it would take the item's place among tasks so titled: refused, in those words.
  expectNeedsPerson(spreadsheet, 'addTask', [1, title, { after: '1.1' }], /would get a twin/);
});

describe('the other whole-document paths of an agent', () => {
  test('createPlan while a task waits for review is refused', () => {
    expectNeedsPerson(
      sheetWithPlan(HELD),
      'createPlan',
      ['Something else', 'Start over', [{ name: 'W', steps: ['One'] }]],
      /task "Check totals in Summary!B2:B9"/,
    );
  });

  test('createPlan over answered questions, once nothing waits for review, starts afresh (the old one kept)', () => {
    const decided = HELD.replace(REVIEW_LINE, '- [ ] 1.2 Check totals in Summary!B2:B9 — approved');
    const spreadsheet = sheetWithPlan(decided);
    call(spreadsheet, 'createPlan', 'Something else', 'Start over', [{ name: 'W', steps: ['One'] }]);
    expect(call(spreadsheet, 'getHistory', 1)[0].text).toBe(decided);
  });

  test('restoreRevision to a version from before the review is refused', () => {
    const spreadsheet = heldPlanWithHistory();
    const [earlier] = call(spreadsheet, 'getHistory', 1);
    expect(earlier.text).toBe(BEFORE_REVIEW);
    expectNeedsPerson(spreadsheet, 'restoreRevision', [earlier.revision], /task "Check totals.*the answer "March"/);
  });

  test('initPlan over a plan typed without the marker keeps its review item and answers as they are', () => {
    const spreadsheet = sheetWithPlan(HELD, { marker: null });
    expect(call(spreadsheet, 'initPlan')).toMatchObject({ title: 'Approvals' });
    expect(planText(spreadsheet)).toBe(HELD);
  });
});

describe('a person in the sidebar', () => {
  test('may change all of it: answer, re-answer, take a task out of review, restore an earlier version', () => {
    const spreadsheet = heldPlanWithHistory();
    const token = openSidebar(spreadsheet);
    const edited = HELD.replace(REVIEW_LINE, '- [x] 1.2 Checked').replace(ANSWER_LINE, '  - Answer: April');
    const { result, error } = execute(spreadsheet, 'sidebarReplacePlan', [token, edited, 0, stampOf(spreadsheet)], {
      context: 'ui',
    });
    expect(error).toBeUndefined();
    expect((result as { markdown: string }).markdown).toBe(edited);
    const earlier = call(spreadsheet, 'getHistory', 10).find((entry: { text: string }) => entry.text === BEFORE_REVIEW);
    expect(execute(spreadsheet, 'sidebarRestore', [token, earlier.revision], { context: 'ui' }).error).toBeUndefined();
    expect(planText(spreadsheet)).toBe(BEFORE_REVIEW);
  });
});

/**
 * Every function an agent can call, from the API descriptor, with what it might try against what the person holds.
 * A new agent function fails the first test until it is listed here with its attempts.
 */
const AGENT_ATTEMPTS: Record<string, Array<(spreadsheet: EmulatedSpreadsheet) => unknown[]>> = {
  getPlan: [() => [], () => [{ view: 'compact' }]],
  getNextTask: [() => []],
  getReviewTasks: [() => []],
  getProgress: [() => []],
  validatePlan: [() => []],
  getHistory: [() => [10]],
  initPlan: [() => []],
  startTask: [() => ['1.2']],
  completeTask: [() => ['1.2']],
  advanceTask: [() => ['1.2'], () => ['1.1']],
  blockTask: [() => ['1.2', 'waiting']],
  reviewTask: [() => ['1.2', 'reworded request'], () => ['1.3', 'a new request']],
  skipTask: [() => ['1.2', 'not needed']],
  reopenTask: [() => ['1.2']],
  setTaskNote: [() => ['1.2', 'approved: yes'], () => ['1.2', null]],
  startNextTask: [() => []],
  applyCommands: [
    () => [[{ action: 'complete', step: '1.2' }]],
    () => [[{ action: 'approve', step: '1.2' }]],
    () => [[{ action: 'note', step: '1.2', text: 'approved' }]],
  ],
  createPlan: [() => ['New', 'Goal', [{ name: 'W', steps: ['One'] }], { questions: ['Which month?'] }]],
  replacePlan: [
    (spreadsheet) => [HELD.replace(REVIEW_LINE, '- [ ] 1.2 Check totals in Summary!B2:B9'), stampOf(spreadsheet)],
    (spreadsheet) => [HELD.replace('- Include returns?', '- Include returns?\n  - Answer: No'), stampOf(spreadsheet)],
  ],
  restoreRevision: [(spreadsheet) => [call(spreadsheet, 'getHistory', 1)[0].revision]],
  adoptFormat: [() => []],
  addTask: [() => [1, 'Another check', { after: '1.1' }], () => [1, 'Under review', { under: '1.2' }]],
  addPhase: [() => ['Later', ['Archive the report']], () => ['First', ['Prepare'], 0]],
  renameTask: [() => ['1.2', 'Check nothing']],
  moveTask: [() => ['1.2', '1.3'], () => ['1.3', '1.1']],
  removeTask: [() => ['1.2']],
  finishPlan: [() => ['All done']],
  listPlans: [() => []],
  getArchivedPlan: [() => [1]],
  listSheets: [() => []],
  readRange: [() => ['Sheet1!A1:B2'], () => [PLAN]],
  getWriteLog: [() => [10]],
  // The plan's own cell is never a sheet-work target; another sheet's cells are not what the person holds.
  writeRange: [
    () => [PLAN, [['- [ ] 1.2 Check totals in Summary!B2:B9 — approved']], '1.3'],
    () => ['Sheet1!A1', [['x']], '1.3'],
  ],
};

const agentFunctions = Object.entries(API_FUNCTIONS as Record<string, ApiFunctionSpec>)
  .filter(([, spec]) => spec.callers.includes('agent'))
  .map(([name]) => name);

test('every function an agent can call is listed here with what it might try', () => {
  expect(agentFunctions.length).toBeGreaterThan(15);
  expect(Object.keys(AGENT_ATTEMPTS).sort()).toEqual([...agentFunctions].sort());
});

describe.each(agentFunctions)('%s, called by an agent', (name) => {
  test.each((AGENT_ATTEMPTS[name] ?? []).map((attempt, i) => [i + 1, attempt] as const))(
    'attempt %i leaves the review item and the answers to the person',
    (_i, attempt) => {
      const spreadsheet = heldPlanWithHistory();
      // A writeRange the sheet rules refuse is noted in the write log, and changes nothing else.
      const state = name === 'writeRange' ? snapshotBesideTheLog : snapshot;
      const before = state(spreadsheet);
      const { error } = execute(spreadsheet, name, attempt(spreadsheet));
      expect(personHeld(planText(spreadsheet))).toEqual({ review: true, answers: [ANSWER_LINE] });
      if (error) expect(state(spreadsheet)).toBe(before);
      if (error && name === 'writeRange') {
        expect(refusedWrites(spreadsheet)).toEqual([expect.objectContaining({ code: error.message.split(':')[0] })]);
      }
    },
  );
});
