/**
 * A person's decision lands on what they saw: the sidebar sends the task it showed with the decision, and when the
 * agent has moved another task into that step meanwhile, the decision is refused with what the step holds now, the
 * plan is left as it was, and the sidebar shows the new state. Screenshot: artifacts/sidebar-decision-refused.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { ARTIFACTS, openSidebar, setVisibility, useBrowser, useLocalServer, waitForCell } from './harness';

const PLAN = `# Plan: Sales clean-up

Goal: Tidy the sales sheet

## Questions for User

- Which month?

### Phase 1: Work
- [!] 1.1 Check Summary!E10 (grand total) — does it match the bank?
- [ ] 1.2 Delete every row of Sales!A2:Z5000

## Notes
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

test('an approval after the agent moved another task into the step is refused, and the new task is shown', async () => {
  const { page } = await openSidebar(browser(), server());
  const sent: unknown[][] = [];
  page.on('request', (request: Request) => {
    const body = request.method() === 'POST' ? (request.postDataJSON() as { functionName?: string }) : null;
    if (body?.functionName === 'sidebarTaskAction') sent.push((body as { args: unknown[] }).args);
  });
  const card = page.locator('.review-item[data-step="1.1"]');
  await card.getByText('Check Summary!E10 (grand total)').waitFor();
  // The sidebar has not seen the agent's change yet: its check waits while the page is hidden.
  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('moveTask', ['1.2', 1])).status).toBe(200);
  expect((await server().scriptsRun('reviewTask', ['1.1', 'ok to go ahead?'])).body.response).toBeDefined();
  const moved = await waitForCell(server(), (cell) => cell.includes('- [!] 1.1 Delete every row'));

  await card.getByRole('button', { name: 'Approve' }).click();
  const banner = page.locator('.error-banner');
  await banner.getByText(/changed since you saw it/).waitFor();
  await expect(banner.textContent()).resolves.toContain('it is now "Delete every row of Sales!A2:Z5000"');
  // What the sidebar sent: the task as it showed it.
  expect(sent.at(-1)?.slice(1)).toEqual([
    'approve',
    '1.1',
    null,
    { title: 'Check Summary!E10 (grand total)', status: 'review', note: 'does it match the bank?' },
  ]);
  // Nothing was written, and the sidebar now shows what waits in 1.1.
  expect(await server().planText()).toBe(moved);
  await card.getByText('Delete every row of Sales!A2:Z5000').waitFor();
  await expect(card.textContent()).resolves.toContain('ok to go ahead?');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-decision-refused.png') });
});

test("an answer after the agent put a question above the person's is refused", async () => {
  const { page } = await openSidebar(browser(), server());
  await setVisibility(page, 'hidden');
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const asked = PLAN.replace('- Which month?', '- May I delete Payroll?\n- Which month?');
  expect((await server().scriptsRun('replacePlan', [asked, stamp])).status).toBe(200);
  const question = page.locator('.waiting .question-item[data-question="1"]');
  await question.getByRole('button', { name: 'Answer question 1' }).click();
  await question.getByLabel('Your answer').fill('Yes');
  await question.getByRole('button', { name: 'Answer', exact: true }).click();
  await page
    .locator('.error-banner')
    .getByText(/it is now "May I delete Payroll\?"/)
    .waitFor();
  expect(await server().planText()).toBe(asked);
});
