/**
 * The plan's life in the sidebar: the person's approval setting, approving a draft or sending it back, and the
 * finished plans. Each change is checked in the cell's Markdown; each refusal leaves the cell byte-identical.
 */
import { DEFAULT_USER } from '../../src/node/emulator';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';

/** The example with its review item decided: an agent may replace a plan only when nothing waits for the person. */
const DECIDED_PLAN = EXAMPLE_PLAN.replace('- [!] 2.3', '- [ ] 2.3');
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import {
  ARTIFACTS,
  checkNow,
  openSidebar,
  setVisibility,
  type SidebarPage,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

const PHASES = [
  { name: 'Read', steps: ['Read Orders!A2:F500 (orders)', 'Read Returns!A2:C90 (returns)'] },
  { name: 'Write', steps: ['Write Summary!B3:E15 (totals)'] },
];

const browser = useBrowser();
const server = useLocalServer({ plan: DECIDED_PLAN });

/** The settings as the script keeps them, in its script properties. */
const savedSettings = () => JSON.parse(server().spreadsheet.properties.script.get('sheetPlan.settings') ?? '{}');

function scriptError(body: any): string {
  return body.error?.details?.[0]?.errorMessage ?? `(no error: ${JSON.stringify(body)})`;
}

/**
 * Waits until the approval box has read what changed since the person's last approval (its one call, made when the
 * box opens): a test that counts the calls of the person's action starts counting after it.
 */
async function approvalBoxLoaded(approval: Locator): Promise<void> {
  await approval.locator('.approval-changes:not(.loading)').waitFor();
}

/**
 * The agent's plan came in while the approval box showed the plan before it (the example, a draft once approval was
 * turned on): the decision waits until the person has looked at the plan again.
 */
async function readAgain(approval: Locator): Promise<void> {
  await approval.getByRole('button', { name: 'Read it again' }).click();
}

/** Turns "The agent needs my approval before it starts" on in the sidebar's Settings, then back to the plan. */
async function requireApproval(sidebar: SidebarPage): Promise<void> {
  const { page } = sidebar;
  await page.getByRole('button', { name: 'Settings' }).click();
  const setting = page.getByLabel(/The agent needs my approval before it starts/);
  await expect(setting.isChecked()).resolves.toBe(false);
  const before = sidebar.actionCalls().length;
  await setting.check();
  await page.locator('.status-bar .notice', { hasText: 'The agent now waits for your approval' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarSaveSettings']);
  await page.getByRole('button', { name: 'Close' }).click();
}

test('the person turns approval on; the agent’s plan is a draft until the person approves it', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  const cellBefore = await server().planText();
  await requireApproval(sidebar);
  // The save made the plan a draft (its Status line): the sidebar brought that in with it, before any timed check,
  // and keeps the person's words for their own change (a later check no longer says "Updated by you").
  await sidebar.settled();
  const saved = sidebar.calls.lastIndexOf('sidebarSaveSettings');
  expect(sidebar.calls.slice(saved, saved + 2)).toEqual(['sidebarSaveSettings', 'sidebarCheck']);
  await expect(page.locator('.plan-status-badge').textContent()).resolves.toBe('Draft');
  await expect(page.locator('.status-bar .notice').textContent()).resolves.toMatch(/^The agent now waits for your/);
  // The plan in the cell had no Status line: with approval required it is a draft, and says so.
  expect(await server().planText()).toBe(cellBefore.replace(/(\nGoal: [^\n]*\n)/, '$1\nStatus: draft\n'));
  expect(savedSettings()).toMatchObject({ approvalRequired: true });

  expect((await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES])).status).toBe(200);
  const draft = await server().planText();
  expect(draft).toContain('Goal: Build the Q1 report\n\nStatus: draft\n');
  // The agent waits: starting is refused and writes nothing.
  expect(scriptError((await server().scriptsRun('startTask', ['1.1'])).body)).toMatch(/NEEDS_APPROVAL: /);
  expect(await server().planText()).toBe(draft);

  await checkNow(page);
  await page.locator('.plan-title', { hasText: 'Q1 report' }).waitFor({ timeout: 8000 });
  await expect(page.locator('.plan-status-badge').textContent()).resolves.toBe('Draft');
  const approval = page.locator('.plan-approval');
  await expect(approval.locator('.waiting-kind').textContent()).resolves.toBe('The plan waits for your approval');
  await readAgain(approval);
  await approval.getByLabel('Comment for the agent').fill('Looks right, go ahead');
  await approvalBoxLoaded(approval);
  const before = sidebar.actionCalls().length;
  await approval.getByRole('button', { name: 'Approve plan' }).click();
  await page.locator('.status-bar .notice', { hasText: 'Plan approved: the agent may start work' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarApprovePlan']);

  const approved = await server().planText();
  expect(approved).toContain('Goal: Build the Q1 report\n\nStatus: approved — Looks right, go ahead\n');
  expect(approved).toMatch(/\n- \d{4}-\d{2}-\d{2}: plan approved: Looks right, go ahead\n/);
  // Only the status line and a dated line in Notes changed.
  const date = /- (\d{4}-\d{2}-\d{2}): plan approved/.exec(approved)![1];
  expect(approved).toBe(
    draft
      .replace('Status: draft', 'Status: approved — Looks right, go ahead')
      .replace(/## Notes\n$/, `## Notes\n\n- ${date}: plan approved: Looks right, go ahead\n`),
  );
  await expect(page.locator('.plan-status-badge').textContent()).resolves.toBe('Approved');
  await expect(page.locator('.plan-approval').count()).resolves.toBe(0);
  expect((await server().scriptsRun('startTask', ['1.1'])).body.response.result.status).toBe('doing');
  expect(sidebar.dialogs).toEqual([]);
});

test('a plan without a Status line, where approval is asked (as on a new sheet), is offered for approval', async () => {
  server().spreadsheet.properties.script.set('sheetPlan.settings', JSON.stringify({ approvalRequired: true }));
  expect(await server().planText()).not.toContain('Status:');
  const refused = scriptError((await server().scriptsRun('startNextTask')).body);
  expect(refused).toMatch(/^(Error: )?NEEDS_APPROVAL: The plan has no Status line/);
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await page.getByRole('button', { name: /Approve the plan, or send it back/ }).waitFor();
  const approval = page.locator('.plan-approval');
  await approvalBoxLoaded(approval);
  await approval.getByRole('button', { name: 'Approve plan' }).click();
  await waitForCell(server(), (cell) => cell.includes('Status: approved'));
  expect((await server().scriptsRun('startNextTask')).body.error).toBeUndefined();
});

test('sending the plan back needs a comment, and the agent reads it as the plan’s status note', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await requireApproval(sidebar);
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES]);
  const draft = await server().planText();
  await checkNow(page);
  await page.locator('.plan-title', { hasText: 'Q1 report' }).waitFor({ timeout: 8000 });

  const approval = page.locator('.plan-approval');
  await approvalBoxLoaded(approval);
  await readAgain(approval);
  const before = sidebar.actionCalls().length;
  await approval.getByRole('button', { name: 'Send back' }).click();
  await expect(approval.locator('.field-hint').textContent()).resolves.toBe(
    'Write what the agent should change, then send the plan back.',
  );
  expect(sidebar.actionCalls().slice(before)).toEqual([]);
  expect(await server().planText()).toBe(draft);

  await approval.getByLabel('Comment for the agent').fill('Read the refunds sheet too');
  await approval.getByRole('button', { name: 'Send back' }).click();
  const sentBack = await waitForCell(server(), (cell) => cell.includes('changes requested'));
  expect(sentBack).toContain('\nStatus: draft — changes requested: Read the refunds sheet too\n');
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarRequestPlanChanges']);
  const plan = (await server().scriptsRun('getPlan')).body.response.result;
  expect(plan).toMatchObject({
    status: 'draft',
    statusNote: 'changes requested: Read the refunds sheet too',
    waitingForApproval: true,
  });
  await expect(page.locator('.plan-status-note').textContent()).resolves.toBe(
    ' changes requested: Read the refunds sheet too',
  );
});

test('approving a plan the agent changed after the sidebar showed it is refused, and writes nothing', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await requireApproval(sidebar);
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES]);
  await checkNow(page);
  await page.locator('.plan-title', { hasText: 'Q1 report' }).waitFor({ timeout: 8000 });
  await page.locator('.plan-approval').waitFor({ timeout: 8000 });
  await readAgain(page.locator('.plan-approval'));
  // The agent re-plans, and the sidebar has not checked since (hidden, it does not).
  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('renameTask', ['2.1', 'Write Summary!B3:F15 (totals, margin)'])).status).toBe(200);
  const theirs = await server().planText();

  await page.locator('.plan-approval').getByRole('button', { name: 'Approve plan' }).click();
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: CONFLICT',
  );
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.not.toMatch(/^[A-Z_]+: /);
  expect(await server().planText()).toBe(theirs);
  // The sidebar catches up, and the plan it shows now is the one to approve.
  await page.locator('.task-list li[data-step="2.1"]', { hasText: 'margin' }).waitFor();
  await expect(page.locator('.plan-status-badge').textContent()).resolves.toBe('Draft');
});

test('a finished plan is in Finished plans, and the cell is left as the person chose', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES]);
  await server().scriptsRun('applyCommands', [['1.1', '1.2', '2.1'].map((step) => ({ action: 'complete', step }))]);

  // The person chooses a fresh starter plan after a finished one.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('gets a fresh starter plan').check();
  await page
    .locator('.status-bar .notice', { hasText: 'After a finished plan the cell gets a fresh starter plan' })
    .waitFor();
  expect(savedSettings()).toMatchObject({ afterFinish: 'starter' });
  await page.getByRole('button', { name: 'Close' }).click();

  const finished = (await server().scriptsRun('finishPlan', ['Q1 report written to Summary'])).body.response.result;
  expect(await server().planText()).toMatch(/^# Plan: Getting Started with Sheet Agent/);
  await checkNow(page);
  await page.locator('.plan-title', { hasText: 'Getting Started with Sheet Agent' }).waitFor({ timeout: 8000 });
  // The person is told what became of the plan they were watching, and where it went.
  await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe(
    'Updated by the agent · “Q1 report” is finished: it is in Finished plans',
  );

  const before = sidebar.actionCalls().length;
  await page.getByRole('button', { name: 'Finished plans' }).click();
  const entry = page.locator(`.archive-entry[data-archive-id="${finished.id}"]`);
  await expect(entry.locator('.history-title').textContent()).resolves.toBe('Q1 report');
  await expect(entry.locator('.archive-summary').textContent()).resolves.toBe('Q1 report written to Summary');
  await expect(entry.locator('.history-meta').textContent()).resolves.toMatch(/^Finished .+ · 3 tasks$/);
  await entry.getByRole('button', { name: 'Show the finished plan "Q1 report"' }).click();
  const archived = (await server().scriptsRun('getArchivedPlan', [finished.id])).body.response.result;
  // Rendered as the live plan is, not as Markdown: its goal and each task with its status; the text one click away.
  const shown = entry.getByRole('region', { name: 'The finished plan "Q1 report"' });
  await expect(shown.locator('.plan-goal').textContent()).resolves.toBe('Goal Build the Q1 report');
  await expect(shown.locator('.finished-task').first().textContent()).resolves.toMatch(/^Done1\.1 /);
  await expect(shown.locator('.finished-task').count()).resolves.toBe(3);
  // createPlan's Analysis holds only empty labels (`- Spreadsheet:`): nothing of it is shown.
  await expect(shown.locator('.markdown-section', { hasText: 'Analysis' }).count()).resolves.toBe(0);
  await expect(shown.locator('.markdown-section', { hasText: 'Notes' }).count()).resolves.toBe(1);
  await expect(shown.locator('.archived-text').isVisible()).resolves.toBe(false);
  await shown.getByText('Show the text').click();
  await expect(entry.locator('.archived-text').textContent()).resolves.toBe(archived.raw);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 640 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-finished-plan.png') });
  expect(archived.raw).toContain('Status: done');
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarArchive', 'sidebarArchivedPlan']);
  expect(server().spreadsheet.selection(DEFAULT_USER)).toBeUndefined();
});

test('with the cell left empty after finishing, "No plan yet" leads to the finished plan', async () => {
  await server().scriptsRun('createPlan', ['Small', 'One thing', [{ name: 'Only', steps: ['Do it'] }]]);
  await server().scriptsRun('completeTask', ['1.1']);
  await server().scriptsRun('finishPlan', ['Done in one step']);
  expect(await server().planText()).toBe('');
  const { page } = await openSidebar(browser(), server(), { waitFor: '.empty-state' });
  await page.getByRole('button', { name: 'Finished plans' }).click();
  // The panel fills when its one call answers: wait for it, then read every entry.
  await page.locator('.archive-entry').first().waitFor();
  await expect(page.locator('.archive-entry .history-title').allTextContents()).resolves.toEqual(['Small']);
});

test('the sidebar open when the agent finishes the plan says so, not just "No plan yet"', async () => {
  await server().scriptsRun('createPlan', ['Small', 'One thing', [{ name: 'Only', steps: ['Do it'] }]]);
  const { page } = await openSidebar(browser(), server());
  await server().scriptsRun('completeTask', ['1.1']);
  await server().scriptsRun('finishPlan', ['Done in one step']);
  await checkNow(page);
  await page.locator('.empty-state').waitFor();
  await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe(
    'Updated by the agent · “Small” is finished: it is in Finished plans',
  );
});
