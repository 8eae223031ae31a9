/**
 * The relay in workerd (Miniflare, relay/local/start-relay.ts) in front of `npm start`'s web app (the local emulator),
 * as a person runs them side by side. Every fetch the worker makes passes through here on its way to the emulator,
 * so a test can see them and drop one.
 */
import { fetch as runtimeFetch, Response as RuntimeResponse } from 'miniflare';
import { startRelay, type RunningRelay } from '../../relay/local/start-relay';
import { relayMcpUrl } from '../../relay/src/urls';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startLocalEmulator, type LocalEmulator } from '../client/local-emulator';

export interface RelayUnderTest {
  emulator: LocalEmulator;
  relay: RunningRelay;
  /** `…/macros/s/local/exec?key=…`, as the sidebar makes it. */
  agentUrl: string;
  key: string;
  /** `<relay>/macros/s/local/mcp` */
  mcpUrl: string;
  /** `METHOD path` of each fetch the worker made, in order; `(dropped)` after the ones the test dropped. */
  fetches: string[];
  /** The next GET of a one-use echo URL fails as a lost connection would. */
  dropNextEcho(): void;
  close(): Promise<void>;
}

export async function startRelayUnderTest(): Promise<RelayUnderTest> {
  const emulator = await startLocalEmulator();
  const agentUrl = await connectAgentAsPerson(emulator.url, 'Relay agent');
  const fetches: string[] = [];
  let dropEcho = false;
  const outboundService = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}`;
    if (dropEcho && request.method === 'GET' && url.pathname === '/macros/echo') {
      dropEcho = false;
      fetches.push(`${line} (dropped)`);
      return new RuntimeResponse('The connection was lost (dropped by the test)', { status: 502 }) as never;
    }
    fetches.push(line);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return (await runtimeFetch(request.url, {
      method: request.method,
      headers: request.headers as never,
      body,
      redirect: 'manual',
    })) as never;
  };
  const relay = await startRelay({ port: 0, upstreamOrigin: new URL(emulator.url).origin, outboundService });
  return {
    emulator,
    relay,
    agentUrl,
    key: new URL(agentUrl).searchParams.get('key')!,
    mcpUrl: relayMcpUrl(relay.origin, agentUrl),
    fetches,
    dropNextEcho: () => {
      dropEcho = true;
    },
    close: async () => {
      await relay.close();
      await emulator.close();
    },
  };
}
