/**
 * Recovery first, and nothing lost while typing: text pasted over the plan gets the last plan offered back first; a
 * fix names the task, never a line number; the editor opened at a line shows that line at 300 px however the lines
 * above it wrap; a refused e-mail address stays in its field with what is wrong said under it.
 */
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { axeViolations, atSidebarWidth, screenshot } from './axe';
import { openSidebar, useBrowser, useLocalServers, waitForCell } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

test('text pasted over the plan: the last plan is offered back first, and Restore puts it back', async () => {
  const server = await startServer();
  await server.editCell('Q3 numbers: 42, 17, 8 (from the call with Dana)');
  const sidebar = await openSidebar(browser(), server, { waitFor: '.plan' });
  const { page } = sidebar;
  await atSidebarWidth(page);
  const recovery = page.locator('.recovery');
  await recovery.waitFor();
  // First in the panel after the header: before the problems of the stranger text.
  await expect(
    page.locator('main.plan > *').evaluateAll((nodes) => nodes.map((node) => node.className).slice(1, 2)),
  ).resolves.toEqual(['recovery']);
  await screenshot(page, 'person-view-recovery');
  expect(await axeViolations(page)).toEqual([]);
  await recovery.getByRole('button', { name: 'Restore “Monthly Inventory Reconciliation”' }).click();
  await page.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();
  await waitForCell(server, (cell) => cell === EXAMPLE_PLAN);
  await expect(page.locator('.recovery').count()).resolves.toBe(0);
  expect(sidebar.dialogs).toEqual([]);
});

/** A plan of 60 tasks with long titles (each wraps at 300 px), the last one listed twice. */
function longPlan(): string {
  const tasks = Array.from(
    { length: 60 },
    (_, index) => `- [ ] 1.${index + 1} Read the orders of region ${index + 1} and copy their totals into the summary`,
  );
  return `# Plan: Long\n\nGoal: Many tasks\n\n### Phase 1: Work\n${tasks.join('\n')}\n- [ ] 1.60 Check the totals\n`;
}

test('"Edit the second 1.60" opens the editor with that line in view, though every line above it wraps', async () => {
  const server = await startServer(longPlan());
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  await page.locator('.problems').getByRole('button', { name: 'Edit the second 1.60' }).click();
  const editor = page.getByLabel('Plan text (cell C2 of the AGENT_BASE sheet)');
  await expect(
    editor.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd)),
  ).resolves.toBe('- [ ] 1.60 Check the totals');
  // Where the line starts, measured with a copy of the field as wide holding the text above it.
  const shown = await editor.evaluate((field: HTMLTextAreaElement) => {
    const copy = field.cloneNode() as HTMLTextAreaElement;
    copy.style.height = '0';
    copy.style.width = `${field.offsetWidth}px`;
    copy.value = field.value.slice(0, field.selectionStart);
    document.body.append(copy);
    const top = copy.scrollHeight;
    copy.remove();
    return { top, from: field.scrollTop, to: field.scrollTop + field.clientHeight };
  });
  expect(shown.top).toBeGreaterThan(shown.from);
  expect(shown.top).toBeLessThan(shown.to);
  await screenshot(page, 'person-view-editor-line');
});

test('a refused e-mail address stays as typed, with what is wrong said under the field', async () => {
  const server = await startServer();
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel(/E-mail me when the plan waits for me/).check();
  await page.locator('.status-bar .notice', { hasText: /e-mail/i }).waitFor();
  const field = page.locator('input.mail-to');
  await field.fill('dana@example.com, lee@example');
  await field.press('Tab');
  await expect(page.locator('#mail-to-problem').textContent()).resolves.toBe(
    '“lee@example” is not an e-mail address: write it like dana@example.com. Nothing was saved.',
  );
  await expect(field.inputValue()).resolves.toBe('dana@example.com, lee@example');
  await expect(page.locator('.error-banner').count()).resolves.toBe(0);
  await screenshot(page, 'person-view-mailto-refused');
  expect(await axeViolations(page)).toEqual([]);
  // Corrected, it saves, and the hint goes.
  await field.fill('dana@example.com, lee@example.com');
  await field.press('Tab');
  await page.locator('.status-bar .notice', { hasText: 'E-mails go to dana@example.com, lee@example.com' }).waitFor();
  await expect(page.locator('#mail-to-problem').count()).resolves.toBe(0);
});
