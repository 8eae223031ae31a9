/**
 * Another agent's live claim holds its task whole, on every path: the lines under it (details, Check and After lines)
 * and its sub-steps, not only its line (src/core/features/claims.ts). Beta, reading Alpha's task, could otherwise make
 * it wait, add a check Alpha's completion then fails, or remove a sub-step, all by rewriting the document.
 */
import { at, connectAgent, deployed, refused, tool } from './web-agents';
import { planText, sheetWithSavedPlan } from './harness';
import { NORTH_AND_SOUTH, salesPlan } from './sales-plan';

const PLAN_TEXT = salesPlan(['  - Sum north first, then south', ...NORTH_AND_SOUTH]);

/** Alpha holds 1.2 (approval off, as in claims.test.ts); Beta is another agent with a key of its own. */
function alphaHolds12() {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  const beta = connectAgent(spreadsheet, token, 'Beta');
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  expect(planText(spreadsheet)).toContain('- [/] 1.2 Sum them per region\n  - Working: Alpha until 2026-11-26 14:30\n');
  return { spreadsheet, alpha, beta };
}

/** Beta's replace_plan of the document it read, with `edit` applied. */
function betaReplaces(spreadsheet: any, beta: string, edit: (markdown: string) => string): string {
  const read = JSON.parse(tool(spreadsheet, beta, 'get_plan', { view: 'full' }, at(1)));
  return tool(spreadsheet, beta, 'replace_plan', { markdown: edit(read.markdown), base: read.stamp }, at(1));
}

test("Beta adds a Check line under Alpha's claimed task: CLAIMED, nothing written", () => {
  const { spreadsheet, beta } = alphaHolds12();
  const before = planText(spreadsheet);
  const message = refused(() =>
    betaReplaces(spreadsheet, beta, (md) =>
      md.replace(
        '  - Sum north first, then south',
        '  - Sum north first, then south\n  - Check: Sheet1!A1:A2 no blanks',
      ),
    ),
  );
  expect(message).toMatch(/^CLAIMED: /);
  expect(planText(spreadsheet)).toBe(before);
});

test("whatever Beta tries on Alpha's claimed task, Alpha (which wrote nothing) still completes it", () => {
  const { spreadsheet, alpha, beta } = alphaHolds12();
  try {
    betaReplaces(spreadsheet, beta, (md) =>
      md.replace('  - Sum north first, then south', '  - Check: Sheet1!A1:A2 no blanks\n  - After: 1.3'),
    );
  } catch {
    // refused: as it should be
  }
  // Had Beta's change been written, Alpha's completion would fail on the check Beta put under its task.
  expect(JSON.parse(tool(spreadsheet, alpha, 'complete_task', { step: '1.2' }, at(2)))).toMatchObject({
    step: '1.2',
    status: 'done',
  });
});

test("Beta makes Alpha's claimed task wait for another step (an After line): CLAIMED, nothing written", () => {
  const { spreadsheet, beta } = alphaHolds12();
  const before = planText(spreadsheet);
  expect(
    refused(() =>
      betaReplaces(spreadsheet, beta, (md) =>
        md.replace('  - Sum north first, then south', '  - Sum north first, then south\n  - After: 1.3'),
      ),
    ),
  ).toMatch(/^CLAIMED: /);
  expect(planText(spreadsheet)).toBe(before);
});

test("Beta rewrites the details of Alpha's claimed task: CLAIMED, nothing written", () => {
  const { spreadsheet, beta } = alphaHolds12();
  const before = planText(spreadsheet);
  expect(
    refused(() => betaReplaces(spreadsheet, beta, (md) => md.replace('Sum north first, then south', 'Sum east only'))),
  ).toMatch(/^CLAIMED: /);
  expect(planText(spreadsheet)).toBe(before);
});

test("Beta removes a sub-step of Alpha's claimed task (apply_commands remove): CLAIMED, nothing written", () => {
  const { spreadsheet, beta } = alphaHolds12();
  const before = planText(spreadsheet);
  expect(
    refused(() =>
      tool(spreadsheet, beta, 'apply_commands', { commands: [{ action: 'remove', step: '1.2.2' }] }, at(1)),
    ),
  ).toMatch(/^CLAIMED: /);
  expect(planText(spreadsheet)).toBe(before);
});

test("Beta's re-plan elsewhere renumbers Alpha's task and its sub-steps: written, the claim and its lines kept", () => {
  const { spreadsheet, beta } = alphaHolds12();
  tool(
    spreadsheet,
    beta,
    'apply_commands',
    { commands: [{ action: 'add', phase: 1, text: 'Check the regions', after: '1.1' }] },
    at(1),
  );
  expect(planText(spreadsheet)).toContain(
    '- [/] 1.3 Sum them per region\n  - Working: Alpha until 2026-11-26 14:30\n  - Sum north first, then south\n' +
      '  - [ ] 1.3.1 North\n  - [ ] 1.3.2 South\n',
  );
});

test('Alpha changes what is under its own task: written', () => {
  const { spreadsheet, alpha } = alphaHolds12();
  tool(
    spreadsheet,
    alpha,
    'apply_commands',
    {
      commands: [
        { action: 'remove', step: '1.2.2' },
        { action: 'complete', step: '1.2.1' },
      ],
    },
    at(1),
  );
  expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.2\.1 North ✅ [\d-]+\n- \[ \] 1\.3 Write/);
});

test("getNextTask passes over the sub-steps of Alpha's claimed task for Beta", () => {
  const { spreadsheet, beta } = alphaHolds12();
  tool(spreadsheet, beta, 'complete_task', { step: '1.1' }, at(1));
  expect(JSON.parse(tool(spreadsheet, beta, 'get_next_task', {}, at(1)))).toMatchObject({ step: '1.3' });
});
