/**
 * `npm run relay -- --port P --to <web app URL>`: the relay in workerd on this machine, in front of a web app such
 * as `npm start`'s (http://127.0.0.1:<port>/macros/s/local/exec). Prints one line, `Relay MCP URL: <url>`, for MCP
 * clients (the agent's key goes in `Authorization: Bearer <key>`), and runs until stopped.
 */
import { relayMcpUrl } from '../src/urls';
import { startRelay } from './start-relay';

const USAGE =
  'Usage: npm run relay -- --port <port> --to <web app URL, such as http://127.0.0.1:8080/macros/s/local/exec>';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const port = Number(option(args, '--port') ?? '8787');
  const to = option(args, '--to');
  if (!to || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(USAGE);
  const webApp = new URL(to);
  if (webApp.searchParams.has('key'))
    throw new Error("Give --to the web app URL without its key: the key goes in the client's Authorization header.");
  relayMcpUrl('http://127.0.0.1', webApp.href); // a URL that names no web app is refused before anything starts
  const relay = await startRelay({ port, upstreamOrigin: webApp.origin });
  console.log(`Relay MCP URL: ${relayMcpUrl(relay.origin, webApp.href)}`);
  const stop = () => void relay.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
