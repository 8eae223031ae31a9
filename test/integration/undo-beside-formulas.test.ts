/**
 * A formula beside a write tells nothing of its row: Sheets rewrites a formula's references when rows are inserted or
 * deleted inside a range it names, anywhere in the spreadsheet (a share of the total, `=B2/SUM(B$2:B$6)`, after the
 * person adds a bin below the written rows). The emulator rewrites no reference, so this test does to the formulas
 * what Sheets does on the insertion.
 */
import { typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!D:D (checked)");

const BINS = [
  ['A-1', 3],
  ['C-3', 5],
  ['B-7', 7],
  ['D-2', 2],
  ['E-5', 1],
];

test('rows added below the write rewrite the share formulas beside it; the undo still goes through', () => {
  const spreadsheet = workbook(PLAN);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Bin', 'Qty', 'Share', 'Checked'],
    ...BINS.map(([bin, qty]) => [bin, qty, '', '']),
  ]);
  const share = (row: number, last: number) => `=B${row}/SUM(B$2:B$${last})`;
  BINS.forEach((_, i) => spreadsheet.setFormulaResult(`'Bin Notes'!C${i + 2}`, share(i + 2, 6), 0.1));

  const write = agent(spreadsheet, 'writeRange', ["'Bin Notes'!D2:D3", [['yes'], ['yes']], '1.1']);

  // The person inserts a row at 5 (below the written rows 2 and 3) for a new bin. Sheets moves rows 5 and 6 down and
  // rewrites B$2:B$6 as B$2:B$7 in every formula that names it.
  spreadsheet.sheetNamed('Bin Notes')!.insertRows(5, 1);
  typeRows(spreadsheet, "'Bin Notes'!A5", [['F-9', '4']]);
  [2, 3, 4, 5, 6, 7].forEach((row) => spreadsheet.setFormulaResult(`'Bin Notes'!C${row}`, share(row, 7), 0.1));

  const { error } = undoAsPerson(spreadsheet, write.id);

  expect(error?.message).toBeUndefined();
  expect([spreadsheet.cell("'Bin Notes'!D2"), spreadsheet.cell("'Bin Notes'!D3")]).toEqual(['', '']);
});
