/** The set-ups the Connect panel shows: each client's own format, with the agent's URL in it exactly. */
import { agentSetups, isLocalAddress, shellQuote } from '../../sidebar/src/agent-setups';

const URL = 'https://script.google.com/macros/s/AKfy/exec?key=sp-0123';
const setup = (client: RegExp) => agentSetups(URL).find((candidate) => client.test(candidate.client))!;

test('Claude Code gets one command adding an HTTP server named sheet-plan', () => {
  expect(setup(/^Claude Code$/).snippet).toBe(`claude mcp add --transport http sheet-plan '${URL}'`);
});

test("Cursor's mcp.json has mcpServers with the url; VS Code's has servers with type http", () => {
  expect(JSON.parse(setup(/Cursor/).snippet!)).toEqual({ mcpServers: { 'sheet-plan': { url: URL } } });
  expect(JSON.parse(setup(/VS Code/).snippet!)).toEqual({ servers: { 'sheet-plan': { type: 'http', url: URL } } });
});

test("Claude's and ChatGPT's connectors take the URL itself and connect from their cloud", () => {
  for (const client of [/^Claude \(/, /ChatGPT/]) {
    expect(setup(client)).toMatchObject({ fromTheCloud: true });
    expect(setup(client).snippet).toBeUndefined();
  }
  expect(setup(/^Claude \(/).steps).toMatch(/Connectors → Add custom connector/);
  expect(setup(/ChatGPT/).steps).toMatch(/developer mode/);
});

test('shellQuote keeps a quote inside one shell word', () => {
  expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
});

test('local addresses are the ones only this computer reaches', () => {
  expect(isLocalAddress('http://127.0.0.1:8080/macros/s/local/exec?key=x')).toBe(true);
  expect(isLocalAddress('http://localhost:8080/x')).toBe(true);
  expect(isLocalAddress(URL)).toBe(false);
});

test('Claude Code, Cursor and VS Code also get the stdio bridge, which follows the redirect itself', () => {
  expect(setup(/^Claude Code$/).bridge).toBe(`claude mcp add sheet-plan -- npx -y sheet-plan mcp --url '${URL}'`);
  const args = ['-y', 'sheet-plan', 'mcp', '--url', URL];
  expect(JSON.parse(setup(/Cursor/).bridge!)).toEqual({ mcpServers: { 'sheet-plan': { command: 'npx', args } } });
  expect(JSON.parse(setup(/VS Code/).bridge!)).toEqual({
    servers: { 'sheet-plan': { type: 'stdio', command: 'npx', args } },
  });
});
