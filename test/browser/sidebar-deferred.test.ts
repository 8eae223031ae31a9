/**
 * The panels' code comes later (sidebar/src/deferred.ts): one sidebarDeferredCode call the first time a panel opens,
 * none after; a load that failed, whether the call or the code it brought, is asked for again the next time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { openSidebar, useBrowser, useLocalServer } from './harness';

/** The first line of the built SidebarDeferred.html: which deferred code the built page runs. */
const versionLine = readFileSync(path.resolve(__dirname, '../../dist/SidebarDeferred.html'), 'utf8').split('\n')[0]!;

const browser = useBrowser();
const server = useLocalServer();

const functionName = (route: Route) => (route.request().postDataJSON() as { functionName: string }).functionName;

test('the panels share one load of their code: every panel opens, and the code is asked for once', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  for (const [button, panel] of [
    ['History', 'main.history'],
    ['Finished plans', 'main.archive'],
    ['Settings', 'main.settings'],
    ['Connect an agent', 'main.connect-agent'],
  ]) {
    await page.getByRole('button', { name: button, exact: true }).click();
    // Its content, not only its title (which shows while the code loads).
    await page.locator(`${panel} > :not(.title-row, .loading)`).first().waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('.plan-title').waitFor();
  }
  await sidebar.settled();
  expect(sidebar.actionCalls().filter((name) => name === 'sidebarDeferredCode')).toEqual(['sidebarDeferredCode']);
});

test.each([
  ['the call failed', (route: Route) => route.abort()],
  [
    'the code it brought did not start',
    (route: Route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ result: `${versionLine}\n<script>throw new Error("cut short")</script>` }),
      }),
  ],
])('after a first load where %s, the next opening loads the code again and shows the panel', async (_, fail) => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  let failed = false;
  await page.route('**/gas/run', async (route) => {
    if (functionName(route) !== 'sidebarDeferredCode' || failed) return route.continue();
    failed = true;
    return fail(route);
  });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.locator('.error-banner').waitFor();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.locator('main.history').waitFor();
  expect(sidebar.actionCalls().filter((name) => name === 'sidebarDeferredCode')).toHaveLength(2);
});

/** Opens History with sidebarDeferredCode held back: answers what lets it through. */
async function openHistoryHeld(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/gas/run', async (route) => {
    if (functionName(route) === 'sidebarDeferredCode') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  return release;
}

test('while the code loads the first time, the panel shows its title, with the focus, and Close', async () => {
  const { page } = await openSidebar(browser(), server());
  const release = await openHistoryHeld(page);
  const heading = page.getByRole('heading', { level: 1, name: 'History' });
  await heading.waitFor();
  // The button the person pressed is gone: the focus is on the panel's title, not dropped to the page.
  await expect(heading.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Close' }).isVisible()).resolves.toBe(true);
  release();
  await page.locator('main.history .hint').waitFor();
});

test('a panel the person closes while it loads stays closed when its content arrives', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  const release = await openHistoryHeld(page);
  await page.getByRole('button', { name: 'Close' }).click();
  release();
  await sidebar.settled();
  await expect(page.locator('main.history').count()).resolves.toBe(0);
  await expect(page.locator('.plan-title').textContent()).resolves.toBe('Monthly Inventory Reconciliation');
  await expect(page.getByRole('button', { name: 'History', exact: true }).isEnabled()).resolves.toBe(true);
});

test('a sidebar opened before newer code was pushed does not run it: it says to reopen the sidebar', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await page.route('**/gas/run', async (route) => {
    if (functionName(route) !== 'sidebarDeferredCode') return route.continue();
    const response = await route.fetch();
    const { result } = (await response.json()) as { result: string };
    const pushedSince = result.replace(versionLine, '<!-- sheet-plan-deferred 0000000000000000 -->');
    return route.fulfill({ response, body: JSON.stringify({ result: pushedSince }) });
  });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toContain(
    'Sheet Plan was updated since this sidebar opened: close the sidebar and open it again (Agent Plan → Open plan)',
  );
  expect(await page.evaluate(() => '__sheetPlanDeferred' in window)).toBe(false);
});
