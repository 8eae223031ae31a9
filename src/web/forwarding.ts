/**
 * Forwarding MCP messages to the sheet's web app, for whoever stands between a client and it: the relay (workerd,
 * relay/src/mcp-http.ts) and the stdio bridge (Node, src/node/mcp/url-bridge.ts). Both have the web's `fetch`, `URL`
 * and `crypto` (Apps Script has none of them, hence not src/core); tests pass a scripted `fetch`.
 *
 * Apps Script answers a POST with a 302 to a one-use URL on another origin (script.googleusercontent.com/macros/echo?…)
 * that must be fetched with GET, which MCP clients' own fetches refuse to follow; it is followed here. The script has
 * run by the time the redirect comes, so a lost answer means a change made, not a change missed: the body is posted
 * once more only when every tools/call in it carries a request id (`withRequestIds` gives them one before the first
 * try), so that the web app answers a change it applied already with its first answer and writes nothing.
 */
import { REQUEST_ID_META } from '../core/mcp/protocol';
import { pageWords } from '../core/text';

const REDIRECTS_TO_GET = [301, 302, 303];
const REDIRECTS_KEEPING_POST = [307, 308];
const MAX_REDIRECTS = 5;
/** Posts of one body when its answer is lost on the way (the script may have run): the first and one more. */
export const POST_ATTEMPTS = 2;

/** Why the web app could not be reached or did not answer JSON; the message is for the client to read. */
export class WebAppError extends Error {}

/** The answer did not arrive (a network failure, an echo URL that is gone, a server error): the script may have run. */
class LostAnswer extends WebAppError {}

/** What a client can do about a status the web app answered, when it is its own doing. */
const statusHint = (status: number): string =>
  status === 413 ? ' (the message is larger than the web app takes: send a smaller one, such as fewer cells)' : '';

/**
 * What to do about the pages Google serves in a web app's place, by their words: a deployment of a version without
 * doPost (deployed before Sheet Plan's code was pushed, or another project's), an address with no web app, a quota.
 */
const GOOGLE_PAGE_HINTS: ReadonlyArray<[RegExp, string]> = [
  [
    /Script function not found: doPost/i,
    "that deployment runs a version without Sheet Plan's web app: deploy a new one (npm run deploy) and use its URL",
  ],
  [
    /unable to open the file/i,
    "no web app is at that address: check its deployment ID (the sidebar's Connect an agent gives the whole URL)",
  ],
  [
    /too many simultaneous invocations|invoked too many times|quota/i,
    "Google's quota for the script is used up for now: try again later (daily quotas reset within 24 hours)",
  ],
];

/** A page's words (an error page's, Google's), with what to do about it when it is one of Google's known pages. */
function pageProblem(page: string): string {
  const words = pageWords(page);
  const hint = GOOGLE_PAGE_HINTS.find(([pattern]) => pattern.test(words))?.[1];
  return hint ? `${words} (${hint})` : words;
}

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
    const toGet = REDIRECTS_TO_GET.includes(response.status);
    if ((toGet || REDIRECTS_KEEPING_POST.includes(response.status)) && location) {
      await response.body?.cancel();
      const from = new URL(target);
      const next = new URL(location, from);
      // Never from https down to http, and the body posted again only where it was posted (Google's own redirect is a
      // 302 to its echo origin, fetched with GET).
      if ((from.protocol === 'https:' && next.protocol !== 'https:') || (!toGet && next.origin !== from.origin))
        throw new WebAppError(`the web app answered ${response.status} to ${next.origin}, which is not followed`);
      // A deployment whose access is not "Anyone" sends a caller without Google's cookies to sign in.
      if (next.hostname === 'accounts.google.com')
        throw new WebAppError(
          'the web app asks to sign in to Google: deploy it with "Who has access: Anyone" (npm run deploy does), ' +
            "and use that deployment's URL",
        );
      target = next.href;
      if (toGet) init = { method: 'GET', redirect: 'manual' };
      continue;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The connection broke while the answer came (a server that refuses a body it finds too large answers before
      // reading it all, and closes): its status is all there is. After the redirect, or with a 2xx, the script ran.
      const problem =
        `the web app answered HTTP ${response.status}${statusHint(response.status)}, and the connection was lost ` +
        `before the rest of its answer (${(error as Error).message})`;
      throw hop > 0 || response.ok || response.status >= 500 ? new LostAnswer(problem) : new WebAppError(problem);
    }
    if (!response.ok) {
      const answered = `the web app answered HTTP ${response.status}${statusHint(response.status)}`;
      const problem = `${answered}: ${pageProblem(text)}`;
      // An error after the redirect, or a server error, may follow a run of the script.
      throw hop > 0 || response.status >= 500 ? new LostAnswer(problem) : new WebAppError(problem);
    }
    const type = response.headers.get('content-type') ?? '';
    if (text !== '' && !/^application\/json\b/i.test(type))
      throw new WebAppError(`the web app answered ${type || 'no content type'}, not JSON: ${pageProblem(text)}`);
    return text;
  }
  throw new WebAppError(`more than ${MAX_REDIRECTS} redirects from ${withoutKey(url)}`);
}

type Message = Record<string, unknown>;
const isRecord = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsedMessages(body: string): { parsed: unknown; messages: unknown[] } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return { parsed, messages: Array.isArray(parsed) ? parsed : [parsed] };
  } catch {
    return null;
  }
}

const requestIdOf = (message: Message): unknown =>
  isRecord(message.params) && isRecord(message.params._meta) ? message.params._meta[REQUEST_ID_META] : undefined;

/** A body is posted again only when every tools/call in it carries a request id: then none can apply twice. */
function safeToRepeat(body: string): boolean {
  const read = parsedMessages(body);
  return (
    read !== null &&
    read.messages.every(
      (message) => !isRecord(message) || message.method !== 'tools/call' || typeof requestIdOf(message) === 'string',
    )
  );
}

/**
 * The web app's answer to one POST body, redirects followed: its text ('' when only notifications came). A lost
 * answer is asked for again by posting the body once more, when that cannot apply a change twice. Throws WebAppError.
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

/** The message with a request id in `params._meta` when it is a tools/call request that has none. */
function withRequestId(message: unknown, newId: () => string): unknown {
  if (!isRecord(message) || message.method !== 'tools/call' || !('id' in message)) return message;
  const params = message.params ?? {};
  if (!isRecord(params)) return message;
  const meta = params._meta ?? {};
  if (!isRecord(meta) || REQUEST_ID_META in meta) return message;
  return { ...message, params: { ...params, _meta: { ...meta, [REQUEST_ID_META]: newId() } } };
}

/**
 * The POST body with a request id on every tools/call request that has none (one message or a batch); a caller's own
 * id is kept. A body that is not JSON, or has no such call, goes on as it came: the web app answers it.
 */
export function withRequestIds(body: string, newId: () => string = () => crypto.randomUUID()): string {
  const read = parsedMessages(body);
  if (!read) return body;
  const messages = read.messages.map((message) => withRequestId(message, newId));
  if (messages.every((message, index) => message === read.messages[index])) return body;
  return JSON.stringify(Array.isArray(read.parsed) ? messages : messages[0]);
}

/** The URL with its key hidden, for messages a client or a log shows. */
export function withoutKey(url: string): string {
  const parsed = new URL(url);
  if (parsed.searchParams.has('key')) parsed.searchParams.set('key', '…');
  return parsed.href.replace('%E2%80%A6', '…');
}
