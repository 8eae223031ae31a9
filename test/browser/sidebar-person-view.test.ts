/**
 * The person's view (issue 27), at the sidebar's 300 px: what needs the person is first, each line going to its item
 * and selecting its cells; states look different (a decided mark, no claim on an item waiting for the person,
 * "Doing — nobody on it", what a task still waits for); a filter and "Jump to current" for long plans; and every state
 * passes axe-core's WCAG 2.2 AA rules. Screenshots go to artifacts/.
 */
import { axeViolations, atSidebarWidth, docImage, screenshot } from './axe';
import { ARTIFACTS, openSidebar, taskRow, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

const STATES_PLAN = `# Plan: Monthly report

Goal: Publish the monthly figures in Summary!B3:E15

Status: approved

### Phase 1: Gather
- [x] 1.1 Import the sales into Staging!A2:C50 ✅ 2026-01-10
- [ ] 1.2 Import the costs into Staging!E2:E50 — approved: looks right
- [!] 1.3 Check the totals in Summary!B3:B9 — please verify the March total
  - Working: Claude on my laptop until 2099-01-01 14:30
- [/] 1.4 Join sales and costs
- [ ] 1.5 Write the summary
  - After: 1.1, 1.2
- [ ] 1.6 Chart the margins — changes requested: use the March figures
`;

test('"Needs you" lists the review, the questions and the blocked task first, each going to its item', async () => {
  const server = await startServer();
  const { page, dialogs } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  const needs = page.locator('.needs-you');
  await expect(needs.locator('.needs-you-heading').textContent()).resolves.toBe('Needs you 5 items');
  await expect(needs.locator('.need').evaluateAll((items) => items.map((item) => item.className))).resolves.toEqual([
    'need need-review',
    'need need-question',
    'need need-question',
    'need need-question',
    'need need-blocked',
  ]);
  // The strip is the first thing under the header.
  await expect(
    page.locator('main.plan > *').evaluateAll((nodes) => nodes.map((node) => node.className).slice(0, 2)),
  ).resolves.toEqual(['plan-header', 'needs-you']);
  await screenshot(page, 'person-view-review-waiting');
  expect(await axeViolations(page)).toEqual([]);

  // Its line goes to the review item: the focus lands in its comment field.
  await needs.locator('.need-review .need-go').click();
  await expect(page.evaluate(() => document.activeElement?.closest('li[id]')?.id)).resolves.toBe('needs-review-2-3');
  await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('TEXTAREA');
  // Its range link selects the cells in the sheet.
  await needs.locator('.need-review').getByRole('button', { name: 'Staging!E2:E500', exact: true }).click();
  await page.locator('.status-bar .notice', { hasText: 'Selected Staging!E2:E500 in the sheet' }).waitFor();
  expect(dialogs).toEqual([]);
});

test('states look different: decided, waiting without a claim, nobody on it, what a task still waits for', async () => {
  const server = await startServer(STATES_PLAN);
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  await expect(taskRow(page, '1.2').locator('.decided-mark').textContent()).resolves.toBe('✓ Approved by you');
  // The mark follows the title, whose range is a link.
  await expect(
    taskRow(page, '1.2')
      .locator('.task-title')
      .evaluate((title) => [...title.childNodes].map((node) => (node as Element).className ?? node.textContent)),
  ).resolves.toEqual(['Import the costs into ', 'range-link', 'decided-mark decided-approved']);
  await expect(taskRow(page, '1.6').locator('.decided-mark.decided-changes').textContent()).resolves.toBe(
    'Changes requested',
  );
  // 1.3 waits for the person: the agent's claim (and a Release) is not shown on it.
  await expect(taskRow(page, '1.3').locator('.task-working').count()).resolves.toBe(0);
  await expect(taskRow(page, '1.4').locator('.task-unclaimed').textContent()).resolves.toBe('Doing — nobody on it');
  await expect(taskRow(page, '1.5').locator('.task-after').textContent()).resolves.toBe('waits for 1.2 (1.1 done)');
  // Todo is an empty ring; doing is filled, not a half-filled ring. The icons share one image, a 20px cell a drawing
  // (styles/status-icons.css): the icon shows the cell its background position points at.
  const fills = (step: string) =>
    taskRow(page, step)
      .locator('.status-icon')
      .evaluate((icon) => {
        const style = getComputedStyle(icon);
        const cell = Math.round((1 - parseFloat(style.backgroundPositionX) - 2) / 20);
        const drawing = [
          ...decodeURIComponent(style.backgroundImage).matchAll(/<g transform='translate\((\d+) 8\)'>(.*?)<\/g>/g),
        ];
        const shown = drawing.find(([, x]) => Number(x) === cell * 20 + 10)?.[2] ?? '';
        return /<circle [^>]*fill='([^']*)'/.exec(shown)?.[1];
      });
  await expect(fills('1.5')).resolves.toBe('none');
  await expect(fills('1.4')).resolves.toBe('#1a73e8');
  await screenshot(page, 'person-view-states', { fullPage: true, doc: false });
  await page
    .locator('.phase')
    .first()
    .screenshot({ path: `${ARTIFACTS}/person-view-states-phase.png` });
  await docImage(page.locator('.phase').first(), 'person-view-states');
  expect(await axeViolations(page)).toEqual([]);
});

test('a long plan: Needs me / Active / All, and Jump to current puts the focus on the task in progress', async () => {
  const server = await startServer();
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  const steps = () =>
    page.locator('.task-list li[data-step]').evaluateAll((rows) => rows.map((row) => row.dataset.step));
  await expect(steps()).resolves.toHaveLength(12);
  await page.getByRole('radio', { name: 'Needs me' }).click();
  await expect(steps()).resolves.toEqual(['2.3', '3.3']);
  await page.getByRole('radio', { name: 'Active' }).click();
  await expect(steps()).resolves.toEqual(['2.3', '3.1', '3.2', '3.3', '4.1', '4.2', '4.3']);
  await expect(page.getByRole('radio', { name: 'Active' }).getAttribute('aria-checked')).resolves.toBe('true');
  await page.getByRole('button', { name: 'Jump to current' }).click();
  await expect(page.evaluate(() => document.activeElement?.closest('li')?.dataset.step)).resolves.toBe('3.1');
  await screenshot(page, 'person-view-filter');
  expect(await axeViolations(page)).toEqual([]);
});

test('told quickly: with the agent at work, its new review item shows within 5 s after 45 s of quiet', async () => {
  const server = await startServer();
  const sidebar = await openSidebar(browser(), server, { fakeClock: true });
  const { page } = sidebar;
  // The agent starts a task: the sidebar reads who changed the plan and checks every 3 s from then on.
  expect((await server.scriptsRun('startTask', ['3.2'])).status).toBe(200);
  await sidebar.runClock(3000);
  await page.locator('.task-list li[data-step="3.2"].task-doing').waitFor();
  await sidebar.runClock(45_000);
  const before = sidebar.calls.filter((name) => name === 'sidebarCheck').length;
  expect((await server.scriptsRun('reviewTask', ['3.2', 'please look at the totals'])).status).toBe(200);
  await sidebar.runClock(5000);
  await expect(page.locator('.need-review').count()).resolves.toBe(2);
  // The notice says what newly waits for the person, whole: it wraps in the status bar instead of being cut off.
  const notice = page.locator('.status-bar .notice');
  await expect(notice.textContent()).resolves.toMatch(/For you: .*3\.2.* waits for your review/);
  await page.setViewportSize({ width: 300, height: 700 });
  await expect(notice.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
  await expect(notice.evaluate((element) => element.getBoundingClientRect().height > 20)).resolves.toBe(true);
  expect(sidebar.calls.filter((name) => name === 'sidebarCheck').length - before).toBeLessThanOrEqual(2);
});

/** Under a loaded machine a keyboard step's answer (a server call, then a render) may take a while. */
const SLOW = { timeout: 20_000 };

test('after approving a review or answering, the focus moves to the next thing that needs the person', async () => {
  const server = await startServer();
  const sidebar = await openSidebar(browser(), server);
  const { page } = sidebar;
  await atSidebarWidth(page);
  const approve = page.locator('.review-item[data-step="2.3"]').getByRole('button', { name: 'Approve', exact: true });
  await approve.focus();
  await page.keyboard.press('Enter');
  await page.locator('.review-item[data-step="2.3"]').waitFor({ state: 'detached' });
  // The approval's answer and the change check after it have run and drawn: the keys below go where the focus is now.
  await sidebar.settled();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Question 1: Should we/);
  await expect(page.locator('.needs-you-heading').textContent()).resolves.toBe('Needs you 4 items');

  // The strip's line goes to the question; Answer, type, Enter: the focus goes on to the next question.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Answer', undefined, SLOW);
  await sidebar.settled();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA', undefined, SLOW);
  await page.keyboard.type('Yes, include them');
  await page.keyboard.press('Enter');
  await page.locator('.need-question', { hasText: 'Should we include' }).waitFor({ state: 'detached' });
  // The focus moves on in an effect after the render that took the item away, the save perhaps still in flight.
  await sidebar.settled();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Question 2: Threshold/);
  expect(await axeViolations(page)).toEqual([]);
});
