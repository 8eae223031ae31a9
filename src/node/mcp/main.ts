/** `sheet-plan mcp`: the MCP server on stdin/stdout, pointed at a deployment or the local emulator. */
import { parseArgs } from 'node:util';
import { clientFromEnvironment, ENVIRONMENT_VARIABLES } from '../client/environment';
import { GOOGLE_ROOT_URL } from '../client/plan-client';
import { serveStdio } from './server';

export const MCP_USAGE = `Usage: sheet-plan mcp [--endpoint URL] [--script-id ID]

Serves Sheet Plan's plan tools to an MCP client over stdin/stdout.
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
      endpoint: { type: 'string' },
      'script-id': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  // stdout carries the protocol: everything for people goes to stderr.
  if (values.help) return void process.stderr.write(MCP_USAGE);
  const client = clientFromEnvironment({ endpoint: values.endpoint, scriptId: values['script-id'] });
  process.stderr.write(`sheet-plan MCP server: ${client.rootUrl} (deployment ${client.scriptId})\n`);
  await serveStdio(client);
}
