/**
 * The Check lines a person approved hold the done gate until they approve again (approved-checks-hold.test.ts), also
 * over a new plan an agent writes in place of the approved one while it is unfinished: createPlan, once or more, is
 * not a way around a failing check. The new plan's record names the plan whose approval holds it (heldBy), kept by
 * every change of it, the person's typing included, and passed on when the new plan is finished without the person
 * having approved it. A plan the person approved and saw finished holds nothing of the next
 * (approved-checks-of-a-finished-plan.test.ts).
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  PLAN_SHEET,
  approveAsPerson,
  call,
  callAsPerson,
  execute,
  openSidebar,
  personEdits,
  planText,
} from './harness';
import { FAILING_CHECK_LINE as CHECK_LINE, PASSING_CHECK, approvedWithFailingCheck } from './check-fixtures';
import { connectAgent, deployed, tool } from './keyed-agents';

const HELD =
  /^NEEDS_APPROVAL: The person approved "Check: Warehouse!C2:C4 numbers, no blanks" under task "Check the quantities"/;
const SAME_TASKS: [string, string, Array<{ name: string; steps: string[] }>] = [
  'Stock summary',
  'Total the stock per bin',
  [{ name: 'Work', steps: ['Check the quantities', 'Say hello'] }],
];

/** The refusal of completing 1.1 once started, and that it wrote nothing. */
function completionRefusal(spreadsheet: EmulatedSpreadsheet): string | undefined {
  call(spreadsheet, 'startTask', '1.1');
  const before = planText(spreadsheet);
  const { error } = execute(spreadsheet, 'completeTask', ['1.1']);
  if (error) expect(planText(spreadsheet)).toBe(before);
  return error?.message;
}

test('the new plan completes no task until the person approves it', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(planText(spreadsheet)).not.toContain('Check:');
  expect(completionRefusal(spreadsheet)).toMatch(HELD);
});

test('nor does a second new plan written over the first', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  call(spreadsheet, 'createPlan', 'Stock again', 'Total the stock', [{ name: 'Work', steps: ['Say hello'] }]);
  expect(completionRefusal(spreadsheet)).toMatch(/^NEEDS_APPROVAL: The person approved/);
});

test('nor through the web app: create_plan, then complete_task', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { token } = deployed(spreadsheet);
  const { key } = connectAgent(spreadsheet, token, 'Claude');
  const [title, goal, phases] = SAME_TASKS;
  tool(spreadsheet, key, 'create_plan', { title, goal, phases });
  tool(spreadsheet, key, 'start_task', { step: '1.1' });
  expect(() => tool(spreadsheet, key, 'complete_task', { step: '1.1' })).toThrow(/NEEDS_APPROVAL: The person approved/);
});

test("the person's typing in the cell keeps the new plan held: an edit approves nothing", () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  personEdits(spreadsheet, PLAN, planText(spreadsheet).replace('Total the stock per bin', 'Total the stock per bin.'));
  expect(completionRefusal(spreadsheet)).toMatch(HELD);
});

test("nor do the person's other changes in the sidebar: asking for changes, saving the whole plan", () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarRequestPlanChanges', 'Keep the check');
  const { stamp, revision } = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const edited = planText(spreadsheet).replace('per bin', 'per bin.');
  callAsPerson(spreadsheet, token, 'sidebarReplacePlan', edited, revision, stamp);
  expect(completionRefusal(spreadsheet)).toMatch(HELD);
});

test('a held plan finished with its tasks skipped passes the hold on to the plan after it', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  call(spreadsheet, 'skipTask', '1.1', 'later');
  call(spreadsheet, 'skipTask', '1.2', 'later');
  call(spreadsheet, 'finishPlan', 'Re-planned');
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  expect(completionRefusal(spreadsheet)).toMatch(HELD);
});

test('a new plan written after the plan sheet was deleted and set up again is still held', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  spreadsheet.removeSheet(spreadsheet.sheetNamed(PLAN_SHEET)!);
  call(spreadsheet, 'initPlan');
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  expect(completionRefusal(spreadsheet)).toMatch(HELD);
});

test('once the person approves the new plan, only what they approved holds: a plan written over it completes', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  call(spreadsheet, 'createPlan', 'Stock again', 'Total the stock', [{ name: 'Work', steps: ['Say hello'] }]);
  expect(completionRefusal(spreadsheet)).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Say hello');
});

test('a new plan that keeps the approved check lets another task be done, as the setting allows', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', 'Stock summary', 'Total the stock per bin', [{ name: 'Work', steps: ['Say hello'] }]);
  const withCheck = planText(spreadsheet).replace(
    /- \[ \] 1\.1 Say hello\n/,
    `$&- [ ] 1.2 Check the quantities\n${CHECK_LINE}`,
  );
  call(spreadsheet, 'replacePlan', withCheck, call(spreadsheet, 'getPlan').stamp);
  expect(completionRefusal(spreadsheet)).toBeUndefined();
});

test('a held plan the person approves, once finished, holds nothing of the next plan', () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', 'SKUs', 'Check the SKUs', [{ name: 'Work', steps: ['Check the SKUs'] }]);
  const withCheck = planText(spreadsheet).replace(/- \[ \] 1\.1 Check the SKUs\n/, `$&  - ${PASSING_CHECK}\n`);
  call(spreadsheet, 'replacePlan', withCheck, call(spreadsheet, 'getPlan').stamp);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  call(spreadsheet, 'startTask', '1.1');
  call(spreadsheet, 'completeTask', '1.1');
  call(spreadsheet, 'finishPlan', 'SKUs checked');
  // The next plan lacks the check the person approved on the finished one: it holds nothing.
  call(spreadsheet, 'createPlan', 'More', 'Check the SKUs again', [{ name: 'Work', steps: ['Check the SKUs'] }]);
  expect(completionRefusal(spreadsheet)).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Check the SKUs');
});

test("a person's completion in the sidebar is never held", () => {
  const spreadsheet = approvedWithFailingCheck();
  call(spreadsheet, 'createPlan', ...SAME_TASKS);
  const token = openSidebar(spreadsheet);
  expect(
    execute(spreadsheet, 'sidebarTaskAction', [token, 'complete', '1.1'], { context: 'ui' }).error,
  ).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Check the quantities');
});
