/**
 * The set-ups the Connect panel shows: each client's own format, working as pasted. HTTP clients reach the relay's
 * MCP URL for the web app with the key as a Bearer header; cloud connectors the relay's /mcp with OAuth; stdio clients
 * run this project's own CLI by its path with Node. Never a package name fetched from a registry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { agentSetups, cliScript, CLI_PLACEHOLDER, isLocalAddress, shellQuote } from '../../sidebar/src/agent-setups';
import { relayConnectorUrl, relayMcpUrl, relayOrigin, splitAgentUrl } from '../../src/core/mcp/relay-url';

const KEY = 'sp-0123';
const URL = `https://script.google.com/macros/s/AKfy/exec?key=${KEY}`;
const RELAY = 'https://relay.example.dev';
const CLI = '/home/dana/sheet-plan/build/cli.js';
const setup = (client: RegExp, relayUrl = RELAY) =>
  agentSetups(URL, { relayUrl, cli: CLI }).find((candidate) => client.test(candidate.client))!;

describe('the relay URL contract', () => {
  test.each([
    ['https://script.google.com/macros/s/AKfy/exec', `${RELAY}/macros/s/AKfy/mcp`],
    ['https://script.google.com/a/macros/example.com/s/AKfy/exec', `${RELAY}/a/macros/example.com/s/AKfy/mcp`],
    ['http://127.0.0.1:8080/macros/s/local/exec', `${RELAY}/macros/s/local/mcp`],
  ])('%s → %s', (webApp, mcp) => {
    expect(relayMcpUrl(`${RELAY}/`, webApp)).toBe(mcp);
  });

  test('cloud connectors use the relay origin with /mcp; the agent URL splits into the web app and its key', () => {
    expect(relayConnectorUrl(RELAY)).toBe(`${RELAY}/mcp`);
    expect(splitAgentUrl(URL)).toEqual({ webAppUrl: 'https://script.google.com/macros/s/AKfy/exec', key: KEY });
  });

  test('a relay is an https origin (http only on this computer), and a URL that is no web app is refused', () => {
    expect(relayOrigin(' https://relay.example.dev/ ')).toBe(RELAY);
    expect(relayOrigin('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    for (const wrong of ['http://relay.example.dev', 'https://relay.example.dev/mcp', 'relay.example.dev', ''])
      expect(relayOrigin(wrong)).toBeNull();
    expect(() => relayMcpUrl(RELAY, 'https://example.com/other')).toThrow(/not a web app's URL/);
  });
});

test('Claude Code gets one command adding the relay over HTTP, the key as a Bearer header', () => {
  expect(setup(/^Claude Code$/).snippet).toBe(
    `claude mcp add --transport http sheet-plan '${RELAY}/macros/s/AKfy/mcp' --header 'Authorization: Bearer ${KEY}'`,
  );
});

test("Cursor's and VS Code's mcp.json name the relay's URL with the Authorization header", () => {
  const url = `${RELAY}/macros/s/AKfy/mcp`;
  const headers = { Authorization: `Bearer ${KEY}` };
  expect(JSON.parse(setup(/Cursor/).snippet!)).toEqual({ mcpServers: { 'sheet-plan': { url, headers } } });
  expect(JSON.parse(setup(/VS Code/).snippet!)).toEqual({
    servers: { 'sheet-plan': { type: 'http', url, headers } },
  });
});

test("Claude's and ChatGPT's connectors take the relay's /mcp, sign in with OAuth, connect from their cloud", () => {
  for (const client of [/^Claude \(/, /ChatGPT/]) {
    expect(setup(client)).toMatchObject({ fromTheCloud: true, snippet: `${RELAY}/mcp` });
    expect(setup(client).steps).toMatch(/sign in, paste the agent's address/);
    expect(setup(client, '').snippet).toBeUndefined();
    expect(setup(client, '').steps).toMatch(/needs the relay/);
  }
});

test("every HTTP client also gets a stdio set-up running this project's CLI by its path with Node", () => {
  expect(setup(/^Claude Code$/).bridge).toBe(`claude mcp add sheet-plan -- node '${CLI}' mcp --url '${URL}'`);
  const args = [CLI, 'mcp', '--url', URL];
  expect(JSON.parse(setup(/Cursor/).bridge!)).toEqual({ mcpServers: { 'sheet-plan': { command: 'node', args } } });
  expect(JSON.parse(setup(/VS Code/).bridge!)).toEqual({
    servers: { 'sheet-plan': { type: 'stdio', command: 'node', args } },
  });
  // Without a relay, the stdio set-up is the one there is.
  expect(setup(/Cursor/, '').snippet).toBeUndefined();
  expect(setup(/Cursor/, '').bridge).toBeDefined();
});

test('the CLI path is the folder the person gives (or build/cli.js itself), a placeholder until then', () => {
  expect(cliScript('')).toBe(CLI_PLACEHOLDER);
  expect(cliScript('/home/dana/sheet-plan/')).toBe(CLI);
  expect(cliScript(CLI)).toBe(CLI);
  expect(cliScript('C:\\Users\\dana\\sheet-plan')).toBe('C:\\Users\\dana\\sheet-plan\\build\\cli.js');
});

test('shellQuote keeps a quote inside one shell word', () => {
  expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
});

test('local addresses are the ones only this computer reaches', () => {
  expect(isLocalAddress('http://127.0.0.1:8080/macros/s/local/exec?key=x')).toBe(true);
  expect(isLocalAddress('http://localhost:8080/x')).toBe(true);
  expect(isLocalAddress(URL)).toBe(false);
});

test('no set-up, doc or message anywhere runs an unpublished package by name (npx sheet-plan)', () => {
  const root = path.resolve(__dirname, '../..');
  const files = [
    'README.md',
    ...['docs', 'sidebar/src', 'src', 'scripts'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file}`),
    ),
  ].filter((file) => /\.(md|ts|tsx|mjs)$/.test(file));
  const naming = files.filter((file) => /npx (-y )?sheet-plan\b/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(naming).toEqual([]);
});
