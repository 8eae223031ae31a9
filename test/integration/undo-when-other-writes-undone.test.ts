/**
 * Two writes of the agent's in the same rows, to different columns (a value column, then a total column beside it),
 * undone in either order: neither undo counts the other write's columns as rows that moved, since its cells changed
 * by the agent's write or by the person's undo of it, not by a sort.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { agent, binTable, planWriting, undoAsPerson } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!B:G (counts, totals)", true);

const bins = () => binTable(PLAN);

const write = (spreadsheet: EmulatedSpreadsheet, a1: string, values: unknown[][]) =>
  agent(spreadsheet, 'writeRange', [`'Bin Notes'!${a1}`, values, '1.1']).id as string;

const undo = (spreadsheet: EmulatedSpreadsheet, id: string) => undoAsPerson(spreadsheet, id).error?.message;

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
