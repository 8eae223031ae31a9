/**
 * A checklist pasted in another spelling: the sidebar shows its tasks (by their derived steps) and
 * offers to rewrite it in the standard format, which takes one round trip and keeps the old text in
 * History. A plan in the standard format shows no such offer.
 */
import { parsePlan } from '../../src/core';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { CHECKLIST } from '../core/fixtures';
import { type LocalServer, openSidebar, taskRow, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();
let server: LocalServer;

test('the tasks show by their steps, and one click rewrites the plan in the standard format', async () => {
  server = await startServer(CHECKLIST);
  const sidebar = await openSidebar(browser(), server);
  const { page } = sidebar;
  await taskRow(page, '1.2').waitFor();
  const offer = page.locator('.adopt-format');
  await expect(offer.textContent()).resolves.toContain('another kind of checklist');

  const before = sidebar.actionCalls().length;
  await offer.getByRole('button', { name: 'Rewrite in the standard format' }).click();
  await page.locator('.status-bar .notice', { hasText: /^Plan rewritten in the standard format/ }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarAdoptFormat']);
  const text = await server.planText();
  expect(text).toContain('### Phase 1: Before the books close\n\n- [x] 1.1 Export the bank statement CSV\n');
  expect(parsePlan(text).phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2', '1.3']);
  await expect(offer.count()).resolves.toBe(0);

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('.history-entry').first().locator('.history-meta').textContent()).resolves.toContain(
    'rewritten into the canonical format',
  );
});

test('a plan in the standard format shows no offer', async () => {
  server = await startServer(EXAMPLE_PLAN);
  const { page } = await openSidebar(browser(), server);
  await page.locator('.plan-title').waitFor();
  await expect(page.locator('.adopt-format').count()).resolves.toBe(0);
});
