/**
 * A later write of the agent's that changes one cell beside an earlier write (one bin's name in the key column) takes
 * only that cell out of the earlier write's check: a sort after it is still seen, and the undo refused, rather than
 * putting each old value back beside another record.
 */
import { typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!A:B (bin, status)");

test("a sort after the agent fixed one key cell in the written rows is still seen by the first write's undo", () => {
  const spreadsheet = workbook(PLAN);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Bin', 'Status'],
    ['A-1', 'open'],
    ['C-3', 'blocked: no key'],
    ['B-7', 'waiting on Ana'],
  ]);
  // The agent closes every bin (one value in every row), then corrects one bin's name.
  const close = agent(spreadsheet, 'writeRange', ["'Bin Notes'!B2:B4", [['closed'], ['closed'], ['closed']], '1.1']);
  agent(spreadsheet, 'writeRange', ["'Bin Notes'!A3", [['C-4']], '1.1']);
  // The person sorts rows 2 to 4 by bin: A-1, B-7, C-4. Every row moved but A-1's.
  typeRows(spreadsheet, "'Bin Notes'!A2", [
    ['A-1', 'closed'],
    ['B-7', 'closed'],
    ['C-4', 'closed'],
  ]);

  const { error } = undoAsPerson(spreadsheet, close.id);

  // Now the undo goes through and leaves B-7 "blocked: no key" and C-4 "waiting on Ana".
  expect(error?.message).toMatch(/^CONFLICT: Not undone: the rows of 'Bin Notes'!B2:B4/);
  expect(
    [3, 4].map((row) => [spreadsheet.cell(`'Bin Notes'!A${row}`), spreadsheet.cell(`'Bin Notes'!B${row}`)]),
  ).toEqual([
    ['B-7', 'closed'],
    ['C-4', 'closed'],
  ]);
});
