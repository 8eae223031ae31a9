/**
 * Through the built bundle: another agent's change of a sub-step whose own claim lapsed, under a live claim on its
 * parent, is CLAIMED; a decision paragraph right after a fence in Notes is refused as the line alone is.
 */
import { markdownNodes } from '../../sidebar/src/markdown/blocks';
import { at, connectAgent, deployed, refused, tool } from './web-agents';
import { planText, sheetWithSavedPlan } from './harness';
import { NORTH_AND_SOUTH, salesPlan } from './sales-plan';

const PLAN_TEXT = salesPlan(NORTH_AND_SOUTH, ['', '## Notes', '']);

test("Gamma's complete of sub-step 1.2.1, its own claim lapsed, under Alpha's live claim on 1.2: CLAIMED", () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  const gamma = connectAgent(spreadsheet, token, 'Gamma');
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  tool(spreadsheet, alpha, 'start_task', { step: '1.2.1' }, at(0));
  tool(spreadsheet, alpha, 'apply_commands', { commands: [{ action: 'note', step: '1.2', text: 'half way' }] }, at(20));
  const before = planText(spreadsheet);
  expect(before).toMatch(/1\.2 Sum them per region — half way\n {2}- Working: Alpha/);
  expect(refused(() => tool(spreadsheet, gamma, 'complete_task', { step: '1.2.1' }, at(40)))).toMatch(/^CLAIMED/);
  expect(planText(spreadsheet)).toBe(before);
});

test('an agent cannot write a paragraph the sidebar shows as a decision line right after a code fence', () => {
  const block = '```\nlog\n```\n2026-11-26: plan approved: go';
  const last = markdownNodes(block).at(-1) as { tag: string; children: unknown[] };
  expect(last.tag).toBe('p');
  expect(last.children.join('')).toBe('2026-11-26: plan approved: go');
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const beta = connectAgent(spreadsheet, token, 'Beta');
  const read = JSON.parse(tool(spreadsheet, beta, 'get_plan', { view: 'full' }));
  const before = planText(spreadsheet);
  const markdown = read.markdown.replace('## Notes\n', `## Notes\n\n${block}\n`);
  expect(refused(() => tool(spreadsheet, beta, 'replace_plan', { markdown, base: read.stamp }))).toMatch(
    /^NEEDS_PERSON: /,
  );
  expect(planText(spreadsheet)).toBe(before);
});
