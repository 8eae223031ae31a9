/**
 * The marks beside a write tell values apart that differ only in letter case, or by characters 16 apart ('A' and
 * 'Q'), and names that share no more than chance would: two records swapped by a sort read otherwise, and the undo
 * is refused rather than putting each old value beside the other record.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!B:B (status)");

const undo = (spreadsheet: EmulatedSpreadsheet, id: string) => undoAsPerson(spreadsheet, id).error?.message;

test.each([
  ['two names that share a mark by chance', 'Dora', 'Max'],
  ['two bins 16 characters apart', 'A-1', 'Q-1'],
  ['a key and its lower-case twin', 'WH-A1', 'wh-a1'],
])('%s: a sort of the two records after a one-value write refuses the undo', (_, first, second) => {
  const spreadsheet = workbook(PLAN);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Who', 'Status'],
    [first, 'on leave until May'],
    [second, 'active'],
  ]);
  const checked = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B3", [['checked'], ['checked']], '1.1']);
  // The person sorts rows 2 and 3 the other way round.
  typeRows(spreadsheet, "'Bin Notes'!A2", [
    [second, 'checked'],
    [first, 'checked'],
  ]);

  const error = undo(spreadsheet, checked.id as string);
  expect(error).toMatch(/^CONFLICT: Not undone: the rows of 'Bin Notes'!B2:B3/);
  expect(spreadsheet.cell("'Bin Notes'!B2")).toBe('checked');
});
