/**
 * Two writes of the agent's in the same rows, to different columns (a value column, then a total column beside it),
 * undone in either order: neither undo counts the other write's columns as rows that moved, since its cells changed
 * by the agent's write or by the person's undo of it, not by a sort.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { execute, openSidebar, typeRows } from './harness';
import { agent, workbook } from './sheet-work-fixtures';

const PLAN = [
  '# Plan: Stock value',
  '',
  'Goal: Price the stock per bin',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Formulas: allowed',
  "  - Write: 'Bin Notes'!B:G (counts, totals)",
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Count and total each bin',
  '',
].join('\n');

function bins(): EmulatedSpreadsheet {
  const spreadsheet = workbook(PLAN);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Bin', 'Qty', 'Price', 'Note'],
    ['A-1', '3', '10', 'fragile'],
    ['C-3', '5', '20', 'empty'],
    ['B-7', '7', '30', 'Ana'],
  ]);
  return spreadsheet;
}

const write = (spreadsheet: EmulatedSpreadsheet, a1: string, values: unknown[][]) =>
  agent(spreadsheet, 'writeRange', [`'Bin Notes'!${a1}`, values, '1.1']).id as string;

const undo = (spreadsheet: EmulatedSpreadsheet, id: string) =>
  execute(spreadsheet, 'sidebarUndoWrite', [openSidebar(spreadsheet), id], { context: 'ui' }).error?.message;

test('the earlier of two writes in the same rows undone first, the later one still undoes', () => {
  const spreadsheet = bins();
  const counts = write(spreadsheet, 'B2:B4', [[4], [6], [8]]);
  const totals = write(spreadsheet, 'E2:E4', [
    [{ formula: '=B2*C2' }],
    [{ formula: '=B3*C3' }],
    [{ formula: '=B4*C4' }],
  ]);

  expect(undo(spreadsheet, counts)).toBeUndefined();
  expect(undo(spreadsheet, totals)).toBeUndefined();
  expect([2, 3, 4].map((row) => spreadsheet.cell(`'Bin Notes'!E${row}`))).toEqual(['', '', '']);
});

test('a new column of notes to the right of the data, then a second: undone oldest first', () => {
  const spreadsheet = bins();
  const checked = write(spreadsheet, 'F1:F4', [['Checked'], ['yes'], ['no'], ['yes']]);
  const by = write(spreadsheet, 'G1:G4', [['By'], ['Ana'], ['Ben'], ['Ana']]);

  expect(undo(spreadsheet, checked)).toBeUndefined();
  expect(undo(spreadsheet, by)).toBeUndefined();
});
