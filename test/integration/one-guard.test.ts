/**
 * One guard on every change (issue 25): an agent refused on one path tries another, and the rule holds on each. Each
 * test replays an adversarial agent's sequence through the built bundle, agents coming as real MCP clients do
 * (doPost with a key the person made); a refusal leaves every sheet as it was.
 */
import { diffPlans } from '../../src/core/format/plan-diff';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import { PLAN, callAsPerson, execute, personEdits, planText, refusedWrites } from './harness';
import { STOCK_PLAN, stockSheet } from './stock-plan';
import { at, refused, tool } from './web-agents';

/** Every sheet and cell: what a refusal must leave as it was (a key's "last used" aside, kept elsewhere). */
function sheets(spreadsheet: EmulatedSpreadsheet): string {
  return JSON.stringify(spreadsheet.toJSON().sheets);
}

/** Every sheet but the write log, where a refused write is noted. */
function sheetsBesideTheLog(spreadsheet: EmulatedSpreadsheet): string {
  return JSON.stringify(spreadsheet.toJSON().sheets.filter((sheet) => sheet.name !== PLAN_LOCATION.writeLogSheet));
}

/** `tool` refused, with nothing written; the refusal's message. */
function refusedWritingNothing(spreadsheet: EmulatedSpreadsheet, work: () => unknown): string {
  const before = sheets(spreadsheet);
  const message = refused(work);
  expect(sheets(spreadsheet)).toBe(before);
  return message;
}

/** The agent's replace_plan of the whole document, at the revision it read. */
function replacePlan(spreadsheet: EmulatedSpreadsheet, key: string, edit: (text: string) => string, now = at(0)) {
  const { revision } = JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'full' }, now)) as { revision: number };
  return tool(spreadsheet, key, 'replace_plan', { markdown: edit(planText(spreadsheet)), base: revision }, now);
}

/** What the approval box lists as changed since the person's last approval. */
function changedSinceApproval(spreadsheet: EmulatedSpreadsheet, token: string) {
  const approved = callAsPerson(spreadsheet, token, 'sidebarApprovedPlan') as { markdown: string };
  return diffPlans(approved.markdown, planText(spreadsheet));
}

test('1. done without the check: after CHECK_FAILED, a rewrite of the line as done is refused the same way', () => {
  const { spreadsheet, claude } = stockSheet();
  tool(spreadsheet, claude, 'start_task', { step: '1.1' });
  expect(refusedWritingNothing(spreadsheet, () => tool(spreadsheet, claude, 'complete_task', { step: '1.1' }))).toMatch(
    /^CHECK_FAILED: Task 1\.1 cannot be completed/,
  );
  const asDone = (text: string) =>
    text
      .replace('- [/] 1.1 Write the totals', '- [x] 1.1 Write the totals ✅ 2026-11-26')
      .replace(/\n {2}- Working: Claude until [^\n]*/, '');
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, claude, asDone))).toMatch(
    /^CHECK_FAILED: Task 1\.1 cannot be completed/,
  );
  const asCommands = () =>
    tool(spreadsheet, claude, 'apply_commands', { commands: [{ action: 'complete', step: '1.1' }] });
  expect(refusedWritingNothing(spreadsheet, asCommands)).toMatch(/^CHECK_FAILED/);
  expect(planText(spreadsheet)).toContain('- [/] 1.1 Write the totals');
});

test('1b. the guard refusing a batch names the command that brought the plan there, not the last one', () => {
  const { spreadsheet, claude } = stockSheet();
  tool(spreadsheet, claude, 'start_task', { step: '1.1' });
  const batch = () =>
    tool(spreadsheet, claude, 'apply_commands', {
      commands: [
        { action: 'start', step: '1.3' },
        { action: 'complete', step: '1.1' },
        { action: 'complete', step: '1.3' },
      ],
    });
  const message = refusedWritingNothing(spreadsheet, batch);
  expect(message).toMatch(/^CHECK_FAILED: commands\[1\] \(complete 1\.1\): Task 1\.1 cannot be completed: Summary!B3/);
  // The guard's own words already say so: once.
  expect(message.match(/nothing was written/gi)).toHaveLength(1);
});

test('2. checks and waits changed after approval: a draft, listed as changed; a waiting task stays', () => {
  const { spreadsheet, token, claude } = stockSheet();
  // A task that waits for 1.1 does not move into work, whichever way the agent writes it.
  const startWaiting = (text: string) => text.replace('- [ ] 1.2 Clear the old sheet', '- [/] 1.2 Clear the old sheet');
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, claude, startWaiting))).toMatch(
    /^WAITING: Task 1\.2 waits for 1\.1 \(todo\)/,
  );
  expect(refusedWritingNothing(spreadsheet, () => tool(spreadsheet, claude, 'start_task', { step: '1.2' }))).toMatch(
    /^WAITING/,
  );
  // Dropping the After line and starting in the same write does not help either.
  const dropAndStart = (text: string) => startWaiting(text).replace('\n  - After: 1.1', '');
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, claude, dropAndStart))).toMatch(
    /^(WAITING|NEEDS_APPROVAL)/,
  );
  // Pointing the check elsewhere and dropping the wait: a draft again, and the approval box says what changed.
  replacePlan(spreadsheet, claude, (text) =>
    text
      .replace('Check: Summary!B3:C4 numbers, no blanks', 'Check: Summary!Z1 numbers')
      .replace('\n  - After: 1.1', ''),
  );
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(changedSinceApproval(spreadsheet, token).rules).toEqual([
    {
      feature: 'checks',
      change: 'changed',
      step: '1.1',
      before: 'Check: Summary!B3:C4 numbers, no blanks',
      after: 'Check: Summary!Z1 numbers',
    },
    { feature: 'dependencies', change: 'removed', step: '1.2', before: 'After: 1.1' },
  ]);
  expect(refusedWritingNothing(spreadsheet, () => tool(spreadsheet, claude, 'start_task', { step: '1.2' }))).toMatch(
    /^NEEDS_APPROVAL/,
  );
});

test('3. "Formulas: allowed" slipped in: a draft, and the approval box lists it', () => {
  const { spreadsheet, token, claude } = stockSheet();
  replacePlan(spreadsheet, claude, (text) => text.replace('- Target ranges:', '- Formulas: allowed\n- Target ranges:'));
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(changedSinceApproval(spreadsheet, token).rules).toEqual([
    { feature: 'scope', change: 'added', after: 'Formulas: allowed' },
  ]);
  expect(changedSinceApproval(spreadsheet, token).unchanged).toBe(false);
});

test("4. claims: no agent takes over, forges, or spreads claims by any path; nor writes under another's", () => {
  const { spreadsheet, claude, gemini } = stockSheet();
  tool(spreadsheet, claude, 'start_task', { step: '1.3' });
  expect(planText(spreadsheet)).toContain('  - Working: Claude until 2026-11-26 14:30');
  // Gemini renames Claude's claim to itself, and completes the task.
  const takeOver = (text: string) =>
    text
      .replace('- Working: Claude until 2026-11-26 14:30', '- Working: Gemini until 2099-01-01 00:00')
      .replace('- [/] 1.3 Say hello', '- [x] 1.3 Say hello ✅ 2026-11-26');
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, gemini, takeOver))).toMatch(
    /^CLAIMED: Task 1\.3 is claimed by Claude until 2026-11-26 14:30, so you \(Gemini\) cannot complete it/,
  );
  const swapOnly = (text: string) =>
    text.replace('- Working: Claude until 2026-11-26 14:30', '- Working: Gemini until 2026-11-26 14:30');
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, gemini, swapOnly))).toMatch(
    /^CLAIMED: .*cannot take over or remove another agent's claim/,
  );
  // A reservation that looks like a person's, and a claim under every task.
  const reserve = (text: string) =>
    text.replace(
      '- [ ] 1.2 Clear the old sheet',
      '- [ ] 1.2 Clear the old sheet\n  - Working: Dana until 2999-01-01 00:00',
    );
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, gemini, reserve))).toMatch(
    /^CLAIMED: Only Sheet Plan writes a "Working:" line/,
  );
  const everywhere = (text: string) =>
    text.replace(
      '- [ ] 1.1 Write the totals',
      '- [ ] 1.1 Write the totals\n  - Working: Gemini until 2026-11-26 14:20',
    );
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, gemini, everywhere))).toMatch(
    /^INVALID_TRANSITION: A claim is written by starting the task/,
  );
  // Cells under a step another agent holds are that agent's. Every other sheet stays as it was; the write log notes the
  // attempt for the person.
  const write = () => tool(spreadsheet, gemini, 'write_range', { a1: 'Summary!B3', values: [['A-1']], step: '1.3' });
  const before = sheetsBesideTheLog(spreadsheet);
  expect(refused(write)).toMatch(/^CLAIMED: Task 1\.3 is claimed by Claude/);
  expect(sheetsBesideTheLog(spreadsheet)).toBe(before);
  expect(refusedWrites(spreadsheet)[0]).toMatchObject({
    by: 'agent:Gemini',
    step: '1.3',
    range: 'Summary!B3',
    code: 'CLAIMED',
    reason: "task 1.3 is another agent's",
  });
});

test("4. claims: another agent's claimed task stays in its phase, moved by a command or by a rewrite", () => {
  const { spreadsheet, claude, gemini } = stockSheet();
  tool(spreadsheet, claude, 'start_task', { step: '1.3' });
  const claimedTask = '- [/] 1.3 Say hello\n  - Working: Claude until 2026-11-26 14:30\n';
  expect(planText(spreadsheet)).toContain(claimedTask);
  const byCommand = () =>
    tool(spreadsheet, gemini, 'apply_commands', {
      commands: [
        { action: 'addPhase', text: 'Later', after: 1, steps: ['Tidy up'] },
        { action: 'move', step: '1.3', after: 2 },
      ],
    });
  expect(refusedWritingNothing(spreadsheet, byCommand)).toMatch(
    /^CLAIMED: commands\[1\] \(move 1\.3\): Task 1\.3 is claimed by Claude/,
  );
  const byRewrite = (text: string) =>
    text
      .replace(claimedTask, '')
      .replace('\n## Questions', `### Phase 2: Later\n${claimedTask.replace('1.3', '2.1')}\n## Questions`);
  expect(refusedWritingNothing(spreadsheet, () => replacePlan(spreadsheet, gemini, byRewrite))).toMatch(
    /^CLAIMED: Task 2\.1 is claimed by Claude until 2026-11-26 14:30, so you \(Gemini\) cannot move it to another phase/,
  );
  // Moving another task past it is not a move of it; the holder itself may move it.
  const reordered = (text: string) =>
    text
      .replace('- [ ] 1.2 Clear the old sheet\n  - After: 1.1\n', '')
      .replace(claimedTask, `${claimedTask.replace('1.3', '1.2')}- [ ] 1.3 Clear the old sheet\n  - After: 1.1\n`);
  expect(() => replacePlan(spreadsheet, gemini, reordered)).not.toThrow();
  expect(planText(spreadsheet)).toContain(claimedTask.replace('1.3', '1.2'));
});

test('4. a Working line no start could have written holds nothing, and validate_plan says so', () => {
  const text = STOCK_PLAN.replace(
    '- [ ] 1.1 Write the totals',
    '- [/] 1.1 Write the totals\n  - Working: Dana until 2999-01-01 00:00',
  ).replace('\n  - Check: Summary!B3:C4 numbers, no blanks', '');
  const { spreadsheet, gemini } = stockSheet(text);
  const { result } = execute(spreadsheet, 'validatePlan', [], { now: at(0) });
  const report = result as { warnings: Array<{ message: string }> };
  expect(report.warnings.map((problem) => problem.message).join('\n')).toMatch(
    /1\.1.*Working: Dana until 2999-01-01 00:00.*not honoured/,
  );
  tool(spreadsheet, gemini, 'complete_task', { step: '1.1' });
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Write the totals ✅');
});

test('8. Release lands only on the claim the person saw: another agent that took the task since keeps it', () => {
  const { spreadsheet, token, claude, gemini } = stockSheet();
  tool(spreadsheet, claude, 'start_task', { step: '1.3' }, at(0));
  tool(spreadsheet, claude, 'block_task', { step: '1.3', reason: 'no greeting yet' }, at(1));
  const seen = { title: 'Say hello', status: 'blocked', note: 'no greeting yet', working: 'Claude' };
  // Claude's lease ends; Gemini takes the task before the person clicks Release on Claude's claim.
  tool(spreadsheet, gemini, 'start_task', { step: '1.3' }, at(40));
  const release = () => callAsPerson(spreadsheet, token, 'sidebarReleaseClaim', '1.3', seen);
  expect(refusedWritingNothing(spreadsheet, release)).toMatch(
    /^CONFLICT: Task 1\.3 changed since you saw it: you saw "Say hello" \(blocked — no greeting yet, held by Claude\)/,
  );
  expect(planText(spreadsheet)).toContain('  - Working: Gemini until 2026-11-26 15:10');
  const now = { title: 'Say hello', status: 'doing', working: 'Gemini' };
  callAsPerson(spreadsheet, token, 'sidebarReleaseClaim', '1.3', now);
  expect(planText(spreadsheet)).not.toContain('Working:');
});

test('13. what waits for the person is one answer: a plan without a Status line while approval is required', () => {
  const { spreadsheet, claude } = stockSheet(STOCK_PLAN, false);
  // The person, who asked to approve plans first, types a plan without a Status line into the cell: a draft.
  personEdits(spreadsheet, PLAN, STOCK_PLAN.replace('Status: draft\n\n', ''));
  const { result } = execute(spreadsheet, 'getPlan', []);
  const plan = result as { waitingForApproval: boolean; attention: { waitingForPerson: Array<{ what: string }> } };
  expect(plan.waitingForApproval).toBe(true);
  expect(plan.attention.waitingForPerson.map((item) => item.what)).toEqual(['approval', 'question']);
  expect(JSON.parse(tool(spreadsheet, claude, 'get_plan', {})).summary).toMatch(/Waiting for the person: approval/);
});
