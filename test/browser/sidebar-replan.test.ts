/**
 * Re-planning as a person, without touching Markdown: add, rename, move (by keyboard) and remove tasks. Each is
 * one round trip whose result is checked in the cell's Markdown; each refusal leaves the cell byte-identical.
 */
import type { Page } from 'playwright-core';
import {
  openSidebar,
  setVisibility,
  type SidebarPage,
  taskRow,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

const PLAN = `# Plan: Re-plan

Goal: Change the plan from the sidebar

### Phase 1: Read
- [x] 1.1 Read Orders!A2:F500 (orders) ✅ 2026-01-10
- [ ] 1.2 Read Returns!A2:C90 (returns)
- [ ] 1.3 Read Prices!A2:B50 (prices)

### Phase 2: Write
- [ ] 2.1 Write Summary!B3:E15 (totals)
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

/** Waits for the change to be confirmed, then checks it took exactly the one call `name`. */
async function expectOneCall(before: number, name: string): Promise<void> {
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  await sidebar.settled();
  expect(sidebar.actionCalls().slice(before)).toEqual([name]);
}

async function openTask(step: string): Promise<void> {
  await page.locator('.sidebar[aria-busy="false"]').waitFor(); // a change's answer may still move the open row
  const toggle = taskRow(page, step).locator('.task-row');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('adding a task puts it at the end of its phase with the next free number', async () => {
  const before = sidebar.actionCalls().length;
  await page.getByRole('button', { name: 'Add a task to Phase 2' }).click();
  await page.getByLabel('New task at the end of Phase 2').fill('Check Summary!B16 (grand total)');
  await page.getByLabel('New task at the end of Phase 2').press('Enter');
  const text = await waitForCell(server(), (cell) => cell.includes('2.2'));
  expect(text).toBe(
    PLAN.replace(
      '- [ ] 2.1 Write Summary!B3:E15 (totals)\n',
      '- [ ] 2.1 Write Summary!B3:E15 (totals)\n- [ ] 2.2 Check Summary!B16 (grand total)\n',
    ),
  );
  await expectOneCall(before, 'sidebarAddTask');
  await taskRow(page, '2.2').waitFor();
});

test('renaming changes only that title; a title the format cannot hold is refused before sending', async () => {
  await openTask('1.2');
  await taskRow(page, '1.2').getByRole('button', { name: 'Rename…' }).click();
  const field = page.getByLabel('New title for 1.2');
  await expect(field.inputValue()).resolves.toBe('Read Returns!A2:C90 (returns)');

  // " — " would start a note in a task line: refused by the core in the sidebar, nothing sent.
  let before = sidebar.actionCalls().length;
  await field.fill('Read Returns!A2:C90 — and refunds');
  await field.press('Enter');
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toMatch(/must not contain " — "/);
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: INVALID_ARGUMENT',
  );
  await sidebar.settled();
  expect(sidebar.actionCalls().slice(before)).toEqual([]);
  expect(await server().planText()).toBe(PLAN);

  before = sidebar.actionCalls().length;
  await field.fill('Read Refunds!A2:C90 (refunds)');
  await field.press('Enter');
  const text = await waitForCell(server(), (cell) => cell.includes('Refunds'));
  expect(text).toBe(PLAN.replace('1.2 Read Returns!A2:C90 (returns)', '1.2 Read Refunds!A2:C90 (refunds)'));
  await expectOneCall(before, 'sidebarRenameTask');
});

test('by keyboard: Enter on "Move down" moves the task and keeps the focus, so Enter moves it again', async () => {
  await openTask('1.1');
  const moveDown = taskRow(page, '1.1').getByRole('button', { name: 'Move 1.1 down' });
  await moveDown.focus();
  let before = sidebar.actionCalls().length;
  await page.keyboard.press('Enter');
  let text = await waitForCell(server(), (cell) => cell.includes('- [ ] 1.1 Read Returns'));
  expect(text).toBe(
    PLAN.replace(
      '- [x] 1.1 Read Orders!A2:F500 (orders) ✅ 2026-01-10\n- [ ] 1.2 Read Returns!A2:C90 (returns)\n',
      '- [ ] 1.1 Read Returns!A2:C90 (returns)\n- [x] 1.2 Read Orders!A2:F500 (orders) ✅ 2026-01-10\n',
    ),
  );
  await expectOneCall(before, 'sidebarMoveTask');
  await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Move 1.2 down');

  before = sidebar.actionCalls().length;
  await page.keyboard.press('Enter');
  text = await waitForCell(server(), (cell) => cell.includes('- [x] 1.3 Read Orders'));
  expect(text.split('\n').slice(4, 8)).toEqual([
    '### Phase 1: Read',
    '- [ ] 1.1 Read Returns!A2:C90 (returns)',
    '- [ ] 1.2 Read Prices!A2:B50 (prices)',
    '- [x] 1.3 Read Orders!A2:F500 (orders) ✅ 2026-01-10',
  ]);
  await expectOneCall(before, 'sidebarMoveTask');
  // Last in its phase: Move down no longer applies, and the focus stays on the task's row.
  await expect(page.evaluate(() => document.activeElement?.classList.contains('task-row'))).resolves.toBe(true);

  // Up again, and to another phase.
  await openTask('1.3');
  await taskRow(page, '1.3').getByRole('button', { name: 'Move 1.3 up' }).click();
  await waitForCell(server(), (cell) => cell.includes('- [x] 1.2 Read Orders'));
  await openTask('1.2');
  await taskRow(page, '1.2').getByLabel('Move 1.2 to the end of').selectOption({ label: 'Phase 2: Write' });
  before = sidebar.actionCalls().length;
  await taskRow(page, '1.2').getByRole('button', { name: 'Move', exact: true }).click();
  text = await waitForCell(server(), (cell) => cell.includes('2.2 Read Orders'));
  expect(text.split('\n').slice(4)).toEqual([
    '### Phase 1: Read',
    '- [ ] 1.1 Read Returns!A2:C90 (returns)',
    '- [ ] 1.2 Read Prices!A2:B50 (prices)',
    '',
    '### Phase 2: Write',
    '- [ ] 2.1 Write Summary!B3:E15 (totals)',
    '- [x] 2.2 Read Orders!A2:F500 (orders) ✅ 2026-01-10',
    '',
  ]);
  await expectOneCall(before, 'sidebarMoveTask');
});

test('removing asks first, takes the task out and renumbers the rest; the plan before is in the history', async () => {
  await openTask('1.2');
  await taskRow(page, '1.2').getByRole('button', { name: 'Remove…' }).click();
  await expect(taskRow(page, '1.2').locator('.confirm-text').textContent()).resolves.toBe(
    'Remove 1.2 from the plan? The plan before is kept in the history.',
  );
  await taskRow(page, '1.2').getByRole('button', { name: 'Cancel' }).click();
  expect(await server().planText()).toBe(PLAN);

  await taskRow(page, '1.2').getByRole('button', { name: 'Remove…' }).click();
  const before = sidebar.actionCalls().length;
  await taskRow(page, '1.2').getByRole('button', { name: 'Yes, remove 1.2' }).click();
  const text = await waitForCell(server(), (cell) => !cell.includes('Returns'));
  expect(text).toBe(
    PLAN.replace('- [ ] 1.2 Read Returns!A2:C90 (returns)\n', '').replace('1.3 Read Prices', '1.2 Read Prices'),
  );
  await expectOneCall(before, 'sidebarRemoveTask');
  const history = (await server().scriptsRun('getHistory', [5])).body.response.result;
  expect(history[0].text).toBe(PLAN);
});

test('a change to a task the agent has just removed is refused, explained, and writes nothing', async () => {
  await setVisibility(page, 'hidden'); // no change check: the sidebar has not seen the agent's removal
  expect((await server().scriptsRun('removeTask', ['1.3'])).status).toBe(200);
  const theirs = await server().planText();
  await openTask('1.3'); // the sidebar has not seen the removal yet
  await taskRow(page, '1.3').getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('New title for 1.3').fill('Read Prices!A2:B60 (prices)');
  await page.getByLabel('New title for 1.3').press('Enter');
  // The sidebar sent the task as it showed it: the refusal says the step is gone.
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: CONFLICT',
  );
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toMatch(
    /^Task 1\.3 changed since you saw it: .*there is no step 1\.3 now/,
  );
  expect(await server().planText()).toBe(theirs);
  await taskRow(page, '1.3').waitFor({ state: 'detached', timeout: 8000 }); // caught up with the agent
  expect(sidebar.dialogs).toEqual([]);
});
