/**
 * Only a person approves: the sidebar's functions need the token that showPlanSidebar mints after
 * SpreadsheetApp.getUi() succeeded, which an agent calling through scripts.run can never get.
 */
import { DEFAULT_USER } from '../../src/node/emulator';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { sessionFromPage } from '../../sidebar/src/protocol';
import { openSidebar, taskRow, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer();

function scriptError(body: any): string {
  return body.error?.details?.[0]?.errorMessage ?? `(no error: ${JSON.stringify(body)})`;
}

const userCache = () => server().spreadsheet.caches.user(DEFAULT_USER);

test(
  'the agent API cannot approve through a sidebar function: no token, a made-up one, or none of the right ' + 'shape',
  async () => {
    const forged = ['', null, 'not-a-token', '00000000-0000-4000-8000-000000000000'];
    for (const token of forged) {
      const { status, body } = await server().scriptsRun('sidebarTaskAction', [
        token,
        'approve',
        '2.3',
        'agent approves itself',
      ]);
      expect(status).toBe(200);
      expect(scriptError(body)).toMatch(/^(?:Error: )?NEEDS_PERSON: /);
    }
    const calls: Array<[string, unknown[]]> = [
      ['sidebarTaskAction', [undefined, 'requestChanges', '2.3', 'x']],
      ['sidebarAnswerQuestion', ['00000000-0000-4000-8000-000000000000', 1, 'yes']],
      ['sidebarReplacePlan', ['00000000-0000-4000-8000-000000000000', '# Plan: Mine\n', 1]],
      ['sidebarInitPlan', [null]],
      ['sidebarLoad', ['x']],
      ['sidebarCheck', ['x', '']],
      ['sidebarSelectRange', ['x', 'Warehouse!A1']],
    ];
    for (const [name, parameters] of calls) {
      expect(scriptError((await server().scriptsRun(name, parameters)).body)).toMatch(/^(?:Error: )?NEEDS_PERSON: /);
    }
    expect(await server().planText()).toBe(EXAMPLE_PLAN);
    // The plan API itself has no approve: that is a person's call.
    expect(scriptError((await server().scriptsRun('approveReview', ['2.3'])).body)).toBe(
      'Script function not found: approveReview',
    );
  },
);

test('showPlanSidebar and sidebarRenewSession through scripts.run fail at getUi() and mint no token', async () => {
  const before = userCache().size;
  for (const name of ['showPlanSidebar', 'sidebarRenewSession']) {
    const { body } = await server().scriptsRun(name);
    expect(scriptError(body)).toBe('Exception: Cannot call SpreadsheetApp.getUi() from this context.');
  }
  expect(userCache().size).toBe(before);
});

test(
  'the sidebar opened by a person carries a token that works, and it is kept in the user cache with an ' + 'expiry',
  async () => {
    const html = await (await fetch(`${server().url}/sidebar`)).text();
    const token = sessionFromPage(html)?.token;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const entry = [...userCache().entries()].find(([key]) => key.endsWith(token!));
    expect(entry).toBeDefined();
    expect(entry![1].expiresAt - Date.now()).toBeGreaterThan(5.9 * 3600 * 1000);

    const response = await fetch(`${server().url}/gas/run`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: server().secret },
      body: JSON.stringify({ functionName: 'sidebarTaskAction', args: [token, 'approve', '2.3', 'fine'] }),
    });
    const outcome = (await response.json()) as { result: { markdown: string } };
    expect(outcome.result.markdown).toContain(
      '- [ ] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — approved: fine',
    );
  },
);

/** CacheService may drop the token at any time (the emulator's test hook does what Google may do). */
const evictTokens = () => server().spreadsheet.evictCache({ scope: 'user' });

describe('the person token survives a cache eviction', () => {
  test('a click after the token vanished still goes through: a fresh token, the same change, no loss', async () => {
    const sidebar = await openSidebar(browser(), server());
    const { page } = sidebar;
    // What the person typed before the eviction is sent with the click.
    const review = page.locator('.review-item[data-step="2.3"]');
    await review.getByLabel('Comment for the agent').fill('5% is right');
    expect(evictTokens()).toBe(1);
    const before = sidebar.calls.length;
    await review.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.status-bar .notice', { hasText: '2.3 approved' }).waitFor();
    expect(await server().planText()).toContain(
      '- [ ] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — approved: 5% is right',
    );
    expect(sidebar.calls.slice(before)).toEqual(['sidebarTaskAction', 'sidebarRenewSession', 'sidebarTaskAction']);
    await expect(page.locator('.error-banner').count()).resolves.toBe(0);

    // The renewed token is used from then on: the next click is one round trip again.
    const next = sidebar.actionCalls().length;
    await taskRow(page, '3.1').locator('.task-row').click();
    await taskRow(page, '3.1').getByRole('button', { name: 'Complete' }).click();
    await page.locator('.status-bar .notice', { hasText: '3.1 completed' }).waitFor();
    expect(sidebar.actionCalls().slice(next)).toEqual(['sidebarTaskAction']);
    expect(sidebar.dialogs).toEqual([]);
  });

  test('the Markdown editor’s text is saved after an eviction', async () => {
    const { page } = await openSidebar(browser(), server());
    await page.getByRole('button', { name: 'Edit' }).click();
    const edited = EXAMPLE_PLAN.replace('Goal: Reconcile', 'Goal: (typed before the eviction) Reconcile');
    await page.getByLabel('Plan text (cell C2 of the AGENT_BASE sheet)').fill(edited);
    evictTokens();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.status-bar .notice', { hasText: /^Plan saved/ }).waitFor();
    expect(await server().planText()).toBe(edited);
  });

  test(
    'when no fresh token can be had, the sidebar says so in plain words, keeps the typed text to copy, and ' +
      'changes nothing',
    async () => {
      const sidebar = await openSidebar(browser(), server());
      const { page } = sidebar;
      // As if the user cache were down: the renewal fails too.
      await page.route('**/gas/run', (route) =>
        (route.request().postDataJSON() as { functionName: string }).functionName === 'sidebarRenewSession'
          ? route.fulfill({
              contentType: 'application/json',
              body: JSON.stringify({
                error: {
                  message: 'Error: SERVICE_ERROR: the user cache is not available, so the sidebar cannot open',
                },
              }),
            })
          : route.continue(),
      );
      evictTokens();
      const review = page.locator('.review-item[data-step="2.3"]');
      await review.getByLabel('Comment for the agent').fill('Use 4%, not 5%');
      await review.getByRole('button', { name: 'Request changes' }).click();
      await expect(page.locator('.error-banner .error-text').textContent()).resolves.toBe(
        'This sidebar’s session has ended and could not be renewed. Close the sidebar and open it again ' +
          '(Agent Plan → Open plan).',
      );
      await expect(page.locator('.error-banner .error-code').textContent()).resolves.toBe(
        'Error code for developers: NEEDS_PERSON',
      );
      await expect(
        page.getByLabel('What you typed was not sent; copy it before you reopen the sidebar').inputValue(),
      ).resolves.toBe('Use 4%, not 5%');
      await expect(page.locator('.status-bar .notice').textContent()).resolves.toBe('Session ended');
      await expect(taskRow(page, '2.3').getAttribute('class')).resolves.toContain('task-review');
      await expect(page.getByRole('button', { name: 'Approve' }).isDisabled()).resolves.toBe(true);
      expect(await server().planText()).toBe(EXAMPLE_PLAN);
      expect(sidebar.dialogs).toEqual([]);
    },
  );
});

test(
  "a refusal that needs the person but not a new session (a person's sheet named Agent_History) is shown, and the " +
    'sidebar stays open to them',
  async () => {
    server().spreadsheet.addSheet('Agent_History');
    server().spreadsheet.setCellText('Agent_History!A1', 'My notes on agents');
    const sidebar = await openSidebar(browser(), server());
    const { page } = sidebar;
    const review = page.locator('.review-item[data-step="2.3"]');
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.error-banner .error-text').textContent()).resolves.toMatch(
      /^The sheet "Agent_History" is not Sheet Plan's own, .* Rename "Agent_History" \(an agent asks the person to\)/,
    );
    await expect(page.locator('.status-bar .notice').textContent()).resolves.not.toBe('Session ended');
    await expect(page.getByRole('button', { name: 'Approve' }).first().isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Connect an agent' }).isDisabled()).resolves.toBe(false);
    expect(sidebar.calls.filter((name) => name === 'sidebarRenewSession')).toEqual([]);
    expect(await server().planText()).toBe(EXAMPLE_PLAN);
    expect(server().spreadsheet.cell('Agent_History!A1')).toBe('My notes on agents');
  },
);
