/**
 * `sheet-plan mcp --url <web app URL>`: a stdio MCP server that forwards every message to Sheet Plan's web app
 * (doPost, MCP over HTTP in the sheet) and its answers back, for clients that speak only stdio or whose HTTP transport
 * will not follow Google's redirect. Nothing is interpreted here: the web app answers everything, errors included.
 *
 * A web app answers a POST with a 302 to a one-use echo URL (script.googleusercontent.com/macros/echo?…) that must be
 * fetched with GET; the bridge follows it itself rather than trusting a fetch's redirect rules.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { pageWords } from '../page-words';

const REDIRECTS_TO_GET = [301, 302, 303];
const REDIRECTS_KEEPING_POST = [307, 308];
const MAX_REDIRECTS = 5;

/** The web app's answer to one POST body, redirects followed: its text (may be '' for notifications). */
export async function postToWebApp(url: string, body: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  let target = url;
  let init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    redirect: 'manual',
  };
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetchImpl(target, init);
    const location = response.headers.get('location');
    const redirect = REDIRECTS_TO_GET.includes(response.status) || REDIRECTS_KEEPING_POST.includes(response.status);
    if (redirect && location) {
      await response.body?.cancel();
      target = new URL(location, target).href;
      if (REDIRECTS_TO_GET.includes(response.status)) init = { method: 'GET', redirect: 'manual' };
      continue;
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`the web app answered HTTP ${response.status}: ${pageWords(text)}`);
    const type = response.headers.get('content-type') ?? '';
    if (text !== '' && !/^application\/json\b/i.test(type))
      throw new Error(`the web app answered ${type || 'no content type'}, not JSON: ${pageWords(text)}`);
    return text;
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
}

/** The URL with its key hidden, for messages on stderr. */
export function withoutKey(url: string): string {
  const parsed = new URL(url);
  if (parsed.searchParams.has('key')) parsed.searchParams.set('key', '…');
  return parsed.href.replace('%E2%80%A6', '…');
}

function requestIds(message: JSONRPCMessage | JSONRPCMessage[]): Array<string | number> {
  const messages = Array.isArray(message) ? message : [message];
  return messages.flatMap((item) => ('method' in item && 'id' in item && item.id !== undefined ? [item.id] : []));
}

/** Serves stdin/stdout until the client closes, forwarding each message to `url`. */
export async function bridgeStdioToUrl(url: string, log: (line: string) => void): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  transport.onmessage = (message) => {
    void (async () => {
      let answers: JSONRPCMessage[];
      try {
        const text = await postToWebApp(url, JSON.stringify(message));
        if (text === '') return;
        const parsed = JSON.parse(text) as JSONRPCMessage | JSONRPCMessage[];
        answers = Array.isArray(parsed) ? parsed : [parsed];
      } catch (error) {
        const reason = `Sheet Plan's web app at ${withoutKey(url)} could not be reached: ${(error as Error).message}`;
        log(reason);
        answers = requestIds(message).map((id) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: reason } }));
      }
      for (const answer of answers) await transport.send(answer);
    })();
  };
  await transport.start();
  // The transport does not notice stdin ending by itself.
  process.stdin.once('end', () => {
    void transport.close();
  });
  await closed;
}
