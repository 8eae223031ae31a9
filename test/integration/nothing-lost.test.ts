/**
 * Nothing a person or an agent wrote is ever lost: every replacement of the plan — a person typing over the cell, a
 * paste over a range that covers it, Delete, an undo, an edit Sheet Plan never saw — leaves the version before it in
 * the history, through the built bundle with onEdit fired as Sheets fires it (oldValue only for one cell).
 */
import { PLAN_LOCATION, cellA1, cellAddress, cellReference } from '../../src/apps-script/plan-location';
import { HISTORY_LIMIT } from '../../src/apps-script/history-sheet';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  MARKER,
  PLAN,
  PLAN_SHEET,
  REVISION,
  call,
  callAsPerson,
  openSidebar,
  personDoes,
  personEdits,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  withoutClaims,
} from './harness';
import { QUARTERLY_CLOSE } from './quarterly-close';

const ORIGINAL = QUARTERLY_CLOSE;
const TYPED = 'Shopping list: eggs, milk';

/** A plan an agent has just changed through the API: the version a person's edit then replaces. */
function afterAgentChange(): { spreadsheet: EmulatedSpreadsheet; written: string; revision: number } {
  const spreadsheet = sheetWithSavedPlan(ORIGINAL);
  const { revision } = call(spreadsheet, 'completeTask', '1.1');
  return { spreadsheet, written: planText(spreadsheet), revision };
}

function history(spreadsheet: EmulatedSpreadsheet): Array<{ revision: number; text: string; replacedBy: string }> {
  return call(spreadsheet, 'getHistory', 10);
}

/** The plan cell shifted by rows and columns (never above row 1 or left of column A). */
function nearPlan(rows: number, columns: number): string {
  const planCell = cellAddress(PLAN_LOCATION.planCell);
  return cellA1({ row: Math.max(1, planCell.row + rows), column: Math.max(1, planCell.column + columns) });
}

describe('a person replaces the plan in the spreadsheet', () => {
  test('typing over the plan cell keeps the plan the agent last wrote in the history', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    personEdits(spreadsheet, PLAN, TYPED);
    expect(planText(spreadsheet)).toBe(TYPED);
    expect(history(spreadsheet)[0]).toMatchObject({
      revision,
      text: written,
      replacedBy: expect.stringMatching(/cell/),
    });
    expect(call(spreadsheet, 'getPlan')).toMatchObject({ revision: revision + 1, changedBy: 'cell edit' });
  });

  test('a paste over a range covering the plan cell (no oldValue) keeps it, and revisions go on from there', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    const pasted = ORIGINAL.replace('Quarterly close', 'Pasted plan');
    const at = nearPlan(-1, -1);
    const rows = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ];
    const planCell = cellAddress(PLAN_LOCATION.planCell);
    const atCell = cellAddress(at);
    rows[planCell.row - atCell.row][planCell.column - atCell.column] = pasted;
    personDoes(spreadsheet, { kind: 'paste', at: cellReference(at), rows });

    expect(planText(spreadsheet)).toBe(pasted);
    expect(history(spreadsheet)[0]).toMatchObject({ revision, text: written });
    // The paste wrote over the revision record too: the revision still counts on from the last recorded one.
    expect(call(spreadsheet, 'getPlan')).toMatchObject({ title: 'Pasted plan', revision: revision + 1 });
    call(spreadsheet, 'startTask', '1.2');
    expect(spreadsheet.cell(MARKER)).toBe(PLAN_LOCATION.marker);
    expect(JSON.parse(String(spreadsheet.cell(REVISION))).revision).toBe(revision + 2);
  });

  test('Delete on the plan cell keeps the plan, and Restore brings it back', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    personDoes(spreadsheet, { kind: 'delete', range: PLAN });
    expect(call(spreadsheet, 'getPlan')).toBeNull();
    const [kept] = history(spreadsheet);
    expect(kept).toMatchObject({ revision, text: written });
    call(spreadsheet, 'restoreRevision', kept.revision);
    expect(planText(spreadsheet)).toBe(written);
  });

  test('Delete over several cells with the plan cell among them (no oldValue) keeps the plan', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    personDoes(spreadsheet, { kind: 'delete', range: cellReference(`${nearPlan(-1, 0)}:${nearPlan(0, 1)}`) });
    expect(planText(spreadsheet)).toBe('');
    expect(history(spreadsheet)[0]).toMatchObject({ revision, text: written });
  });

  test('an undo (no oldValue) keeps the text it takes away, and the plan before it stays kept', () => {
    const { spreadsheet, written } = afterAgentChange();
    personEdits(spreadsheet, PLAN, TYPED);
    personDoes(spreadsheet, { kind: 'undo' });
    expect(planText(spreadsheet)).toBe(written);
    expect(history(spreadsheet).map((entry) => entry.text)).toEqual([TYPED, written]);
  });

  test('cells pasted back with their own older record (a backup of C2:D2) keep the plan they replace', () => {
    const { spreadsheet, written } = afterAgentChange();
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]];
    personEdits(spreadsheet, PLAN, TYPED);
    personDoes(spreadsheet, { kind: 'paste', at: cellReference(PLAN_LOCATION.planCell), rows: backup });
    expect(planText(spreadsheet)).toBe(written);
    expect(history(spreadsheet)[0]).toMatchObject({ text: TYPED });
    const { revision } = call(spreadsheet, 'getPlan');
    call(spreadsheet, 'startTask', '1.2');
    expect(history(spreadsheet).map((entry) => entry.text)).toContain(TYPED);
    expect(call(spreadsheet, 'getPlan').revision).toBeGreaterThan(revision);
  });

  test('an undo of a paste over the plan and its record keeps the text it takes away', () => {
    const { spreadsheet, written } = afterAgentChange();
    personDoes(spreadsheet, { kind: 'paste', at: cellReference(PLAN_LOCATION.planCell), rows: [[TYPED, '']] });
    personDoes(spreadsheet, { kind: 'undo' });
    expect(planText(spreadsheet)).toBe(written);
    call(spreadsheet, 'startTask', '1.2');
    expect(history(spreadsheet).map((entry) => entry.text)).toContain(TYPED);
  });

  test('where no copy was kept yet (a sheet from before), the oldValue Sheets gives for one cell is kept', () => {
    const spreadsheet = sheetWithPlan(ORIGINAL);
    personEdits(spreadsheet, PLAN, TYPED);
    expect(history(spreadsheet)[0].text).toBe(ORIGINAL);
  });

  test('a person typing into the empty plan cell has nothing to keep, and history stays as it was', () => {
    const spreadsheet = sheetWithPlan('');
    personEdits(spreadsheet, PLAN, ORIGINAL);
    expect(history(spreadsheet)).toEqual([]);
  });

  test('an edit elsewhere on the plan sheet keeps nothing and records nothing', () => {
    const { spreadsheet } = afterAgentChange();
    const record = spreadsheet.cell(REVISION);
    personEdits(spreadsheet, cellReference(nearPlan(3, 0)), 'a note of my own');
    expect(spreadsheet.cell(REVISION)).toBe(record);
    expect(history(spreadsheet)).toEqual([]);
  });

  test(`every replacement is kept, the last ${HISTORY_LIMIT} of them`, () => {
    const { spreadsheet, written } = afterAgentChange();
    for (let i = 1; i <= HISTORY_LIMIT + 3; i++) personEdits(spreadsheet, PLAN, `${TYPED} ${i}`);
    const texts = call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => entry.text);
    expect(texts).toHaveLength(HISTORY_LIMIT);
    expect(texts[0]).toBe(`${TYPED} ${HISTORY_LIMIT + 2}`);
    expect(texts).not.toContain(written); // the oldest went first
  });
});

describe("a person's typing outlives an agent that takes it out", () => {
  test(`a line the person added survives ${HISTORY_LIMIT + 5} whole rewrites by the agent after it`, () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    const note = "- Column F is the auditor's; never overwrite it (Ana)";
    personEdits(spreadsheet, PLAN, `${ORIGINAL}\n## Notes\n\n${note}\n`);
    // The agent's next change is a task's: the version the person wrote is kept, as theirs, before it.
    call(spreadsheet, 'startTask', '1.1');
    expect(history(spreadsheet)[0]).toMatchObject({ replacedBy: 'an agent (api)' });
    const withoutNote = planText(spreadsheet).replace(note, '');
    call(spreadsheet, 'replacePlan', withoutNote, call(spreadsheet, 'getPlan').revision);
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) {
      const text = planText(spreadsheet).replace(/^Goal: .*$/m, `Goal: Close the books, take ${i}`);
      call(spreadsheet, 'replacePlan', text, call(spreadsheet, 'getPlan').revision);
    }
    expect(planText(spreadsheet)).not.toContain(note);
    const texts = call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => entry.text);
    expect(texts.some((text: string) => text.includes(note))).toBe(true);
  });
});

test(`a line saved in the sidebar's editor survives ${HISTORY_LIMIT + 5} rewrites by the agent after it`, () => {
  const spreadsheet = sheetWithSavedPlan(ORIGINAL);
  const token = openSidebar(spreadsheet);
  const note = '- Keep the auditor informed (Ana)';
  const { revision } = callAsPerson(spreadsheet, token, 'sidebarLoad');
  callAsPerson(spreadsheet, token, 'sidebarReplacePlan', `${ORIGINAL}\n## Notes\n\n${note}\n`, revision, null);
  call(spreadsheet, 'startTask', '1.1');
  expect(history(spreadsheet)[0]).toMatchObject({ replacedBy: 'an agent (api)' });
  call(spreadsheet, 'replacePlan', planText(spreadsheet).replace(note, ''), call(spreadsheet, 'getPlan').revision);
  for (let i = 1; i <= HISTORY_LIMIT + 5; i++) {
    const text = planText(spreadsheet).replace(/^Goal: .*$/m, `Goal: Close the books, take ${i}`);
    call(spreadsheet, 'replacePlan', text, call(spreadsheet, 'getPlan').revision);
  }
  const texts = call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => entry.text);
  expect(texts.some((text: string) => text.includes(note))).toBe(true);
});

test("a person's clicks in the sidebar, each followed by an agent's change, keep no copies: they typed nothing", () => {
  const spreadsheet = sheetWithSavedPlan(ORIGINAL);
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'start', '1.1', null);
  call(spreadsheet, 'completeTask', '1.1');
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'start', '1.2', null);
  call(spreadsheet, 'completeTask', '1.2');
  expect(history(spreadsheet)).toEqual([]);
});

describe('a replacement Sheet Plan did not see (no onEdit)', () => {
  test('another script writing the cell: the plan before is listed in the history, then kept by the next write', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    const other = ORIGINAL.replace('Quarterly close', 'Written by another script');
    spreadsheet.setCellText(PLAN, other);
    expect(history(spreadsheet)[0]).toMatchObject({ revision, text: written });
    call(spreadsheet, 'startTask', '1.2');
    const texts = history(spreadsheet).map((entry) => entry.text);
    // The other script's version too: not Sheet Plan's, so maybe a person's, and the agent's change was the next.
    expect(texts).toEqual([other, written]);
  });

  test('the plan sheet deleted: the plan is in the history, and createPlan keeps it', () => {
    const { spreadsheet, written, revision } = afterAgentChange();
    spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_SHEET)!);
    expect(call(spreadsheet, 'getPlan')).toBeNull();
    expect(history(spreadsheet)[0]).toMatchObject({ revision, text: written });
    const created = call(spreadsheet, 'createPlan', 'Fresh start', 'Begin again', [{ name: 'W', steps: ['One'] }]);
    expect(created.revision).toBe(revision + 2); // the deletion counts as a revision, as any change of the cell does
    expect(history(spreadsheet).map((entry) => entry.text)).toEqual([written]);
  });
});

describe('a plan cell formatted as Plain text', () => {
  test('Sheets may keep the apostrophe Sheet Plan writes there; it is never part of the plan', () => {
    const spreadsheet = sheetWithSavedPlan(ORIGINAL);
    spreadsheet.setNumberFormat(PLAN, '@');
    call(spreadsheet, 'startTask', '1.1');
    const started = String(spreadsheet.cell(PLAN)).slice(1);
    expect(withoutClaims(started)).toBe(ORIGINAL.replace('- [ ] 1.1', '- [/] 1.1'));
    // The emulator keeps the apostrophe in a Plain-text cell: the stricter of what Google leaves undocumented.
    expect(spreadsheet.cell(PLAN)).toBe(`'${started}`);
    expect(call(spreadsheet, 'getPlan')).toMatchObject({ title: 'Quarterly close', raw: started });
    // A person editing the cell in place leaves the apostrophe at its start: still not part of the plan.
    personEdits(spreadsheet, PLAN, `'${started}\n- [ ] 1.3 Added by a person`);
    expect(call(spreadsheet, 'getPlan')).toMatchObject({ title: 'Quarterly close', changedBy: 'cell edit' });
    expect(call(spreadsheet, 'startTask', '1.3')).toMatchObject({ step: '1.3', status: 'doing' });
    // Both kept without the apostrophe: the person's version the agent changed, and the one the person's edit replaced.
    expect(history(spreadsheet)[0].text).toBe(`${started}\n- [ ] 1.3 Added by a person`);
    expect(history(spreadsheet)[1].text).toBe(started);
  });
});
