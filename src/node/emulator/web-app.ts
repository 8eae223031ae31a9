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
