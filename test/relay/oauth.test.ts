/**
 * The relay as a cloud connector (Claude.ai, ChatGPT) meets it: OAuth 2.1 on `<relay>/mcp`, with dynamic client
 * registration and PKCE, scripted here step by step as such a client and the person in its browser go through it.
 * The authorize page takes the agent URL the sidebar made; the grant then carries it, and revoking the key in the
 * sidebar ends the grant's access at the next call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHash, randomBytes } from 'node:crypto';
import { callSidebarAsPerson } from '../../src/node/server/person-calls';
import { startRelayUnderTest, type RelayUnderTest } from './relay-harness';

let run: RelayUnderTest;
beforeAll(async () => {
  run = await startRelayUnderTest();
});
afterAll(async () => {
  await run?.close();
});

const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const base64url = (bytes: Buffer) => bytes.toString('base64url');

interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  code_challenge_methods_supported: string[];
}

/** One browser's visit to the authorize page: the page, and the cookies that bind its form to this browser. */
async function openAuthorizePage(url: string): Promise<{ page: string; cookie: string; status: number }> {
  const answer = await fetch(url, { redirect: 'manual' });
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { page: await answer.text(), cookie, status: answer.status };
}

async function submitAuthorizePage(url: string, cookie: string, page: string, agentUrl: string) {
  const handle = /name="handle" value="([^"]+)"/.exec(page)![1];
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ handle, agent_url: agentUrl, decision: 'approve' }),
  });
}

/** Metadata, registration, the authorize page with `agentUrls` tried in turn, and the code exchanged for a token. */
async function connectConnector(agentUrls: string[]): Promise<{ token: string; refusals: string[] }> {
  const metadata = (await (
    await fetch(`${run.relay.origin}/.well-known/oauth-authorization-server`)
  ).json()) as Metadata;
  const registered = await fetch(metadata.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test <connector>',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  expect(registered.status).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };

  const verifier = base64url(randomBytes(32));
  const authorizeUrl = new URL(metadata.authorization_endpoint);
  authorizeUrl.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    state: 'state-42',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    resource: `${run.relay.origin}/mcp`,
  }).toString();

  let { page, cookie } = await openAuthorizePage(authorizeUrl.href);
  expect(page).toContain('Test &#60;connector&#62;');
  const refusals: string[] = [];
  let answer: Response | undefined;
  for (const agentUrl of agentUrls) {
    answer = await submitAuthorizePage(authorizeUrl.href, cookie, page, agentUrl);
    if (answer.status !== 400) break;
    page = await answer.text();
    refusals.push(/role="alert">([^<]*)</.exec(page)![1]);
    const fresh = answer.headers.getSetCookie().map((line) => line.split(';')[0]);
    cookie = [cookie, ...fresh].filter(Boolean).join('; ');
  }
  expect(answer!.status).toBe(302);
  const redirect = new URL(answer!.headers.get('location')!);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
  expect(redirect.searchParams.get('state')).toBe('state-42');

  const exchanged = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  expect(exchanged.status).toBe(200);
  const { access_token: token } = (await exchanged.json()) as { access_token: string };
  return { token, refusals };
}

const withKey = (url: string, key: string) => {
  const changed = new URL(url);
  changed.searchParams.set('key', key);
  return changed.href;
};

const tools = (token: string) =>
  fetch(`${run.relay.origin}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

test('the metadata advertises registration, authorization and token endpoints, and PKCE with S256', async () => {
  const metadata = (await (
    await fetch(`${run.relay.origin}/.well-known/oauth-authorization-server`)
  ).json()) as Metadata;
  expect(metadata).toMatchObject({
    issuer: run.relay.origin,
    authorization_endpoint: `${run.relay.origin}/authorize`,
    token_endpoint: `${run.relay.origin}/token`,
    registration_endpoint: `${run.relay.origin}/register`,
    code_challenge_methods_supported: ['S256'],
  });
  const challenge = await fetch(`${run.relay.origin}/mcp`, { method: 'POST', body: '{}' });
  expect(challenge.status).toBe(401);
  expect(challenge.headers.get('www-authenticate')).toContain(
    `resource_metadata="${run.relay.origin}/.well-known/oauth-protected-resource/mcp"`,
  );
});

test('a wrong key is refused on the authorize page; the right one connects the SDK client with the token', async () => {
  const { token, refusals } = await connectConnector([
    withKey(run.agentUrl, `sp-${'0'.repeat(64)}`),
    'https://example.com/macros/s/other/exec?key=sp-1',
    run.agentUrl,
  ]);
  expect(refusals[0]).toMatch(/refused this URL&#39;s key/);
  expect(refusals[1]).toMatch(
    /That URL is on https:\/\/example\.com; this relay serves http:\/\/127\.0\.0\.1:\d+ only/,
  );

  const client = new Client({ name: 'relay-oauth-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${run.relay.origin}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const plan = (await client.callTool({ name: 'get_plan', arguments: {} })) as { structuredContent: any };
    expect(plan.structuredContent.summary).toMatch(/\S/);
    const next = (await client.callTool({ name: 'get_next_task', arguments: {} })) as { structuredContent: any };
    const started = await client.callTool({ name: 'start_task', arguments: { step: next.structuredContent.step } });
    expect((started as { structuredContent: any }).structuredContent).toMatchObject({ status: 'doing' });
  } finally {
    await client.close();
  }
});

/** tools/list on the bearer way's URL (`<relay>/macros/s/<ID>/mcp`, or another deployment's) with `bearer`. */
const toolsAt = (url: string, bearer?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

test("a client signing in at the bearer way's URL (given it with no key) is served there by its grant", async () => {
  // Claude Code, VS Code and Cursor sign in wherever they get a 401: given the URL without the key, they answer the
  // 401 by signing in at this relay, then send their token to the URL they were given.
  const unsigned = await toolsAt(run.mcpUrl);
  expect(unsigned.status).toBe(401);
  expect(unsigned.headers.get('www-authenticate')).toMatch(/^Bearer /);

  const { token } = await connectConnector([run.agentUrl]);
  const served = await toolsAt(run.mcpUrl, token);
  expect(served.status).toBe(200);
  expect(((await served.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);

  // The grant's key goes to the grant's own deployment only, never to another the path names.
  const elsewhere = await toolsAt(run.mcpUrl.replace(/\/macros\/s\/[^/]+\//, '/macros/s/someone-else/'), token);
  expect(elsewhere.status).toBe(401);
  expect(elsewhere.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  expect(await elsewhere.text()).toMatch(/nor a sign-in at this relay to this sheet.*nothing was sent to the sheet/);
});

test("revoking the agent's key in the sidebar ends the grant at the next call", async () => {
  const { token } = await connectConnector([run.agentUrl]);
  expect((await tools(token)).status).toBe(200);

  const { agents } = (await callSidebarAsPerson(run.emulator.url, 'sidebarListAgents')) as {
    agents: Array<{ id: string; name: string }>;
  };
  await callSidebarAsPerson(run.emulator.url, 'sidebarRevokeAgent', agents.find((a) => a.name === 'Relay agent')!.id);

  const refused = await tools(token);
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  expect((await refused.json()).error_description).toMatch(
    /^Sheet Plan refused the key this sign-in was made with: it is missing, wrong or revoked/,
  );
  // The grant is gone: the token no longer opens the endpoint at all.
  const after = await tools(token);
  expect(after.status).toBe(401);
  expect(after.headers.get('www-authenticate')).toMatch(/resource_metadata=/);
});
