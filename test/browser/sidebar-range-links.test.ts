/**
 * Range references in the plan are links: clicking one selects that range in the person's sheet, in one
 * round trip, and the local page shows the selection on its sheet as Sheets would.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_USER } from '../../src/node/emulator';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { ARTIFACTS, openSheetWindow, openSidebar, taskRow, useBrowser, useLocalServer } from './harness';

const PLAN = `# Plan: Links

Goal: Check Warehouse!A2:F500 against 'My Sheet'!A:A

## Analysis

- Read: Warehouse!A2:F500 (stock), \`Sales!A2:H1000\` (orders)
- Write: 'My Sheet'!A:A

### Phase 1: Work
- [ ] 1.1 Read Warehouse!A2:F500 (stock by SKU)
- [>] 1.2 Write Summary!B3:E15 — waiting for Sales!2:3 to be checked
- [ ] 1.3 Compare with Nowhere!A1
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

beforeEach(async () => {
  for (const name of ['My Sheet', 'Summary'])
    if (!server().spreadsheet.sheetNamed(name)) server().spreadsheet.addSheet(name);
  server().spreadsheet.setCellText('Warehouse!A2', 'SKU-1001');
});

const selection = () => server().spreadsheet.selection(DEFAULT_USER);

test('a range in a task title, a note and the Analysis selects that range in the sheet, one call each', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;

  let before = sidebar.actionCalls().length;
  await taskRow(page, '1.1').getByRole('button', { name: 'Warehouse!A2:F500', exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: 'Selected Warehouse!A2:F500 in the sheet' }).waitFor();
  expect(selection()).toEqual({ sheetName: 'Warehouse', a1: 'A2:F500' });
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarSelectRange']);
  // The link selects; it does not open the task's actions.
  await expect(taskRow(page, '1.1').locator('.task-row').getAttribute('aria-expanded')).resolves.toBe('false');

  before = sidebar.actionCalls().length;
  await taskRow(page, '1.2').locator('.task-note').getByRole('button', { name: 'Sales!2:3', exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: 'Selected Sales!2:3' }).waitFor();
  expect(selection()).toEqual({ sheetName: 'Sales', a1: 'A2:Z3' });

  const analysis = page.locator('.markdown-section', { hasText: 'Analysis' });
  await analysis.getByRole('button', { name: "'My Sheet'!A:A", exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: "Selected 'My Sheet'!A:A" }).waitFor();
  expect(selection()).toEqual({ sheetName: 'My Sheet', a1: 'A1:A1000' });
  // In inline code too, and the goal.
  await analysis.getByRole('button', { name: 'Sales!A2:H1000', exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: 'Selected Sales!A2:H1000' }).waitFor();
  await page.locator('.plan-goal').getByRole('button', { name: 'Warehouse!A2:F500', exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: 'Selected Warehouse!A2:F500' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(Array(4).fill('sidebarSelectRange'));
  expect(await server().planText()).toBe(PLAN);
  expect(sidebar.dialogs).toEqual([]);
});

test('a link to a sheet that does not exist says so in plain words and selects nothing', async () => {
  const { page, dialogs } = await openSidebar(browser(), server());
  await taskRow(page, '1.3').getByRole('button', { name: 'Nowhere!A1', exact: true }).click();
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toBe(
    `This spreadsheet has no sheet named "Nowhere", so Nowhere!A1 cannot be selected (sheets: ` +
      `${server().spreadsheet.sheetNames().join(', ')}).`,
  );
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe('Code: NOT_FOUND');
  await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe('Nowhere!A1 could not be selected');
  expect(selection()).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('range links are reachable by keyboard: Tab to the link, Enter selects', async () => {
  const { page } = await openSidebar(browser(), server());
  await taskRow(page, '1.1').locator('.task-row').focus();
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Warehouse!A2:F500');
  await page.keyboard.press('Enter');
  await page.locator('.status-bar .notice', { hasText: 'Selected Warehouse!A2:F500' }).waitFor();
  expect(selection()).toEqual({ sheetName: 'Warehouse', a1: 'A2:F500' });
});

test("npm start's page shows what a range link selected: its sheet's tab, the name box and the cells", async () => {
  await server().editCell(EXAMPLE_PLAN);
  const { page, dialogs, sidebar } = await openSheetWindow(browser(), server());
  await page.setViewportSize({ width: 1280, height: 720 });
  await sidebar.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();
  await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toBe('AGENT_BASE');

  await sidebar
    .locator('.task-list li[data-step="3.3"]')
    .getByRole('button', { name: 'Dashboard!A1:D10', exact: true })
    .click();
  await expect(sidebar.locator('.error-banner .error-text').textContent()).resolves.toMatch(
    /^This spreadsheet has no sheet named "Dashboard"/,
  );
  await sidebar.getByRole('button', { name: 'Dismiss' }).click();

  await sidebar
    .locator('.markdown-section', { hasText: 'Analysis' })
    .getByRole('button', { name: 'Warehouse!A2:F500', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Warehouse', selected: true }).waitFor();
  await expect(page.locator('#name-box').textContent()).resolves.toBe('A2:F500');
  const selected = page.locator('#sheet-grid td.selected');
  await expect(page.locator('#sheet-grid td.current').textContent()).resolves.toBe('SKU-1001');
  expect(await selected.count()).toBeGreaterThan(6);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'emulator-range-selected.png') });

  // Back to the plan's sheet by its tab.
  await page.getByRole('tab', { name: 'AGENT_BASE' }).click();
  await expect(page.getByLabel("Cell AGENT_BASE!C2: the plan's Markdown").isVisible()).resolves.toBe(true);
  expect(dialogs).toEqual([]);
  await page.close();
});
