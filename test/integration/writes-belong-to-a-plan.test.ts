/**
 * Writes belong to a plan and a task, not to a step number: after finish_plan and create_plan, the new plan's 1.1 is
 * not checked against, nor shown with, the earlier plan's writes of its 1.1; the sidebar's data marks those writes as
 * an earlier plan's, and the check result the earlier 1.1 left is not shown under the new one. The agent comes through
 * doPost with its key.
 */
import { callAsPerson, plan, sheetWithSavedPlan, typeRows } from './harness';
import { connectAgent, deployed, tool } from './keyed-agents';

const FIRST_PLAN = plan(
  '# Plan: Totals',
  '',
  'Goal: Total the stock',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Summary!B3:C5 (totals)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Write the totals',
);

function afterANewPlan() {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(FIRST_PLAN));
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: false });
  typeRows(spreadsheet, 'Summary!A1', [['Stock']]);
  const agent = connectAgent(spreadsheet, token, 'Claude on my laptop');
  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });
  const old = JSON.parse(
    tool(spreadsheet, agent.key, 'write_range', { a1: 'Summary!B3', values: [['old total']], step: '1.1' }),
  ) as { id: string };
  tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' });
  tool(spreadsheet, agent.key, 'finish_plan', { summary: 'Totals written' });
  tool(spreadsheet, agent.key, 'create_plan', {
    title: 'Next',
    goal: 'Do more',
    phases: [{ name: 'Work', steps: ['Write the totals again'] }],
    analysis: { write: ['Summary!B3:C5 (totals)'] },
  });
  return { spreadsheet, token, agent, old };
}

test("the new plan's 1.1 is checked without the earlier plan's writes, and shows none of them", () => {
  const { spreadsheet, token, agent, old } = afterANewPlan();
  const before = callAsPerson(spreadsheet, token, 'sidebarLoad');
  // The earlier 1.1's check result ("the cells it wrote — passed") is not the new 1.1's.
  expect(before.checkResults['1.1']).toBeUndefined();
  expect(before.writes).toEqual([expect.objectContaining({ id: old.id, step: '1.1', earlierPlan: true })]);

  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });
  tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' });
  const after = callAsPerson(spreadsheet, token, 'sidebarLoad');
  // Nothing was checked for the new 1.1: it wrote nothing, and the earlier writes are not its own.
  expect(after.checkResults['1.1']).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('old total');
});

test("a write of the new plan's 1.1 is its own; the earlier plan's stays apart, under Earlier plans", () => {
  const { spreadsheet, token, agent, old } = afterANewPlan();
  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });
  tool(spreadsheet, agent.key, 'write_range', { a1: 'Summary!B4', values: [['new total']], step: '1.1' });
  tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' });
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const thisPlans = view.writes.filter((entry: { earlierPlan?: boolean }) => !entry.earlierPlan);
  expect(thisPlans).toEqual([expect.objectContaining({ range: 'Summary!B4', step: '1.1' })]);
  expect(view.writes.filter((entry: { earlierPlan?: boolean }) => entry.earlierPlan)).toEqual([
    expect.objectContaining({ id: old.id, range: 'Summary!B3' }),
  ]);
  expect(view.checkResults['1.1']).toMatchObject({ passed: true, checked: ['Summary!B4 (written)'] });
});
