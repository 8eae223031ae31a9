/**
 * MCP in the sheet as an agent meets it: `npm start`'s web app URL (/macros/s/local/exec?key=…), with Google's
 * constraints (the 302 to a one-use echo URL, 200 always, no request headers reaching the script), reached by the
 * official MCP SDK's Streamable HTTP client and, over stdio, through `sheet-plan mcp --url`. No Google token anywhere:
 * the key in the URL is the agent's only credential.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import path from 'node:path';
import { callSidebarAsPerson, connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startLocalEmulator, type LocalEmulator } from '../client/local-emulator';
import { refusedWrites, snapshotBesideTheLog } from '../integration/write-log-rows';

const CLI = path.resolve(__dirname, '../../build/cli.js');
const WRONG_KEY = `sp-${'0'.repeat(64)}`;

let emulator: LocalEmulator;
let agentUrl: string;

beforeAll(async () => {
  emulator = await startLocalEmulator();
  agentUrl = await connectAgentAsPerson(emulator.url, 'Test agent');
});
afterAll(async () => {
  await emulator?.close();
});

/** The environment without anything of Sheet Plan's or Google's: the URL must be enough. */
function cleanEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !entry[0].startsWith('SHEET_PLAN_') && !entry[0].startsWith('GOOGLE_'),
    ),
  );
}

const withKey = (url: string, key: string) => {
  const changed = new URL(url);
  changed.searchParams.set('key', key);
  return changed.href;
};

/** The SDK's own Streamable HTTP client: Google's 302 turns the POST into a GET, which only 'follow' accepts. */
const httpTransport = (url: string, redirectPolicy: 'follow' | 'same-origin' = 'follow') =>
  new StreamableHTTPClientTransport(new URL(url), { redirectPolicy });

const stdioTransport = (url: string) =>
  new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--url', url],
    env: cleanEnvironment(),
    stderr: 'pipe',
  });

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ text?: string }> };

async function connected(transport: StreamableHTTPClientTransport | StdioClientTransport): Promise<Client> {
  const client = new Client({ name: 'sheet-plan-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const cells = () => JSON.stringify(emulator.spreadsheet.toJSON());

describe.each([
  ['the SDK Streamable HTTP client', () => httpTransport(agentUrl)],
  ['the stdio bridge (sheet-plan mcp --url)', () => stdioTransport(agentUrl)],
])('%s, by URL', (_name, transport) => {
  let client: Client;
  beforeAll(async () => {
    client = await connected(transport());
  });
  afterAll(async () => {
    await client?.close();
  });

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;

  test('lists the tools with the instructions of the stdio server', async () => {
    const { toolList } = await import('../../src/node/mcp/tools');
    const { INSTRUCTIONS } = await import('../../src/node/mcp/server');
    const { tools } = await client.listTools();
    expect(tools).toEqual(toolList());
    expect(client.getInstructions()).toBe(INSTRUCTIONS);
  });

  test("walks a task: next, start, a write inside the plan's ranges, one outside refused, complete", async () => {
    const next = (await call('get_next_task')).structuredContent!;
    expect(next).toMatchObject({ status: 'todo' });
    const step = next.step as string;
    expect((await call('start_task', { step })).structuredContent).toMatchObject({ step, status: 'doing' });

    const written = await call('write_range', { a1: 'Summary!B3', values: [[`counted by ${_name}`]], step });
    expect(written.isError).toBeUndefined();
    expect(written.structuredContent).toMatchObject({ range: 'Summary!B3', cells: 1 });
    expect(emulator.spreadsheet.cell('Summary!B3')).toBe(`counted by ${_name}`);

    // Refused: no cell of the sheet or the plan changes; the write log notes the attempt for the person.
    const before = snapshotBesideTheLog(emulator.spreadsheet);
    const outside = await call('write_range', { a1: 'Warehouse!A2', values: [['x']], step });
    expect(outside.isError).toBe(true);
    expect(outside.content[0].text).toMatch(/^OUT_OF_SCOPE: Warehouse!A2 is outside the plan's Write ranges/);
    expect(snapshotBesideTheLog(emulator.spreadsheet)).toBe(before);
    expect(refusedWrites(emulator.spreadsheet)[0]).toMatchObject({ range: 'Warehouse!A2', step, code: 'OUT_OF_SCOPE' });

    expect((await call('complete_task', { step })).structuredContent).toMatchObject({ step, status: 'done' });
    const view = (await callSidebarAsPerson(emulator.url, 'sidebarLoad')) as { changedBy: string };
    expect(view.changedBy).toBe('agent:Test agent');
    await client.ping();
  });
});

describe('a missing, wrong or revoked key is refused, and nothing is written', () => {
  test.each([
    ['no key', () => agentUrl.replace(/\?key=.*$/, '')],
    ['a wrong key', () => withKey(agentUrl, WRONG_KEY)],
  ])('%s: connecting fails with the refusal', async (_case, url) => {
    const before = cells();
    await expect(connected(httpTransport(url()))).rejects.toThrow(/refused this URL's key/);
    expect(cells()).toBe(before);
  });

  test.each([
    ['the SDK HTTP client', httpTransport],
    ['the stdio bridge', stdioTransport],
  ])('a revoked key, through %s: connecting fails with the refusal', async (through, transport) => {
    const name = `Revoked agent (${through})`;
    const revokedUrl = await connectAgentAsPerson(emulator.url, name);
    const { agents } = (await callSidebarAsPerson(emulator.url, 'sidebarListAgents')) as {
      agents: Array<{ id: string; name: string }>;
    };
    await callSidebarAsPerson(emulator.url, 'sidebarRevokeAgent', agents.find((agent) => agent.name === name)!.id);
    const before = cells();
    await expect(connected(transport(revokedUrl))).rejects.toThrow(/refused this URL's key/);
    expect(cells()).toBe(before);
  });

  test('the key does not travel in a header: the script sees none', async () => {
    const key = new URL(agentUrl).searchParams.get('key')!;
    const bare = agentUrl.replace(/\?key=.*$/, '');
    const transport = new StreamableHTTPClientTransport(new URL(bare), {
      redirectPolicy: 'follow',
      requestInit: { headers: { authorization: `Bearer ${key}`, 'x-api-key': key } },
    });
    await expect(connected(transport)).rejects.toThrow(/refused this URL's key/);
  });
});

describe("Google's web app answers, as the local server gives them", () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

  const post = (url: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ping, redirect: 'manual' });

  test('a POST is answered by a 302 to a one-use echo URL on another origin, which a GET reads once', async () => {
    const posted = await post(agentUrl);
    expect(posted.status).toBe(302);
    const location = posted.headers.get('location')!;
    expect(location).toMatch(/\/macros\/echo\?user_content_key=[\w-]{40,}&lib=local$/);
    expect(new URL(location).origin).not.toBe(new URL(agentUrl).origin);
    const echoed = await fetch(location);
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await echoed.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect((await fetch(location)).status).toBe(404);
  });

  test('a POST to the echo URL (a client repeating its POST) answers 405; the answer stays to be read', async () => {
    const location = (await post(agentUrl)).headers.get('location')!;
    const reposted = await fetch(location, { method: 'POST', body: ping });
    expect(reposted.status).toBe(405);
    expect((await fetch(location)).status).toBe(200);
  });

  test('a HEAD of the URL answers 403 and runs nothing', async () => {
    const before = cells();
    const head = await fetch(agentUrl, { method: 'HEAD' });
    expect(head.status).toBe(403);
    expect(cells()).toBe(before);
  });

  test('fetch follows the 302 as a GET without the body, and the answer is 200 even for a refusal', async () => {
    const refused = await fetch(withKey(agentUrl, WRONG_KEY), { method: 'POST', body: ping });
    expect(refused.status).toBe(200);
    expect((await refused.json()).error.code).toBe(-32001);
  });

  test("the SDK client's default redirect policy refuses Google's redirect (docs/agents.md says so)", async () => {
    await expect(connected(httpTransport(agentUrl, 'same-origin'))).rejects.toThrow(
      /Redirect to http:\/\/127\.0\.0\.1:\d+\/macros\/echo.* not followed \(redirectPolicy: 'same-origin'\)/,
    );
  });

  test('a GET of the URL says what it is', async () => {
    const answer = await fetch(agentUrl);
    expect(answer.status).toBe(200);
    expect((await answer.json()).about).toMatch(/MCP endpoint/);
  });
});
