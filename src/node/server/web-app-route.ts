/**
 * The web app as Google serves a deployment of it, on the local server:
 *  - GET/POST /macros/s/{deployment}/exec[/path]  runs doGet(e) / doPost(e) in a web-app execution (`local`);
 *    also as a Workspace domain's /a/macros/{domain}/s/{deployment}/exec when the server is started for one
 *  - HEAD on it: 403, as Google answers a HEAD (Assumption web-app-head-forbidden)
 *  - GET /macros/echo?user_content_key=…          what the script answered, once, on ANOTHER origin (the echo
 *    server, a second port: Google's is script.googleusercontent.com); a POST there 405 (Assumption
 *    web-app-echo-origin)
 *  - more requests in a burst than the per-script limit: Google's "too many times" page, nothing run (Assumption
 *    web-app-burst-limit)
 * With Google's constraints (https://developers.google.com/apps-script/guides/content#redirects): the script sees no
 * request header (only the event: parameters, query string, path, body and its type); a TextOutput is not served at
 * the URL asked but through a 302 redirect to a one-use echo URL, fetched with GET (a client following a 302 after a
 * POST switches to GET and drops the body, as Node's fetch and curl -L do); every answer is 200, a script error
 * included (Google's own error page); at most 30 executions run at once (the pool's limit, shared with the sidebar's
 * calls: the web app runs as the person who deployed it).
 */
import { randomBytes } from 'node:crypto';
import {
  BURST_MESSAGE,
  DEFAULT_BURST_LIMIT,
  ExecutionRefused,
  type BurstLimit,
  type EmulatedSpreadsheet,
  type ExecutionPool,
  type WebAppAnswer,
} from '../emulator';

export const LOCAL_DEPLOYMENT = 'local';
/** /macros/s/{id}/exec or a Workspace domain's /a/macros/{domain}/s/{id}/exec, with the path after it. */
const EXEC_PATH = /^\/(?:a\/macros\/([^/]+)|macros)\/s\/([^/]+)\/exec(?:\/(.*))?$/;
export const ECHO_PATH = '/macros/echo';
/** An answer nobody fetches is dropped after this long. */
const ECHO_LIFETIME_MS = 60_000;

/** The web app URL of the local server at `origin` (http://127.0.0.1:8080), as a Workspace domain's when given. */
export function localWebAppUrl(origin: string, domain?: string): string {
  return domain
    ? `${origin}/a/macros/${domain}/s/${LOCAL_DEPLOYMENT}/exec`
    : `${origin}/macros/s/${LOCAL_DEPLOYMENT}/exec`;
}

export type WebAppResponse =
  { status: 200 | 403 | 404 | 405; contentType: string; text: string } | { status: 302; location: string };

export interface WebAppRouteOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  pool: ExecutionPool;
  persist: () => void;
  /** A Workspace domain: the deployment is also served at /a/macros/{domain}/s/local/exec. */
  domain?: string;
  /** Default DEFAULT_BURST_LIMIT. */
  burst?: BurstLimit;
  /** The clock the burst limit counts with (tests give their own). */
  now?: () => number;
}

function page(status: 200 | 403 | 404 | 405, message: string): WebAppResponse {
  const html = `<!DOCTYPE html><html><head><title>Error</title></head><body><div>${message}</div></body></html>`;
  return { status, contentType: 'text/html; charset=utf-8', text: html };
}

export class LocalWebApp {
  readonly #answers = new Map<string, { answer: WebAppAnswer; timer: NodeJS.Timeout }>();
  /** When each request of the current burst came (oldest first). */
  readonly #recent: number[] = [];
  /** The echo server's origin (http://127.0.0.1:P2), set once it listens. */
  echoOrigin: string | null = null;

  constructor(private readonly options: WebAppRouteOptions) {}

  /** Whether one more request fits the burst limit now (and counts it when it does). */
  #admitted(): boolean {
    const { requests, windowMs } = this.options.burst ?? DEFAULT_BURST_LIMIT;
    const now = (this.options.now ?? Date.now)();
    while (this.#recent.length && this.#recent[0] <= now - windowMs) this.#recent.shift();
    if (this.#recent.length >= requests) return false;
    this.#recent.push(now);
    return true;
  }

  #deployment(url: URL): { pathInfo: string } | 'other' | null {
    const exec = EXEC_PATH.exec(url.pathname);
    if (!exec) return null;
    const [, domain, deployment, pathInfo] = exec;
    if (deployment !== LOCAL_DEPLOYMENT || (domain !== undefined && domain !== this.options.domain)) return 'other';
    return { pathInfo: pathInfo ?? '' };
  }

  /**
   * The answer to a request for the web app's paths; null for any other path. The echo URL is the echo server's
   * (answerEcho), not this origin's.
   */
  async answer(request: {
    method: string;
    url: URL;
    body: string;
    contentType: string | undefined;
  }): Promise<WebAppResponse | null> {
    const { method, url, body, contentType } = request;
    const deployment = this.#deployment(url);
    if (deployment === null) return null;
    if (method === 'HEAD') return page(403, 'Forbidden');
    if (deployment === 'other' || (method !== 'GET' && method !== 'POST'))
      return page(404, 'Sorry, unable to open the file at this time.');
    if (!this.#admitted()) return page(200, BURST_MESSAGE);
    const { spreadsheet, distDir, pool, persist } = this.options;
    let answer: WebAppAnswer;
    try {
      answer = await pool.runWebApp(spreadsheet, distDir, {
        method,
        queryString: url.search.slice(1),
        pathInfo: deployment.pathInfo,
        ...(method === 'POST' ? { body, contentType } : {}),
      });
    } catch (error) {
      // Over the limit of simultaneous executions: Google's error page, with 200 as always.
      if (error instanceof ExecutionRefused) return page(200, error.message);
      throw error;
    } finally {
      persist();
    }
    // Google serves a page (HtmlOutput, its error page) where it was asked; a TextOutput through the echo URL.
    if (answer.contentType === 'text/html')
      return { status: 200, contentType: answer.contentType, text: answer.content };
    return { status: 302, location: this.#keep(answer) };
  }

  #keep(answer: WebAppAnswer): string {
    if (!this.echoOrigin) throw new Error('the echo server is not listening yet');
    const key = randomBytes(32).toString('base64url');
    const timer = setTimeout(() => this.#answers.delete(key), ECHO_LIFETIME_MS);
    timer.unref();
    this.#answers.set(key, { answer, timer });
    return `${this.echoOrigin}${ECHO_PATH}?user_content_key=${key}&lib=${LOCAL_DEPLOYMENT}`;
  }

  /** The echo server's answer: the kept answer, once, to a GET; a POST 405 (the client repeated its POST). */
  answerEcho(method: string, url: URL): WebAppResponse {
    if (url.pathname !== ECHO_PATH) return page(404, 'Sorry, the file you have requested does not exist.');
    if (method !== 'GET') return page(405, `Method ${method} is not allowed: this one-time URL is read with GET.`);
    const key = url.searchParams.get('user_content_key') ?? '';
    const kept = this.#answers.get(key);
    if (!kept) return page(404, 'Sorry, the file you have requested does not exist.');
    this.#answers.delete(key);
    clearTimeout(kept.timer);
    return { status: 200, contentType: `${kept.answer.contentType}; charset=utf-8`, text: kept.answer.content };
  }

  /** Drops every answer not fetched yet (the server is closing). */
  close(): void {
    for (const { timer } of this.#answers.values()) clearTimeout(timer);
    this.#answers.clear();
  }
}
