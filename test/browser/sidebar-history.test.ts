/**
 * The History panel: every whole document Sheet Plan replaced is listed, newest first, and a person
 * can put one back in one round trip; the plan it replaces is kept, so nothing is lost.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { ARTIFACTS, type LocalServer, openSidebar, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();
let server: LocalServer;

beforeEach(async () => {
  server = await startServer();
});

const NEW_PLAN = ['New plan by the agent', 'Start over', [{ name: 'Only', steps: ['Read Data!A1:C9 (ids)'] }]];
/** The example with its review item decided: an agent may replace a plan only when nothing waits for the person. */
const DECIDED_PLAN = EXAMPLE_PLAN.replace('- [!] 2.3', '- [ ] 2.3');

async function agentCreatesPlan(): Promise<void> {
  const { status, body } = await server.scriptsRun('createPlan', NEW_PLAN);
  expect([status, body.error]).toEqual([200, undefined]);
}

test('a plan the agent replaced is in the history and comes back with Restore; the replaced one is kept', async () => {
  server = await startServer(DECIDED_PLAN);
  await agentCreatesPlan();
  const sidebar = await openSidebar(browser(), server);
  const { page } = sidebar;
  await page.locator('.plan-title', { hasText: 'New plan by the agent' }).waitFor();

  await page.getByRole('button', { name: 'History' }).click();
  const entry = page.locator('.history-entry').first();
  await entry.waitFor();
  await expect(entry.locator('.history-title').textContent()).resolves.toMatch(
    /Version \d+ Monthly Inventory Reconciliation/,
  );
  await expect(entry.locator('.history-meta').textContent()).resolves.toContain(
    'replaced by a new plan · by the agent · ',
  );
  await expect(page.locator('.history .hint').first().textContent()).resolves.toContain(
    'in a hidden sheet named AGENT_HISTORY',
  );
  await entry.locator('summary').click();
  await expect(entry.locator('pre').textContent()).resolves.toBe(DECIDED_PLAN);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 640 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-history.png') });

  // Restore asks first (in the page, not a browser dialog); Cancel changes nothing.
  const before = sidebar.actionCalls().length;
  await entry.getByRole('button', { name: /^Restore version \d+$/ }).click();
  await expect(entry.locator('.confirm-text').textContent()).resolves.toMatch(
    /^Replace the current plan with version \d+\? The current plan is kept in the history\.$/,
  );
  await entry.getByRole('button', { name: 'Cancel' }).click();
  await sidebar.settled();
  expect(sidebar.actionCalls().slice(before)).toEqual([]);
  expect(await server.planText()).not.toBe(EXAMPLE_PLAN);

  await entry.getByRole('button', { name: /^Restore version \d+$/ }).click();
  await entry.getByRole('button', { name: /^Yes, restore version \d+$/ }).click();
  await page.locator('.status-bar .notice', { hasText: /^Version \d+ restored/ }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarRestore']);
  expect(await server.planText()).toBe(DECIDED_PLAN);
  await page.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();

  // The agent's plan that the restore replaced is now in the history too.
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.history-entry').first().locator('.history-title').textContent()).resolves.toContain(
    'New plan by the agent',
  );
  expect(sidebar.dialogs).toEqual([]);
});

test('an empty history says so', async () => {
  const { page } = await openSidebar(browser(), server);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.empty-history').textContent()).resolves.toBe('No saved versions yet.');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();
});

test('hostile text in a saved version shows as text and runs nothing', async () => {
  const hostile = DECIDED_PLAN.replace(
    '# Plan: Monthly Inventory Reconciliation',
    '# Plan: <img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>',
  );
  await server.editCell(hostile);
  await agentCreatesPlan();
  const { page, dialogs } = await openSidebar(browser(), server);
  await page.getByRole('button', { name: 'History' }).click();
  const entry = page.locator('.history-entry').first();
  await entry.locator('summary').click();
  await expect(entry.locator('pre').textContent()).resolves.toBe(hostile);
  await expect(entry.locator('.history-title').textContent()).resolves.toContain(
    '<img src=x onerror="window.__pwned=1"><script>',
  );
  await expect(page.locator('.history img, .history script').count()).resolves.toBe(0);
  await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('the agent cannot read or restore the history through the sidebar functions (no person token)', async () => {
  for (const [name, parameters] of [
    ['sidebarHistory', ['forged']],
    ['sidebarRestore', ['forged', 1]],
  ] as const) {
    const { body } = await server.scriptsRun(name, [...parameters]);
    expect(body.error.details[0].errorMessage).toMatch(/^(?:Error: )?NEEDS_PERSON: /);
  }
});

const EMPTY_CELL_TEST =
  'an empty plan cell does not hide the history: "No plan yet" offers History, and Restore brings a plan back';
test(EMPTY_CELL_TEST, async () => {
  server = await startServer(DECIDED_PLAN);
  expect((await server.scriptsRun('createPlan', NEW_PLAN)).status).toBe(200);
  await server.editCell(''); // someone cleared the cell
  const sidebar = await openSidebar(browser(), server, { waitFor: '.empty-state' });
  const { page } = sidebar;
  await expect(page.locator('.empty-state h1').textContent()).resolves.toBe('No plan yet');
  await expect(page.getByRole('button', { name: 'Initialize plan' }).isEnabled()).resolves.toBe(true);

  await page.getByRole('button', { name: 'History' }).click();
  const entry = page.locator('.history-entry', { hasText: 'Monthly Inventory Reconciliation' }).first();
  await entry.getByRole('button', { name: /^Restore version \d+$/ }).click();
  const before = sidebar.actionCalls().length;
  await entry.getByRole('button', { name: /^Yes, restore version \d+$/ }).click();
  await page.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarRestore']);
  expect(await server.planText()).toBe(DECIDED_PLAN);
  expect(sidebar.dialogs).toEqual([]);
});
