/**
 * A plan a person typed (into the cell, or whole in the sidebar's editor) outlives agents' changes: the history keeps
 * it as the person's, and trims agents' versions first. Neither an agent's change that leaves the text as it is, nor
 * the person's own next edit, may make it count as an agent's: else twenty-five re-plans push it out for good.
 */
import { HISTORY_LIMIT } from '../../src/apps-script/history-sheet';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { runOnEdit } from '../../src/node/emulator/load-bundle';
import { applyPersonEdit } from '../../src/node/emulator/person-edits';
import {
  DIST,
  PLAN,
  call,
  callAsPerson,
  openSidebar,
  personDoes,
  personEdits,
  planText,
  sheetWithSavedPlan,
} from './harness';
import { QUARTERLY_CLOSE } from './quarterly-close';
import { at, connectAgent, deployed, tool } from './web-agents';

const ORIGINAL = QUARTERLY_CLOSE;
const NOTE = "- Column F is the auditor's; never overwrite it (Ana)";
const TYPED = `${ORIGINAL}\n## Notes\n\n${NOTE}\n`;
/** Started and put back: a batch that leaves the text as it was. */
const START_AND_REOPEN = [
  { action: 'start', step: '1.1' },
  { action: 'reopen', step: '1.1' },
];

const historyTexts = (spreadsheet: EmulatedSpreadsheet): string[] =>
  call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => entry.text);

/** An agent drops the person's note, then re-plans as many times as the history keeps agents' versions. */
function dropTheNoteAndReplan(spreadsheet: EmulatedSpreadsheet): void {
  call(spreadsheet, 'replacePlan', planText(spreadsheet).replace(NOTE, ''), call(spreadsheet, 'getPlan').revision);
  for (let take = 1; take <= HISTORY_LIMIT; take++) {
    const goal = planText(spreadsheet).replace(/^Goal: .*$/m, `Goal: take ${take}`);
    call(spreadsheet, 'replacePlan', goal, call(spreadsheet, 'getPlan').revision);
  }
}

test('the note typed in the cell outlives the re-plans', () => {
  const spreadsheet = sheetWithSavedPlan(ORIGINAL);
  personEdits(spreadsheet, PLAN, TYPED);
  dropTheNoteAndReplan(spreadsheet);
  expect(historyTexts(spreadsheet)).toContain(TYPED);
});

describe('an agent batch that changes nothing leaves the typed text the person’s', () => {
  test('typed in the cell, then apply_commands [start, reopen] through scripts.run', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, TYPED);
    call(spreadsheet, 'applyCommands', START_AND_REOPEN);
    expect(planText(spreadsheet)).toBe(TYPED);
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test('typed in the cell, then the same batch from an MCP client with a key', () => {
    const { spreadsheet, token } = deployed(sheetWithSavedPlan(ORIGINAL));
    const key = connectAgent(spreadsheet, token, 'Clumsy');
    personEdits(spreadsheet, PLAN, TYPED);
    tool(spreadsheet, key, 'apply_commands', { commands: START_AND_REOPEN }, at(1));
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test("saved whole in the sidebar's editor, then the same batch", () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    const token = openSidebar(spreadsheet);
    const { revision } = callAsPerson(spreadsheet, token, 'sidebarLoad');
    callAsPerson(spreadsheet, token, 'sidebarReplacePlan', TYPED, revision, null);
    call(spreadsheet, 'applyCommands', START_AND_REOPEN);
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });
});

describe("the person's own next edit keeps the text it replaces as the person's", () => {
  test('typed once, then typed again: the first outlives the re-plans', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    const first = `${ORIGINAL}\n## Notes\n\n- first thought: column G is mine\n`;
    personEdits(spreadsheet, PLAN, first);
    personEdits(spreadsheet, PLAN, TYPED);
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toContain(first);
  });

  test('typed, then deleted by mistake: an agent’s new plan and its re-plans do not push it out', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, TYPED);
    personDoes(spreadsheet, { kind: 'delete', range: PLAN });
    call(spreadsheet, 'createPlan', 'New', 'Start again', [{ name: 'Work', steps: ['One'] }]);
    for (let take = 1; take <= HISTORY_LIMIT + 1; take++) {
      const goal = planText(spreadsheet).replace(/^Goal: .*$/m, `Goal: take ${take}`);
      call(spreadsheet, 'replacePlan', goal, call(spreadsheet, 'getPlan').revision);
    }
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });
});

/**
 * Sheets stores a person's typing at once and runs its onEdit trigger after: `typeNow` types, and answers the trigger
 * to run later (or never: a busy lock, the trigger's time limit).
 */
function typeNow(spreadsheet: EmulatedSpreadsheet, text: string): () => void {
  const edit = applyPersonEdit(spreadsheet, { kind: 'type', cell: PLAN, text });
  return () => {
    const outcome = runOnEdit(spreadsheet, DIST, edit.range, edit.values);
    if ('error' in outcome) throw new Error(outcome.error.message);
  };
}

describe('an agent change that lands between the person’s typing and its onEdit', () => {
  const first = `${ORIGINAL}\n## Notes\n\n- first thought: column G is mine\n`;

  test('a batch that changes nothing leaves the typed text the person’s', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    const onEdit = typeNow(spreadsheet, TYPED);
    call(spreadsheet, 'applyCommands', START_AND_REOPEN);
    onEdit();
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test('the text the person typed before, which only Sheet Plan’s copy held, is kept as theirs', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, first);
    const onEdit = typeNow(spreadsheet, TYPED);
    call(spreadsheet, 'startTask', '1.1');
    onEdit();
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toEqual(expect.arrayContaining([first, TYPED]));
  });

  test('kept once, so that each kept version has a number of its own, which restores it', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, first);
    const onEdit = typeNow(spreadsheet, TYPED);
    call(spreadsheet, 'startTask', '1.1');
    onEdit();
    call(
      spreadsheet,
      'replacePlan',
      planText(spreadsheet).replace(/^Goal: .*$/m, 'Goal: x'),
      call(spreadsheet, 'getPlan').revision,
    );
    const history: Array<{ revision: number; text: string }> = call(spreadsheet, 'getHistory', 100);
    const numbers = history.map((entry) => entry.revision);
    expect(new Set(numbers).size).toBe(numbers.length);
    const typed = history.filter((entry) => entry.text === TYPED);
    expect(typed).toHaveLength(1);
    callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarRestore', typed[0].revision);
    expect(planText(spreadsheet)).toBe(TYPED);
  });

  test('and so is it when the onEdit never runs', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, first);
    typeNow(spreadsheet, TYPED);
    dropTheNoteAndReplan(spreadsheet);
    expect(historyTexts(spreadsheet)).toEqual(expect.arrayContaining([first, TYPED]));
  });
});

test('typing whose onEdit never ran is kept as the person’s by their next edit (Sheets gives it as oldValue)', () => {
  const spreadsheet = sheetWithSavedPlan(ORIGINAL);
  typeNow(spreadsheet, TYPED);
  personEdits(spreadsheet, PLAN, `${TYPED}- second thought\n`);
  const kept = call(spreadsheet, 'getHistory', 100).find((entry: { text: string }) => entry.text === TYPED);
  expect(kept).toMatchObject({ reason: expect.stringContaining('typed by a person') });
  dropTheNoteAndReplan(spreadsheet);
  expect(historyTexts(spreadsheet)).toContain(TYPED);
});

const replan = (spreadsheet: EmulatedSpreadsheet, goal: string) =>
  call(
    spreadsheet,
    'replacePlan',
    planText(spreadsheet).replace(/^Goal: .*$/m, `Goal: ${goal}`),
    call(spreadsheet, 'getPlan').revision,
  );

/**
 * A late onEdit keeps the person's typing unless the history holds it as theirs already: the same text as an agent's
 * version is not theirs (here the person pastes back the version before the agent's last change, then edits again
 * before the first onEdit ran), and agents' re-plans would push it out.
 */
test("a person's typing equal to an agent's saved version, replaced before its onEdit, is kept as theirs", () => {
  const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
  replan(spreadsheet, 'Close Q3 by the 5th'); // the agent's version the person will want back
  const wanted = planText(spreadsheet);
  replan(spreadsheet, 'Close Q3 whenever'); // the agent's next change, which the person undoes by hand
  expect(historyTexts(spreadsheet)).toContain(wanted); // as the agent's version

  const firstOnEdit = typeNow(spreadsheet, wanted); // pasted back: the person's text now
  const secondOnEdit = typeNow(spreadsheet, `${wanted}\n## Notes\n\n- keep the 5th (Ana)\n`);
  firstOnEdit();
  secondOnEdit();

  // The agent goes on re-planning, as many times as the history keeps agents' versions.
  for (let take = 1; take <= HISTORY_LIMIT; take++) replan(spreadsheet, `take ${take}`);

  expect(historyTexts(spreadsheet)).toContain(wanted);
});

/** However many versions the agent saved before the late onEdit ran, the typing is kept once, with its own number. */
test('kept once even when the agent saved more than five versions before the late onEdit ran', () => {
  const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
  const typed = `${QUARTERLY_CLOSE}\n## Notes\n\n- Column F is the auditor's (Ana)\n`;
  const onEdit = typeNow(spreadsheet, typed);
  for (let take = 1; take <= 6; take++) replan(spreadsheet, `take ${take}`);
  onEdit();
  replan(spreadsheet, 'one more, which keeps the text the onEdit numbered');

  const history: Array<{ revision: number; text: string }> = call(spreadsheet, 'getHistory', 100);
  expect(history.filter((entry) => entry.text === typed)).toHaveLength(1);
  const numbers = history.map((entry) => entry.revision);
  expect(new Set(numbers).size).toBe(numbers.length);
});
