/**
 * What changed, shown to the person: after an agent re-plans an approved plan, the approval box lists exactly what it
 * changed (a new task with its new Write range, a renamed task, its changed words marked); History shows the changes
 * from the version before each entry.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { docImage } from './axe';
import {
  ARTIFACTS,
  checkNow,
  openSidebar,
  setVisibility,
  type SidebarPage,
  useBrowser,
  useLocalServer,
  waitForCell,
} from './harness';

/** The example with its review item decided: an agent may replace a plan only when nothing waits for the person. */
const DECIDED_PLAN = EXAMPLE_PLAN.replace('- [!] 2.3', '- [ ] 2.3');
const PHASES = [
  { name: 'Read', steps: ['Read the orders from Orders', 'Read the returns from Returns'] },
  { name: 'Write', steps: ['Write the totals into Summary'] },
];
const DETAILS = { analysis: { read: ['Orders!A2:F500', 'Returns!A2:C90'], write: ['Summary!B3:E15'] } };

const browser = useBrowser();
const server = useLocalServer({ plan: DECIDED_PLAN });

/** Turns "The agent needs my approval before it starts" on in the sidebar's Settings, then back to the plan. */
async function requireApproval({ page }: SidebarPage): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel(/The agent needs my approval before it starts/).check();
  await page.locator('.status-bar .notice', { hasText: 'The agent now waits for your approval' }).waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
}

test('after an agent re-plans an approved plan, the approval box lists exactly what it changed', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await requireApproval(sidebar);
  expect((await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES, DETAILS])).status).toBe(
    200,
  );
  const draft = await waitForCell(server(), (cell) => cell.includes('# Plan: Q1 report'));
  expect(draft).toContain('Status: draft');
  await checkNow(page);
  // The sidebar showed the example plan as a draft once approval was on: the agent's plan comes in with the check.
  await page.locator('.plan-title', { hasText: 'Q1 report' }).waitFor();
  await page.locator('.plan-approval').waitFor();
  // The first approval: nothing was approved here before.
  await page
    .locator('.approval-changes', {
      hasText: 'NEW PLAN No earlier approval of yours is recorded here, so there is nothing to compare with.',
    })
    .waitFor();
  // It came in while the box showed the plan before: the person looks at it again (see the last test), then approves.
  await page.locator('.plan-approval').getByRole('button', { name: 'Read it again' }).click();
  await page.locator('.plan-approval').getByRole('button', { name: 'Approve plan' }).click();
  await page.locator('.status-bar .notice', { hasText: 'Plan approved' }).waitFor();
  const approved = await server().planText();

  // The agent re-plans: a new task that writes a new range, and one task reworded.
  const { revision } = (await server().scriptsRun('getPlan')).body.response.result;
  const replanned = approved
    .replace('  - Write: Summary!B3:E15', '  - Write: Summary!B3:E15\n  - Write: Chart!A1:B12')
    .replace('1.2 Read the returns from Returns', '1.2 Read the returns and refunds from Returns')
    .replace(
      '- [ ] 2.1 Write the totals into Summary',
      '- [ ] 2.1 Write the totals into Summary\n- [ ] 2.2 Draw the chart into Chart',
    );
  expect(replanned).not.toBe(approved);
  expect((await server().scriptsRun('replacePlan', [replanned, revision])).status).toBe(200);
  await checkNow(page);

  // Scope first: the new Write range is marked NEW where the ranges are listed; then the task changes.
  const changes = page.locator('.plan-approval .plan-changes');
  await changes.waitFor({ timeout: 8000 });
  const scope = page.locator('.plan-approval .approval-scope');
  await expect(scope.locator('li').allTextContents()).resolves.toEqual(['Summary!B3:E15', 'Chart!A1:B12NEW']);
  await expect(changes.locator('li.change').allTextContents()).resolves.toEqual([
    'Renamed 1.2: Read the returns and refunds from Returns',
    'Added 2.2 “Draw the chart into Chart” to “Write”',
  ]);
  const order = await page
    .locator('.plan-approval')
    .evaluate((box) => [...box.querySelectorAll('.approval-scope, .approval-changes')].map((node) => node.className));
  expect(order[0]).toContain('approval-scope');
  await expect(changes.locator('li.task-changed ins').allTextContents()).resolves.toEqual(['and refunds']);
  await expect(page.locator('.approval-changes-heading').textContent()).resolves.toMatch(
    /^Changed since you approved it/,
  );
  // The Write ranges the plan declares, plainly: what approving lets the agent change.
  await expect(page.locator('.approval-writes li .range-link').allTextContents()).resolves.toEqual([
    'Summary!B3:E15',
    'Chart!A1:B12',
  ]);

  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 900 });
  await page.locator('.plan-approval').screenshot({ path: path.join(ARTIFACTS, 'sidebar-plan-changes.png') });
  expect(sidebar.dialogs).toEqual([]);
});

test('History shows the changes from the version before each entry', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES, DETAILS]);
  await waitForCell(server(), (cell) => cell.includes('# Plan: Q1 report'));
  const { revision } = (await server().scriptsRun('getPlan')).body.response.result;
  const current = await server().planText();
  await server().scriptsRun('replacePlan', [
    current.replace('1.1 Read the orders from Orders', '1.1 Read the March orders from Orders'),
    revision,
  ]);
  await waitForCell(server(), (cell) => cell.includes('March orders'));

  await page.getByRole('button', { name: 'History' }).click();
  const entries = page.locator('.history-entry');
  await entries.first().waitFor();
  // The newest entry (the plan createPlan wrote) against the one before it (the example plan).
  await entries.nth(0).getByRole('button', { name: 'Show the changes' }).click();
  const newest = entries.nth(0).locator('.plan-changes li.change');
  await newest.first().waitFor();
  await expect(newest.allTextContents()).resolves.toContain('Added 1.1 “Read the orders from Orders” to “Read”');
  await expect(entries.nth(0).locator('.history-changes-heading').textContent()).resolves.toMatch(
    /^Since version \d+:$/,
  );
  mkdirSync(ARTIFACTS, { recursive: true });
  await entries.nth(0).screenshot({ path: path.join(ARTIFACTS, 'sidebar-history-changes.png') });
  await entries.last().getByRole('button', { name: 'Show the changes' }).click();
  await expect(entries.last().locator('.plan-changes-empty').textContent()).resolves.toBe(
    'The oldest saved version: there is no earlier one to compare with.',
  );
  expect(sidebar.dialogs).toEqual([]);
});

/** Approves the agent's draft "Q1 report" once the sidebar shows it (not the draft it showed before). */
async function approveDraft(sidebar: SidebarPage): Promise<string> {
  await checkNow(sidebar.page);
  await sidebar.page.locator('.plan-title', { hasText: 'Q1 report' }).waitFor();
  await sidebar.page.locator('.plan-approval .approval-new').waitFor();
  // It came in while the box showed the plan before: the person looks at it again first.
  await sidebar.page.locator('.plan-approval').getByRole('button', { name: 'Read it again' }).click();
  await sidebar.page.locator('.plan-approval').getByRole('button', { name: 'Approve plan' }).click();
  return waitForCell(server(), (cell) => cell.includes('Status: approved'), 15_000);
}

test('status-only changes collapse to one line; formulas and a check added are NEW, before task changes', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await requireApproval(sidebar);
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES, DETAILS]);
  await waitForCell(server(), (cell) => cell.includes('Status: draft'));
  await approveDraft(sidebar);
  // The agent does two tasks on the approved plan, then re-plans: the guard refuses work in a rewrite that changes
  // what the person approved (the plan is a draft again at once), so the work comes first, as an agent's would.
  for (const step of ['1.1', '1.2']) {
    for (const call of ['startTask', 'completeTask']) {
      expect((await server().scriptsRun(call, [step])).body.error).toBeUndefined();
    }
  }
  const { revision, raw } = (await server().scriptsRun('getPlan')).body.response.result;
  const replanned = (raw as string)
    .replace('  - Write: Summary!B3:E15', '  - Write: Summary!B3:E15\n- Formulas: allowed')
    .replace(
      '- [ ] 2.1 Write the totals into Summary',
      '- [ ] 2.1 Write the totals into Summary\n  - Check: Summary!B3:E15 numbers',
    );
  expect((await server().scriptsRun('replacePlan', [replanned, revision])).status).toBe(200);
  await checkNow(page);
  const box = page.locator('.plan-approval');
  await box.locator('.progressed').waitFor();
  await expect(box.locator('.progressed summary').textContent()).resolves.toBe('2 tasks changed status');
  await expect(box.locator('.approval-formulas').textContent()).resolves.toBe('Formulas: allowedNEW');
  await expect(box.locator('.line-added').allTextContents()).resolves.toEqual(['2.1 check Summary!B3:E15 numbers NEW']);
  // Scope, then checks, then the progress line: in that order in the box.
  const order = await box.evaluate((element) =>
    [...element.querySelectorAll('.approval-scope, .approval-group-heading, .progressed')].map((node) =>
      node.textContent?.slice(0, 12),
    ),
  );
  expect(order).toEqual(['Approved, th', 'Checks', '2 tasks chan']);
  await page.setViewportSize({ width: 300, height: 900 });
  await box.screenshot({ path: path.join(ARTIFACTS, 'person-view-replan.png') });
  await docImage(box, 'person-view-replan');
  expect(sidebar.dialogs).toEqual([]);
});

test('a plan unrelated to the one approved is shown as a new plan, not as a diff against it', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await requireApproval(sidebar);
  await server().scriptsRun('createPlan', ['Q1 report', 'Build the Q1 report', PHASES, DETAILS]);
  await waitForCell(server(), (cell) => cell.includes('Status: draft'));
  await approveDraft(sidebar);
  const other = [{ name: 'Clean', steps: ['Merge the duplicate contacts', 'Fill the missing e-mails'] }];
  expect((await server().scriptsRun('createPlan', ['Contacts', 'Clean the contacts', other])).status).toBe(200);
  await waitForCell(server(), (cell) => cell.includes('# Plan: Contacts'));
  await checkNow(page);
  const box = page.locator('.plan-approval');
  await box.locator('.approval-new').waitFor();
  await expect(box.locator('.approval-new').textContent()).resolves.toBe(
    'NEW PLAN It replaces “Q1 report”, which you approved before; read the new plan below.',
  );
  await expect(box.locator('.plan-changes').count()).resolves.toBe(0);
  expect(sidebar.dialogs).toEqual([]);
});

const Q1_DRAFT = `# Plan: Q1 summary

Goal: Sum the Q1 sales

Status: draft

## Analysis

- Target ranges:
  - Read: Sales!A2:H100 (orders)
  - Write: Summary!B3:E15 (totals)

### Phase 1: Work
- [ ] 1.1 Read Sales!A2:H100
- [ ] 1.2 Write the totals to Summary!B3:E15
`;

test('a plan the agent changes while the person reads it waits until they have looked at it again', async () => {
  await server().editCell(Q1_DRAFT);
  const { page, dialogs } = await openSidebar(browser(), server());
  const approval = page.locator('.plan-approval');
  const scope = approval.locator('.approval-scope li');
  await expect(scope.allTextContents()).resolves.toEqual(['Summary!B3:E15']);
  await approval.getByLabel('Comment for the agent').fill('OK: only the Summary totals');

  // Meanwhile the agent widens the draft's Write scope (a draft may be re-planned), and the sidebar's check shows it.
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const wider = Q1_DRAFT.replace('  - Write: Summary!B3:E15 (totals)\n', '$&  - Write: Payroll!A:Z (staff)\n');
  expect((await server().scriptsRun('replacePlan', [wider, stamp])).body.error).toBeUndefined();
  await checkNow(page);
  await scope.filter({ hasText: 'Payroll!A:Z' }).waitFor();

  // The decision waits: the footer says why, and the person's comment stays for when they decide.
  const approve = approval.getByRole('button', { name: 'Approve plan' });
  await expect(approve.isDisabled()).resolves.toBe(true);
  await expect(approval.locator('.decision-footer [role="status"]').textContent()).resolves.toBe(
    'The agent changed the plan while you were reading it. Read it again',
  );
  await expect(approval.getByLabel('Comment for the agent').inputValue()).resolves.toBe('OK: only the Summary totals');
  expect(await server().planText()).toBe(wider);

  // Having looked again, the person approves the plan as it is now, the one they read.
  await approval.getByRole('button', { name: 'Read it again' }).click();
  await approve.click();
  const cell = await waitForCell(server(), (text) => text.includes('Status: approved'));
  expect(cell).toContain('- Write: Payroll!A:Z (staff)');
  expect(dialogs).toEqual([]);
});

test('while the decision waits for a second look, the person can still write their comment', async () => {
  await server().editCell(Q1_DRAFT);
  const { page } = await openSidebar(browser(), server());
  const approval = page.locator('.plan-approval');
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const wider = Q1_DRAFT.replace('  - Write: Summary!B3:E15 (totals)\n', '$&  - Write: Payroll!A:Z (staff)\n');
  expect((await server().scriptsRun('replacePlan', [wider, stamp])).body.error).toBeUndefined();
  await checkNow(page);
  await approval.locator('.decision-footer [role="status"]').waitFor();

  // Only the buttons wait: the comment field takes what the person types.
  const comment = approval.getByLabel('Comment for the agent');
  await expect(comment.isEnabled()).resolves.toBe(true);
  await comment.fill('Not Payroll: only Summary');
  const sendBack = approval.getByRole('button', { name: 'Send back' });
  await expect(sendBack.isDisabled()).resolves.toBe(true);

  await approval.getByRole('button', { name: 'Read it again' }).click();
  await expect(comment.inputValue()).resolves.toBe('Not Payroll: only Summary');
  await sendBack.click();
  const cell = await waitForCell(server(), (text) => text.includes('changes requested'));
  expect(cell).toContain('Status: draft — changes requested: Not Payroll: only Summary');
});

test("the person's own change of the draft (an answer) leaves the decision open: only an agent's waits", async () => {
  // The draft as the agent last wrote it (the sidebar's view says so when the person answers).
  await server().editCell(Q1_DRAFT);
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const asked = Q1_DRAFT.replace('### Phase 1', '## Questions for User\n\n- Which quarter?\n\n### Phase 1');
  expect((await server().scriptsRun('replacePlan', [asked, stamp])).body.error).toBeUndefined();
  const { page } = await openSidebar(browser(), server());
  const question = page.locator('.waiting .question-item').first();
  await question.getByRole('button', { name: /^Answer question/ }).click();
  await question.getByRole('textbox').fill('Q1');
  await question.getByRole('button', { name: /^Send answer|^Answer$|^Save/ }).click();
  await waitForCell(server(), (text) => text.includes('Answer: Q1'));
  await page.locator('.sidebar[aria-busy="false"]').waitFor();
  const approval = page.locator('.plan-approval');
  await expect(approval.locator('.decision-footer [role="status"]').count()).resolves.toBe(0);
  await expect(approval.getByRole('button', { name: 'Approve plan' }).isDisabled()).resolves.toBe(false);
});

test("an agent's wider scope that comes back with the person's own answer still waits for their look", async () => {
  const asked = Q1_DRAFT.replace('### Phase 1', '## Questions for User\n\n- Which quarter?\n\n### Phase 1');
  await server().editCell(asked);
  const { page } = await openSidebar(browser(), server());
  // The sidebar does not check while hidden: the agent's change reaches it only with the answer's.
  await setVisibility(page, 'hidden');
  const { stamp } = (await server().scriptsRun('getPlan')).body.response.result;
  const wider = asked.replace('  - Write: Summary!B3:E15 (totals)\n', '$&  - Write: Payroll!A:Z (staff)\n');
  expect((await server().scriptsRun('replacePlan', [wider, stamp])).body.error).toBeUndefined();
  await setVisibility(page, 'visible');
  const question = page.locator('.waiting .question-item').first();
  await question.getByRole('button', { name: /^Answer question/ }).click();
  await question.getByRole('textbox').fill('Q1');
  await question.getByRole('button', { name: /^Send answer|^Answer$|^Save/ }).click();
  const approval = page.locator('.plan-approval');
  await approval.locator('.approval-scope li', { hasText: 'Payroll!A:Z' }).waitFor();
  await expect(approval.getByRole('button', { name: 'Approve plan' }).isDisabled()).resolves.toBe(true);
});
