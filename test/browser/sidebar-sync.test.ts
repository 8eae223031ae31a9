/**
 * The sidebar stays current while the agent works and people edit the cell, and the Markdown
 * editor never overwrites a change it has not seen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import {
  ARTIFACTS,
  openSheetWindow,
  openSidebar,
  PLAN_CELL,
  setVisibility,
  taskRow,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

const browser = useBrowser();
const server = useLocalServer();

/** Marks the page, so that a reload (which would lose the mark) can be told from an in-page update. */
async function markPage(page: import('playwright-core').Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });
  return () => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
}

test(
  'a change typed into the cell, and one the agent makes, show in the sidebar within seconds without a ' + 'reload',
  async () => {
    const { page } = await openSidebar(browser(), server());
    const stillSamePage = await markPage(page);

    await server().editCell(
      EXAMPLE_PLAN.replace('# Plan: Monthly Inventory Reconciliation', '# Plan: Reconciliation for February').replace(
        '- [ ] 3.2 Calculate',
        '- [x] 3.2 Calculate',
      ),
    );
    await page.locator('.plan-title', { hasText: 'Reconciliation for February' }).waitFor({ timeout: 8000 });
    await expect(taskRow(page, '3.2').getAttribute('class')).resolves.toContain('task-done');
    await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe('Updated by an edit in the cell');

    const agent = await server().scriptsRun('startTask', ['4.1']);
    expect(agent.body.response.result.status).toBe('doing');
    await page.locator('.task-list li[data-step="4.1"].task-doing').waitFor({ timeout: 8000 });
    await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe('Updated by the agent');
    expect(await stillSamePage()).toBe(true);
  },
);

test('the change check runs only while the sidebar is visible, and at once when it is shown again', async () => {
  const sidebar = await openSidebar(browser(), server(), { fakeClock: true });
  const { page } = sidebar;
  await setVisibility(page, 'hidden');
  const before = sidebar.calls.length;
  await sidebar.runClock(10_000); // longer than any wait between checks while the person was active
  expect(sidebar.calls.slice(before)).toEqual([]);

  await server().editCell(EXAMPLE_PLAN.replace('Monthly Inventory Reconciliation', 'Shown on return'));
  await setVisibility(page, 'visible');
  await sidebar.runClock(1); // at once: a check is due now, and a timer of 0 ms still needs the clock to move
  await page.locator('.plan-title', { hasText: 'Shown on return' }).waitFor({ timeout: 1000 });
  expect(sidebar.calls.slice(before)).toEqual(['sidebarCheck']);
});

test('an unchanged plan costs one small call per check: null, nothing re-rendered', async () => {
  const sidebar = await openSidebar(browser(), server(), { fakeClock: true });
  const before = sidebar.calls.length;
  const responses: Array<Promise<unknown>> = [];
  sidebar.page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/gas/run') responses.push(response.json());
  });
  await sidebar.runClock(3500); // the first check comes after 3 s, the next 4.5 s after that
  expect(sidebar.calls.slice(before)).toEqual(['sidebarCheck']);
  expect(await Promise.all(responses)).toEqual([{ result: null }]);
});

test('editing the Markdown saves the whole plan as a person', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
  await expect(editor.inputValue()).resolves.toBe(EXAMPLE_PLAN);
  const edited = EXAMPLE_PLAN.replace('- Should Discrepancies sheet be cleared before writing new data?\n', '').replace(
    '### Phase 4: Validation',
    '### Phase 4: Validation and sign-off',
  );
  await editor.fill(edited);
  await editor.press('Control+Enter');
  // The notice comes with the server's answer: only then is the save done.
  await page.locator('.status-bar .notice', { hasText: /^Plan saved \(version \d+\)$/ }).waitFor();
  expect(await server().planText()).toBe(edited);
  await expect(page.getByRole('button', { name: /^Phase 4: Validation and sign-off/ }).count()).resolves.toBe(1);
});

test(
  'a raw edit is refused when the cell changed after the editor loaded: message, reload, nothing ' + 'overwritten',
  async () => {
    const sidebar = await openSidebar(browser(), server());
    const { page } = sidebar;
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
    const mine = EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: (my edit) Reconcile');
    await editor.fill(mine);

    // Meanwhile someone types into the cell.
    const theirs = EXAMPLE_PLAN.replace('- [ ] 4.3 Send', '- [x] 4.3 Send');
    await server().editCell(theirs);

    const before = sidebar.actionCalls().length;
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.error-banner .error-text').textContent()).resolves.toBe(
      'Not saved: the plan was changed by an edit in the cell while you were editing. The editor now shows the ' +
        'current plan; your text is kept below it so you can apply your change again.',
    );
    expect(await server().planText()).toBe(theirs);
    await expect(editor.inputValue()).resolves.toBe(theirs);
    await expect(page.getByLabel('Your text, not saved').inputValue()).resolves.toBe(mine);
    expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarReplacePlan']);
    expect(sidebar.dialogs).toEqual([]);

    // Applying the change again on the reloaded text works.
    await editor.fill(theirs.replace('Goal: Reconcile', 'Goal: (my edit) Reconcile'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.plan-goal', { hasText: '(my edit)' }).waitFor();
    const saved = await server().planText();
    expect(saved).toContain('Goal: (my edit) Reconcile');
    expect(saved).toContain('- [x] 4.3 Send');
  },
);

test('a raw edit is refused when the agent changed the plan after the editor loaded', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
  await editor.fill(EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: Mine'));
  await server().scriptsRun('completeTask', ['3.1']);
  const afterAgent = await server().planText();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.toMatch(
    /^Not saved: the plan was changed by the agent while you were editing\./,
  );
  expect(await server().planText()).toBe(afterAgent);
  await expect(editor.inputValue()).resolves.toBe(afterAgent);
});

test("npm start's page: the cell beside the real sidebar, each following the other", async () => {
  const { page, dialogs, sidebar } = await openSheetWindow(browser(), server());
  await sidebar.locator('.plan-title', { hasText: 'Monthly Inventory Reconciliation' }).waitFor();
  await expect(page.locator('#panel-title').textContent()).resolves.toBe('Agent Plan');
  await expect(page.locator('#side-panel').evaluate((panel) => panel.getBoundingClientRect().width)).resolves.toBe(300);
  await expect(page.locator('#marker-cell').textContent()).resolves.toBe(PLAN_LOCATION.marker);
  const cell = page.getByLabel(`Cell ${PLAN_CELL}: the plan's Markdown`);
  await expect(cell.inputValue()).resolves.toBe(EXAMPLE_PLAN);

  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'emulator-page.png') });

  // A person edits the cell; Ctrl+Enter commits it, and the sidebar follows.
  await cell.fill(EXAMPLE_PLAN.replace('- [ ] 4.1 Verify', '- [/] 4.1 Verify'));
  await cell.press('Control+Enter');
  await waitForCell(server(), (text) => text.includes('- [/] 4.1 Verify'));
  await sidebar.locator('.task-list li[data-step="4.1"].task-doing').waitFor();

  // The person completes it in the sidebar; the cell follows.
  await sidebar.locator('.task-list li[data-step="4.1"] .task-row').click();
  await sidebar.getByRole('button', { name: 'Complete' }).click();
  await page.waitForFunction(() =>
    /- \[x\] 4\.1 Verify/.test((document.getElementById('plan-cell') as HTMLTextAreaElement).value),
  );

  // Escape discards an edit in progress.
  await cell.click();
  await cell.press('End');
  await cell.type('typed but discarded');
  await cell.press('Escape');
  await expect(cell.inputValue()).resolves.not.toContain('typed but discarded');
  expect(await server().planText()).not.toContain('typed but discarded');

  // Agent Plan → Open plan opens a fresh sidebar after closing it.
  await page.getByRole('button', { name: 'Close side panel' }).click();
  await expect(page.locator('#side-panel').isHidden()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Agent Plan' }).click();
  await page.getByRole('menuitem', { name: 'Open plan' }).click();
  await sidebar.locator('.plan-title').waitFor();
  expect(dialogs).toEqual([]);
  await page.close();
});

test(
  'an idle sidebar backs off in the real page, and a pointer over it brings in the agent’s change within ' +
    '3 seconds',
  async () => {
    const sidebar = await openSidebar(browser(), server(), { fakeClock: true });
    const { page } = sidebar;
    const checks = () => sidebar.calls.filter((name) => name === 'sidebarCheck').length;
    const runFor = (seconds: number) => sidebar.runClock(seconds * 1000);

    await runFor(600);
    // Ten idle minutes: 15 checks (3 s, 4.5 s, … up to one a minute); a fixed 3-second poll made 200.
    expect(checks()).toBeGreaterThanOrEqual(12);
    expect(checks()).toBeLessThanOrEqual(20);

    // Right after a check (the next is a minute away), the agent changes the plan; the person points at the sidebar.
    const before = checks();
    while (checks() === before) await runFor(1);
    await server().scriptsRun('startTask', ['4.1']);
    await runFor(1);
    await page.mouse.move(150, 200);
    await page.mouse.move(160, 220);
    await runFor(3);
    await page.locator('.task-list li[data-step="4.1"].task-doing').waitFor({ timeout: 1000 });
    expect(sidebar.dialogs).toEqual([]);
  },
);

test('Escape and Cancel close an unchanged editor at once, and ask before they discard edits', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
  const confirm = page.getByRole('group', { name: 'Confirm discarding your changes' });
  const closed = page.locator('main.plan');
  await page.getByRole('button', { name: 'Edit' }).click();
  await editor.press('Escape');
  await closed.waitFor();

  // Escape with an edit: the question, its first button focused; Keep editing goes back to the text, as it was.
  await page.getByRole('button', { name: 'Edit' }).click();
  const mine = EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: (half-typed) Reconcile');
  await editor.fill(mine);
  await editor.press('Escape');
  await page.locator('.editor .confirm, main.plan').first().waitFor();
  await expect(confirm.count()).resolves.toBe(1);
  await expect(confirm.locator('.confirm-text').textContent()).resolves.toBe(
    'Discard your changes to the plan? They have not been saved.',
  );
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Discard changes');
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('plan-markdown');
  await expect(editor.inputValue()).resolves.toBe(mine);
  // Escape on the question is Keep editing too.
  await editor.press('Escape');
  await confirm.getByRole('button', { name: 'Discard changes' }).waitFor();
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'detached' });
  await expect(editor.inputValue()).resolves.toBe(mine);

  // Cancel asks the same; Discard changes closes the editor, and nothing was sent.
  const before = sidebar.actionCalls().length;
  await page.locator('.editor-buttons').getByRole('button', { name: 'Cancel' }).click();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await closed.waitFor();
  await sidebar.settled();
  expect(sidebar.actionCalls().slice(before)).toEqual([]);
  expect(await server().planText()).toBe(EXAMPLE_PLAN);
});

test('after a refused save, closing the reloaded editor asks first: the text kept below it would go', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
  await editor.fill(EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: Mine'));
  await server().editCell(EXAMPLE_PLAN.replace('- [ ] 4.3 Send', '- [x] 4.3 Send'));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByLabel('Your text, not saved').waitFor();
  await editor.press('Escape');
  await page.locator('.editor .confirm, main.plan').first().waitFor();
  await expect(page.getByRole('group', { name: 'Confirm discarding your changes' }).count()).resolves.toBe(1);
});

test("Reload after the agent changed the plan keeps the person's edits below the plan as it is now", async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByLabel(`Plan text (cell C2 of the AGENT_BASE sheet)`);
  const mine = EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: Mine');
  await editor.fill(mine);
  await server().scriptsRun('completeTask', ['3.1']);
  const afterAgent = await server().planText();
  // The warning and its Reload come with the sidebar's next look at the plan.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(editor.inputValue()).resolves.toBe(afterAgent);
  await expect(page.getByLabel('Your text, not saved').inputValue()).resolves.toBe(mine);
});
