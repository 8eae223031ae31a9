/**
 * The web app as Google serves a deployment of it, on the local server:
 *  - GET/POST /macros/s/{deployment}/exec[/path]  runs doGet(e) / doPost(e) in a web-app execution (deployment `local`)
 *  - GET /macros/echo?user_content_key=…          what the script answered, once
 * With Google's constraints (https://developers.google.com/apps-script/guides/content#redirects): the script sees no
 * request header (only the event: parameters, query string, path, body and its type); a TextOutput is not served at
 * the URL asked but through a 302 redirect to a one-use echo URL, fetched with GET (a client following a 302 after a
 * POST switches to GET and drops the body, as Node's fetch and curl -L do); every answer is 200, a script error
 * included (Google's own error page); at most 30 executions run at once (the pool's limit, shared with the sidebar's
 * calls: the web app runs as the person who deployed it).
 */
import { randomBytes } from 'node:crypto';
import { ExecutionRefused, type EmulatedSpreadsheet, type ExecutionPool, type WebAppAnswer } from '../emulator';

export const LOCAL_DEPLOYMENT = 'local';
const EXEC_PATH = /^\/macros\/s\/([^/]+)\/exec(?:\/(.*))?$/;
export const ECHO_PATH = '/macros/echo';
/** An answer nobody fetches is dropped after this long. */
const ECHO_LIFETIME_MS = 60_000;

/** The web app URL of the local server at `origin` (http://127.0.0.1:8080). */
export function localWebAppUrl(origin: string): string {
  return `${origin}/macros/s/${LOCAL_DEPLOYMENT}/exec`;
}

export type WebAppResponse =
  { status: 200 | 404; contentType: string; text: string } | { status: 302; location: string };

export interface WebAppRouteOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  pool: ExecutionPool;
  persist: () => void;
}

function page(status: 200 | 404, message: string): WebAppResponse {
  const html = `<!DOCTYPE html><html><head><title>Error</title></head><body><div>${message}</div></body></html>`;
  return { status, contentType: 'text/html; charset=utf-8', text: html };
}

export class LocalWebApp {
  readonly #answers = new Map<string, { answer: WebAppAnswer; timer: NodeJS.Timeout }>();

  constructor(private readonly options: WebAppRouteOptions) {}

  /**
   * The answer to a request for the web app's paths; null for any other path. `origin` is the server's as the client
   * named it (http://127.0.0.1:8080), for the echo URL.
   */
  async answer(request: {
    method: string;
    url: URL;
    origin: string;
    body: string;
    contentType: string | undefined;
  }): Promise<WebAppResponse | null> {
    const { method, url, body, contentType } = request;
    if (url.pathname === ECHO_PATH) return this.#echo(method, url);
    const exec = EXEC_PATH.exec(url.pathname);
    if (!exec) return null;
    if (exec[1] !== LOCAL_DEPLOYMENT || (method !== 'GET' && method !== 'POST'))
      return page(404, 'Sorry, unable to open the file at this time.');
    const { spreadsheet, distDir, pool, persist } = this.options;
    let answer: WebAppAnswer;
    try {
      answer = await pool.runWebApp(spreadsheet, distDir, {
        method,
        queryString: url.search.slice(1),
        pathInfo: exec[2] ?? '',
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
    return { status: 302, location: this.#keep(request.origin, answer) };
  }

  #keep(origin: string, answer: WebAppAnswer): string {
    const key = randomBytes(32).toString('base64url');
    const timer = setTimeout(() => this.#answers.delete(key), ECHO_LIFETIME_MS);
    timer.unref();
    this.#answers.set(key, { answer, timer });
    return `${origin}${ECHO_PATH}?user_content_key=${key}&lib=${LOCAL_DEPLOYMENT}`;
  }

  /** The kept answer, once: a second fetch of the same URL finds nothing. */
  #echo(method: string, url: URL): WebAppResponse {
    const key = url.searchParams.get('user_content_key') ?? '';
    const kept = method === 'GET' ? this.#answers.get(key) : undefined;
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
