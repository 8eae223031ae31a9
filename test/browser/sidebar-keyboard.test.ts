/**
 * The sidebar with the keyboard alone, at 300 px: what holds the focus is on screen, never hidden under the status
 * bar that sticks to the bottom of the page (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
import type { Locator, Page } from 'playwright-core';
import { atSidebarWidth, screenshot } from './axe';
import {
  BUSY,
  checkNow,
  clickTaskAction,
  framesRendered,
  openSidebar,
  refuseNext,
  type SidebarPage,
  taskRow,
  useBrowser,
  useLocalServers,
  waitForCell,
  withoutFrames,
} from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

/** What holds the focus, and whether the status bar covers any of it (or it is above the page's top). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const bar = document.querySelector('.status-bar')!.getBoundingClientRect();
    // A task row's button draws its focus ring around the whole line: the ring is what the person looks for.
    const box = ((element.matches('.task-row') && element.closest('.task-line')) || element).getBoundingClientRect();
    // Past the last control the focus leaves the page for the browser's own UI: nothing of the page holds it.
    const hidden = element !== document.body && (box.bottom > bar.top + 0.5 || box.top < -0.5);
    return { text: element.textContent?.trim().slice(0, 40) ?? '', hidden };
  });
}

/** A fresh server, and its sidebar at 300 × 600 px. */
async function openSmallSidebar() {
  const server = await startServer();
  const sidebar = await openSidebar(browser(), server);
  await atSidebarWidth(sidebar.page, 600);
  return { server, sidebar, page: sidebar.page };
}

/** The text of what holds the focus. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

test('Tab through the whole plan: the focus is never under the status bar', async () => {
  const { page } = await openSmallSidebar();
  const hidden: string[] = [];
  for (let stop = 0; stop < 150; stop++) {
    await page.keyboard.press('Tab');
    // Measured once the page has drawn where the focus went, as a person sees it before pressing Tab again. A row
    // below the fold is laid out only when a frame brings it into view (content-visibility): pressed faster than a
    // loaded machine draws, the focus moved on past rows still at their placeholder height, and the frame that then
    // laid them out pushed the row it reached under the status bar, or not, by the machine's timing.
    await framesRendered(page);
    const now = await focused(page);
    if (now.hidden) hidden.push(now.text);
  }
  expect(hidden).toEqual([]);
}, 60_000); // two frames rendered at each of 150 stops: slow on a loaded machine

test('Tab pressed faster than the page draws: where the focus stops is above the status bar once drawn', async () => {
  const { page } = await openSmallSidebar();
  const hidden: string[] = [];
  // Nine presses between two frames, as key repeat on a slow machine: the focus moves past rows the page has not laid
  // out yet (content-visibility), each at its placeholder height once the focus has left it, and scrolls to where it
  // stops as they are. The frames after lay those rows out and push it down, under the status bar (3.2 and 4.2).
  for (let burst = 0; burst < 7; burst++) {
    await withoutFrames(page, async () => {
      for (let press = 0; press < 9; press++) await page.keyboard.press('Tab');
    });
    await framesRendered(page);
    const now = await focused(page);
    if (now.hidden) hidden.push(now.text);
  }
  expect(hidden).toEqual([]);
});

test("an action that takes its own button away (Start) leaves the focus on the task's row", async () => {
  const { server, sidebar, page } = await openSmallSidebar();
  await clickTaskAction(page, '4.1', 'Start');
  await waitForCell(server, (text) => text.includes('- [/] 4.1 '));
  await sidebar.settled();
  await expect(
    page.evaluate(() => [document.activeElement?.className, document.activeElement?.closest('li')?.dataset.step]),
  ).resolves.toEqual(['task-row', '4.1']);
  // Where the person was: the row is on screen, above the status bar.
  expect(await focused(page)).toMatchObject({ hidden: false });
  await expect(taskRow(page, '4.1').locator('.task-row').isVisible()).resolves.toBe(true);
});

test("Escape on a task's form gives the focus back to the task's row, not to the page", async () => {
  const { page } = await openSmallSidebar();
  await clickTaskAction(page, '4.1', 'Block…');
  await taskRow(page, '4.1').locator('.text-form textarea').waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.classList.contains('task-row'));
  await expect(page.evaluate(() => document.activeElement?.closest('li')?.dataset.step)).resolves.toBe('4.1');
});

test("an agent's change while a confirmation is open leaves the focus where the person put it (Cancel)", async () => {
  const { server, page } = await openSmallSidebar();
  await clickTaskAction(page, '4.1', 'Remove…');
  await expect(focusedText(page)).resolves.toBe('Yes, remove 4.1');
  await page.keyboard.press('Tab');
  await expect(focusedText(page)).resolves.toBe('Cancel');

  expect((await server.scriptsRun('setTaskNote', ['4.2', 'the five largest SKUs'])).status).toBe(200);
  await checkNow(page);
  await taskRow(page, '4.2').getByText('the five largest SKUs').waitFor();
  // Not moved back to "Yes, remove": Enter now cancels, as the person meant.
  await expect(focusedText(page)).resolves.toBe('Cancel');
});

test('Escape on a confirmation cancels it: nothing is removed, and the focus goes back to the task', async () => {
  const { sidebar, page } = await openSmallSidebar();
  await clickTaskAction(page, '4.1', 'Remove…');
  await expect(focusedText(page)).resolves.toBe('Yes, remove 4.1');
  const calls = sidebar.actionCalls().length;
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: /Confirm removing task 4\.1/ }).waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.closest('li')?.dataset.step === '4.1');
  expect(sidebar.actionCalls().slice(calls)).toEqual([]);
});

/** The element that holds the focus: its text and class, `BODY` when nothing of the page does. */
const holder = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return !element || element === document.body ? 'BODY' : `${element.className}: ${element.textContent}`;
  });

test('Send back keeps the focus on its button, which stays while the plan waits for the new draft', async () => {
  const server = await startServer();
  await server.editCell(
    (await server.planText()).replace('- [!] 2.3', '- [ ] 2.3').replace('\nGoal:', '\nStatus: draft\n\nGoal:'),
  );
  const sidebar = await openSidebar(browser(), server);
  const { page } = sidebar;
  await atSidebarWidth(page, 600);
  const approval = page.locator('.plan-approval');
  await approval.locator('.approval-changes:not(.loading)').waitFor();
  await approval.getByLabel('Comment for the agent').fill('Read the refunds too');
  await approval.getByRole('button', { name: 'Send back' }).press('Enter');
  await waitForCell(server, (text) => text.includes('changes requested: Read the refunds too'));
  await sidebar.settled();
  await expect(holder(page)).resolves.toBe('button: Send back');
});

test('an Undo the server refuses keeps the focus on its button', async () => {
  const { server, sidebar, page } = await openSmallSidebar();
  const { body } = await server.scriptsRun('writeRange', ['Discrepancies!A2', [['WH-1001', 40]], '3.1']);
  server.spreadsheet.setCellText('Discrepancies!B2', 'checked by Ann');
  await checkNow(page);
  const undo = taskRow(page, '3.1').locator(`.write-entry[data-write="${body.response.result.id}"] .undo-button`);
  await undo.press('Enter');
  await page.locator('.error-banner', { hasText: 'checked by Ann' }).waitFor();
  await sidebar.settled();
  await expect(holder(page)).resolves.toBe('button text undo-button: Undo');
});

test('"+ Add a task" has the focus back once its task is added or its form cancelled: the page stays', async () => {
  const { server, sidebar, page } = await openSmallSidebar();
  const add = page.getByRole('button', { name: 'Add a task to Phase 3' });
  const field = page.getByLabel('New task at the end of Phase 3');
  for (const close of ['Escape', 'Enter']) {
    await add.press('Enter');
    await field.fill('Check the grand total');
    const scrolled = await page.evaluate(() => window.scrollY);
    await field.press(close);
    if (close === 'Enter') await waitForCell(server, (text) => text.includes('- [ ] 3.4 Check the grand total'));
    await sidebar.settled();
    await expect(holder(page)).resolves.toBe('button text add-task: + Add a task');
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolled);
  }
});

/** Whether the error banner that sticks to the top covers any of what holds the focus. */
const underBanner = (page: Page) =>
  page.evaluate(() => {
    const banner = document.querySelector('.error-banner')!.getBoundingClientRect();
    const box = document.activeElement!.getBoundingClientRect();
    return box.top < banner.bottom && box.bottom > banner.top;
  });

test('a refused send gives the focus back to its field clear of the error banner stuck at the top', async () => {
  const { sidebar, page } = await openSmallSidebar();
  await refuseNext(page, 'sidebarTaskAction');
  await clickTaskAction(page, '4.1', 'Block…');
  const field = taskRow(page, '4.1').locator('.text-form textarea');
  await field.fill('Waiting for the warehouse export');
  // The person has scrolled the field to the top of the sidebar, where the banner comes.
  await field.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 12));
  await field.press('Enter');
  await page.locator('.error-banner', { hasText: BUSY }).waitFor();
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  await sidebar.settled();
  await expect(field.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await expect(field.inputValue()).resolves.toBe('Waiting for the warehouse export');
  await expect(underBanner(page)).resolves.toBe(false);
  expect(await focused(page)).toMatchObject({ hidden: false });
  await screenshot(page, 'refused-send-focus-below-banner', { doc: false });
  // The banner's own Dismiss takes the focus where it is: the page does not scroll under the banner that stays.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.locator('.error-banner').getByRole('button', { name: 'Dismiss' }).focus();
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolled);
});

/**
 * Sends a decision the server refuses (BUSY) from `decision`, its comment `comment` and the decision scrolled to the
 * top of the sidebar, where the banner comes: the change shown at once takes the decision away with its card (or its
 * row's review), and the refusal brings it back. The focus is then in its comment field, clear of the banner and the
 * status bar, with the comment as it was: where the person was, not on what the focus keeper moved it to meanwhile.
 */
async function refusedDecisionKeepsFocus(
  { page, settled }: SidebarPage,
  decision: Locator,
  button: string,
  comment: string,
): Promise<void> {
  const field = decision.getByLabel('Comment for the agent');
  await field.fill(comment);
  await field.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 12));
  await decision.getByRole('button', { name: button, exact: true }).press('Enter');
  await page.locator('.error-banner', { hasText: BUSY }).waitFor();
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  await settled();
  await framesRendered(page);
  await expect(holder(page)).resolves.toBe('field: ');
  await expect(field.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await expect(field.inputValue()).resolves.toBe(comment);
  await expect(underBanner(page)).resolves.toBe(false);
  expect(await focused(page)).toMatchObject({ hidden: false });
  // Its buttons too, above the status bar: the card may come back below where the focus had gone meanwhile.
  const sent = decision.getByRole('button', { name: button, exact: true });
  const barTop = await page.locator('.status-bar').evaluate((bar) => bar.getBoundingClientRect().top);
  expect(await sent.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(barTop + 0.5);
}

// A review's decision is shown twice when its row is open: in its card in "Waiting for you" and in its row.
test.each`
  where                  | place                               | button               | comment
  ${'"Waiting for you"'} | ${'.review-item[data-step="2.3"]'}  | ${'Approve'}         | ${''}
  ${'"Waiting for you"'} | ${'.review-item[data-step="2.3"]'}  | ${'Request changes'} | ${'Check the refunds too'}
  ${"its task's row"}    | ${'.task-list li[data-step="2.3"]'} | ${'Approve'}         | ${''}
  ${"its task's row"}    | ${'.task-list li[data-step="2.3"]'} | ${'Request changes'} | ${'Check the refunds too'}
`(
  'a refused $button of a review in $where gives the focus back to its comment field, clear of the banner',
  async ({ place, button, comment }: { place: string; button: string; comment: string }) => {
    const { sidebar, page } = await openSmallSidebar();
    await refuseNext(page, 'sidebarTaskAction');
    await taskRow(page, '2.3').locator('.task-row').press('Enter');
    await refusedDecisionKeepsFocus(sidebar, page.locator(`${place} .review-decision`), button, comment);
  },
);

test("a refused approval of the plan gives the focus back to the approval box's comment field", async () => {
  const server = await startServer();
  await server.editCell(
    (await server.planText()).replace('- [!] 2.3', '- [ ] 2.3').replace('\nGoal:', '\nStatus: draft\n\nGoal:'),
  );
  const sidebar = await openSidebar(browser(), server);
  await atSidebarWidth(sidebar.page, 600);
  const approval = sidebar.page.locator('.plan-approval');
  await approval.locator('.approval-changes:not(.loading)').waitFor();
  await refuseNext(sidebar.page, 'sidebarApprovePlan');
  await refusedDecisionKeepsFocus(sidebar, approval, 'Approve plan', 'Only the Stock sheet');
});
