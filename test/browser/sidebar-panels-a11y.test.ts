/**
 * Every panel at 300 px against axe-core's WCAG 2.2 AA rules (0 violations): the first run, Connect, the plan as a
 * draft waiting for approval and with a failed check, History, Settings and the editor. What each shows first is
 * pinned beside it; the screenshots go to artifacts/ (and docs/images/ through docs/sidebar.md's list).
 */
import { axeViolations, atSidebarWidth, screenshot } from './axe';
import { openSidebar, taskRow, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

const DRAFT_PLAN = `# Plan: Q1 report

Goal: Build the Q1 report in Summary!B3:E15

Status: draft

## Analysis
- Target ranges:
  - Read: Orders!A2:F500
  - Write: Summary!B3:E15

### Phase 1: Read
- [ ] 1.1 Read the orders from Orders!A2:F500
- [ ] 1.2 Read the returns from Returns!A2:C90

### Phase 2: Write
- [ ] 2.1 Write the totals into Summary!B3:E15
  - Check: Summary!B3:E15 numbers
`;

test('first run: "Connect an agent" is the main action, with three steps; the Connect panel passes axe', async () => {
  const server = await startServer('');
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page, 640);
  await expect(page.locator('.empty-state .button.primary').textContent()).resolves.toBe('Connect an agent');
  await expect(page.locator('.first-steps li').count()).resolves.toBe(3);
  await screenshot(page, 'person-view-first-run');
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('.empty-state .button.primary').click();
  await page.locator('.connect-agent .plan-title', { hasText: 'Connect an agent' }).waitFor();
  await page.locator('.connect-agent .loading').waitFor({ state: 'detached' });
  await screenshot(page, 'person-view-connect');
  expect(await axeViolations(page)).toEqual([]);
});

test('a draft: the approval box shows a new plan with its scope, and Approve stays in view at the bottom', async () => {
  const server = await startServer(DRAFT_PLAN);
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page, 600);
  const box = page.locator('.plan-approval');
  await box.locator('.approval-new').waitFor();
  await expect(box.locator('.approval-new').textContent()).resolves.toMatch(/^NEW PLAN No earlier approval/);
  await expect(box.locator('.plan-changes').count()).resolves.toBe(0);
  await expect(box.locator('.approval-scope li').allTextContents()).resolves.toEqual(['Summary!B3:E15']);
  // The top of the box in view: its Approve button is on screen too, above the status bar.
  await box.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const approve = await box.getByRole('button', { name: 'Approve plan' }).boundingBox();
  const statusBar = await page.locator('.status-bar').boundingBox();
  expect(approve!.y + approve!.height).toBeLessThanOrEqual(statusBar!.y + 1);
  expect(approve!.y).toBeGreaterThanOrEqual(0);
  await screenshot(page, 'person-view-draft');
  expect(await axeViolations(page)).toEqual([]);
});

test('a failed check: named in "Needs you" and under its task; the plan passes axe', async () => {
  const server = await startServer();
  expect((await server.scriptsRun('writeRange', ['Discrepancies!A2', [['WH-1001', 40]], '3.1'])).status).toBe(200);
  server.spreadsheet.setFormulaResult('Discrepancies!B2', '=B1/0', '#DIV/0!');
  expect(JSON.stringify((await server.scriptsRun('completeTask', ['3.1'])).body)).toContain('CHECK_FAILED');
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  const need = page.locator('.need-failed-check');
  await expect(need.locator('.need-go').textContent()).resolves.toMatch(/^Check failed 3\.1: Discrepancies!B2 holds/);
  await need.locator('.need-go').click();
  await expect(page.evaluate(() => document.activeElement?.closest('li')?.dataset.step)).resolves.toBe('3.1');
  await expect(taskRow(page, '3.1').locator('.task-check.check-failed').count()).resolves.toBe(1);
  await screenshot(page, 'person-view-failed-check');
  expect(await axeViolations(page)).toEqual([]);
});

test('History, Settings and the editor pass axe', async () => {
  const server = await startServer(DRAFT_PLAN);
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.locator('.history-entry').first().waitFor();
  await screenshot(page, 'person-view-history');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.locator('.settings .setting').first().waitFor();
  await screenshot(page, 'person-view-settings');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.locator('.editor textarea').waitFor();
  await screenshot(page, 'person-view-editor');
  expect(await axeViolations(page)).toEqual([]);
});
