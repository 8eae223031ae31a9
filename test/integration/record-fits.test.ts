/**
 * The revision record beside the plan (AGENT_BASE!D2) keeps when each item began to wait for the person. An agent that
 * put a thousand tasks in review made it longer than a cell holds: every later change, the person's decisions
 * included, failed with Sheets' own error. An adversarial review found it; the record now keeps the times of as many
 * items as fit, and lists the rest without one.
 */
import { REVISION, call, callAsPerson, execute, openSidebar, planText, sheetWithSavedPlan } from './harness';

/** `phases` phases of 100 tasks each in `symbol`'s status (with the note a review needs), titled `Row <step><tail>`. */
function manyTasks(phases: number, symbol: string, tail = ''): string {
  const lines = ['# Plan: Many', '', 'Goal: Check each', '', 'Status: approved', ''];
  for (let phase = 1; phase <= phases; phase++) {
    lines.push(`### Phase ${phase}: Part ${phase}`);
    for (let task = 1; task <= 100; task++)
      lines.push(`- [${symbol}] ${phase}.${task} Row ${phase}.${task}${tail}${symbol === '!' ? ' — check it' : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

test('an agent puts 1,500 tasks in review in one rewrite: the record fits its cell; the person still decides', () => {
  const spreadsheet = sheetWithSavedPlan(manyTasks(15, ' '));
  const { error } = execute(spreadsheet, 'replacePlan', [manyTasks(15, '!'), call(spreadsheet, 'getPlan').revision]);
  expect(error).toBeUndefined();
  expect(String(spreadsheet.cell(REVISION)).length).toBeLessThan(30_000);

  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.1', 'fine');
  expect(planText(spreadsheet)).toContain('- [ ] 1.1 Row 1.1 — approved: fine');
  const { attention } = execute(spreadsheet, 'getPlan').result as {
    attention: { waitingForPerson: Array<{ step: string; since?: string }> };
  };
  expect(attention.waitingForPerson).toHaveLength(1499);
  // The first items keep their time; those past the record's room are listed without one.
  expect(attention.waitingForPerson[0].since).toBeDefined();
  expect(attention.waitingForPerson.at(-1)!.since).toBeUndefined();
});

test('titles full of control characters, which the record writes six characters each, fit as well', () => {
  const tail = ' ' + '\u0001'.repeat(110);
  const spreadsheet = sheetWithSavedPlan(manyTasks(1, ' ', tail));
  call(spreadsheet, 'replacePlan', manyTasks(1, '!', tail), call(spreadsheet, 'getPlan').revision);
  const token = openSidebar(spreadsheet);
  for (const step of ['1.1', '1.2', '1.3'])
    callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', step, 'ok');
  expect(planText(spreadsheet)).toContain('- [ ] 1.3 Row 1.3');
  expect(String(spreadsheet.cell(REVISION)).length).toBeLessThan(45_000);
});
