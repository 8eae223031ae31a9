/**
 * A write the person can still undo is never pushed out of the write log by the agent's later writes, also once the
 * agent has started a new plan: the sidebar lists an earlier plan's writes with Undo, so they are not settled. An agent
 * that overwrote the person's cells, called createPlan (no person needed with approval off) and wrote 100 times
 * more would otherwise leave the person nothing to undo, and the cells' old values lost.
 */
import { execute, openSidebar, typeRows } from './harness';
import { requireApproval, workbook } from './sheet-work-fixtures';

test("an earlier plan's write stays undoable after a new plan's 100 writes", () => {
  const spreadsheet = workbook();
  requireApproval(spreadsheet, false);
  typeRows(spreadsheet, 'Summary!B3', [['precious']]);
  const overwrite = execute(spreadsheet, 'writeRange', ['Summary!B3', [['garbage']], '1.2']);
  expect(overwrite.error).toBeUndefined();
  const created = execute(spreadsheet, 'createPlan', [
    'Next',
    'More totals',
    [{ name: 'Work', steps: ['Fill C5'] }],
    { analysis: { write: ['Summary!B3:C5'] } },
  ]);
  expect(created.error).toBeUndefined();
  expect(execute(spreadsheet, 'startTask', ['1.1']).error).toBeUndefined();
  for (let write = 0; write < 100; write++) execute(spreadsheet, 'writeRange', ['Summary!C5', [[write]], '1.1']);

  const token = openSidebar(spreadsheet);
  const undo = execute(spreadsheet, 'sidebarUndoWrite', [token, (overwrite.result as { id: string }).id], {
    context: 'ui',
  });
  expect(undo.error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('precious');
});
