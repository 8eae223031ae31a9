/**
 * An undo out of order tells the person which write to undo first in words that find it in the sidebar, which lists
 * a write under the task it was made for: the later write's range and task. It may be under a task below this one
 * (a later task wrote over an earlier task's cells), so "listed above this one" would send them the wrong way.
 */
import { call, execute, openSidebar } from './harness';
import { workbook } from './sheet-work-fixtures';

test("an undo covered by a later task's write names that task", () => {
  const spreadsheet = workbook();
  const first = call(spreadsheet, 'writeRange', 'Summary!B3:C3', [['A-1', 'total']], '1.2');
  call(spreadsheet, 'startTask', '1.3');
  call(spreadsheet, 'writeRange', 'Summary!C3', [['12']], '1.3');
  const token = openSidebar(spreadsheet);

  const { error } = execute(spreadsheet, 'sidebarUndoWrite', [token, first.id], { context: 'ui' });
  expect(error?.message).toMatch(/^CONFLICT: Not undone: a later write to Summary!C3/);
  expect(error?.message).toContain('1.3');
  expect(error?.message).not.toContain('listed above');
  expect(spreadsheet.cell('Summary!C3')).toBe('12');
});
