/**
 * npm start's page has the real Agent Plan menu: the items onOpen builds (not a copy), each running its
 * function, with the alerts it shows drawn as Sheets draws them.
 */
import path from 'node:path';
import { runSimpleTrigger } from '../../src/node/emulator';
import { openSheetWindow, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer({ perFile: true });

test('the page’s Agent Plan menu has every item of the menu onOpen builds, and each one works', async () => {
  const built = runSimpleTrigger(server().spreadsheet, path.resolve(__dirname, '../../dist'), 'onOpen').execution.ui
    .menus;
  expect(built.map((menu) => menu.name)).toEqual(['Agent Plan']);
  const captions = built[0].items.flatMap((item) => (item.type === 'item' ? [item.caption] : []));
  expect(captions).toEqual(['Open plan', 'Initialize plan', 'Show next task', 'Show review items']);

  const { page, dialogs } = await openSheetWindow(browser(), server());
  const openMenu = async () => {
    const button = page.getByRole('button', { name: 'Agent Plan' });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return page.getByRole('menuitem');
  };
  await expect((await openMenu()).allTextContents()).resolves.toEqual(captions);
  await expect(page.locator('.menu-items hr').count()).resolves.toBe(1); // the separator after Open plan

  const alertAfter = async (item: string) => {
    await (await openMenu()).filter({ hasText: item }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = [await dialog.locator('h2').textContent(), await dialog.locator('p').textContent()];
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    return shown;
  };
  expect(await alertAfter('Show next task')).toEqual([
    'Next task',
    '3.2 Calculate summary stats for Summary!B3:E15 (total SKUs, flagged count, total variance $, accuracy %)',
  ]);
  expect(await alertAfter('Show review items')).toEqual([
    'Review items',
    '2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — please verify 5% threshold is correct',
  ]);
  const [title, text] = await alertAfter('Initialize plan');
  expect(title).toBe('Plan ready');
  expect(text).toMatch(/^"Monthly Inventory Reconciliation" is in AGENT_BASE!C2\./);

  // Open plan opens the sidebar again after it was closed.
  await page.getByRole('button', { name: 'Close side panel' }).click();
  await (await openMenu()).filter({ hasText: 'Open plan' }).click();
  await page.frameLocator('#sidebar').locator('.plan-title').waitFor();
  expect(dialogs).toEqual([]);
  await page.close();
});
