/**
 * A send the server refuses, or that never reaches it, leaves what the person wrote in the form they wrote it in, open,
 * beside the refusal's own words: the change shown at once takes the form's item away (an answer its question, a
 * decision its card, a rename its row), and the refusal brings the item back with its form and text, never "this item
 * changed while you were typing". Once the server takes it, the same form sends it.
 */
import {
  BUSY,
  clickTaskAction,
  openSidebar,
  refuseNext,
  type SidebarPage,
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
- [ ] 1.3 Send the summary
`;

const UNREACHED =
  'The sidebar could not reach Google Sheets. Nothing was changed; check your connection and try again.';

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

/**
 * The refusal is shown in its own words and, once the sidebar has caught up after it (its change check), no text was
 * set aside as if its item had changed.
 */
async function refusedWith({ page, settled }: SidebarPage, words: string, cell = PLAN): Promise<void> {
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toBe(words);
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  await settled();
  await expect(page.locator('.kept-text').count()).resolves.toBe(0);
  expect(await server().planText()).toBe(cell);
}

test('a refused rename leaves the new title in the open rename form; Enter then renames the task', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await refuseNext(page, 'sidebarRenameTask');
  await clickTaskAction(page, '1.2', 'Rename…');
  const field = page.getByLabel('New title for 1.2');
  await field.fill('Sort the Stock sheet by SKU');
  await field.press('Enter');
  await refusedWith(sidebar, BUSY);
  await expect(field.count()).resolves.toBe(1);
  await expect(field.inputValue()).resolves.toBe('Sort the Stock sheet by SKU');
  await taskRow(page, '1.2').getByText('Sort the Stock sheet', { exact: true }).waitFor();

  await field.press('Enter');
  await waitForCell(server(), (cell) => cell.includes('- [ ] 1.2 Sort the Stock sheet by SKU\n'));
});

test("a task's reason that never reached the server stays in its form, with the sidebar's words for why", async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await refuseNext(page, 'sidebarTaskAction', 'unreached');
  await clickTaskAction(page, '1.2', 'Skip…');
  const field = taskRow(page, '1.2').locator('.text-form textarea');
  await field.fill('Sorted by hand');
  await field.press('Enter');
  await refusedWith(sidebar, UNREACHED);
  await expect(field.inputValue()).resolves.toBe('Sorted by hand');
  await expect(taskRow(page, '1.2').getAttribute('class')).resolves.toContain('task-todo');

  await field.press('Enter');
  await waitForCell(server(), (cell) => cell.includes('- [-] 1.2 Sort the Stock sheet — Sorted by hand\n'));
});

test('a refused answer leaves the question open with its answer form and the words typed', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await refuseNext(page, 'sidebarAnswerQuestion');
  const question = page.locator('.waiting .question-item[data-question="1"]');
  await question.getByRole('button', { name: 'Answer question 1' }).click();
  await question.getByLabel('Your answer').fill('March');
  await question.getByLabel('Your answer').press('Enter');
  await refusedWith(sidebar, BUSY);
  await expect(question.getByLabel('Your answer').inputValue()).resolves.toBe('March');

  await question.getByRole('button', { name: 'Answer', exact: true }).click();
  await waitForCell(server(), (cell) => cell.includes('- Which month?\n  - Answer: March\n'));
});

test("a refused review decision leaves the comment in the task's card", async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await refuseNext(page, 'sidebarTaskAction');
  const card = page.locator('.review-item[data-step="1.1"]');
  await card.getByLabel('Comment for the agent').fill('The totals are off by 3');
  await card.getByRole('button', { name: 'Request changes' }).click();
  await refusedWith(sidebar, BUSY);
  await expect(card.getByLabel('Comment for the agent').inputValue()).resolves.toBe('The totals are off by 3');

  await card.getByRole('button', { name: 'Request changes' }).click();
  await waitForCell(server(), (cell) => cell.includes('changes requested: The totals are off by 3'));
});

// The row's decision is drawn after the card's: the text went to the first one drawn, the card, whichever was used.
test.each([
  ["its task's row", '.task-list li[data-step="1.1"]', '.review-item[data-step="1.1"]'],
  ['"Waiting for you"', '.review-item[data-step="1.1"]', '.task-list li[data-step="1.1"]'],
])('a refused decision on a review open twice comes back in the one typed in: %s', async (_, typedIn, other) => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await refuseNext(page, 'sidebarTaskAction');
  await taskRow(page, '1.1').locator('.task-row').press('Enter');
  const used = page.locator(typedIn);
  await used.getByLabel('Comment for the agent').fill('The totals are off by 3');
  await used.getByRole('button', { name: 'Request changes' }).click();
  await refusedWith(sidebar, BUSY);
  await expect(used.getByLabel('Comment for the agent').inputValue()).resolves.toBe('The totals are off by 3');
  await expect(page.locator(other).getByLabel('Comment for the agent').inputValue()).resolves.toBe('');

  await used.getByRole('button', { name: 'Request changes' }).click();
  await waitForCell(server(), (cell) => cell.includes('changes requested: The totals are off by 3'));
});

test("a refused approval of the plan leaves the person's comment in the approval box", async () => {
  await server().editCell(PLAN.replace('Goal:', 'Status: draft\n\nGoal:'));
  const draft = await server().planText();
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  const approval = page.locator('.plan-approval');
  await approval.locator('.approval-changes:not(.loading)').waitFor();
  await refuseNext(page, 'sidebarApprovePlan', 'unreached');
  await approval.getByLabel('Comment for the agent').fill('Only the Stock sheet');
  await approval.getByRole('button', { name: 'Approve plan' }).click();
  await refusedWith(sidebar, UNREACHED, draft);
  await expect(approval.getByLabel('Comment for the agent').inputValue()).resolves.toBe('Only the Stock sheet');

  await approval.getByRole('button', { name: 'Approve plan' }).click();
  await waitForCell(server(), (cell) => cell.includes('Status: approved'));
});
