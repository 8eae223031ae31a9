/**
 * Only a person approves: the sidebar's functions need the token that showPlanSidebar mints after
 * SpreadsheetApp.getUi() succeeded, which an agent calling through scripts.run can never get.
 */
import { DEFAULT_USER } from '../../src/node/emulator';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { launchBrowser, openSidebar, startLocal, taskRow, type LocalServer } from './harness';

let server: LocalServer;

beforeEach(async () => {
  server = await startLocal();
});
afterEach(async () => {
  await server.dispose();
});

function scriptError(body: any): string {
  return body.error?.details?.[0]?.errorMessage ?? `(no error: ${JSON.stringify(body)})`;
}

const userCache = () => server.spreadsheet.caches.user(DEFAULT_USER);

test(
  'the agent API cannot approve through a sidebar function: no token, a made-up one, or none of the right ' + 'shape',
  async () => {
    const forged = ['', null, 'not-a-token', '00000000-0000-4000-8000-000000000000'];
    for (const token of forged) {
      const { status, body } = await server.scriptsRun('sidebarTaskAction', [
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
    ];
    for (const [name, parameters] of calls) {
      expect(scriptError((await server.scriptsRun(name, parameters)).body)).toMatch(/^(?:Error: )?NEEDS_PERSON: /);
    }
    expect(await server.planText()).toBe(EXAMPLE_PLAN);
    // The plan API itself has no approve: that is a person's call.
    expect(scriptError((await server.scriptsRun('approveReview', ['2.3'])).body)).toBe(
      'Script function not found: approveReview',
    );
  },
);

test('showPlanSidebar through scripts.run fails at getUi() and mints no token', async () => {
  const before = userCache().size;
  const { body } = await server.scriptsRun('showPlanSidebar');
  expect(scriptError(body)).toBe('Exception: Cannot call SpreadsheetApp.getUi() from this context.');
  expect(userCache().size).toBe(before);
});

test(
  'the sidebar opened by a person carries a token that works, and it is kept in the user cache with an ' + 'expiry',
  async () => {
    const html = await (await fetch(`${server.url}/sidebar`)).text();
    const token = /window\.__SHEET_PLAN_SESSION__ = \{"token":"([0-9a-f-]{36})"\};<\/script>/.exec(html)?.[1];
    expect(token).toBeDefined();
    const entry = [...userCache().entries()].find(([key]) => key.endsWith(token!));
    expect(entry).toBeDefined();
    expect(entry![1].expiresAt - Date.now()).toBeGreaterThan(5.9 * 3600 * 1000);

    const response = await fetch(`${server.url}/gas/run`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: server.secret },
      body: JSON.stringify({ functionName: 'sidebarTaskAction', args: [token, 'approve', '2.3', 'fine'] }),
    });
    const outcome = (await response.json()) as { result: { markdown: string } };
    expect(outcome.result.markdown).toContain(
      '- [ ] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — approved: fine',
    );
  },
);

test('when the session has ended, the sidebar says so inline, offers nothing, and changes nothing', async () => {
  const browser = await launchBrowser();
  try {
    const sidebar = await openSidebar(browser, server);
    userCache().clear(); // the token expired
    await taskRow(sidebar.page, '3.1').locator('.task-row').click();
    await taskRow(sidebar.page, '3.1').getByRole('button', { name: 'Complete' }).click();
    await expect(sidebar.page.locator('.error-banner .error-text').textContent()).resolves.toMatch(
      /^NEEDS_PERSON: The sidebar session has expired or is unknown; close the sidebar and open it again \(Agent Plan → Open plan\)/,
    );
    await expect(taskRow(sidebar.page, '3.1').getAttribute('class')).resolves.toContain('task-doing');
    await expect(sidebar.page.getByRole('button', { name: 'Approve' }).isDisabled()).resolves.toBe(true);
    expect(await server.planText()).toBe(EXAMPLE_PLAN);
    expect(sidebar.dialogs).toEqual([]);
  } finally {
    await browser.dispose();
  }
});
