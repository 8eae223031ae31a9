/**
 * An undo never overwrites cells someone changed since the write it undoes, also when the cells hold the same value
 * again: a person corrects what the agent wrote, the agent (retrying) writes its value over the correction, and the
 * person then undoes the agent's first write. Comparing values alone puts back what the cell held before the first
 * write, over the person's correction, and the later write can then no longer be undone: the correction is gone.
 */
import { call, execute, openSidebar, typeRows } from './harness';
import { workbook } from './sheet-work-fixtures';

test("undoing an agent's write over which the person's correction was written again keeps the correction", () => {
  const spreadsheet = workbook();
  typeRows(spreadsheet, 'Summary!B3', [['opening stock']]);
  const first = call(spreadsheet, 'writeRange', 'Summary!B3', [['total']], '1.2');
  typeRows(spreadsheet, 'Summary!B3', [['net total']]); // the person corrects it
  const second = call(spreadsheet, 'writeRange', 'Summary!B3', [['total']], '1.2'); // the agent writes it again
  const token = openSidebar(spreadsheet);

  const undoFirst = execute(spreadsheet, 'sidebarUndoWrite', [token, first.id], { context: 'ui' });
  expect(undoFirst.error?.message).toBe(
    'CONFLICT: Not undone: a later write to Summary!B3, listed under task 1.2, covers these cells; undo it first; ' +
      'nothing was changed',
  );
  expect(spreadsheet.cell('Summary!B3')).toBe('total');

  const undoSecond = execute(spreadsheet, 'sidebarUndoWrite', [token, second.id], { context: 'ui' });
  expect(undoSecond.error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('net total');
});
