/**
 * The done gate holds on a whole-document rewrite that renames a task, moves it and drops its Check line while
 * marking it done: the guard no longer pairs the task with itself, so it sees an unfinished task taken out (whose
 * cells it wrote pass: it wrote none) and a new task written as done with no Check line. The task's failing Check
 * line, as it was before the change, must still refuse the completion (CHECK_FAILED), and nothing is written: a
 * change that writes a new task done checks the Check lines of the unfinished tasks it takes out.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN, execute, planText } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';

const CHECKED_TASK = '- [/] 1.2 Check the quantities\n  - Check: Warehouse!C2:C4 numbers, no blanks\n';
const PLAN_TEXT = stockPlan([
  '- [/] 1.1 Write the totals to Summary!B3:C5',
  CHECKED_TASK.trimEnd(),
  '- [ ] 1.3 Say hello',
]);

function workbook(): EmulatedSpreadsheet {
  return stockWorkbook(PLAN_TEXT);
}

function renamedMovedAndDone(spreadsheet: EmulatedSpreadsheet, task: string): string {
  return planText(spreadsheet)
    .replace(task, '')
    .replace('- [ ] 1.3 Say hello\n', '- [ ] 1.2 Say hello\n- [x] 1.3 Verify the quantities\n');
}

test('renaming and moving a task whose Check fails, without the check and marked done: CHECK_FAILED', () => {
  const spreadsheet = workbook();
  const { result: read } = execute(spreadsheet, 'getPlan');
  const before = planText(spreadsheet);
  const rewritten = renamedMovedAndDone(spreadsheet, CHECKED_TASK);
  const { error } = execute(spreadsheet, 'replacePlan', [rewritten, (read as { stamp: string }).stamp]);
  expect(error?.message).toMatch(/^CHECK_FAILED: .*Warehouse!C3 holds ""/);
  expect(planText(spreadsheet)).toBe(before);
});

test('the same rewrite of a task whose Check passes is re-planning, and is written', () => {
  const spreadsheet = workbook();
  const passing = CHECKED_TASK.replace('Warehouse!C2:C4 numbers, no blanks', 'Warehouse!A2:A4 no blanks');
  spreadsheet.setCellText(PLAN, planText(spreadsheet).replace(CHECKED_TASK, passing));
  const { result: read } = execute(spreadsheet, 'getPlan');
  const rewritten = renamedMovedAndDone(spreadsheet, passing);
  expect(execute(spreadsheet, 'replacePlan', [rewritten, (read as { stamp: string }).stamp]).error).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.3 Verify the quantities');
});
