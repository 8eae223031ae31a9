/**
 * An undo never overwrites cells someone changed since the write it undoes, also when the cells hold the same value
 * again: a person corrects what the agent wrote, the agent (retrying) writes its value over the correction, and the
 * person then undoes the agent's first write. Comparing values alone puts back what the cell held before the first
 * write, over the person's correction, and the later write can then no longer be undone: the correction is gone.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import { MARKER, PLAN, PLAN_SHEET, execute, openSidebar, openedSheet, plan, typeRows } from './harness';

const APPROVED = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Summary!B3:C5 (bin, total)',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Write the totals to Summary!B3:C5',
  '',
);

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

test("undoing an agent's write over which the person's correction was written again keeps the correction", () => {
  const spreadsheet = openedSheet({ sheets: ['Summary', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, APPROVED);
  typeRows(spreadsheet, 'Summary!B3', [['opening stock']]);
  const first = agent(spreadsheet, 'writeRange', ['Summary!B3', [['total']], '1.1']);
  typeRows(spreadsheet, 'Summary!B3', [['net total']]); // the person corrects it
  const second = agent(spreadsheet, 'writeRange', ['Summary!B3', [['total']], '1.1']); // the agent writes it again
  const token = openSidebar(spreadsheet);

  const undoFirst = execute(spreadsheet, 'sidebarUndoWrite', [token, first.id], { context: 'ui' });
  expect(undoFirst.error?.message).toMatch(/^CONFLICT: /);
  expect(spreadsheet.cell('Summary!B3')).toBe('total');

  const undoSecond = execute(spreadsheet, 'sidebarUndoWrite', [token, second.id], { context: 'ui' });
  expect(undoSecond.error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('net total');
});
