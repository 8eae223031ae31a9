/**
 * An undo puts back what a write replaced only into the rows it replaced it in. A person who sorts the sheet, or
 * inserts rows above, moves whole rows; the written cells may still hold what the agent wrote (one value in every row,
 * or empty cells after a clearing write), so a check of the written cells alone would put each old value beside another
 * record. The write keeps what the other columns of its rows held (a digest per column), and the undo compares them.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { columnLetters } from '../../src/core/sheet/a1';
import { WRITE_LOG_SHEET } from '../../src/apps-script/write-log';
import { execute, openSidebar, snapshot, typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN_WITH_NOTES = planWriting("'Bin Notes'!B:C (note, checked by)");

const BINS = [
  ['A-1', 'fragile: count by hand'],
  ['C-3', 'empty since March'],
  ['B-7', 'Ana owns this bin'],
];

/** Bin Notes with a bin and the person's note in each of rows 2 to 4. */
function binNotes(): EmulatedSpreadsheet {
  const spreadsheet = workbook(PLAN_WITH_NOTES);
  typeRows(spreadsheet, "'Bin Notes'!A1", [['Bin', 'Note'], ...BINS]);
  return spreadsheet;
}

const rowsOf = (spreadsheet: EmulatedSpreadsheet, rows: number[]) =>
  rows.map((row) => [spreadsheet.cell(`'Bin Notes'!A${row}`), spreadsheet.cell(`'Bin Notes'!B${row}`)]);

test('an undo after the person sorted the rows is refused: the notes would go back beside other bins', () => {
  const spreadsheet = binNotes();
  // The agent marks every bin checked, over the person's notes: one value in every row.
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  // The person sorts rows 2 to 4 by bin: each row moves whole, and column B reads 'checked' in every row either way.
  const sorted = [...BINS].sort(([a], [b]) => a.localeCompare(b)).map(([bin]) => [bin, 'checked']);
  typeRows(spreadsheet, "'Bin Notes'!A2", sorted);
  const token = openSidebar(spreadsheet);
  const before = snapshot(spreadsheet);

  const { error } = undoAsPerson(spreadsheet, write.id, token);

  expect(error?.message).toBe(
    "CONFLICT: Not undone: the rows of 'Bin Notes'!B2:B4 no longer hold beside it what they held when the agent " +
      'wrote it (columns: A). They were sorted, moved by rows inserted or deleted above them, or edited since, so ' +
      'the old values would go back beside other records. Nothing was changed; put back by hand what still belongs ' +
      'there',
  );
  expect(snapshot(spreadsheet)).toBe(before);
  expect(rowsOf(spreadsheet, [2, 3, 4])).toEqual(sorted);
});

test('an undo of a clearing write after rows were inserted above it is refused: the new rows keep their cells', () => {
  const spreadsheet = binNotes();
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B3", [[''], ['']], '1.1']);
  // The person inserts two rows under the header for new bins, whose notes are not written yet: empty, as the agent
  // left the cells it cleared.
  spreadsheet.sheetNamed('Bin Notes')!.insertRows(2, 2);
  typeRows(spreadsheet, "'Bin Notes'!A2", [['Z-9'], ['Z-8']]);
  const token = openSidebar(spreadsheet);
  const before = snapshot(spreadsheet);

  expect(undoAsPerson(spreadsheet, write.id, token).error?.message).toMatch(
    /^CONFLICT: Not undone: the rows of 'Bin Notes'!B2:B3 .* \(columns: A\)\./,
  );
  expect(snapshot(spreadsheet)).toBe(before);
});

test('the undo names each column that reads otherwise, and not the columns nobody touched', () => {
  const spreadsheet = binNotes();
  typeRows(spreadsheet, "'Bin Notes'!D1", [['Shelf'], ['1'], ['2'], ['3']]);
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  typeRows(spreadsheet, "'Bin Notes'!D3", [['7']]); // the person edits a shelf in one of the rows

  const { error } = undoAsPerson(spreadsheet, write.id);

  expect(error?.message).toMatch(/^CONFLICT: Not undone: the rows of 'Bin Notes'!B2:B4 .* \(columns: D\)\./);
  expect(spreadsheet.cell("'Bin Notes'!B3")).toBe('checked');
});

test('cells more than five columns after the write are not read: an edit there leaves the undo as it was', () => {
  const spreadsheet = binNotes();
  typeRows(spreadsheet, "'Bin Notes'!G1", [
    ['Shelf', 'Counted by'],
    ['1', 'Ana'],
    ['2', 'Ana'],
    ['3', 'Ana'],
  ]);
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  typeRows(spreadsheet, "'Bin Notes'!H3", [['Ben']]); // column H: six after B, beyond what the write read
  expect(undoAsPerson(spreadsheet, write.id).error).toBeUndefined();
  const again = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['x'], ['x'], ['x']], '1.1']);
  typeRows(spreadsheet, "'Bin Notes'!G3", [['9']]); // column G: five after B, read
  expect(undoAsPerson(spreadsheet, again.id).error?.message).toMatch(/ \(columns: G\)\./);
});

test('rows that did not move undo as before, with cells beside them and edits below them', () => {
  const spreadsheet = binNotes();
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  typeRows(spreadsheet, "'Bin Notes'!A5", [['D-2', 'new bin']]); // rows below and columns further right are not its

  expect(undoAsPerson(spreadsheet, write.id).error).toBeUndefined();
  expect(rowsOf(spreadsheet, [2, 3, 4, 5])).toEqual([...BINS, ['D-2', 'new bin']]);
});

test("the agent's later write beside it in the same rows does not keep the first write from being undone", () => {
  const spreadsheet = binNotes();
  const first = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  agent(spreadsheet, 'writeRange', ["'Bin Notes'!C2:C4", [['Ada'], ['Ada'], ['Ada']], '1.1']);

  expect(undoAsPerson(spreadsheet, first.id).error).toBeUndefined();
  expect(rowsOf(spreadsheet, [2, 3, 4])).toEqual(BINS);
  expect(spreadsheet.cell("'Bin Notes'!C3")).toBe('Ada');
});

test('a write logged before the rows beside it were kept still undoes by its cells alone', () => {
  const spreadsheet = binNotes();
  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['checked'], ['checked'], ['checked']], '1.1']);
  // Its undo record as such a write kept it: the written values alone, not `{ cells, beside }`.
  const logCell = (column: number, row: number) => `${WRITE_LOG_SHEET}!${columnLetters(column)}${row}`;
  const row = [2, 3, 4].find((r) => spreadsheet.cell(logCell(1, r)) === write.id)!;
  const written = logCell(13 + Number(spreadsheet.cell(logCell(11, row))), row); // after the replaced values' parts
  const kept = JSON.parse(String(spreadsheet.cell(written)));
  expect(kept.beside).toEqual({ from: 1, rows: [expect.any(String), expect.any(String), expect.any(String)] });
  spreadsheet.setCellText(written, JSON.stringify(kept.cells));
  typeRows(spreadsheet, "'Bin Notes'!A2", [['B-7'], ['A-1'], ['C-3']]);

  expect(undoAsPerson(spreadsheet, write.id).error).toBeUndefined();
  expect(spreadsheet.cell("'Bin Notes'!B2")).toBe(BINS[0][1]);
});

test("a write past the sheet's last column is refused by the range the agent sent, not the wider one read", () => {
  const spreadsheet = workbook(PLAN_WITH_NOTES.replace("'Bin Notes'!B:C", "'Bin Notes'!B:AD"));
  const { error } = execute(spreadsheet, 'writeRange', ["'Bin Notes'!Z1:AB1", [['a', 'b', 'c']], '1.1']);
  expect(error?.message).toMatch(/^INVALID_ARGUMENT: 'Bin Notes'!Z1:AB1 goes past the edge of Bin Notes/);
});
