/**
 * What the person typed stays with the item they typed it for, even when the sidebar's change check brings in an
 * agent's change while they type: a card or answer form whose item changed closes, its text is kept (shown with the
 * item it was for), and nothing is carried onto the item now in its place; a task the agent only renumbered keeps its
 * open form, text and focus. Screenshot:
 * artifacts/sidebar-seen-refresh.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS,
  clickTaskAction,
  checkNow,
  openSidebar,
  setVisibility,
  taskRow,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

const PLAN = `# Plan: Warehouse clean-up

Goal: Tidy the warehouse sheet

## Questions for User

- Which month?

### Phase 1: Work
- [!] 1.1 Check the totals of Stock!B2:B40 — do they match?
- [ ] 1.2 Sort the Stock sheet
- [!] 1.3 Send the summary — OK to email the whole warehouse list?

## Notes
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

test("a review comment stays with its task, not the one the agent moved into its card's step", async () => {
  const { page } = await openSidebar(browser(), server());
  const card = page.locator('.review-item[data-step="1.1"]');
  await card.getByText('Check the totals of Stock!B2:B40').waitFor();
  await card.getByLabel('Comment for the agent').fill('Looks good');

  // The agent moves 1.3 to the top of the phase while the page is hidden; shown again, the sidebar refreshes.
  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('moveTask', ['1.3', 1])).status).toBe(200);
  const moved = await waitForCell(server(), (cell) => cell.includes('- [!] 1.1 Send the summary'));
  await setVisibility(page, 'visible');
  await checkNow(page);
  await card.getByText('Send the summary').waitFor();

  // The card at 1.1 now shows the moved task with an empty comment; the typed comment stayed with its task, now 1.2.
  await expect(card.getByLabel('Comment for the agent').inputValue()).resolves.toBe('');
  const own = page.locator('.review-item[data-step="1.2"]');
  await own.getByText('Check the totals of Stock!B2:B40').waitFor();
  await expect(own.getByLabel('Comment for the agent').inputValue()).resolves.toBe('Looks good');
  await expect(page.locator('.kept-text').count()).resolves.toBe(0);
  expect(await server().planText()).toBe(moved);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-seen-refresh.png') });
});

test('an answer typed for a question is not carried onto the question the agent put above it', async () => {
  const { page } = await openSidebar(browser(), server());
  const question = page.locator('.waiting .question-item[data-question="1"]');
  await question.getByRole('button', { name: 'Answer question 1' }).click();
  await question.getByLabel('Your answer').fill('Yes');

  await setVisibility(page, 'hidden');
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const asked = PLAN.replace('- Which month?', '- Should we delete the Warehouse sheet?\n- Which month?');
  expect((await server().scriptsRun('replacePlan', [asked, stamp])).status).toBe(200);
  await setVisibility(page, 'visible');
  await checkNow(page);
  await question.getByText('Should we delete the Warehouse sheet?').waitFor();

  // The new question shows closed, with no answer typed into it; the "Yes" is kept for "Which month?".
  await expect(question.getByLabel('Your answer').count()).resolves.toBe(0);
  await question.getByRole('button', { name: 'Answer question 1' }).waitFor();
  const kept = page.locator('.kept-text');
  await expect(kept.locator('label').textContent()).resolves.toContain('(question 1 "Which month?")');
  await expect(kept.locator('textarea').inputValue()).resolves.toBe('Yes');
  expect(await server().planText()).toBe(asked);
});

test('a review decision on a task that changed since its card showed it is refused, and its comment kept', async () => {
  const { page } = await openSidebar(browser(), server());
  const card = page.locator('.review-item[data-step="1.1"]');
  await card.getByText('Check the totals of Stock!B2:B40').waitFor();
  await card.getByLabel('Comment for the agent').fill('Looks good');
  // Someone edits the task's question in the cell, and the sidebar has not seen it yet.
  await setVisibility(page, 'hidden');
  const changed = PLAN.replace('do they match?', 'totals off by 3, still OK?');
  await server().editCell(changed);

  await card.getByRole('button', { name: 'Approve' }).click();
  await page
    .locator('.error-banner')
    .getByText(/changed since you saw it/)
    .waitFor();
  expect(await server().planText()).toBe(changed);
  // The refusal brought in the new state: the card shows it, and the comment is kept, not lost.
  await card.getByText('still OK?').waitFor();
  await expect(page.locator('.kept-text textarea').inputValue()).resolves.toBe('Looks good');
  await page.locator('.kept-text').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('.kept-text').count()).resolves.toBe(0);
});

test('a rename form follows its task when the agent moves another task into its step', async () => {
  const { page } = await openSidebar(browser(), server());
  await clickTaskAction(page, '1.2', 'Rename…');
  await expect(page.getByLabel('New title for 1.2').inputValue()).resolves.toBe('Sort the Stock sheet');

  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('moveTask', ['1.3', '1.1'])).status).toBe(200);
  await waitForCell(server(), (cell) => cell.includes('- [!] 1.2 Send the summary'));
  await setVisibility(page, 'visible');
  await checkNow(page);
  await taskRow(page, '1.2').getByText('Send the summary').waitFor();

  // The rename is for the task the form was opened on, now 1.3: never for the one moved into 1.2.
  const field = page.getByLabel('New title for 1.3');
  await expect(field.inputValue()).resolves.toBe('Sort the Stock sheet');
  await field.fill('Sort the Stock sheet by SKU');
  await field.press('Enter');
  await waitForCell(server(), (cell) => cell.includes('- [ ] 1.3 Sort the Stock sheet by SKU'));
  expect(await server().planText()).toContain('- [!] 1.2 Send the summary');
});

test('a review comment stays in its card, with the focus, when the agent only renumbers the task', async () => {
  const { page } = await openSidebar(browser(), server());
  const field = page.locator('.review-item[data-step="1.3"]').getByLabel('Comment for the agent');
  await field.fill('OK, but not the costs');

  // The agent puts a task after 1.1: the task in review is the same, now 1.4.
  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('addTask', [1, 'Count the pallets', { after: '1.1' }])).status).toBe(200);
  await waitForCell(server(), (cell) => cell.includes('- [!] 1.4 Send the summary'));
  await setVisibility(page, 'visible');
  await checkNow(page);
  const card = page.locator('.review-item[data-step="1.4"]');
  await card.getByText('Send the summary').waitFor();

  await expect(card.getByLabel('Comment for the agent').inputValue()).resolves.toBe('OK, but not the costs');
  await expect(
    page.evaluate(() => document.activeElement?.closest('.review-item')?.getAttribute('data-step')),
  ).resolves.toBe('1.4');
  await expect(page.locator('.kept-text').count()).resolves.toBe(0);
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await waitForCell(server(), (cell) => cell.includes('- [ ] 1.4 Send the summary — approved: OK, but not the costs'));
});

test("a reason typed in a task's form stays on that task, with the focus, when the agent renumbers it", async () => {
  const { page } = await openSidebar(browser(), server());
  await clickTaskAction(page, '1.2', 'Skip…');
  await page.keyboard.type('Sorted by hand');

  await setVisibility(page, 'hidden');
  expect((await server().scriptsRun('addTask', [1, 'Count the pallets', { after: '1.1' }])).status).toBe(200);
  await waitForCell(server(), (cell) => cell.includes('- [ ] 1.3 Sort the Stock sheet'));
  await setVisibility(page, 'visible');
  await checkNow(page);
  await taskRow(page, '1.2').getByText('Count the pallets').waitFor();

  // The new task at 1.2 is closed; the form stays on the task it was opened on, now 1.3, with what was typed.
  await expect(taskRow(page, '1.2').locator('.task-row').getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value)).resolves.toBe(
    'Sorted by hand',
  );
  await expect(page.evaluate(() => document.activeElement?.closest('li')?.dataset.step)).resolves.toBe('1.3');
  await expect(page.locator('.kept-text').count()).resolves.toBe(0);
  await page.keyboard.press('Enter');
  await waitForCell(server(), (cell) => cell.includes('- [-] 1.3 Sort the Stock sheet — Sorted by hand'));
});

test("a rename refused because the task's title changed keeps the new title, with the task it was for", async () => {
  const { page } = await openSidebar(browser(), server());
  await clickTaskAction(page, '1.2', 'Rename…');
  const field = page.getByLabel('New title for 1.2');
  await field.fill('Sort the Stock sheet by bin');
  // Someone renames the task in the cell, and the sidebar has not seen it yet.
  await setVisibility(page, 'hidden');
  const changed = PLAN.replace('1.2 Sort the Stock sheet', '1.2 Sort the Stock sheet by SKU');
  await server().editCell(changed);

  await field.press('Enter');
  await page
    .locator('.error-banner')
    .getByText(/changed since you saw it/)
    .waitFor();
  expect(await server().planText()).toBe(changed);
  await taskRow(page, '1.2').getByText('Sort the Stock sheet by SKU').waitFor();
  const kept = page.locator('.kept-text');
  await expect(kept.locator('label').textContent()).resolves.toContain('(task 1.2 "Sort the Stock sheet")');
  await expect(kept.locator('textarea').inputValue()).resolves.toBe('Sort the Stock sheet by bin');
});
