/**
 * An invalid plan is a banner that says what is wrong and offers the fix, before anything is clicked;
 * nothing a person sees is a raw `INVALID_PLAN: …`. Template placeholders are not questions.
 */
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import {
  type LocalServer,
  checkNow,
  openSidebar,
  setVisibility,
  taskRow,
  useBrowser,
  useLocalServers,
  waitForCell,
} from './harness';

const TWICE = `# Plan: Twice

Goal: Fix the numbering

### Phase 1: Work
- [ ] 1.1 Read Orders!A2:F500
- [ ] 1.2 Write Summary!B5:B20
- [/] 1.2 Check totals
- [ ] 1.3 Send report
`;

const browser = useBrowser();
const startServer = useLocalServers();
let server: LocalServer;

test('a step listed twice: the banner says so, its rows offer no action, and one click renumbers it', async () => {
  server = await startServer(TWICE);
  const sidebar = await openSidebar(browser(), server);
  const { page } = sidebar;
  const banner = page.locator('.problems');
  await expect(banner.locator('h2').textContent()).resolves.toBe('This plan needs one fix');
  await expect(banner.locator('.problem-text').textContent()).resolves.toBe(
    'Step 1.2 is listed twice (lines 7 and 8). Until one is renumbered, neither can be changed here.',
  );
  await expect(banner.getByRole('button').allTextContents()).resolves.toEqual([
    'Renumber the second 1.2 to 1.4',
    'Edit the second 1.2',
  ]);

  // Both 1.2 rows explain instead of offering a change the server would refuse.
  for (const row of await taskRow(page, '1.2').all()) {
    await row.locator('.task-row').click();
    await expect(row.locator('.task-blocked-by-plan').textContent()).resolves.toMatch(
      /^Step 1\.2 is listed more than once/,
    );
    await expect(row.locator('.task-actions button').count()).resolves.toBe(0);
  }
  await expect(page.locator('.sidebar').textContent()).resolves.not.toContain('INVALID_PLAN');

  const before = sidebar.actionCalls().length;
  await banner.getByRole('button', { name: 'Renumber the second 1.2 to 1.4' }).click();
  await page.locator('.status-bar .notice', { hasText: 'The second 1.2 is now 1.4' }).waitFor();
  expect(await server.planText()).toBe(TWICE.replace('- [/] 1.2 Check totals', '- [/] 1.4 Check totals'));
  expect(sidebar.actionCalls().slice(before)).toEqual(['sidebarReplacePlan']);
  await expect(page.locator('.problems').count()).resolves.toBe(0);

  // Now each step names one task, and acting on it works.
  await taskRow(page, '1.4').locator('.task-row').click();
  await taskRow(page, '1.4').getByRole('button', { name: 'Complete' }).click();
  await waitForCell(server, (cell) => /- \[x\] 1\.4 Check totals ✅ \d{4}-\d{2}-\d{2}/.test(cell));
  expect(sidebar.dialogs).toEqual([]);
});

test('"Edit the second 1.2" (Sheets shows no line numbers) opens the editor with that line selected', async () => {
  server = await startServer(TWICE);
  const { page } = await openSidebar(browser(), server);
  await page.locator('.problems').getByRole('button', { name: 'Edit the second 1.2' }).click();
  const editor = page.getByLabel('Plan text (cell C2 of the AGENT_BASE sheet)');
  await expect(
    editor.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd)),
  ).resolves.toBe('- [/] 1.2 Check totals');
  await expect(editor.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
});

test('a fix computed from an outdated plan is refused, explained, and writes nothing', async () => {
  server = await startServer(TWICE);
  const { page } = await openSidebar(browser(), server);
  // The agent's change lands after the sidebar showed the banner, and the sidebar has not checked since.
  await setVisibility(page, 'hidden');
  const theirs = TWICE.replace('- [ ] 1.3 Send report', '- [/] 1.3 Send report');
  await server.editCell(theirs);
  await page.locator('.problems').getByRole('button', { name: 'Renumber the second 1.2 to 1.4' }).click();
  await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
    'Error code for developers: CONFLICT',
  );
  await expect(page.locator('.error-banner .error-text').textContent()).resolves.not.toMatch(/^[A-Z_]+:/);
  expect(await server.planText()).toBe(theirs);
});

test('a plan without a goal says what to add, and the fix opens the editor', async () => {
  server = await startServer('# Plan: No goal\n\n### Phase 1: Work\n- [ ] 1.1 Something\n');
  const { page } = await openSidebar(browser(), server);
  await expect(page.locator('.problems .problem-text').textContent()).resolves.toBe(
    'The plan has no goal: add a "Goal: one sentence describing success" line.',
  );
  await page.locator('.problems').getByRole('button', { name: 'Edit the plan' }).click();
  await page.getByLabel('Plan text (cell C2 of the AGENT_BASE sheet)').waitFor();
});

test('a plan the agent created without questions gets no Answer button, nor does an old placeholder', async () => {
  // An agent may replace a plan only when nothing waits for the person.
  server = await startServer(EXAMPLE_PLAN.replace('- [!] 2.3', '- [ ] 2.3'));
  expect(
    (await server.scriptsRun('createPlan', ['Quiet plan', 'No questions asked', [{ name: 'Work', steps: ['Do it'] }]]))
      .status,
  ).toBe(200);
  const text = await server.planText();
  expect(text).not.toMatch(/\[[^\]]*(question|ranges|sheet names|description)[^\]]*\]/i);
  const { page } = await openSidebar(browser(), server);
  await page.locator('.plan-title', { hasText: 'Quiet plan' }).waitFor();
  await expect(page.locator('.waiting').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: /^Answer/ }).count()).resolves.toBe(0);

  // A plan written before this fix still holds the template's placeholder: it is not a question either.
  await server.editCell(
    text.replace('## Questions for User\n', '## Questions for User\n\n- [Any clarifying questions]'),
  );
  await checkNow(page);
  await page.locator('.status-bar .notice', { hasText: 'Updated by an edit in the cell' }).waitFor({ timeout: 8000 });
  await expect(page.locator('.waiting').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: /^Answer/ }).count()).resolves.toBe(0);
});
