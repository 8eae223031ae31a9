/**
 * The Check lines a person approved hold the done gate of THEIR plan until they approve again. Once that plan is
 * finished (every task done, its checks passed) and archived, the next plan an agent writes is a draft (an earlier
 * approval holds), and with "the agent needs my approval" off, work on a draft goes on: its tasks are done as their
 * own checks allow. The finished plan's Check lines, which the next plan does not have, hold nothing.
 */
import { approveAsPerson, call, execute, openSidebar, planText } from './harness';
import { PASSING_CHECK, stockPlan, stockWorkbook } from './check-fixtures';

test('after an approved plan is finished, the next plan (approval off) completes its tasks', () => {
  const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Check the SKUs', `  - ${PASSING_CHECK}`]));
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  call(spreadsheet, 'completeTask', '1.1');
  call(spreadsheet, 'finishPlan', 'SKUs checked');
  call(spreadsheet, 'createPlan', 'Greetings', 'Say hello', [{ name: 'Work', steps: ['Say hello'] }]);
  expect(planText(spreadsheet)).toContain('Status: draft');
  call(spreadsheet, 'startTask', '1.1');
  const { error } = execute(spreadsheet, 'completeTask', ['1.1']);
  expect(error?.message).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Say hello');
});
