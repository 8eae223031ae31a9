/**
 * Writes are undone newest first where they overlap, however the agent spelled the sheet's name: Sheets finds a
 * sheet whatever the case of its name (`summary!B3` is Summary's B3), so a later write to `SUMMARY!B3` covers an
 * earlier write to `Summary!B3` as one to `Summary!B3` does. Undone out of order, the earlier write would put back
 * what the cell held before it, over the person's correction, which the later write can then no longer restore.
 */
import { call, execute, openSidebar, typeRows } from './harness';
import { APPROVED, workbook } from './sheet-work-fixtures';

/** The plan names the sheet in two spellings (an agent may add such a Write line to a plan not yet approved). */
const TWO_SPELLINGS = APPROVED.replace(
  '  - Write: Summary!B3:C5 (bin, total)\n',
  '  - Write: Summary!B3:C5 (bin, total)\n  - Write: SUMMARY!B3:C5\n',
);

test("a later write to the same cells spelled in another case is undone first; the person's correction is kept", () => {
  const spreadsheet = workbook(TWO_SPELLINGS);
  expect(TWO_SPELLINGS).toContain('SUMMARY!B3:C5');
  typeRows(spreadsheet, 'Summary!B3', [['opening stock']]);
  const first = call(spreadsheet, 'writeRange', 'Summary!B3', [['total']], '1.2');
  typeRows(spreadsheet, 'Summary!B3', [['net total']]); // the person corrects it
  const second = call(spreadsheet, 'writeRange', 'SUMMARY!B3', [['total']], '1.2'); // the agent writes it again
  const token = openSidebar(spreadsheet);

  const undoFirst = execute(spreadsheet, 'sidebarUndoWrite', [token, first.id], { context: 'ui' });
  expect(undoFirst.error?.message).toMatch(/^CONFLICT: Not undone: a later write to SUMMARY!B3/);
  expect(spreadsheet.cell('Summary!B3')).toBe('total');

  expect(execute(spreadsheet, 'sidebarUndoWrite', [token, second.id], { context: 'ui' }).error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('net total');
});
