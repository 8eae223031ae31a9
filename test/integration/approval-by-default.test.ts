/**
 * "The agent needs my approval" is on for a new sheet: the README promises that a person approves the whole plan
 * before work starts. An agent (through doPost with its key) that replaces the person's plan leaves a draft, and
 * writes no cell until the person approves. A sheet whose settings were saved keeps them; a sheet that never saved
 * any, or whose saved settings do not say, has approval on (fail closed).
 */
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import {
  approveAsPerson,
  callAsPerson,
  plan,
  planText,
  refusedWrites,
  sheetWithSavedPlan,
  snapshotBesideTheLog,
  typeRows,
} from './harness';
import { connectAgent, deployed, refused, tool } from './keyed-agents';

const PERSONS_PLAN = plan(
  '# Plan: Stock',
  '',
  'Goal: Count the stock',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Stock!A1:A10 (counts)',
  '',
  '## Questions for User',
  '',
  '- Which warehouse?',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Count Stock!A1:A10',
);

function agentReplacesThePlan(settings?: string) {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PERSONS_PLAN));
  typeRows(spreadsheet, 'Stock!A1', [['12']]);
  // The shared fixture turns approval off (harness.ts withApprovalOff): here, a sheet as it comes.
  if (settings === undefined) spreadsheet.properties.script.delete(SETTINGS_PROPERTY);
  else spreadsheet.properties.script.set(SETTINGS_PROPERTY, settings);
  const agent = connectAgent(spreadsheet, token, 'Claude on my laptop');
  const { markdown, stamp } = JSON.parse(tool(spreadsheet, agent.key, 'get_plan', { view: 'full' }));
  const replaced = markdown.replace('- [/] 1.1 Count Stock!A1:A10', '- [/] 1.1 Clear Stock!A1:A10');
  tool(spreadsheet, agent.key, 'replace_plan', { markdown: replaced, base: stamp });
  return { spreadsheet, token, agent };
}

const write = { a1: 'Stock!A1', values: [[0]], step: '1.1' };

test.each([
  ['a new sheet (no settings saved)', undefined],
  ['settings saved without the approval field', JSON.stringify({ mailWhenWaiting: false })],
  ['settings that cannot be read', '{not json'],
])("%s: the agent's plan is a draft, and no cell is written until the person approves", (_what, settings) => {
  const { spreadsheet, token, agent } = agentReplacesThePlan(settings);
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(callAsPerson(spreadsheet, token, 'sidebarSettings').approvalRequired).toBe(true);
  const before = snapshotBesideTheLog(spreadsheet);
  expect(refused(() => tool(spreadsheet, agent.key, 'write_range', write))).toMatch(/^PLAN_NOT_APPROVED/);
  // No cell of the sheet or the plan changed; the write log notes the attempt for the person.
  expect(snapshotBesideTheLog(spreadsheet)).toBe(before);
  expect(refusedWrites(spreadsheet)).toEqual([
    {
      by: 'agent:Claude on my laptop',
      step: '1.1',
      range: 'Stock!A1',
      code: 'PLAN_NOT_APPROVED',
      reason: 'the plan is not approved',
    },
  ]);

  approveAsPerson(spreadsheet, token);
  tool(spreadsheet, agent.key, 'write_range', write);
  expect(spreadsheet.cell('Stock!A1')).toBe(0);
});

test('a sheet whose person turned approval off keeps it off', () => {
  const { spreadsheet, agent } = agentReplacesThePlan(JSON.stringify({ approvalRequired: false }));
  expect(planText(spreadsheet)).not.toContain('Status: draft');
  tool(spreadsheet, agent.key, 'write_range', write);
  expect(spreadsheet.cell('Stock!A1')).toBe(0);
});
