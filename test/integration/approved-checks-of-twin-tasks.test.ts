/**
 * Check lines the person approved hold the done gate until they approve again, also under tasks that share a title
 * (a plan may have two "Check the quantities", one per phase): each task's own lines are what they approved. An agent
 * that drops the failing Check line of the first twin changes what the person approved: the plan is a draft, and no
 * task is done until they approve again (approval off, as in approved-checks-hold).
 */
import { approveAsPerson, call, execute, openSidebar, planText } from './harness';
import { FAILING_CHECK, stockPlan, stockWorkbook } from './check-fixtures';

const FIRST_TWIN = `- [/] 1.1 Check the quantities\n  - ${FAILING_CHECK}\n`;
const PLAN_TEXT = stockPlan([
  FIRST_TWIN.trimEnd(),
  '- [ ] 1.2 Check the quantities',
  '  - Check: Warehouse!A2:A4 no blanks',
]);

test("dropping the first twin's approved Check line makes the plan a draft, and holds that twin's completion", () => {
  const spreadsheet = stockWorkbook(PLAN_TEXT);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(planText(spreadsheet)).toContain('Status: approved');
  const { stamp } = call(spreadsheet, 'getPlan');
  call(
    spreadsheet,
    'replacePlan',
    planText(spreadsheet).replace(FIRST_TWIN, '- [/] 1.1 Check the quantities\n'),
    stamp,
  );
  expect(planText(spreadsheet)).not.toContain('C2:C4');
  expect(planText(spreadsheet)).toContain('Status: draft');
  const before = planText(spreadsheet);
  const { error } = execute(spreadsheet, 'completeTask', ['1.1']);
  expect(error?.message).toMatch(/^NEEDS_APPROVAL: /);
  expect(planText(spreadsheet)).toBe(before);
});
