/**
 * The plan a person last approved is kept with the approval (all or nothing, beside the history), so that the approval
 * box can show what an agent changed since: an agent's re-plan does not touch it, and only a person can read it.
 */
import { diffPlans } from '../../src/core/format/plan-diff';
import {
  approveAsPerson,
  call,
  callAsPerson,
  execute,
  openSidebar,
  plan,
  planText,
  sheetWithSavedPlan,
} from './harness';

const DRAFT = plan(
  '# Plan: Q1 report',
  '',
  'Goal: Build the Q1 report',
  '',
  'Status: draft',
  '',
  '## Analysis',
  '- Target ranges:',
  '  - Read: Orders!A2:F500',
  '  - Write: Summary!B3:E15',
  '',
  '### Phase 1: Read',
  '- [ ] 1.1 Read the orders',
  '- [ ] 1.2 Read the returns',
  '',
  '### Phase 2: Write',
  '- [ ] 2.1 Write the totals into Summary',
  '',
  '## Notes',
  '',
);

test('before any approval there is no approved plan; after one, it is the text the approval wrote', () => {
  const spreadsheet = sheetWithSavedPlan(DRAFT);
  const token = openSidebar(spreadsheet);
  expect(callAsPerson(spreadsheet, token, 'sidebarApprovedPlan')).toBeNull();

  const approved = approveAsPerson(spreadsheet, token, 'go');
  const kept = callAsPerson(spreadsheet, token, 'sidebarApprovedPlan');
  expect(kept).toEqual({
    revision: approved.revision,
    approvedAt: approved.changedAt,
    markdown: planText(spreadsheet),
  });
  expect(kept.markdown).toContain('Status: approved — go');
});

test("an agent's re-plan leaves the approved plan as it was; the difference is exactly what the agent changed", () => {
  const spreadsheet = sheetWithSavedPlan(DRAFT);
  const token = openSidebar(spreadsheet);
  approveAsPerson(spreadsheet, token);
  const approvedText = planText(spreadsheet);

  const { revision } = call(spreadsheet, 'getPlan');
  const replanned = approvedText
    .replace('  - Write: Summary!B3:E15', '  - Write: Summary!B3:E15\n  - Write: Chart!A1:B12')
    .replace('1.2 Read the returns', '1.2 Read the returns and refunds')
    .replace(
      '- [ ] 2.1 Write the totals into Summary',
      '- [ ] 2.1 Write the totals into Summary\n- [ ] 2.2 Draw the chart',
    );
  call(spreadsheet, 'replacePlan', replanned, revision);
  expect(planText(spreadsheet)).toContain('Status: draft');

  const kept = callAsPerson(spreadsheet, token, 'sidebarApprovedPlan');
  expect(kept.markdown).toBe(approvedText);
  const diff = diffPlans(kept.markdown, planText(spreadsheet));
  expect(diff.tasks.map((task) => [task.change, task.step, task.title])).toEqual([
    ['changed', '1.2', 'Read the returns and refunds'],
    ['added', '2.2', 'Draw the chart'],
  ]);
  expect(diff.ranges).toEqual([{ change: 'added', access: 'write', range: 'Chart!A1:B12' }]);
});

test('an agent cannot read the approved plan: the call needs the person token', () => {
  const spreadsheet = sheetWithSavedPlan(DRAFT);
  expect(execute(spreadsheet, 'sidebarApprovedPlan', ['forged']).error?.message).toMatch(/^NEEDS_PERSON: /);
});

test('sending the plan back does not change the approved plan', () => {
  const spreadsheet = sheetWithSavedPlan(DRAFT);
  const token = openSidebar(spreadsheet);
  approveAsPerson(spreadsheet, token);
  const approvedText = planText(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarRequestPlanChanges', 'add the chart');
  expect(callAsPerson(spreadsheet, token, 'sidebarApprovedPlan').markdown).toBe(approvedText);
});
