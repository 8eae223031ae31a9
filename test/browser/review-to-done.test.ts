/**
 * A person takes the spec's example plan from "waiting for review" to done in the sidebar, without
 * touching Markdown: approve 2.3, then start and complete every open task.
 */
import { clickTaskAction, openSidebar, useBrowser, useLocalServer, waitForCell } from './harness';

const browser = useBrowser();
const server = useLocalServer();

test('a person takes the example plan from "waiting for review" to done without touching Markdown', async () => {
  const { page, dialogs } = await openSidebar(browser(), server());
  // Done once the server confirmed it: the row shows it at once, before the answer comes.
  const done = async (step: string) => {
    await page.locator(`.task-list li[data-step="${step}"].task-done`).waitFor();
    await page.locator('.sidebar[aria-busy="false"]').waitFor();
    await expect(page.locator('.error-banner').count()).resolves.toBe(0);
  };

  // 2.3 waits for the person; approving it puts it back in the queue.
  await page.locator('.review-item[data-step="2.3"]').getByLabel('Comment for the agent').fill('5% is right');
  await page.locator('.review-item[data-step="2.3"]').getByRole('button', { name: 'Approve' }).click();
  await page.locator('.task-list li[data-step="2.3"].task-todo').waitFor();
  await expect(page.locator('.waiting .review-item').count()).resolves.toBe(0);

  await clickTaskAction(page, '2.3', 'Start');
  await page.locator('.task-list li[data-step="2.3"].task-doing').waitFor();
  await clickTaskAction(page, '2.3', 'Complete');
  await done('2.3');

  await clickTaskAction(page, '3.1', 'Complete'); // already in progress
  await done('3.1');
  for (const step of ['3.2', '3.3', '4.1', '4.2', '4.3']) {
    await clickTaskAction(page, step, step === '3.3' ? 'Resume' : 'Start'); // 3.3 was blocked on the review
    await page.locator(`.task-list li[data-step="${step}"].task-doing`).waitFor();
    await clickTaskAction(page, step, 'Complete');
    await done(step);
  }

  await expect(page.locator('.progress-text').textContent()).resolves.toBe('12 of 12 finished');
  await expect(page.locator('.progress-percent').textContent()).resolves.toBe('100%');
  const text = await waitForCell(server(), (cell) => !/- \[[ /!>]\]/.test(cell));
  const taskLines = text.split('\n').filter((line) => /^- \[.\] \d+\.\d+ /.test(line));
  expect(taskLines).toHaveLength(12);
  for (const line of taskLines) expect(line).toMatch(/^- \[x\] \d+\.\d+ .+ ✅ \d{4}-\d{2}-\d{2}$/);
  expect(text).toMatch(
    /\n- \d{4}-\d{2}-\d{2}: review of 2\.3 \(Identify variance > threshold in Staging!E2:E500 \(flag colu…\) approved: 5% is right\n/,
  );
  expect(dialogs).toEqual([]);
});
