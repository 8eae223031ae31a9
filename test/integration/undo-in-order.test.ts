/**
 * Writes are undone newest first where they overlap. An undo never overwrites cells someone changed since the write it
 * undoes, also when the cells hold the same value again: a person corrects what the agent wrote, the agent (retrying)
 * writes its value over the correction, and the person then undoes the agent's first write. Comparing values alone
 * would put back what the cell held before the first write, over the person's correction, and the later write could
 * then no longer be undone: the correction would be gone. The refusal tells the person which write to undo first, in
 * words that find it in the sidebar, which lists a write under the task it was made for.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { call, openSidebar, typeRows } from './harness';
import { APPROVED, undoAsPerson, workbook } from './sheet-work-fixtures';

/**
 * The agent writes "total" to Summary!B3, the person corrects it to "net total", and the agent writes "total" again,
 * to `again` (the same cell, however spelled). Answers both writes and the person's sidebar token.
 */
function correctedThenWrittenAgain(spreadsheet: EmulatedSpreadsheet, again = 'Summary!B3') {
  typeRows(spreadsheet, 'Summary!B3', [['opening stock']]);
  const first = call(spreadsheet, 'writeRange', 'Summary!B3', [['total']], '1.2');
  typeRows(spreadsheet, 'Summary!B3', [['net total']]); // the person corrects it
  const second = call(spreadsheet, 'writeRange', again, [['total']], '1.2'); // the agent writes it again
  return { first, second, token: openSidebar(spreadsheet) };
}

test("undoing an agent's write over which the person's correction was written again keeps the correction", () => {
  const spreadsheet = workbook();
  const { first, second, token } = correctedThenWrittenAgain(spreadsheet);

  const undoFirst = undoAsPerson(spreadsheet, first.id, token);
  expect(undoFirst.error?.message).toBe(
    'CONFLICT: Not undone: a later write to Summary!B3, listed under task 1.2, covers these cells; undo it first; ' +
      'nothing was changed',
  );
  expect(spreadsheet.cell('Summary!B3')).toBe('total');

  const undoSecond = undoAsPerson(spreadsheet, second.id, token);
  expect(undoSecond.error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('net total');
});

/**
 * However the agent spelled the sheet's name: Sheets finds a sheet whatever the case of its name, so a later write to
 * `SUMMARY!B3` covers an earlier one to `Summary!B3`. The plan names the sheet in two spellings (an agent may add such
 * a Write line to a plan not yet approved).
 */
const TWO_SPELLINGS = APPROVED.replace(
  '  - Write: Summary!B3:C5 (bin, total)\n',
  '  - Write: Summary!B3:C5 (bin, total)\n  - Write: SUMMARY!B3:C5\n',
);

test("a later write to the same cells spelled in another case is undone first; the person's correction is kept", () => {
  const spreadsheet = workbook(TWO_SPELLINGS);
  expect(TWO_SPELLINGS).toContain('SUMMARY!B3:C5');
  const { first, second, token } = correctedThenWrittenAgain(spreadsheet, 'SUMMARY!B3');

  const undoFirst = undoAsPerson(spreadsheet, first.id, token);
  expect(undoFirst.error?.message).toMatch(/^CONFLICT: Not undone: a later write to SUMMARY!B3/);
  expect(spreadsheet.cell('Summary!B3')).toBe('total');

  expect(undoAsPerson(spreadsheet, second.id, token).error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('net total');
});

// The later write may be under a task below this one (a later task wrote over an earlier task's cells), so "listed
// above this one" would send the person the wrong way: the refusal names the later write's task.
test("an undo covered by a later task's write names that task", () => {
  const spreadsheet = workbook();
  const first = call(spreadsheet, 'writeRange', 'Summary!B3:C3', [['A-1', 'total']], '1.2');
  call(spreadsheet, 'startTask', '1.3');
  call(spreadsheet, 'writeRange', 'Summary!C3', [['12']], '1.3');
  const token = openSidebar(spreadsheet);

  const { error } = undoAsPerson(spreadsheet, first.id, token);
  expect(error?.message).toMatch(/^CONFLICT: Not undone: a later write to Summary!C3/);
  expect(error?.message).toContain('1.3');
  expect(error?.message).not.toContain('listed above');
  expect(spreadsheet.cell('Summary!C3')).toBe('12');
});
