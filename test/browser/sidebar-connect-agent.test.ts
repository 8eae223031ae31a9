/**
 * Connect an agent: the person names an agent and gets its address once (the key in it is kept only as a hash),
 * sees it in the list with its last use, and revokes it after confirming. An agent cannot reach any of it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AGENTS_PROPERTY } from '../../src/apps-script/agent-keys';
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import { WEB_APP_URL_PROPERTY } from '../../src/apps-script/web-app-url';
import { ARTIFACTS, openSidebar, useBrowser, useLocalServer } from './harness';

const browser = useBrowser({ permissions: ['clipboard-read', 'clipboard-write'] });
const server = useLocalServer();

/** An MCP ping to the agent's URL, as a client sends it (fetch follows the web app's 302 with a GET). */
async function ping(url: string): Promise<{ result?: unknown; error?: { code: number } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number } };
}

const stored = (): Array<Record<string, unknown>> =>
  JSON.parse(server().spreadsheet.properties.script.get(AGENTS_PROPERTY) ?? '[]');

test('the person creates an agent address, sees it once, finds the agent listed, and revokes it', async () => {
  const sidebar = await openSidebar(browser(), server());
  const { page } = sidebar;
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  await page.locator('.connect-agent .plan-title', { hasText: 'Connect an agent' }).waitFor();
  await page.getByText('No agent is connected yet.').waitFor();
  // The hint under the name is neutral (grey), not a warning's red.
  const hint = page.locator('.connect-agent .field-hint', {
    hasText: 'Its changes to the plan are shown under this name',
  });
  await expect(hint.evaluate((element) => getComputedStyle(element).color)).resolves.toBe('rgb(95, 99, 104)');
  // The relay form's button does not touch the text under it.
  const save = await page.getByRole('button', { name: 'Save the relay address' }).boundingBox();
  const after = await page.locator('.relay-form + *').boundingBox();
  expect(after!.y - (save!.y + save!.height)).toBeGreaterThanOrEqual(8);

  await page.getByLabel('Name this agent').fill('Claude on my laptop');
  await page.getByRole('button', { name: 'Create its address' }).click();
  const address = page.getByRole('textbox', { name: "the agent's address" });
  await address.waitFor();
  const url = await address.inputValue();
  expect(url).toMatch(new RegExp(`^${server().url}/macros/s/local/exec\\?key=sp-[0-9a-f]{64}$`));
  const key = new URL(url).searchParams.get('key') ?? '';
  expect(stored()).toEqual([
    expect.objectContaining({ name: 'Claude on my laptop', hash: createHash('sha256').update(key).digest('hex') }),
  ]);
  expect(JSON.stringify(server().spreadsheet.toJSON())).not.toContain(key);

  // Copy puts the address on the clipboard; each client's set-up carries it, ready to paste.
  await page.getByRole('button', { name: "Copy the agent's address" }).click();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
  // Without a relay, Claude Code's set-up runs this project's CLI with Node, by the path the person gives.
  await page.locator('.agent-setup summary', { hasText: 'Claude Code' }).click();
  const claudeCode = page.getByRole('textbox', { name: 'the Claude Code set-up through the bridge', exact: true });
  await expect(claudeCode.inputValue()).resolves.toBe(
    `claude mcp add sheet-plan -- node '/path/to/sheet-plan/build/cli.js' mcp --url '${url}'`,
  );
  await page.getByLabel("Where Sheet Plan is on the agent's computer").fill('/home/dana/sheet-plan');
  await expect(claudeCode.inputValue()).resolves.toBe(
    `claude mcp add sheet-plan -- node '/home/dana/sheet-plan/build/cli.js' mcp --url '${url}'`,
  );
  expect(await page.content()).not.toMatch(/npx/);

  // The person enters the relay's address once (a sheet setting): HTTP clients get its URL and the key as a header.
  await page.getByLabel('Relay address').fill('https://relay.example.dev/');
  await page.getByRole('button', { name: 'Save the relay address' }).click();
  await page
    .locator('.relay-setting', { hasText: 'https://relay.example.dev' })
    .waitFor()
    .catch(async (error) => {
      throw new Error(`${error}\nThe sidebar showed: ${await page.locator('.sidebar').innerText()}`);
    });
  expect(JSON.parse(server().spreadsheet.properties.script.get(SETTINGS_PROPERTY) ?? '{}')).toMatchObject({
    relayUrl: 'https://relay.example.dev',
  });
  const relayed = 'https://relay.example.dev/macros/s/local/mcp';
  await expect(page.getByRole('textbox', { name: 'the Claude Code set-up', exact: true }).inputValue()).resolves.toBe(
    `claude mcp add --transport http sheet-plan '${relayed}' --header 'Authorization: Bearer ${key}'`,
  );
  await page.locator('.agent-setup summary', { hasText: 'VS Code' }).click();
  expect(
    JSON.parse(
      await page.getByRole('textbox', { name: 'the VS Code (Copilot agent mode) set-up', exact: true }).inputValue(),
    ),
  ).toEqual({
    servers: { 'sheet-plan': { type: 'http', url: relayed, headers: { Authorization: `Bearer ${key}` } } },
  });
  await page.locator('.agent-setup summary', { hasText: 'ChatGPT' }).click();
  await expect(page.getByRole('textbox', { name: 'the ChatGPT set-up', exact: true }).inputValue()).resolves.toBe(
    'https://relay.example.dev/mcp',
  );
  await page
    .locator('.agent', { hasText: 'Claude on my laptop' })
    .getByText(/Last used never/)
    .waitFor();
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 300, height: 900 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-connect-agent.png'), fullPage: true });

  // Once the person is done with it, the key is gone from the page, and opening the panel again never shows it.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.getByLabel('Name this agent').waitFor();
  expect(await page.content()).not.toContain(key);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  await page.locator('.agent', { hasText: 'Claude on my laptop' }).waitFor();
  expect(await page.content()).not.toContain(key);

  // The agent uses its address: the panel, opened again, shows when.
  await expect(ping(url)).resolves.toEqual(expect.objectContaining({ result: {} }));
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  await page
    .locator('.agent', { hasText: 'Claude on my laptop' })
    .getByText(/Last used (?!never)/)
    .waitFor();

  // Revoke asks first; Cancel changes nothing, Revoke removes the agent, and its address is refused.
  const agent = page.locator('.agent', { hasText: 'Claude on my laptop' });
  await agent.getByRole('button', { name: 'Revoke Claude on my laptop' }).click();
  await agent.getByRole('button', { name: 'Cancel' }).click();
  expect(stored()).toHaveLength(1);
  await agent.getByRole('button', { name: 'Revoke Claude on my laptop' }).click();
  await agent.getByRole('button', { name: 'Revoke', exact: true }).click();
  // On a failure, say what the sidebar showed instead (an error banner, a busy line).
  await page
    .getByText('No agent is connected yet.')
    .waitFor()
    .catch(async (error) => {
      throw new Error(`${error}\nThe sidebar showed: ${await page.locator('.sidebar').innerText()}`);
    });
  expect(stored()).toEqual([]);
  await expect(ping(url)).resolves.toEqual(
    expect.objectContaining({ error: expect.objectContaining({ code: -32001 }) }),
  );
  expect(sidebar.dialogs).toEqual([]);
});

test('a right-to-left name pasted with direction marks is kept without them, set apart from the words', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  await page.getByLabel('Name this agent').fill('\u200Fדנה 2\u200F');
  await page.getByRole('button', { name: 'Create its address' }).click();
  await page.getByRole('textbox', { name: "the agent's address" }).waitFor();
  expect(stored().map((agent) => agent.name)).toContain('דנה 2');
  // Isolated, the name does not carry "'s" or the sentence's full stop into its own direction.
  await expect(page.locator('.new-key h2 bdi').textContent()).resolves.toBe('דנה 2');
  await expect(page.locator('.new-key-warning bdi').textContent()).resolves.toBe('דנה 2');
});

test('an agent calling the Connect functions through scripts.run is refused and nothing changes', async () => {
  const before = server().spreadsheet.properties.script.get(AGENTS_PROPERTY);
  for (const [name, args] of [
    ['sidebarConnectAgent', [null, 'Sneaky agent']],
    ['sidebarListAgents', [null]],
    ['sidebarRevokeAgent', [null, 'some-id']],
  ] as const) {
    const { body } = await server().scriptsRun(name, [...args]);
    expect(body.error?.details?.[0]?.errorMessage ?? JSON.stringify(body)).toMatch(/NEEDS_PERSON/);
  }
  expect(server().spreadsheet.properties.script.get(AGENTS_PROPERTY)).toBe(before);
});

test('before the web app first answers, the panel says to open its address, and checks again by itself', async () => {
  server().spreadsheet.properties.script.delete(WEB_APP_URL_PROPERTY);
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  const notReady = page.locator('.connect-not-ready');
  await notReady.getByText(/learns the web app's address the first time it answers/).waitFor();
  await expect(page.getByLabel('Name this agent').count()).resolves.toBe(0);
  await page.setViewportSize({ width: 300, height: 400 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'sidebar-connect-agent-not-ready.png') });

  // The person opens the web app's address in a browser once (a GET: doGet) and comes back to the sheet: the panel
  // asks again when it gets the focus, without a click.
  await fetch(server().webAppUrl);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByLabel('Name this agent').waitFor();
});
