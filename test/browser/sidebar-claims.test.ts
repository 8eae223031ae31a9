/**
 * Claims as the person sees them: a task an agent claimed shows who works on it, until when, with a Release button
 * that takes the Working line off the plan.
 */
import { openSidebar, taskRow, useBrowser, useLocalServer, waitForCell } from './harness';

const PLAN = `# Plan: Report

Goal: A monthly report

### Phase 1: Data
- [/] 1.1 Import the sales
  - Working: Claude on my laptop until 2099-01-01 14:30
- [ ] 1.2 Import the costs
- [/] 1.3 Import the stock
  - Working: Ana until 2020-01-01 09:00
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

test('a claimed task says who works on it until when; Release takes the Working line off', async () => {
  const { page } = await openSidebar(browser(), server());
  const working = taskRow(page, '1.1').locator('.task-working');
  // In the person's own clock, with the time left: no sheet-zone wall clock beside browser times.
  await expect(working.locator('span').textContent()).resolves.toMatch(
    /^Claude on my laptop works on it until Jan 1, \d{1,2}:30 [AP]M · \d+ days$/,
  );
  await expect(taskRow(page, '1.2').locator('.task-working').count()).resolves.toBe(0);
  await working.getByRole('button', { name: 'Release task 1.1 from Claude on my laptop' }).click();
  await taskRow(page, '1.1').locator('.task-working').waitFor({ state: 'detached' });
  // Still marked doing in the plan, and said plainly: nobody is on it now.
  await expect(taskRow(page, '1.1').locator('.task-unclaimed').textContent()).resolves.toBe('Doing — nobody on it');
  // The sidebar shows the change at once; the server's write follows.
  const text = await waitForCell(server(), (cell) => !cell.includes('Working: Claude'));
  expect(text).toContain('- [/] 1.1 Import the sales\n- [ ] 1.2 Import the costs');
  await page.close();
});

test('a claim that has ended says the agent worked on it, and when it ended', async () => {
  const { page } = await openSidebar(browser(), server());
  await expect(taskRow(page, '1.3').locator('.task-working span').textContent()).resolves.toMatch(
    /^Ana worked on it until Jan 1, \d{1,2}:00 [AP]M · ended \d+ days ago$/,
  );
  await page.close();
});
