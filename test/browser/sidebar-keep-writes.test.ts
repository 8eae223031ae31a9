/**
 * When the write log holds as many writes the person can undo as it keeps, the agent's next write waits for the
 * person (NEEDS_PERSON). The sidebar says so in "Needs you", goes to the offer to keep them, and after the person
 * confirms, the writes stay listed without Undo and the agent writes again. Screenshots at 300 px go to artifacts/.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SHEET_LIMITS } from '../../src/core/sheet/sheet-rules';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { axeViolations, atSidebarWidth, screenshot } from './axe';
import { openSidebar, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

type ToolResult = { isError?: boolean; content: Array<{ text?: string }> };

test('a full write log: Needs you says the writes wait; Keep all, confirmed, lets the agent write again', async () => {
  const server = await startServer();
  const agentUrl = await connectAgentAsPerson(server.url, 'Claude on my laptop');
  const agent = new Client({ name: 'sheet-plan-test', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(new URL(agentUrl), { redirectPolicy: 'follow' }));
  /** The agent's `n`th write: one cell of its Write range Discrepancies!A2:G100, column by column. */
  const write = async (n: number) =>
    (await agent.callTool({
      name: 'write_range',
      arguments: { a1: `Discrepancies!${'ABCDEFG'[Math.floor(n / 99)]}${2 + (n % 99)}`, values: [[n]], step: '3.1' },
    })) as ToolResult;
  try {
    for (let n = 0; n < SHEET_LIMITS.undoableWrites; n++)
      expect((await write(n)).content[0].text).not.toMatch(/^[A-Z_]+: /);
    const waits = await write(SHEET_LIMITS.undoableWrites);
    expect(waits.content[0].text).toMatch(/^NEEDS_PERSON: The write log holds 100 writes the person can still undo/);

    const sidebar = await openSidebar(browser(), server);
    const { page } = sidebar;
    await atSidebarWidth(page);
    const need = page.locator('.need-writes-full .need-go');
    await expect(need.textContent()).resolves.toBe(
      'Writes wait 100 writes you can undo: keep them or undo some, and the agent can write again',
    );
    // Rows are drawn only near the screen (content-visibility: auto, 28 px until drawn): 3.1's hundred writes, never
    // drawn, would lie unpainted over the offer, where axe would measure their contrast against its button. Seen once.
    await page.locator('.task-list li[data-step="3.1"]').scrollIntoViewIfNeeded();
    await need.click();
    const offer = page.locator('#keep-writes');
    await expect(offer.textContent()).resolves.toContain(
      "The log keeps 100 writes you can undo, and it is full: the agent's next write waits",
    );
    await offer.getByRole('button', { name: 'Keep all 100 writes' }).click();
    await screenshot(page, 'person-view-keep-writes');
    expect(await axeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Keep 100 writes' }).click();
    await page.locator('.status-bar .notice', { hasText: '100 writes kept' }).waitFor();
    await sidebar.settled();
    await expect(page.locator('.need-writes-full').count()).resolves.toBe(0);
    await expect(page.locator('#keep-writes').count()).resolves.toBe(0);
    // Each write stays listed under its task, kept: no Undo.
    const entries = page.locator('.write-entry.kind-write');
    await expect(entries.first().textContent()).resolves.toContain('Kept');
    await expect(page.getByRole('button', { name: /^Undo the write/ }).count()).resolves.toBe(0);

    expect((await write(SHEET_LIMITS.undoableWrites)).content[0].text).not.toMatch(/^[A-Z_]+: /);
  } finally {
    await agent.close();
  }
}, 90_000);
