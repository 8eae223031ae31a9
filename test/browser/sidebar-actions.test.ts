/**
 * A person works the plan from the sidebar: every action changes the cell's Markdown in exactly
 * one google.script.run round trip, shows at once (optimistically), and rolls back on refusal.
 */
import type { Page } from 'playwright-core';
import {
  clickTaskAction,
  openSidebar,
  type SidebarPage,
  taskRow,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

const PLAN = `# Plan: Sidebar actions

Goal: Every action from the sidebar

## Questions for User

- Which month?
- Include archived orders?

### Phase 1: Work
- [ ] 1.1 Read Orders!A2:F500 (orders)
- [/] 1.2 Write Summary!B5:B20 (subtotals)
- [x] 1.3 Read Pricing!A2:C50 (prices) ✅ 2026-01-10
- [>] 1.4 Update Dashboard!A1:D10 (chart data) — waiting for pricing data
- [!] 1.5 Check Summary!E10 (grand total) — please verify the SUM range
- [!] 1.6 Flag rows in Staging!E2:E500 (flags) — is 5% the right threshold?

## Notes

- Started by the agent
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });
let sidebar: SidebarPage;
let page: Page;

beforeEach(async () => {
  sidebar = await openSidebar(browser(), server());
  page = sidebar.page;
});
afterEach(async () => {
  await page.close();
});

/** Waits until no change is in flight, then checks that the action took exactly one round trip. */
async function expectOneRoundTrip(before: number): Promise<void> {
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  await sidebar.settled(); // a second call, if the sidebar made one, is in the log by now
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarTaskAction']);
}

function line(text: string, step: string): string {
  return text.split('\n').find((candidate) => candidate.includes(` ${step} `)) ?? '';
}

test('starting and completing a task change its line in the cell, one round trip each', async () => {
  let before = sidebar.actionCalls().length;
  await clickTaskAction(page, '1.1', 'Start');
  let text = await waitForCell(server(), (cell) => line(cell, '1.1').startsWith('- [/]'));
  expect(line(text, '1.1')).toBe('- [/] 1.1 Read Orders!A2:F500 (orders)');
  await expectOneRoundTrip(before);
  expect(await taskRow(page, '1.1').getAttribute('class')).toContain('task-doing');

  before = sidebar.actionCalls().length;
  await clickTaskAction(page, '1.1', 'Complete');
  text = await waitForCell(server(), (cell) => line(cell, '1.1').startsWith('- [x]'));
  expect(line(text, '1.1')).toMatch(/^- \[x\] 1\.1 Read Orders!A2:F500 \(orders\) ✅ \d{4}-\d{2}-\d{2}$/);
  await expectOneRoundTrip(before);
  await expect(taskRow(page, '1.1').locator('.task-date').textContent()).resolves.toMatch(/^Done \d{4}-\d{2}-\d{2}$/);
});

test('blocking needs a reason, and the reason is written after the title', async () => {
  await clickTaskAction(page, '1.2', 'Block…');
  const form = taskRow(page, '1.2').locator('form');
  await expect(form.getByRole('button', { name: 'Block', exact: true }).isDisabled()).resolves.toBe(true);
  await form.getByLabel('Why is it blocked?').fill('waiting for <b>supplier</b> data in Pricing!C2:C100');
  const before = sidebar.actionCalls().length;
  await form.getByRole('button', { name: 'Block', exact: true }).click();
  const text = await waitForCell(server(), (cell) => line(cell, '1.2').startsWith('- [>]'));
  expect(line(text, '1.2')).toBe(
    '- [>] 1.2 Write Summary!B5:B20 (subtotals) — waiting for <b>supplier</b> data in Pricing!C2:C100',
  );
  await expectOneRoundTrip(before);
  await expect(taskRow(page, '1.2').locator('.task-note').textContent()).resolves.toBe(
    'Blocked: waiting for <b>supplier</b> data in Pricing!C2:C100',
  );
});

test('asking for review needs a note; skipping needs a reason; reopening clears both', async () => {
  await clickTaskAction(page, '1.1', 'Ask for review…');
  let form = taskRow(page, '1.1').locator('form');
  await form.getByLabel('What should the reviewer check?').fill('are these the right orders?');
  let before = sidebar.actionCalls().length;
  await form.getByLabel('What should the reviewer check?').press('Enter');
  let text = await waitForCell(server(), (cell) => line(cell, '1.1').startsWith('- [!]'));
  expect(line(text, '1.1')).toBe('- [!] 1.1 Read Orders!A2:F500 (orders) — are these the right orders?');
  await expectOneRoundTrip(before);
  // It is now waiting for the person, in the Waiting block.
  await expect(page.locator('.review-item[data-step="1.1"] .agent-note').textContent()).resolves.toBe(
    'Agent: are these the right orders?',
  );

  await clickTaskAction(page, '1.3', 'Reopen');
  text = await waitForCell(server(), (cell) => line(cell, '1.3').startsWith('- [ ]'));
  expect(line(text, '1.3')).toBe('- [ ] 1.3 Read Pricing!A2:C50 (prices)');

  await clickTaskAction(page, '1.3', 'Skip…');
  form = taskRow(page, '1.3').locator('form');
  await form.getByLabel('Why skip it?').fill('prices did not change');
  before = sidebar.actionCalls().length;
  await form.getByRole('button', { name: 'Skip', exact: true }).click();
  text = await waitForCell(server(), (cell) => line(cell, '1.3').startsWith('- [-]'));
  expect(line(text, '1.3')).toBe('- [-] 1.3 Read Pricing!A2:C50 (prices) — prices did not change');
  await expectOneRoundTrip(before);

  await clickTaskAction(page, '1.4', 'Resume');
  text = await waitForCell(server(), (cell) => line(cell, '1.4').startsWith('- [/]'));
  expect(line(text, '1.4')).toBe('- [/] 1.4 Update Dashboard!A1:D10 (chart data)');
});

test('approving a review item with a comment puts it back as todo and records it in Notes', async () => {
  const card = page.locator('.review-item[data-step="1.5"]');
  await expect(card.locator('.agent-note').textContent()).resolves.toBe('Agent: please verify the SUM range');
  await card.getByLabel('Comment for the agent').fill('range is right');
  const before = sidebar.actionCalls().length;
  await card.getByRole('button', { name: 'Approve' }).click();
  const text = await waitForCell(server(), (cell) => line(cell, '1.5').startsWith('- [ ]'));
  expect(line(text, '1.5')).toBe('- [ ] 1.5 Check Summary!E10 (grand total) — approved: range is right');
  expect(text).toMatch(
    /\n- \d{4}-\d{2}-\d{2}: review of 1\.5 \(Check Summary!E10 \(grand total\)\) approved: range is right\n/,
  );
  await expectOneRoundTrip(before);
  await expect(card.count()).resolves.toBe(0);
  await expect(page.locator('.markdown-section', { hasText: 'Notes' }).textContent()).resolves.toContain(
    'review of 1.5',
  );
});

test('approving without a comment is one click', async () => {
  await page.locator('.review-item[data-step="1.6"]').getByRole('button', { name: 'Approve' }).click();
  const text = await waitForCell(server(), (cell) => line(cell, '1.6').startsWith('- [ ]'));
  expect(line(text, '1.6')).toBe('- [ ] 1.6 Flag rows in Staging!E2:E500 (flags) — approved');
});

test('requesting changes needs a comment, which the agent gets on the line', async () => {
  const card = page.locator('.review-item[data-step="1.6"]');
  const before = sidebar.actionCalls().length;
  await card.getByRole('button', { name: 'Request changes' }).click();
  await expect(card.locator('.field-hint').textContent()).resolves.toBe(
    'Write what needs to change, then request changes.',
  );
  // What is missing before the action can go is a warning: red, unlike a neutral hint.
  await expect(card.locator('.field-hint').evaluate((element) => getComputedStyle(element).color)).resolves.toBe(
    'rgb(179, 38, 30)',
  );
  expect(sidebar.actionCalls().slice(before)).toEqual([]);
  await expect(
    card.getByLabel('Comment for the agent').evaluate((element) => element === document.activeElement),
  ).resolves.toBe(true);

  await card.getByLabel('Comment for the agent').fill('use 3%, not 5%');
  await card.getByRole('button', { name: 'Request changes' }).click();
  const text = await waitForCell(server(), (cell) => line(cell, '1.6').startsWith('- [ ]'));
  expect(line(text, '1.6')).toBe('- [ ] 1.6 Flag rows in Staging!E2:E500 (flags) — changes requested: use 3%, not 5%');
  expect(text).toContain('review of 1.6 (Flag rows in Staging!E2:E500 (flags)) changes requested: use 3%, not 5%');
  await expectOneRoundTrip(before);
});

test('answering a question nests the answer under it, and changing it replaces the answer', async () => {
  const question = page.locator('.waiting .question-item[data-question="2"]');
  await question.getByRole('button', { name: 'Answer question 2' }).click();
  await question.getByLabel('Your answer').fill('No, leave archived orders out');
  let before = sidebar.actionCalls().length;
  await question.getByRole('button', { name: 'Answer', exact: true }).click();
  let text = await waitForCell(server(), (cell) => cell.includes('Answer:'));
  expect(text).toContain('- Include archived orders?\n  - Answer: No, leave archived orders out\n');
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarAnswerQuestion']);

  // Answered: it leaves the Waiting block and shows as answered.
  const answered = page.locator('.collapsible .question-item[data-question="2"]');
  await expect(answered.locator('.answer').textContent()).resolves.toBe('Answered: No, leave archived orders out');
  await expect(page.locator('.waiting .question-item[data-question="2"]').count()).resolves.toBe(0);

  await answered.getByRole('button', { name: 'Change answer to question 2' }).click();
  await answered.getByLabel('Your new answer').fill('Yes, include them');
  before = sidebar.actionCalls().length;
  await answered.getByLabel('Your new answer').press('Enter');
  text = await waitForCell(server(), (cell) => cell.includes('Answer: Yes'));
  expect(text).toContain('- Include archived orders?\n  - Answer: Yes, include them\n');
  expect(text).not.toContain('leave archived orders out');
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarAnswerQuestion']);
});

test('a change shows before the server answers, and a refused one rolls back with an inline message', async () => {
  // Hold the action's request until the optimistic state has been checked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/gas/run', async (route) => {
    if ((route.request().postDataJSON() as { functionName: string }).functionName === 'sidebarTaskAction') await held;
    await route.continue();
  });
  await clickTaskAction(page, '1.1', 'Start');
  await expect(taskRow(page, '1.1').getAttribute('class')).resolves.toContain('task-doing');
  expect(line(await server().planText(), '1.1')).toBe('- [ ] 1.1 Read Orders!A2:F500 (orders)');
  release();
  await waitForCell(server(), (cell) => line(cell, '1.1').startsWith('- [/]'));
  await page.unroute('**/gas/run');

  // The server refuses the next change (another execution holds the plan).
  await page.route('**/gas/run', async (route) => {
    if ((route.request().postDataJSON() as { functionName: string }).functionName !== 'sidebarTaskAction')
      return route.continue();
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          message:
            'BUSY: The plan is busy: another execution is changing it. Nothing was written; try again in a moment',
        },
      }),
    });
  });
  const cellBefore = await server().planText();
  await clickTaskAction(page, '1.2', 'Complete');
  // Plain words, the code after them; and the status line does not keep saying "Completing 1.2…".
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toBe(
    'The plan is busy: another execution is changing it. Nothing was written; try again in a moment.',
  );
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: BUSY',
  );
  await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe('Completing 1.2: not done');
  expect(await taskRow(page, '1.2').getAttribute('class')).toContain('task-doing');
  expect(await server().planText()).toBe(cellBefore);
  expect(sidebar.dialogs).toEqual([]);
  await page.locator('.error-banner').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('.error-banner').count()).resolves.toBe(0);
});

test('what the server refuses because the agent moved first is explained, and the sidebar catches up', async () => {
  // The sidebar still shows 1.2 as doing; the agent completes it first.
  const agent = await server().scriptsRun('completeTask', ['1.2']);
  expect(agent.body.response.result.status).toBe('done');
  await clickTaskAction(page, '1.2', 'Complete');
  // The sidebar sent the task as it showed it (in progress): the refusal says what it is now.
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toMatch(
    /^Task 1\.2 changed since you saw it: .*\(in progress\), it is now .*\(done\)/,
  );
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: CONFLICT',
  );
  // The refusal is followed by a change check, which shows the agent's change.
  await page.locator('.task-list li[data-step="1.2"].task-done').waitFor();
  expect(sidebar.dialogs).toEqual([]);
});
