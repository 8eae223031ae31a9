/**
 * The person's Revoke stops an agent at once, also in the middle of a JSON-RPC batch: the key is checked for every
 * call of the batch, not once per POST body.
 */
import { AGENTS_PROPERTY } from '../../src/apps-script/agent-keys';
import { plan, sheetWithSavedPlan } from './harness';
import { connectAgent, deployed, postBatch, tool } from './keyed-agents';

const PLAN_TEXT = plan(
  '# Plan: Counts',
  '',
  'Goal: Count them',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Sheet1!A1:A30 (counts)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Write the counts to Sheet1!A1:A30',
);

test("a batch of 20 writes stops at the call after the person's Revoke commits; nothing more is written", () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const agent = connectAgent(spreadsheet, token, 'Claude on my laptop');
  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });

  const writes = Array.from({ length: 20 }, (_, index) => [
    'write_range',
    { a1: `Sheet1!A${index + 1}`, values: [[`count ${index + 1}`]], step: '1.1' },
  ]) as Array<[string, Record<string, unknown>]>;
  const answers = postBatch(spreadsheet, agent.key, writes, {
    prepare: (execution) =>
      // While the first write is logged, the person's Revoke commits: the list of agents without this one, as
      // sidebarRevokeAgent writes it (a revoke in another execution cannot take the lock this one holds).
      execution.faults.interleave('Sheet.appendRow', () => {
        const agents = JSON.parse(spreadsheet.properties.script.get(AGENTS_PROPERTY)!) as Array<{ id: string }>;
        spreadsheet.properties.script.set(
          AGENTS_PROPERTY,
          JSON.stringify(agents.filter((stored) => stored.id !== agent.id)),
        );
      }),
  });

  expect(answers[0]).toMatchObject({ isError: false });
  expect(spreadsheet.cell('Sheet1!A1')).toBe('count 1');
  for (const answer of answers.slice(1)) {
    expect(answer.error?.message).toMatch(/refused this URL's key: it is missing, wrong or revoked/);
  }
  for (let row = 2; row <= 20; row++) expect(spreadsheet.cell(`Sheet1!A${row}`) ?? '').toBe('');
});
