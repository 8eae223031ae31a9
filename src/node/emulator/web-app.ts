/**
 * A web app's request and answer as Apps Script gives them to the script and takes them back
 * (https://developers.google.com/apps-script/guides/web): a GET runs doGet(e), a POST doPost(e); `e` holds the query
 * string, the parameters, the path after /exec and the POST body with its type, and nothing else: no request headers,
 * no client address. The script answers with a TextOutput (ContentService) or an HtmlOutput; Google serves it with
 * status 200 whatever it holds, and serves a page of its own, also 200, when the script throws or returns something
 * else. Assumption web-app-answers (assumptions.ts).
 */
import type { ExecutionContextKind } from './runtime/execution-scope';
import { HtmlOutput } from './services/html-service';
import { TextOutput } from './services/content-service';

export interface WebAppRequest {
  readonly method: 'GET' | 'POST';
  /** What follows `?` in the URL, without it; '' or undefined when there is none. */
  readonly queryString?: string;
  /** The path after /exec (`/exec/hello` → "hello"); '' when there is none. */
  readonly pathInfo?: string;
  /** A POST's body as text, and its Content-Type as the client sent it. */
  readonly body?: string;
  readonly contentType?: string;
}

/** What the web app serves: always HTTP 200. */
export interface WebAppAnswer {
  readonly content: string;
  readonly contentType: string;
}

export type WebAppFunction = 'doGet' | 'doPost';

/*
 * How Google answers around the script, as the local server (src/node/server/web-app-route.ts) serves it:
 * - Assumption web-app-echo-origin: the one-use echo URL is on another origin than /exec, and a POST to it is 405.
 * - Assumption web-app-head-forbidden: a HEAD of /exec is 403; the script does not run.
 * - Assumption web-app-burst-limit: over the per-script burst limit, Google's page "Service invoked too many times",
 *   and nothing runs.
 * - Assumption web-app-workspace-url: a Workspace domain's deployment is served at /a/macros/{domain}/s/{id}/exec,
 *   which getUrl() answers (and the script remembers).
 */

/** At most `requests` web app requests per script within `windowMs`. */
export interface BurstLimit {
  requests: number;
  windowMs: number;
}

/**
 * The emulator's burst limit: 300 requests a minute per script. Google publishes no number for it; this is one a
 * working agent (or the demo) stays under and a client looping on reconnects soon meets. Tests set their own.
 */
export const DEFAULT_BURST_LIMIT: BurstLimit = { requests: 300, windowMs: 60_000 };

/** Google's words when a script is called too often in a short time. */
export const BURST_MESSAGE =
  'Service invoked too many times in a short time: exec. Try Utilities.sleep(1000) between calls.';

/** The kind of execution a web app request runs in. */
export const WEB_APP_CONTEXT: ExecutionContextKind = 'webapp';

export function webAppFunction(request: WebAppRequest): WebAppFunction {
  return request.method === 'POST' ? 'doPost' : 'doGet';
}

function parsePairs(text: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(text)) pairs.push([name, value]);
  return pairs;
}

/**
 * The event `e`, as plain JSON: queryString (null when there is none), parameter (first values), parameters (all
 * values), contextPath (always ''), contentLength (-1 for a GET), pathInfo when the URL has a path after /exec, and
 * for a POST postData { length, type, contents, name: 'postData' }. A form-encoded body's fields are parameters too.
 */
export function webAppEvent(request: WebAppRequest): Record<string, unknown> {
  const query = request.queryString ?? '';
  const body = request.body ?? '';
  const pairs = parsePairs(query);
  const formEncoded = /^application\/x-www-form-urlencoded\b/i.test(request.contentType ?? '');
  if (request.method === 'POST' && formEncoded) pairs.push(...parsePairs(body));
  const parameter: Record<string, string> = {};
  const parameters: Record<string, string[]> = {};
  for (const [name, value] of pairs) {
    if (!(name in parameters)) parameter[name] = value;
    (parameters[name] ??= []).push(value);
  }
  const length = Buffer.byteLength(body, 'utf8');
  const event: Record<string, unknown> = {
    queryString: query === '' ? null : query,
    parameter,
    parameters,
    contextPath: '',
    contentLength: request.method === 'POST' ? length : -1,
  };
  if (request.pathInfo) event.pathInfo = request.pathInfo;
  if (request.method === 'POST')
    event.postData = { length, type: request.contentType ?? '', contents: body, name: 'postData' };
  return event;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/** Google's own page for a web app that failed or answered nothing servable (200 as well). */
export function webAppErrorPage(message: string): WebAppAnswer {
  return {
    content:
      '<!DOCTYPE html><html><head><title>Error</title></head>' +
      `<body><div>${escapeHtml(message)}</div></body></html>`,
    contentType: 'text/html',
  };
}

export const NOTHING_RETURNED = 'The script completed but did not return anything.';

/** What the web app serves for the implementation behind what doGet/doPost returned (undefined: not an output). */
export function servedOutput(implementation: unknown): WebAppAnswer {
  if (implementation instanceof TextOutput) return TextOutput.served(implementation);
  if (implementation instanceof HtmlOutput) return { content: implementation.getContent(), contentType: 'text/html' };
  return webAppErrorPage(NOTHING_RETURNED);
}
