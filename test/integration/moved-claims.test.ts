/**
 * Steps are addresses a re-plan changes. Alpha starts 1.2 ("Sum them per region"); Beta adds a task after 1.1, so
 * Alpha's task is 1.3 and 1.2 is Beta's new "Check the regions", which Alpha never read. Only Beta is told what was
 * renumbered. Alpha's next call by the step it started was done to Beta's task, and answered as a success; it is now
 * refused (CONFLICT, naming both tasks, nothing written), and Alpha acts on its task at its new step
 * (src/core/rules/moved-claims.ts).
 */
import { at, connectAgent, deployed, refused, tool } from './web-agents';
import { planText, sheetWithSavedPlan } from './harness';
import { salesPlan } from './sales-plan';

const PLAN_TEXT = salesPlan();

/** Alpha holds 1.2; Beta then adds a task after 1.1 (`times` times), which renumbers Alpha's task. */
function renumberedUnderAlpha(times = 1) {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  const beta = connectAgent(spreadsheet, token, 'Beta');
  const carol = connectAgent(spreadsheet, token, 'Carol');
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  for (let time = 0; time < times; time++) {
    const text = time ? `Check the regions again` : 'Check the regions';
    tool(spreadsheet, beta, 'apply_commands', { commands: [{ action: 'add', phase: 1, text, after: '1.1' }] }, at(1));
  }
  return { spreadsheet, alpha, beta, carol };
}

test("Alpha's complete_task of the step its task left: CONFLICT naming both tasks, nothing written", () => {
  const { spreadsheet, alpha } = renumberedUnderAlpha();
  const before = planText(spreadsheet);
  expect(refused(() => tool(spreadsheet, alpha, 'complete_task', { step: '1.2' }, at(2)))).toBe(
    'CONFLICT: Task 1.2 is "Check the regions" now: Beta renumbered the plan, and the task you hold, ' +
      '"Sum them per region", is 1.3. Call again with 1.3; or, to act on "Check the regions" after all, first start ' +
      'it, or note your task at 1.3, in a call of its own (that shows you have the new numbers); nothing was written',
  );
  expect(planText(spreadsheet)).toBe(before);
});

test('Alpha completes its task at its new step', () => {
  const { spreadsheet, alpha } = renumberedUnderAlpha();
  expect(JSON.parse(tool(spreadsheet, alpha, 'complete_task', { step: '1.3' }, at(2)))).toMatchObject({
    step: '1.3',
    title: 'Sum them per region',
    status: 'done',
  });
});

test("Alpha, meaning Beta's new task, starts it first, then completes it", () => {
  const { spreadsheet, alpha } = renumberedUnderAlpha();
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(2));
  expect(JSON.parse(tool(spreadsheet, alpha, 'complete_task', { step: '1.2' }, at(3)))).toMatchObject({
    title: 'Check the regions',
    status: 'done',
  });
});

test('an agent that holds no moved task acts on the step as it reads it', () => {
  const { spreadsheet, carol } = renumberedUnderAlpha();
  expect(
    JSON.parse(tool(spreadsheet, carol, 'block_task', { step: '1.2', reason: 'no regions' }, at(2))),
  ).toMatchObject({ title: 'Check the regions', status: 'blocked' });
});

test("two re-plans in a row: Alpha's call by the step it started is refused still, through apply_commands too", () => {
  const { spreadsheet, alpha } = renumberedUnderAlpha(2);
  expect(planText(spreadsheet)).toContain('- [/] 1.4 Sum them per region\n');
  const before = planText(spreadsheet);
  const complete = { commands: [{ action: 'complete', step: '1.2' }] };
  expect(refused(() => tool(spreadsheet, alpha, 'apply_commands', complete, at(2)))).toMatch(
    /^CONFLICT: commands\[0\] \(complete 1\.2\): Task 1\.2 is "Check the regions again" now: Beta renumbered .* is 1\.4\./,
  );
  expect(planText(spreadsheet)).toBe(before);
});
