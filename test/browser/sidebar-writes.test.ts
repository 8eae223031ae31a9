/**
 * The agent's writes in the sidebar: under the task they were made for, with a link that selects the range
 * and an Undo that puts the previous values back only while the cells still hold what the agent wrote.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, checkNow, openSidebar, taskRow, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer();

/** The agent writes a row of Discrepancies for task 3.1 (in progress in the example plan). */
async function agentWrites(values: unknown[][] = [['WH-1001', 40]]): Promise<{ id: string; range: string }> {
  const { status, body } = await server().scriptsRun('writeRange', ['Discrepancies!A2', values, '3.1']);
  if (status !== 200) throw new Error(JSON.stringify(body));
  return body.response.result;
}

test('a write shows under its task; Undo puts the previous values back in one round trip', async () => {
  const write = await agentWrites();
  expect(server().spreadsheet.cell('Discrepancies!A2')).toBe('WH-1001');
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  const entry = taskRow(page, '3.1').locator(`.write-entry[data-write="${write.id}"]`);
  await expect(entry.textContent()).resolves.toMatch(/^Wrote Discrepancies!A2:B2\s*2 cells · [^·]+ · [^·]+Undo$/);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 640 });
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-writes.png') });

  const before = sidebar.actionCalls().length;
  await entry.getByRole('button', { name: 'Undo the write to Discrepancies!A2:B2' }).click();
  await page.locator('.status-bar .notice', { hasText: 'Write to Discrepancies!A2:B2 undone' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarUndoWrite']);
  expect([server().spreadsheet.cell('Discrepancies!A2'), server().spreadsheet.cell('Discrepancies!B2')]).toEqual([
    '',
    '',
  ]);
  await expect(entry.textContent()).resolves.toMatch(/Undone /);
  await expect(entry.getByRole('button', { name: /^Undo/ }).count()).resolves.toBe(0);
});

test('Undo changes nothing and says what changed when someone edited the cells since', async () => {
  const write = await agentWrites();
  const { page } = await openSidebar(browser(), server());
  server().spreadsheet.setCellText('Discrepancies!B2', 'checked by Ann');
  await taskRow(page, '3.1')
    .locator(`.write-entry[data-write="${write.id}"]`)
    .getByRole('button', { name: /^Undo/ })
    .click();
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toContain(
    'B2 now holds "checked by Ann" (the agent wrote 40)',
  );
  expect(server().spreadsheet.cell('Discrepancies!A2')).toBe('WH-1001');
  expect(server().spreadsheet.cell('Discrepancies!B2')).toBe('checked by Ann');
});

test('a write the agent makes while the sidebar is open appears under its task at the next change check', async () => {
  const { page } = await openSidebar(browser(), server());
  const write = await agentWrites();
  await checkNow(page);
  await taskRow(page, '3.1').locator(`.write-entry[data-write="${write.id}"]`).waitFor({ timeout: 10_000 });
});

test('the range link selects the range in the sheet', async () => {
  await agentWrites();
  const sidebar = await openSidebar(browser(), server());
  const before = sidebar.actionCalls().length;
  await taskRow(sidebar.page, '3.1').getByRole('button', { name: 'Discrepancies!A2:B2', exact: true }).click();
  await sidebar.page.locator('.status-bar .notice', { hasText: 'Selected Discrepancies!A2:B2' }).waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarSelectRange']);
});

test('a read outside the plan is listed below the plan', async () => {
  await server().scriptsRun('readRange', ['Products!A1:D3']);
  const { page } = await openSidebar(browser(), server());
  await expect(page.locator('.other-activity .write-entry').textContent()).resolves.toMatch(
    /^Read Products!A1:D3\s*12 cells/,
  );
});
