/** `sheet-plan mcp`: the MCP server on stdin/stdout, pointed at a web app's URL, a deployment or the local emulator. */
import { parseArgs } from 'node:util';
import { clientFromEnvironment, ENVIRONMENT_VARIABLES } from '../client/environment';
import { GOOGLE_ROOT_URL } from '../client/plan-client';
import { serveStdio } from './server';
import { withoutKey } from '../../web/forwarding';
import { bridgeStdioToUrl } from './url-bridge';

export const MCP_USAGE = `Usage: sheet-plan mcp --url URL
       sheet-plan mcp [--endpoint URL] [--script-id ID]

Serves Sheet Plan's plan tools to an MCP client over stdin/stdout.
  --url URL       the sheet's MCP URL, as its owner gave it (https://script.google.com/macros/s/…/exec?key=…;
                  npm start prints one for the local emulator): every message goes to it. No credentials.
Or through the Apps Script API (scripts.run):
  --endpoint URL  root URL of the Apps Script API (default ${GOOGLE_ROOT_URL};
                  the local emulator: http://127.0.0.1:8080/)   [${ENVIRONMENT_VARIABLES.endpoint}]
  --script-id ID  deployment id of the API executable ("local" for the emulator)   [${ENVIRONMENT_VARIABLES.scriptId}]
Credentials: ${ENVIRONMENT_VARIABLES.accessToken}, or ${ENVIRONMENT_VARIABLES.clientId}
+ ${ENVIRONMENT_VARIABLES.clientSecret} + ${ENVIRONMENT_VARIABLES.refreshToken};
the local emulator needs none. See docs/agents.md.
`;

export async function mcpCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      endpoint: { type: 'string' },
      'script-id': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  // stdout carries the protocol: everything for people goes to stderr.
  if (values.help) return void process.stderr.write(MCP_USAGE);
  if (values.url !== undefined) {
    if (values.endpoint !== undefined || values['script-id'] !== undefined)
      throw new Error('--url goes alone: the web app needs no --endpoint or --script-id');
    const url = webAppUrl(values.url);
    process.stderr.write(`sheet-plan MCP bridge to ${withoutKey(url)}\n`);
    return bridgeStdioToUrl(url, (line) => process.stderr.write(`${line}\n`));
  }
  const client = clientFromEnvironment({ endpoint: values.endpoint, scriptId: values['script-id'] });
  process.stderr.write(`sheet-plan MCP server: ${client.rootUrl} (deployment ${client.scriptId})\n`);
  await serveStdio(client);
}

/** The URL, checked: http(s) with the agent's key, or an error saying what a right one looks like. */
function webAppUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `--url must be the web app's URL, like https://script.google.com/macros/s/…/exec?key=… (got "${text}")`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`--url must be an http(s) URL (got "${url.protocol}")`);
  if (!url.searchParams.get('key'))
    throw new Error(
      "--url has no ?key=…: use the whole URL the sheet's owner gave you (Agent Plan → Open plan → Connect an agent)",
    );
  return url.href;
}
