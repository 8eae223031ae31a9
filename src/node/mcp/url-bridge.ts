/**
 * `sheet-plan mcp --url <web app URL>`: a stdio MCP server that forwards every message to Sheet Plan's web app
 * (doPost, MCP over HTTP in the sheet) and its answers back, for clients that speak only stdio or whose HTTP transport
 * will not follow Google's redirect. Nothing is interpreted here: the web app answers everything, errors included.
 *
 * A web app answers a POST with a 302 to a one-use echo URL on another origin
 * (script.googleusercontent.com/macros/echo?…) that must be fetched with GET; the bridge follows it itself rather
 * than trusting a fetch's redirect rules. The script has run by the time the redirect arrives: if the echo is lost,
 * the bridge posts the same body again, and every tools/call in it carries a request id (the caller's, or one the
 * bridge gives it), so the web app answers a change it already applied with its first answer and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_META } from '../../core/mcp/protocol';
import { pageWords } from '../page-words';
import { serveLines } from './stdio-lines';

const REDIRECTS_TO_GET = [301, 302, 303];
const REDIRECTS_KEEPING_POST = [307, 308];
const MAX_REDIRECTS = 5;
/** Posts of one body when its answer is lost on the way (the script may have run): the first and one more. */
export const POST_ATTEMPTS = 2;

/** The answer did not arrive (a network failure, an echo URL that is gone, a server error): the script may have run. */
class LostAnswer extends Error {}

async function postOnce(url: string, body: string, fetchImpl: typeof fetch): Promise<string> {
  let target = url;
  let init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    redirect: 'manual',
  };
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetchImpl(target, init);
    } catch (error) {
      throw new LostAnswer(`${new URL(target).origin} could not be reached (${(error as Error).message})`);
    }
    const location = response.headers.get('location');
    const redirect = REDIRECTS_TO_GET.includes(response.status) || REDIRECTS_KEEPING_POST.includes(response.status);
    if (redirect && location) {
      await response.body?.cancel();
      target = new URL(location, target).href;
      if (REDIRECTS_TO_GET.includes(response.status)) init = { method: 'GET', redirect: 'manual' };
      continue;
    }
    const text = await response.text();
    if (!response.ok) {
      const problem = `the web app answered HTTP ${response.status}: ${pageWords(text)}`;
      throw hop > 0 || response.status >= 500 ? new LostAnswer(problem) : new Error(problem);
    }
    const type = response.headers.get('content-type') ?? '';
    if (text !== '' && !/^application\/json\b/i.test(type))
      throw new Error(`the web app answered ${type || 'no content type'}, not JSON: ${pageWords(text)}`);
    return text;
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
}

type Message = Record<string, unknown>;
const isRecord = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toolCalls(body: string): Message[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.filter((message): message is Message => isRecord(message) && message.method === 'tools/call');
}

/** A body is posted again only when every tools/call in it carries a request id: then none can apply twice. */
function safeToRepeat(body: string): boolean {
  const calls = toolCalls(body);
  return (
    calls !== null &&
    calls.every(
      (call) =>
        isRecord(call.params) && isRecord(call.params._meta) && typeof call.params._meta[REQUEST_ID_META] === 'string',
    )
  );
}

/**
 * The web app's answer to one POST body, redirects followed: its text (may be '' for notifications). A lost answer
 * is asked for again by posting the body once more, when that cannot apply a change twice.
 */
export async function postToWebApp(url: string, body: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(url, body, fetchImpl);
    } catch (error) {
      if (!(error instanceof LostAnswer) || attempt >= POST_ATTEMPTS || !safeToRepeat(body)) throw error;
    }
  }
}

/** The line with a request id given to each tools/call that has none (any other line as it came). */
export function withRequestIds(line: string, newId: () => string = randomUUID): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  let given = false;
  const give = (message: unknown): unknown => {
    if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return message;
    const meta = isRecord(message.params._meta) ? message.params._meta : {};
    if (typeof meta[REQUEST_ID_META] === 'string') return message;
    given = true;
    return { ...message, params: { ...message.params, _meta: { ...meta, [REQUEST_ID_META]: newId() } } };
  };
  const result = Array.isArray(parsed) ? parsed.map(give) : give(parsed);
  return given ? JSON.stringify(result) : line;
}

/** The URL with its key hidden, for messages on stderr. */
export function withoutKey(url: string): string {
  const parsed = new URL(url);
  if (parsed.searchParams.has('key')) parsed.searchParams.set('key', '…');
  return parsed.href.replace('%E2%80%A6', '…');
}

/** The line's requests answered with an error, as the web app would: a batch gets an array ('' for notifications). */
function errorAnswers(line: string, message: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } });
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const answers = messages.flatMap((item) =>
    isRecord(item) && 'method' in item && (typeof item.id === 'string' || typeof item.id === 'number')
      ? [{ jsonrpc: '2.0', id: item.id, error: { code: -32603, message } }]
      : [],
  );
  if (answers.length === 0) return '';
  return JSON.stringify(Array.isArray(parsed) ? answers : answers[0]);
}

/** The bridge's answer to one line from the MCP client. */
export async function forwardLine(
  url: string,
  line: string,
  log: (line: string) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  try {
    return await postToWebApp(url, withRequestIds(line), fetchImpl);
  } catch (error) {
    const reason = `Sheet Plan's web app at ${withoutKey(url)} could not be reached: ${(error as Error).message}`;
    log(reason);
    return errorAnswers(line, reason);
  }
}

/** Serves stdin/stdout until the client closes, forwarding each message to `url`. */
export async function bridgeStdioToUrl(url: string, log: (line: string) => void): Promise<void> {
  await serveLines((line) => forwardLine(url, line, log));
}
