/**
 * An agent's write outside its ranges is shown to the person (issue 27, item 2): the sheet rules refuse it and write
 * nothing, the write log notes it, and the sidebar's next change check brings it into "Needs you" (the agent's name,
 * why in plain words, the range as a link that selects it in the sheet) and into the log view as Refused. The agent
 * comes as a real MCP client does, with a key the person made. Screenshots at 300 px go to artifacts/.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_USER } from '../../src/node/emulator';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { axeViolations, atSidebarWidth, docImage, screenshot } from './axe';
import { ARTIFACTS, openSidebar, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

type ToolResult = { isError?: boolean; content: Array<{ text?: string }> };

/** The agent the person connected (Connect an agent), as an MCP client over the web app's URL with its key. */
async function connectedAgent(url: string, name: string): Promise<Client> {
  const agentUrl = await connectAgentAsPerson(url, name);
  const client = new Client({ name: 'sheet-plan-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(agentUrl), { redirectPolicy: 'follow' }));
  return client;
}

test('a write outside its ranges: Needs you shows it within one check; its link selects the cells', async () => {
  const server = await startServer();
  const sidebar = await openSidebar(browser(), server, { fakeClock: true });
  const { page } = sidebar;
  await atSidebarWidth(page);
  const agent = await connectedAgent(server.url, 'Claude on my laptop');
  try {
    // The agent settles in first (its key's first use), so that what follows is the refusal alone.
    await agent.callTool({ name: 'get_plan', arguments: {} });
    await sidebar.runClock(3000);
    await sidebar.settled();
    const checks = () => sidebar.calls.filter((name) => name === 'sidebarCheck').length;
    const before = checks();

    const refused = (await agent.callTool({
      name: 'write_range',
      arguments: { a1: 'Warehouse!B2', values: [['x']], step: '3.1' },
    })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^OUT_OF_SCOPE: Warehouse!B2 is outside the plan's Write ranges/);
    expect(server.spreadsheet.cell('Warehouse!B2')).not.toBe('x');

    const line = page.locator('.need-refused-write');
    for (let second = 0; second < 10 && (await line.count()) === 0; second++) await sidebar.runClock(1000);
    await sidebar.settled();
    // One change check brought it: the log's mark moved, and the check answered the view with it.
    expect(checks() - before).toBe(1);
    await expect(line.locator('.need-go').textContent()).resolves.toBe(
      "Write refused 3.1: outside the plan's Write ranges (Claude on my laptop)",
    );

    // In the log view it reads as a refusal, not a write: nothing was written, and it has no Undo.
    const logged = page.locator('.other-activity .write-entry.kind-refused');
    await expect(logged.textContent()).resolves.toMatch(
      /^Refused Warehouse!B2outside the plan's Write ranges · nothing written · by Claude on my laptop/,
    );
    await expect(logged.getByRole('button', { name: /Undo/ }).count()).resolves.toBe(0);

    await screenshot(page, 'person-view-refused-write');
    const section = logged.locator('xpath=ancestor::section[1]');
    await section.screenshot({ path: `${ARTIFACTS}/person-view-refused-write-log.png` });
    await docImage(section, 'person-view-refused-write-log');
    expect(await axeViolations(page)).toEqual([]);

    // Its range is a link: it selects the cells the agent tried to write, in the person's sheet.
    await line.getByRole('button', { name: 'Warehouse!B2', exact: true }).click();
    await page.locator('.status-bar .notice', { hasText: 'Selected Warehouse!B2 in the sheet' }).waitFor();
    expect(server.spreadsheet.selection(DEFAULT_USER)).toEqual({ sheetName: 'Warehouse', a1: 'B2' });
    expect(sidebar.dialogs).toEqual([]);
  } finally {
    await agent.close();
  }
});

test('once its task is done, a refusal leaves Needs you; the log view still lists it', async () => {
  const server = await startServer();
  const { page } = await openSidebar(browser(), server);
  await atSidebarWidth(page);
  const refusal = await server.scriptsRun('writeRange', ['Warehouse!B2', [['x']], '3.1']);
  expect(JSON.stringify(refusal.body)).toMatch(/OUT_OF_SCOPE/);
  await page.reload();
  await page.locator('.need-refused-write').waitFor();
  await expect(page.locator('.need-refused-write .need-go').textContent()).resolves.toMatch(/\(the agent\)$/);

  expect((await server.scriptsRun('completeTask', ['3.1'])).status).toBe(200);
  await page.reload();
  await page.locator('.task-list li[data-step="3.1"].task-done').waitFor();
  await expect(page.locator('.need-refused-write').count()).resolves.toBe(0);
  await expect(page.locator('.other-activity .write-entry.kind-refused').count()).resolves.toBe(1);
  expect(await axeViolations(page)).toEqual([]);
});
