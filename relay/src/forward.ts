/**
 * One POST body to the sheet's web app and its answer, Google's redirect followed here: Apps Script answers a POST
 * with a 302 to a one-use URL on another origin (script.googleusercontent.com/macros/echo?…) that must be fetched with
 * GET, which MCP clients' own fetches refuse to follow. As src/node/mcp/url-bridge.ts `postToWebApp` does, for workerd.
 *
 * The script has run when the redirect comes, so a failed GET loses an answer, not a change: the whole exchange is
 * tried once more with the same body, whose tool calls carry request ids (./request-ids.ts), so nothing applies twice.
 */

const REDIRECTS = [301, 302, 303, 307, 308];
const MAX_REDIRECTS = 5;
/** One retry: a second failure in a row is reported rather than hidden. */
const ATTEMPTS = 2;

/** Why the web app could not be reached or did not answer JSON; the message is for the client to read. */
export class WebAppError extends Error {}

/** Words of an HTML error page (Google's "Script function not found", a quota page), for a short message. */
function pageWords(text: string): string {
  const words = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > 300 ? `${words.slice(0, 300)}…` : words;
}

/** A fetch's failure or a non-2xx answer on the way to the final answer: worth a retry with the same ids. */
class LostAnswer extends Error {}

async function exchange(url: string, body: string, fetchImpl: typeof fetch): Promise<string> {
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
      throw new LostAnswer(`the web app could not be reached: ${(error as Error).message}`);
    }
    const location = response.headers.get('location');
    if (REDIRECTS.includes(response.status) && location) {
      await response.body?.cancel();
      target = new URL(location, target).href;
      if (response.status <= 303) init = { method: 'GET', redirect: 'manual' };
      continue;
    }
    const text = await response.text();
    if (response.status >= 500 || (hop > 0 && !response.ok))
      throw new LostAnswer(`the web app answered HTTP ${response.status}: ${pageWords(text)}`);
    if (!response.ok) throw new WebAppError(`the web app answered HTTP ${response.status}: ${pageWords(text)}`);
    const type = response.headers.get('content-type') ?? '';
    if (text !== '' && !/^application\/json\b/i.test(type))
      throw new WebAppError(`the web app answered ${type || 'no content type'}, not JSON: ${pageWords(text)}`);
    return text;
  }
  throw new WebAppError(`more than ${MAX_REDIRECTS} redirects`);
}

/** The web app's answer to one POST body ('' when only notifications came); throws WebAppError with the reason. */
export async function postToWebApp(url: string, body: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  let lost: LostAnswer | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await exchange(url, body, fetchImpl);
    } catch (error) {
      if (!(error instanceof LostAnswer)) throw error;
      lost = error;
    }
  }
  throw new WebAppError(`${lost!.message} (tried ${ATTEMPTS} times)`);
}
