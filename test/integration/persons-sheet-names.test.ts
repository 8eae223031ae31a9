/**
 * A person's sheet that has the name of one of Sheet Plan's hidden sheets (getSheetByName ignores case, so
 * `Agent_History` answers for AGENT_HISTORY: the emulator's assumption sheet-names) is never written or trimmed: a
 * change that would write there is refused, naming the sheet, with nothing written, until the person renames it; a
 * read finds no record there. Sheet Plan's own sheets, made by an earlier version too, are known by their header and
 * remembered, so a change costs no more calls than before.
 */
import { editCellAsPerson, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { countCalls } from '../../src/node/emulator/runtime/call-log';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import { HISTORY_LIMIT } from '../../src/apps-script/history-sheet';
import {
  DIST,
  PLAN,
  execute,
  executeFailingAt,
  openSidebar,
  openedSheet,
  personDoes,
  personEdits,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
  typeRows,
} from './harness';
import { agent, APPROVED, refused, workbook } from './sheet-work-fixtures';
import { QUARTERLY_CLOSE } from './quarterly-close';

/** The person's own sheet: 60 rows of 13 columns, a header row first, as a log of their agents might be. */
function personsRows(): string[][] {
  return Array.from({ length: 60 }, (_, row) =>
    Array.from({ length: 13 }, (_, column) => (row === 0 ? `Title ${column + 1}` : `r${row + 1}c${column + 1}`)),
  );
}

function withPersonsSheet(spreadsheet: EmulatedSpreadsheet, name: string): EmulatedSpreadsheet {
  spreadsheet.addSheet(name);
  typeRows(spreadsheet, `${name}!A1`, personsRows());
  return spreadsheet;
}

/** Every cell of the person's sheet, as the person sees it. */
function cellsOf(spreadsheet: EmulatedSpreadsheet, name: string): unknown[][] {
  return personsRows().map((row, index) =>
    row.map((_, column) => spreadsheet.cell(`${name}!${String.fromCharCode(65 + column)}${index + 1}`)),
  );
}

/** An agent's whole rewrite of the plan, as a stuck agent does. */
function rewrite(spreadsheet: EmulatedSpreadsheet, text: string) {
  const { stamp } = agent(spreadsheet, 'getPlan');
  return execute(spreadsheet, 'replacePlan', [text, stamp]);
}

function renamed(spreadsheet: EmulatedSpreadsheet, from: string, to: string): void {
  spreadsheet.sheetNamed(from)!.name = to;
}

const notOwn = (sheet: string, name: string) =>
  `NEEDS_PERSON: The sheet "${sheet}" is not Sheet Plan's own, but Sheets takes it for Sheet Plan's hidden ${name} ` +
  `(names match ignoring case). Nothing was written. Rename "${sheet}" (an agent asks the person to)`;

describe("a person's sheet named like the history (Agent_History)", () => {
  const setUp = () => withPersonsSheet(sheetWithPlan(QUARTERLY_CLOSE, { marker: null }), 'Agent_History');

  test('every change is refused, naming it, and nothing anywhere is written', () => {
    const spreadsheet = setUp();
    expect(refused(spreadsheet, 'initPlan', [])).toBe(notOwn('Agent_History', PLAN_LOCATION.historySheet));
    expect(refused(spreadsheet, 'startTask', ['1.1'])).toBe(notOwn('Agent_History', PLAN_LOCATION.historySheet));
    expect(planText(spreadsheet)).toBe(QUARTERLY_CLOSE);
  });

  test('reads find no earlier versions there, and the sidebar opens', () => {
    const spreadsheet = setUp();
    const before = snapshot(spreadsheet);
    expect(agent(spreadsheet, 'getHistory', [10])).toEqual([]);
    expect(agent(spreadsheet, 'getPlan', []).phases).toHaveLength(1);
    expect(snapshot(spreadsheet)).toBe(before);
    expect(openSidebar(spreadsheet)).toEqual(expect.any(String));
  });

  test('once renamed, Sheet Plan makes its own and never touches it, past the history limit', () => {
    const spreadsheet = setUp();
    renamed(spreadsheet, 'Agent_History', 'My_agent_history');
    agent(spreadsheet, 'initPlan');
    for (let change = 0; change < HISTORY_LIMIT + 5; change++) {
      expect(rewrite(spreadsheet, `${QUARTERLY_CLOSE}\nChange ${change}\n`).error).toBeUndefined();
    }
    expect(cellsOf(spreadsheet, 'My_agent_history')).toEqual(personsRows());
    expect(spreadsheet.isHidden(PLAN_LOCATION.historySheet)).toBe(true);
    expect(agent(spreadsheet, 'getHistory', [50])).toHaveLength(HISTORY_LIMIT); // its own sheet was trimmed
  });
});

test("a person's sheet named like the write log (agent_write_log) refuses the write, and is never written", () => {
  const spreadsheet = withPersonsSheet(workbook(APPROVED), 'agent_write_log');
  const message = refused(spreadsheet, 'writeRange', ['Summary!B3', [['A-1']], '1.2']);
  expect(message).toBe(notOwn('agent_write_log', PLAN_LOCATION.writeLogSheet));
  expect(agent(spreadsheet, 'getWriteLog', [])).toEqual([]);
  expect(cellsOf(spreadsheet, 'agent_write_log')).toEqual(personsRows());
});

test("a person's sheet named like the archive (Agent_Archive) refuses finishPlan, and is never written", () => {
  const done = QUARTERLY_CLOSE.replace(/- \[[ /]\]/g, '- [x]');
  const spreadsheet = withPersonsSheet(sheetWithSavedPlan(done), 'Agent_Archive');
  expect(refused(spreadsheet, 'finishPlan', ['Closed'])).toBe(notOwn('Agent_Archive', PLAN_LOCATION.archiveSheet));
  expect(agent(spreadsheet, 'listPlans', [])).toEqual([]);
  expect(cellsOf(spreadsheet, 'Agent_Archive')).toEqual(personsRows());
});

describe("Sheet Plan's own sheets", () => {
  /** A plan Sheet Plan keeps, its history made by a version before this one, which remembered nothing. */
  function madeBefore(): EmulatedSpreadsheet {
    const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
    spreadsheet.properties.script.delete(`sheetPlan.own.${PLAN_LOCATION.historySheet}`);
    return spreadsheet;
  }
  const callsOf = (spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[]) => {
    const { error, execution } = execute(spreadsheet, name, args);
    if (error) throw error;
    return countCalls(execution.calls, (call) => /^(Spreadsheet|Sheet|Range)$/.test(call.service));
  };

  test('one made by an earlier version is known by its header, once: later changes cost what they did', () => {
    const spreadsheet = madeBefore();
    const first = callsOf(spreadsheet, 'startTask', ['1.1']);
    const next = callsOf(spreadsheet, 'completeTask', ['1.1']);
    const known = sheetWithSavedPlan(QUARTERLY_CLOSE);
    const remembered = [callsOf(known, 'startTask', ['1.1']), callsOf(known, 'completeTask', ['1.1'])];
    expect(spreadsheet.properties.script.get(`sheetPlan.own.${PLAN_LOCATION.historySheet}`)).toBe('1');
    // Once: the sheet by name, its width, and its first titles (getSheetByName, getMaxColumns, getRange, getValues).
    expect(first).toBe(remembered[0] + 4);
    expect(next).toBe(remembered[1]);
  });

  test("one a person's sheet replaced after Sheet Plan remembered its own never loses a row to the trim", () => {
    const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
    spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_LOCATION.historySheet)!);
    withPersonsSheet(spreadsheet, 'Agent_History');
    for (let change = 0; change < HISTORY_LIMIT + 5; change++) {
      rewrite(spreadsheet, `${QUARTERLY_CLOSE}\nChange ${change}\n`);
    }
    const kept = cellsOf(spreadsheet, 'Agent_History').map((row) => row.slice(0, 6));
    expect(kept).toEqual(personsRows().map((row) => row.slice(0, 6)));
  });

  test("a write log a person's sheet replaced after Sheet Plan remembered its own never loses a row either", () => {
    const spreadsheet = workbook(APPROVED);
    agent(spreadsheet, 'writeRange', ['Summary!B3', [['kept']], '1.2']);
    spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_LOCATION.writeLogSheet)!);
    withPersonsSheet(spreadsheet, 'Agent_Write_Log');
    // A blank row between two parts of theirs: the log's trim drops the blank rows of its own sheet.
    const rows = personsRows();
    rows[29] = rows[29].map(() => '');
    typeRows(spreadsheet, 'Agent_Write_Log!A30', [rows[29]]);
    execute(spreadsheet, 'writeRange', ['Warehouse!E1', [['x']], '1.2']);
    expect(cellsOf(spreadsheet, 'Agent_Write_Log')).toEqual(rows);
  });
});

test("a person's log whose header starts Id, Kind as Sheet Plan's does is not taken for it", () => {
  const spreadsheet = workbook(APPROVED);
  const rows = Array.from({ length: 101 }, (_, row) =>
    row === 0 ? ['Id', 'Kind', 'When', 'Who'] : [`${row}`, 'call', 'x', 'y'],
  );
  rows[10] = ['', '', '', 'a note of mine'];
  typeRows(spreadsheet, 'Agent_Write_Log!A1', rows);
  const message = refused(spreadsheet, 'writeRange', ['Summary!B3', [['A-1']], '1.2']);
  expect(message).toBe(notOwn('Agent_Write_Log', PLAN_LOCATION.writeLogSheet));
});

test('an empty sheet of the name (a change that failed left the log half made) is taken; the next write works', () => {
  const checked = APPROVED.replace('Summary!B3:C5\n', 'Summary!B3:C5\n  - Check: Warehouse!D2:D4 no blanks\n');
  const withCheck = () => {
    const spreadsheet = workbook(APPROVED);
    spreadsheet.setCellText(PLAN, checked);
    return spreadsheet;
  };
  // The completion's check reads outside the plan: the read is logged, in a log sheet it makes. Its header's write
  // fails (the call before hideSheet), and the row is kept whatever the change does: the sheet is left, headerless.
  const { calls } = execute(withCheck(), 'completeTask', ['1.2']).execution;
  const hide = calls.findIndex((call) => call.service === 'Sheet' && call.method === 'hideSheet');
  const spreadsheet = withCheck();
  expect(executeFailingAt(spreadsheet, 'completeTask', ['1.2'], hide).failed).toBe('Range.setValues');
  expect(spreadsheet.isHidden(PLAN_LOCATION.writeLogSheet)).toBe(false);

  expect(execute(spreadsheet, 'writeRange', ['Summary!B3', [['A-1']], '1.2']).error).toBeUndefined();
  expect(spreadsheet.isHidden(PLAN_LOCATION.writeLogSheet)).toBe(true);
  expect(agent(spreadsheet, 'getWriteLog', []).map((entry: { range: string }) => entry.range)).toContain('Summary!B3');
});

test("a person's sheet in the place of Sheet Plan's remembered history is read as no record, no version", () => {
  const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
  spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_LOCATION.historySheet)!);
  typeRows(spreadsheet, 'Agent_History!A1', [
    ['Id', 'Date', 'Who', 'What', 'Text', '', 'Label', '{"revision":9}', 'Their text'],
    ['7', '2026-01-01', 'me', 'note', 'My private notes', '', '', '', ''],
  ]);
  expect(agent(spreadsheet, 'getHistory', [5])).toEqual([]);
  expect(execute(spreadsheet, 'restoreRevision', [7]).error?.message).toMatch(/^NOT_FOUND: Revision 7 is not in/);
  expect(planText(spreadsheet)).toBe(QUARTERLY_CLOSE);
});

test("a person's sheet named Agent_Base is the plan's sheet (Sheets finds it so): their cells are kept", () => {
  const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
  spreadsheet.addSheet('Agent_Base');
  typeRows(spreadsheet, 'Agent_Base!A1', [
    ['Mine', 'b', 'c', 'd'],
    ['1', '2', '3', '4'],
  ]);
  agent(spreadsheet, 'initPlan');
  // The cells the plan and its record took are kept in the history, and the rest of the sheet is as it was.
  const kept = agent(spreadsheet, 'getHistory', [5]).map((version: { text: string }) => version.text);
  expect(kept).toEqual(expect.arrayContaining(['3']));
  expect(spreadsheet.cell('Agent_Base!A1')).toBe('Mine');
  // The person's typing over the plan cell there keeps the plan it replaces, as on AGENT_BASE.
  const before = spreadsheet.cell('Agent_Base!C2');
  expect(before).toMatch(/^# Plan: /);
  personEdits(spreadsheet, 'Agent_Base!C2', 'My own notes');
  expect(agent(spreadsheet, 'getHistory', [1])[0]).toMatchObject({
    text: before,
    replacedBy: 'an edit of the cell (cell edit)',
  });
});

test("a person's sheet of the name narrower than Sheet Plan's header is told apart too, not a service error", () => {
  const spreadsheet = sheetWithPlan(QUARTERLY_CLOSE, { marker: null });
  spreadsheet.addSheet('Agent_History').maxColumns = 3;
  typeRows(spreadsheet, 'Agent_History!A1', [['Mine', 'Notes', 'When']]);
  expect(refused(spreadsheet, 'initPlan', [])).toBe(notOwn('Agent_History', PLAN_LOCATION.historySheet));
  expect(agent(spreadsheet, 'getHistory', [5])).toEqual([]);
});

test("Sheet Plan's own history whose first titles a person retyped still keeps the plan a paste replaces", () => {
  const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
  typeRows(spreadsheet, `${PLAN_LOCATION.historySheet}!A1`, [['Rev', 'When']]);
  expect(rewrite(spreadsheet, `${QUARTERLY_CLOSE}\nChange\n`).error).toBeUndefined();
  const written = planText(spreadsheet);
  // A paste over the plan cell and its record gives onEdit no old value: the copy in G1:I1, under Sheet Plan's own
  // label there, is what is kept.
  personDoes(spreadsheet, { kind: 'paste', at: PLAN, rows: [['Pasted notes', '']] });
  expect(planText(spreadsheet)).toBe('Pasted notes');
  const texts = Array.from({ length: 10 }, (_, row) => spreadsheet.cell(`${PLAN_LOCATION.historySheet}!E${row + 2}`));
  expect(texts).toContain(written);
});

test("a person's sheet in the place of Sheet Plan's remembered archive gives no finished plan", () => {
  const done = QUARTERLY_CLOSE.replace(/- \[[ /]\]/g, '- [x]');
  const spreadsheet = sheetWithSavedPlan(done);
  agent(spreadsheet, 'finishPlan', ['Closed']);
  spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_LOCATION.archiveSheet)!);
  typeRows(spreadsheet, 'Agent_Archive!A1', [
    ['Number', 'Date', 'Title', 'Summary', 'Count', 'Text'],
    [1, '2026-01-01', 'Mine', 'private', 3, 'My private notes'],
  ]);
  expect(agent(spreadsheet, 'listPlans', [])).toEqual([]);
  expect(execute(spreadsheet, 'getArchivedPlan', [1]).error?.message).toMatch(
    /^NOT_FOUND: Plan 1 is not in the archive/,
  );
});

test("a person's edit of the plan with their Agent_History there: onEdit reads no project file, and says why", () => {
  const spreadsheet = withPersonsSheet(sheetWithPlan(QUARTERLY_CLOSE, { marker: null }), 'Agent_History');
  const before = cellsOf(spreadsheet, 'Agent_History');
  const outcome = editCellAsPerson(spreadsheet, DIST, PLAN, `${QUARTERLY_CLOSE}\nmine\n`, { projectFiles: {} });
  expect(outcome.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(0);
  expect('error' in outcome && outcome.error.message).toBe(notOwn('Agent_History', PLAN_LOCATION.historySheet));
  expect(cellsOf(spreadsheet, 'Agent_History')).toEqual(before);
});
