/**
 * The relay as Claude Code, Cursor, VS Code and the SDKs meet it: `<relay>/macros/s/<ID>/mcp` with the agent's key as
 * `Authorization: Bearer`, run in workerd in front of the local web app. The official SDK client with its default
 * options works through it (it refuses Google's redirect when it meets it itself: test/mcp/web-app.test.ts).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { relayMcpUrl } from '../../relay/src/urls';
import { callSidebarAsPerson } from '../../src/node/server/person-calls';
import { startRelayUnderTest, type RelayUnderTest } from './relay-harness';

type ToolResult = { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ text?: string }> };

let run: RelayUnderTest;
let client: Client;

beforeAll(async () => {
  run = await startRelayUnderTest();
  client = new Client({ name: 'relay-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(run.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${run.key}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await run?.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

test('the relay MCP URL of a web app names the same deployment, and Workspace URLs keep their domain', () => {
  expect(run.mcpUrl).toBe(`${run.relay.origin}/macros/s/local/mcp`);
  expect(relayMcpUrl('https://relay.example/', 'https://script.google.com/a/macros/example.com/s/AKfy_1-2/exec')).toBe(
    'https://relay.example/a/macros/example.com/s/AKfy_1-2/mcp',
  );
  expect(() => relayMcpUrl('https://relay.example', 'https://script.google.com/macros/s/X/dev')).toThrow(
    /not a web app path: expected \/macros\/s\/<ID>\/exec/,
  );
});

test('the SDK client with default options lists the tools, reads the plan and starts a task', async () => {
  const { toolList } = await import('../../src/node/mcp/tools');
  expect((await client.listTools()).tools).toEqual(toolList());

  const plan = (await call('get_plan')).structuredContent!;
  expect(plan).toMatchObject({ title: expect.stringMatching(/\S/), summary: expect.stringMatching(/\S/) });

  const next = (await call('get_next_task')).structuredContent!;
  expect(next).toMatchObject({ status: 'todo' });
  const started = await call('start_task', { step: next.step });
  expect(started.structuredContent).toMatchObject({ step: next.step, status: 'doing' });
  const view = (await callSidebarAsPerson(run.emulator.url, 'sidebarLoad')) as { changedBy: string };
  expect(view.changedBy).toBe('agent:Relay agent');
  // Each POST was the web app's POST and then the GET of its one-use URL, followed by the relay, not the client.
  expect(run.fetches).toContain('GET /macros/echo');
});

test('a lost answer is fetched again with the same request id: the change is applied once', async () => {
  const fetchesBefore = run.fetches.length;
  const task = 'Check the totals once more';

  run.dropNextEcho();
  const added = await call('apply_commands', { commands: [{ action: 'add', phase: '3', text: task }] });

  expect(run.fetches.slice(fetchesBefore)).toEqual([
    'POST /macros/s/local/exec',
    'GET /macros/echo (dropped)',
    'POST /macros/s/local/exec',
    'GET /macros/echo',
  ]);
  expect(added.isError).toBeUndefined();
  expect(added.structuredContent!.tasks).toEqual([expect.objectContaining({ title: task, status: 'todo' })]);
  const markdown = (await call('get_plan', { view: 'full' })).structuredContent!.markdown as string;
  expect(markdown.split('\n').filter((line) => line.includes(task))).toHaveLength(1);
});

describe('the HTTP methods the MCP transport names', () => {
  test('GET (an event stream) is 405, and says which methods are', async () => {
    const answer = await fetch(run.mcpUrl, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${run.key}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, HEAD, OPTIONS');
  });

  test('HEAD answers 200 without a body; OPTIONS answers the CORS preflight', async () => {
    const head = await fetch(run.mcpUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const preflight = await fetch(run.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://inspector.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  test('a POST is never answered with a redirect, and a notification is accepted with 202', async () => {
    const answer = await fetch(run.mcpUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${run.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(answer.status).toBe(202);
  });

  test('without a key a POST is 401; with a wrong key the sheet refuses it and nothing is written', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    const post = (headers: Record<string, string>) =>
      fetch(run.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: ping });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(await missing.text()).toMatch(/Authorization: Bearer <key>/);
    const before = JSON.stringify(run.emulator.spreadsheet.toJSON());
    const wrong = await post({ authorization: `Bearer sp-${'0'.repeat(64)}` });
    expect((await wrong.json()).error).toMatchObject({ code: -32001, message: expect.stringMatching(/refused/) });
    expect(JSON.stringify(run.emulator.spreadsheet.toJSON())).toBe(before);
  });

  test('the refusal of a wrong key names the key the client sent, in its Authorization header, not a URL', async () => {
    const client = new Client({ name: 'relay-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(run.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer sp-${'0'.repeat(64)}` } },
    });
    await expect(client.connect(transport)).rejects.toThrow(
      "Sheet Plan refused the Bearer key of the Authorization header: it is missing, wrong or revoked. The sheet's " +
        'owner makes a new one in the sidebar: Agent Plan → Open plan → Connect an agent.',
    );
  });

  test('a message larger than the web app takes is answered as a JSON-RPC error saying so, not a 500', async () => {
    // The web app answers 413 before it has read the body, and closes: the answer's body never comes.
    const a1 = `Data!A1:${'A'.repeat(6 * 1024 * 1024)}`;
    const answer = await fetch(run.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${run.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'read_range', arguments: { a1 } },
      }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      id: 9,
      error: {
        code: -32603,
        message: expect.stringMatching(/HTTP 413 \(the message is larger than the web app takes/),
      },
    });
  });

  test("a bearer that is no agent key (the relay's own OAuth token) is never sent on to a deployment", async () => {
    // The path names a deployment, which may be anyone's: the relay's OAuth token sent there would be theirs to use.
    const oauthToken = 'user-1:grant-1:0123456789abcdef0123456789abcdef';
    for (const method of ['POST', 'GET']) {
      const answer = await fetch(run.mcpUrl, {
        method,
        headers: {
          authorization: `Bearer ${oauthToken}`,
          'content-type': 'application/json',
          accept: method === 'POST' ? 'application/json, text/event-stream' : 'text/event-stream',
        },
        ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }) } : {}),
      });
      expect(answer.status).toBe(401);
      expect(await answer.text()).toBe(
        'The bearer is not an agent key (sp- and 64 hex digits, from the agent URL the sidebar made), nor a sign-in ' +
          'at this relay to this sheet. An OAuth client connects to /mcp; nothing was sent to the sheet.',
      );
    }
  });
});
