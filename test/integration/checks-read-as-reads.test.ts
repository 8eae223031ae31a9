/**
 * A task's `Check:` lines read cells under read_range's rules: Sheet Plan's own sheets are never read (the check
 * fails with why, and no cell value), and a read outside the plan's declared ranges is in the log, as read_range's is,
 * even when the completion is refused. The agent comes through doPost with its key.
 */
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import { REVISION, callAsPerson, plan, sheetWithSavedPlan, typeRows } from './harness';
import { connectAgent, deployed, refused, tool } from './keyed-agents';

const planWithCheck = (check: string) =>
  plan(
    '# Plan: Totals',
    '',
    'Goal: Sum the sales',
    '',
    '## Analysis',
    '',
    '- Target ranges:',
    '  - Read: Data!A1:B3 (sales)',
    '  - Write: Out!A1:A3 (totals)',
    '',
    '### Phase 1: Work',
    '- [ ] 1.1 Write the totals to Out!A1:A3',
    `  - Check: ${check}`,
  );

function setUp(check: string) {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(planWithCheck(check)));
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: false });
  typeRows(spreadsheet, 'Salaries!A1', [
    ['Name', 'Salary'],
    ['Ana', "'secret 91000"],
  ]);
  const agent = connectAgent(spreadsheet, token, 'Claude on my laptop');
  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });
  return { spreadsheet, token, agent };
}

const writeLog = (spreadsheet: ReturnType<typeof setUp>['spreadsheet'], token: string) =>
  callAsPerson(spreadsheet, token, 'sidebarLoad').writes as Array<{ kind: string; range: string; by: string }>;

test("a Check line on Sheet Plan's own sheet reads nothing: the completion fails without a cell value", () => {
  const { spreadsheet, token, agent } = setUp(`${PLAN_LOCATION.sheet}!C1:D2 numbers`);
  const record = String(spreadsheet.cell(REVISION));
  const message = refused(() => tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' }));
  expect(message).toMatch(/^CHECK_FAILED: Task 1\.1 cannot be completed: .*a check reads what read_range may read/);
  expect(message).toContain("Sheet Plan's");
  expect(message).not.toMatch(/ holds "/);
  expect(message).not.toContain(record.slice(0, 12));
  expect(message).not.toContain('Goal: Sum the sales');
  expect(writeLog(spreadsheet, token)).toEqual([]);
});

test('a Check line outside the declared ranges is logged as a read by the agent, even when the check fails', () => {
  const { spreadsheet, token, agent } = setUp('Salaries!B2 numbers');
  const message = refused(() => tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' }));
  expect(message).toMatch(/^CHECK_FAILED: Task 1\.1 cannot be completed: Salaries!B2 holds "secret 91000"/);
  expect(writeLog(spreadsheet, token)).toEqual([
    expect.objectContaining({ kind: 'read', range: 'Salaries!B2', by: 'agent:Claude on my laptop' }),
  ]);
});

test('a Check line on a declared range reads without a log row, as read_range does', () => {
  const { spreadsheet, token, agent } = setUp('Data!A1:B3 no blanks');
  typeRows(spreadsheet, 'Data!A1', [
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
  tool(spreadsheet, agent.key, 'complete_task', { step: '1.1' });
  expect(writeLog(spreadsheet, token)).toEqual([]);
});
