/** What a person sees in the sidebar: the spec's example plan, an empty cell, and keyboard use. */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, type LocalServer, openSidebar, taskRow, useBrowser, useLocalServers, waitForCell } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();
let server: LocalServer;

test('the example plan: title, goal, progress, what waits for the person, phases, Analysis and Notes', async () => {
  server = await startServer();
  const { page, dialogs, settled, calls } = await openSidebar(browser(), server);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await expect(page.locator('.plan-title').textContent()).resolves.toBe('Monthly Inventory Reconciliation');
  await expect(page.locator('.plan-goal').textContent()).resolves.toBe(
    'Goal Reconcile warehouse inventory with sales data and flag discrepancies',
  );

  // Progress: 5 done of 12, and a count for every status of the status table.
  await expect(page.locator('.progress-text').textContent()).resolves.toBe('5 of 12 finished');
  await expect(page.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('41');
  const counts = await page.locator('.status-count').evaluateAll((items) => items.map((item) => item.textContent));
  expect(counts).toEqual(['Todo4', 'Doing1', 'Done5', 'Blocked1', 'Review1', 'Skipped0']);
  // Icons are drawn, not emoji glyphs that need an emoji font: one element each, an SVG drawing as its background,
  // no text; the status in words is its tooltip, or written beside it.
  const icons = await page.locator('.status-icon').evaluateAll((found) =>
    found.map((icon) => ({
      drawing: getComputedStyle(icon).backgroundImage.startsWith('url("data:image/svg+xml'),
      elements: icon.children.length,
      text: icon.textContent,
    })),
  );
  expect(icons.length).toBeGreaterThan(6);
  for (const icon of icons) expect(icon).toEqual({ drawing: true, elements: 0, text: '' });

  // Waiting for you: the review item with the agent's note, and the three unanswered questions.
  await expect(page.locator('.waiting .badge').textContent()).resolves.toBe('4');
  const review = page.locator('.review-item[data-step="2.3"]');
  await expect(review.locator('.waiting-title').textContent()).resolves.toBe(
    'Identify variance > threshold in Staging!E2:E500 (flag column)',
  );
  await expect(review.locator('.agent-note').textContent()).resolves.toBe(
    'Agent: please verify 5% threshold is correct',
  );
  await expect(page.locator('.waiting .question-text').allTextContents()).resolves.toEqual([
    'Should we include items with zero stock in the reconciliation?',
    'Threshold for flagging discrepancy? (default: >5% variance)',
    'Should Discrepancies sheet be cleared before writing new data?',
  ]);

  // Phases: a finished phase starts collapsed; tasks show icon, step, title, done date, reason.
  const toggles = page.locator('.phase .section-toggle');
  await expect(toggles.allTextContents()).resolves.toEqual([
    'Phase 1: Data Collection3/3',
    'Phase 2: Calculation2/3',
    'Phase 3: Reporting0/3',
    'Phase 4: Validation0/3',
  ]);
  await expect(toggles.first().getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(taskRow(page, '1.1').isVisible()).resolves.toBe(false);
  await expect(taskRow(page, '2.1').locator('.task-line').textContent()).resolves.toBe(
    '2.1Calculate expected inventory per SKU in Staging!A2:C500 (SKU, opening qty, sold qty)',
  );
  await expect(taskRow(page, '2.1').locator('.task-date').textContent()).resolves.toBe('Done 2026-01-09');
  await expect(taskRow(page, '3.1').locator('.status-icon').getAttribute('title')).resolves.toBe('Doing');
  await expect(taskRow(page, '3.3').locator('.task-note').textContent()).resolves.toBe(
    'Blocked: waiting for Phase 2 review approval',
  );
  await expect(taskRow(page, '2.3').locator('.task-note').textContent()).resolves.toBe(
    'For review: please verify 5% threshold is correct',
  );

  // Analysis and Notes as Markdown: nested lists, and the e-mail address as a link that opens a new tab.
  const analysis = page.locator('.markdown-section', { hasText: 'Analysis' }).locator('.markdown');
  await expect(analysis.locator('ul ul li').first().textContent()).resolves.toBe(
    'Read: Warehouse!A2:F500 (SKU, bin location, qty on hand, last count date, counter, notes)',
  );
  const link = page.locator('.markdown-section', { hasText: 'Notes' }).locator('a');
  await expect(link.getAttribute('href')).resolves.toBe('mailto:warehouse-team@company.com');
  await expect(link.getAttribute('target')).resolves.toBe('_blank');
  await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');

  // Who changed it last, and nothing fetched but the page and its google.script.run calls.
  await expect(page.locator('.plan-meta').textContent()).resolves.toMatch(
    /^Changed by an edit in the cell(, .+)? · version 1$/,
  );
  await settled();
  // The plan came with the page (showPlanSidebar wrote it in): it was drawn without a call first.
  expect(calls).not.toContain('sidebarLoad');
  expect(requests.every((url) => new URL(url).origin === server.url && new URL(url).pathname === '/gas/run')).toBe(
    true,
  );
  expect(dialogs).toEqual([]);

  // The screenshot a person would see, kept in artifacts/ (git-ignored).
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 900 }); // the sidebar's width, as Sheets shows it
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 300, height });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-example-plan.png') });
});

test('Sidebar.html is one self-contained file: inline script and style, nothing from the network', () => {
  const html = readFileSync(path.resolve(__dirname, '../../dist/Sidebar.html'), 'utf8');
  expect(html).toMatch(/^<!DOCTYPE html>/);
  expect(html).not.toMatch(/<script[^>]+src=|<link[\s>]|@import|url\(\s*["']?(?:https?:)?\/\//i);
  expect(html.match(/<script>/g)).toHaveLength(1);
  expect(html.match(/<\/script/gi)).toHaveLength(1);
  expect(html.match(/<style>/g)).toHaveLength(1);
});

test('SidebarDeferred.html, which the page loads later, is one inline style and one inline script too', () => {
  const html = readFileSync(path.resolve(__dirname, '../../dist/SidebarDeferred.html'), 'utf8');
  // Its first line says which version it is (sidebar/src/deferred.ts refuses another than the page's).
  expect(html).toMatch(/^<!-- sheet-plan-deferred [0-9a-f]{16} -->\n<style>/);
  expect(html).not.toMatch(/<script[^>]+src=|<link[\s>]|@import|url\(\s*["']?(?:https?:)?\/\//i);
  expect(html.match(/<script>/g)).toHaveLength(1);
  expect(html.match(/<\/script/gi)).toHaveLength(1);
  expect(html.match(/<style>/g)).toHaveLength(1);
});

test('phases and sections open and close from the keyboard, and every control has a name', async () => {
  server = await startServer();
  const { page } = await openSidebar(browser(), server);
  const phase2 = page.getByRole('button', { name: /^Phase 2: Calculation/ });
  await phase2.focus();
  await page.keyboard.press('Enter');
  await expect(phase2.getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(taskRow(page, '2.1').isVisible()).resolves.toBe(false);
  await page.keyboard.press('Space');
  await expect(phase2.getAttribute('aria-expanded')).resolves.toBe('true');

  // Tab to a task, open it with Enter, start it with the keyboard.
  await taskRow(page, '3.2').locator('.task-row').focus();
  await page.keyboard.press('Enter');
  await expect(taskRow(page, '3.2').locator('.task-row').getAttribute('aria-expanded')).resolves.toBe('true');
  // Tab order follows the row: its range link, then the actions.
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Summary!B3:E15');
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Start');
  await page.keyboard.press('Enter');
  await waitForCell(server, (text) => text.includes('- [/] 3.2 '));

  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, textarea, input')]
      .filter((element) => {
        const control = element as HTMLButtonElement | HTMLTextAreaElement;
        const labelled = 'labels' in control && control.labels && control.labels.length > 0;
        return !(
          control.getAttribute('aria-label') ||
          labelled ||
          (element.tagName === 'BUTTON' && element.textContent?.trim())
        );
      })
      .map((element) => element.outerHTML),
  );
  expect(unnamed).toEqual([]);
});

test('with no plan in the cell, "Initialize plan" writes the starter plan in one round trip', async () => {
  server = await startServer('');
  const sidebar = await openSidebar(browser(), server, { waitFor: '.empty-state' });
  await expect(sidebar.page.locator('.empty-state h1').textContent()).resolves.toBe('No plan yet');
  const before = sidebar.actionCalls().length;
  await sidebar.page.getByRole('button', { name: 'Initialize plan' }).click();
  const text = await waitForCell(server, (cell) => cell.startsWith('# Plan: Getting Started with Sheet Agent'));
  expect(text).toContain('### Phase 1: Orientation');
  // The cell is written while the call runs; the panel shows the plan once the call answers.
  await sidebar.page.locator('.sidebar[aria-busy="false"]').waitFor();
  await expect(sidebar.page.locator('.plan-title').textContent()).resolves.toBe('Getting Started with Sheet Agent');
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarInitPlan']);
});
