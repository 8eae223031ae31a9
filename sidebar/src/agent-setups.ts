/**
 * Ready-to-paste set-ups for the MCP clients people use, for an agent's URL (the web app's, with `?key=…`): the
 * Connect panel shows them once, beside the URL. Google answers a web app's POST with a redirect to another origin,
 * which MCP clients refuse (docs/agents.md), so every HTTP and cloud client goes through the relay (relay/, an origin
 * the person enters once), and stdio clients run this project's own CLI by its path on their computer: never a
 * package name fetched from a registry. Checked against each client's documentation (November 2026); labels in a
 * client's settings change between versions, so each says where to look rather than click by click.
 */
import { relayConnectorUrl, relayMcpUrl, splitAgentUrl } from '../../src/core/mcp/relay-url';

export interface AgentSetup {
  /** The client, as its users know it. */
  client: string;
  /** What to do, in one or two sentences. */
  steps: string;
  /** What to paste (a command, a file's JSON, a connector URL) to reach the relay; absent without a relay. */
  snippet?: string;
  /** The same through the stdio bridge: this project's CLI run by Node, which follows Google's redirect itself. */
  bridge?: string;
  /** Connects from its maker's cloud: it needs a relay on the internet and the deployed web app. */
  fromTheCloud?: boolean;
}

/** The name the agent's MCP client knows the server by. */
export const SERVER_NAME = 'sheet-plan';

/** Where the CLI is until the person says (npm run deploy prints the real path). */
export const CLI_PLACEHOLDER = '/path/to/sheet-plan/build/cli.js';

/** `text` as one single-quoted shell word (a `'` inside becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The CLI's path from what the person typed: the clone's folder or build/cli.js itself; the placeholder if empty. */
export function cliScript(typed: string): string {
  let text = typed.trim();
  while (text.endsWith('/') || text.endsWith('\\')) text = text.slice(0, -1);
  if (!text) return CLI_PLACEHOLDER;
  if (/\.js$/.test(text)) return text;
  const separator = text.includes('\\') && !text.includes('/') ? '\\' : '/';
  return `${text}${separator}build${separator}cli.js`;
}

export interface SetupPlaces {
  /** The relay's origin ('' when the person has entered none). */
  relayUrl: string;
  /** Where this project's CLI is on the agent's computer (cliScript's answer). */
  cli: string;
}

function cloudSetups(relayUrl: string): AgentSetup[] {
  const connector = relayUrl ? relayConnectorUrl(relayUrl) : undefined;
  const signIn = "When it asks you to sign in, paste the agent's address (above) on the relay's page.";
  const noRelay = "It needs the relay: enter the relay's address above first.";
  return [
    {
      client: 'Claude (claude.ai and Claude Desktop)',
      steps: connector
        ? `Settings → Connectors → Add custom connector: name it Sheet Plan and paste this URL. ${signIn}`
        : `Settings → Connectors → Add custom connector. ${noRelay}`,
      snippet: connector,
      fromTheCloud: true,
    },
    {
      client: 'ChatGPT',
      steps: connector
        ? 'Turn on developer mode (Settings → Apps & Connectors → Advanced settings; not on every plan), then ' +
          `Settings → Apps & Connectors → Create: paste this URL as the MCP server URL, with OAuth. ${signIn}`
        : `Settings → Apps & Connectors → Create (developer mode). ${noRelay}`,
      snippet: connector,
      fromTheCloud: true,
    },
  ];
}

export function agentSetups(agentUrl: string, { relayUrl, cli }: SetupPlaces): AgentSetup[] {
  const { webAppUrl, key } = splitAgentUrl(agentUrl);
  const url = relayUrl ? relayMcpUrl(relayUrl, webAppUrl) : undefined;
  const headers = { Authorization: `Bearer ${key}` };
  const bearer = shellQuote(`Authorization: Bearer ${key}`);
  const args = [cli, 'mcp', '--url', agentUrl];
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const viaRelay = url ? '' : ' (with a relay address above, it can connect over HTTP instead)';
  return [
    ...cloudSetups(relayUrl),
    {
      client: 'Claude Code',
      steps: url
        ? 'Run in a terminal (add --scope user to have it in every project):'
        : `Run in a terminal, where Node.js runs this project's CLI${viaRelay}:`,
      snippet: url && `claude mcp add --transport http ${SERVER_NAME} ${shellQuote(url)} --header ${bearer}`,
      bridge: `claude mcp add ${SERVER_NAME} -- node ${shellQuote(cli)} mcp --url ${shellQuote(agentUrl)}`,
    },
    {
      client: 'Cursor',
      steps:
        'Add to ~/.cursor/mcp.json (or .cursor/mcp.json in one project), then turn it on in Cursor Settings → MCP' +
        `${viaRelay}:`,
      snippet: url && json({ mcpServers: { [SERVER_NAME]: { url, headers } } }),
      bridge: json({ mcpServers: { [SERVER_NAME]: { command: 'node', args } } }),
    },
    {
      client: 'VS Code (Copilot agent mode)',
      steps:
        'Add to .vscode/mcp.json in your workspace (or MCP: Open User Configuration for every workspace)' +
        `${viaRelay}:`,
      snippet: url && json({ servers: { [SERVER_NAME]: { type: 'http', url, headers } } }),
      bridge: json({ servers: { [SERVER_NAME]: { type: 'stdio', command: 'node', args } } }),
    },
  ];
}

/** Whether `url` is an address only this computer reaches (the local emulator's). */
export function isLocalAddress(url: string): boolean {
  return /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//i.test(url);
}
