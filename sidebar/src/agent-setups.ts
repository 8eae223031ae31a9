/**
 * Ready-to-paste set-ups for the MCP clients people use, for an agent's URL (the web app's, with `?key=…`): the
 * Connect panel shows them once, beside the URL. Checked against each client's documentation (November 2026); labels
 * in a client's settings change between versions, so each says where to look rather than click by click.
 */

export interface AgentSetup {
  /** The client, as its users know it. */
  client: string;
  /** What to do, in one or two sentences. */
  steps: string;
  /** What to paste (a command or a file's JSON), when there is more to paste than the URL itself. */
  snippet?: string;
  /**
   * The same through the stdio bridge (`npx -y sheet-plan mcp --url …`), which follows Google's 302 itself: for a
   * client whose HTTP transport does not (docs/agents.md, Connect by URL).
   */
  bridge?: string;
  /** Connects from its maker's cloud, not from this computer: it needs the deployed web app, not a local address. */
  fromTheCloud?: boolean;
}

/** The name the agent's MCP client knows the server by. */
export const SERVER_NAME = 'sheet-plan';

/** `text` as one single-quoted shell word (a `'` inside becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function agentSetups(url: string): AgentSetup[] {
  const bridge = ['-y', SERVER_NAME, 'mcp', '--url', url];
  return [
    {
      client: 'Claude (claude.ai and Claude Desktop)',
      steps:
        'Settings → Connectors → Add custom connector: name it Sheet Plan, paste the URL as the remote MCP server ' +
        'URL, and add it. Leave the OAuth fields empty.',
      fromTheCloud: true,
    },
    {
      client: 'Claude Code',
      steps: 'Run in a terminal (add --scope user to have it in every project):',
      snippet: `claude mcp add --transport http ${SERVER_NAME} ${shellQuote(url)}`,
      bridge: `claude mcp add ${SERVER_NAME} -- npx -y ${SERVER_NAME} mcp --url ${shellQuote(url)}`,
    },
    {
      client: 'Cursor',
      steps:
        'Add to ~/.cursor/mcp.json (or .cursor/mcp.json in one project), then turn it on in Cursor Settings → MCP:',
      snippet: JSON.stringify({ mcpServers: { [SERVER_NAME]: { url } } }, null, 2),
      bridge: JSON.stringify({ mcpServers: { [SERVER_NAME]: { command: 'npx', args: bridge } } }, null, 2),
    },
    {
      client: 'VS Code (Copilot agent mode)',
      steps: 'Add to .vscode/mcp.json in your workspace (or MCP: Open User Configuration for every workspace):',
      snippet: JSON.stringify({ servers: { [SERVER_NAME]: { type: 'http', url } } }, null, 2),
      bridge: JSON.stringify({ servers: { [SERVER_NAME]: { type: 'stdio', command: 'npx', args: bridge } } }, null, 2),
    },
    {
      client: 'ChatGPT',
      steps:
        'Turn on developer mode (Settings → Apps & Connectors → Advanced settings; not on every plan), then ' +
        'Settings → Apps & Connectors → Create: paste the URL as the MCP server URL, with no authentication.',
      fromTheCloud: true,
    },
  ];
}

/** Whether `url` is an address only this computer reaches (the local emulator's). */
export function isLocalAddress(url: string): boolean {
  return /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//i.test(url);
}
