/**
 * The local stand-in for a Google Sheets window. Every call runs the real dist/Code.js on the
 * emulated spreadsheet, in a fresh execution, and calls run at the same time as in Google (the
 * emulator's ExecutionPool):
 *  - POST /gas/run                  google.script.run from the sidebar (a UI execution)
 *  - POST /v1/scripts/{id}:run      the Apps Script API (an API execution, no UI)
 *  - GET  /api/cells, PUT /api/cells  the plan's cells, read and typed into as a person would
 *  - GET/POST /macros/s/local/exec  the web app (doGet, doPost: MCP), as Google serves it (./web-app-route)
 * The pages (GET /, GET /sidebar) are served from ./page. Only this server's pages and tools on this
 * machine may call it (./local-only); /gas/run and /api/… also need the secret its pages carry.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecutionRefused, MAX_CELL_CHARACTERS, type EmulatedSpreadsheet, type ExecutionPool } from '../emulator';
import { editorText } from '../emulator/person-edits';
import { foreignRequest, missingSecret, type Refusal } from './local-only';
import { PAGE_CELLS } from './page-parts/sheet-window';
import { handleScriptsRun, type HttpAnswer } from './scripts-run';
import type { LocalWebApp, WebAppResponse } from './web-app-route';

/** A page or another answer that is not JSON. */
export interface TextAnswer {
  status: number;
  contentType: string;
  text: string;
}

export interface AppOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  /** Runs every execution, at the same time as the others. */
  pool: ExecutionPool;
  /** What the server's pages carry and /gas/run and /api/cells require (local-only.ts). */
  secret: string;
  /** Called after anything may have changed the spreadsheet. */
  persist?: () => void;
  /** The web app's paths (/macros/…); none when absent. */
  webApp?: LocalWebApp;
  /** Extra routes (the pages). Answer null to fall through. */
  routes?: (request: IncomingMessage, url: URL, body: string) => Promise<HttpAnswer | TextAnswer | null>;
}

const SCRIPTS_RUN_PATH = /^\/v1\/scripts\/([^/:]+):run$/;
/** Far above any call Sheet Plan makes (a plan is at most 50,000 characters). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** A JSON answer with the headers it needs beyond the usual ones. */
type JsonAnswer = HttpAnswer & { headers?: Record<string, string> };

/** One request as the routes see it: its method, URL and (already read) body. */
interface RouteRequest {
  incoming: IncomingMessage;
  method: string;
  url: URL;
  body: string;
}

class BodyTooLarge extends Error {}

/**
 * The request's body, or BodyTooLarge once it passes the limit. The rest of an oversized body is read
 * and dropped, so the client gets the 413 instead of a reset connection.
 */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      request.resume();
      return reject(new BodyTooLarge());
    }
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, answer: JsonAnswer): void {
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...answer.headers,
  });
  response.end(JSON.stringify(answer.body));
}

function parseJson(text: string): { value?: unknown; error?: string } {
  try {
    return { value: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Pages may only be framed by this server's own pages. */
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

/** The cells a person sees and types into. */
const PERSON_CELLS: string[] = Object.values(PAGE_CELLS);

export function sendWebApp(response: ServerResponse, answer: WebAppResponse): void {
  if (answer.status === 302) {
    response.writeHead(302, { location: answer.location, 'cache-control': 'no-store' });
    return void response.end();
  }
  response.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
  response.end(answer.text);
}

function refusalAnswer(refusal: Refusal): JsonAnswer {
  return {
    status: refusal.status,
    body: { error: { code: refusal.status, message: refusal.message, status: 'PERMISSION_DENIED' } },
  };
}

/** POST /v1/scripts/{id}:run: an API execution, answered as Google's Apps Script API does. */
async function answerScriptsRun(options: AppOptions, request: RouteRequest): Promise<JsonAnswer | null> {
  if (!SCRIPTS_RUN_PATH.test(request.url.pathname) || request.method !== 'POST') return null;
  const parsed = parseJson(request.body);
  if (parsed.error) {
    const message = `Invalid JSON payload received. ${parsed.error}`;
    return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } };
  }
  const { spreadsheet, distDir, pool } = options;
  const authorization = request.incoming.headers.authorization;
  const answer = await handleScriptsRun(parsed.value, { spreadsheet, distDir, pool, authorization });
  options.persist?.();
  return answer;
}

/** POST /gas/run: google.script.run from the sidebar, a UI execution. */
async function answerGasRun(options: AppOptions, request: RouteRequest): Promise<JsonAnswer | null> {
  if (request.url.pathname !== '/gas/run' || request.method !== 'POST') return null;
  const parsed = parseJson(request.body);
  const call = parsed.value as { functionName?: unknown; args?: unknown } | undefined;
  if (parsed.error || typeof call?.functionName !== 'string' || !Array.isArray(call.args ?? [])) {
    return { status: 400, body: { error: { message: 'Expected { functionName, args }' } } };
  }
  const args = (call.args as unknown[]) ?? [];
  const outcome = await options.pool.run(options.spreadsheet, options.distDir, call.functionName, args, {
    context: 'ui',
  });
  options.persist?.();
  return { status: 200, body: outcome };
}

/**
 * GET /api/cells: the cells a person sees, as text; with `?as=editor`, the text Sheets' cell editor opens each with (a
 * formula, not its result).
 */
function readPersonCells(options: AppOptions, url: URL): JsonAnswer {
  const read =
    url.searchParams.get('as') === 'editor'
      ? editorText
      : (sheet: EmulatedSpreadsheet, cell: string) => sheet.displayed(cell);
  const cells = PERSON_CELLS.map((cell) => [cell, read(options.spreadsheet, cell)]);
  return { status: 200, body: Object.fromEntries(cells) };
}

/**
 * PUT /api/cells: typed in as a person would (read as Sheets' cell editor reads typing, then the onEdit trigger runs);
 * all checked first.
 */
async function typePersonCells(options: AppOptions, body: string): Promise<JsonAnswer> {
  const parsed = parseJson(body);
  const cells = parsed.value as Record<string, unknown> | undefined;
  if (parsed.error || typeof cells !== 'object' || cells === null)
    return { status: 400, body: { error: { message: `Expected { "${PAGE_CELLS.plan}": "text" }` } } };
  for (const [cell, text] of Object.entries(cells)) {
    if (!PERSON_CELLS.includes(cell) || typeof text !== 'string') {
      return {
        status: 400,
        body: { error: { message: `Only ${PERSON_CELLS.join(', ')} can be edited here, as text` } },
      };
    }
    if (text.length > MAX_CELL_CHARACTERS) {
      const message = `${cell} holds at most ${MAX_CELL_CHARACTERS} characters; this text has ${text.length}`;
      return { status: 400, body: { error: { message } } };
    }
  }
  for (const [cell, text] of Object.entries(cells))
    await options.pool.editCellAsPerson(options.spreadsheet, options.distDir, cell, text as string);
  options.persist?.();
  return { status: 200, body: { ok: true } };
}

async function answerPersonCells(options: AppOptions, request: RouteRequest): Promise<JsonAnswer | null> {
  if (request.url.pathname !== '/api/cells') return null;
  if (request.method === 'GET') return readPersonCells(options, request.url);
  if (request.method === 'PUT') return typePersonCells(options, request.body);
  return null;
}

/** The routes only this server's own pages may call (/gas/run, /api/…): refused without the pages' secret. */
async function answerPageCalls(options: AppOptions, request: RouteRequest): Promise<JsonAnswer | null> {
  const { pathname } = request.url;
  if (pathname !== '/gas/run' && !pathname.startsWith('/api/')) return null;
  const refusal = missingSecret(request.incoming, options.secret);
  if (refusal) return refusalAnswer(refusal);
  return (await answerGasRun(options, request)) ?? (await answerPersonCells(options, request));
}

function notFound(request: RouteRequest): JsonAnswer {
  const message = `Nothing at ${request.method} ${request.url.pathname}`;
  return { status: 404, body: { error: { code: 404, message, status: 'NOT_FOUND' } } };
}

/** What a route threw, as Google would answer it: too large (413), too many executions (429), or 500. */
function errorAnswer(error: unknown): JsonAnswer {
  if (error instanceof BodyTooLarge) {
    const message =
      'The request body is larger than the emulator accepts: at most ' +
      `${MAX_BODY_BYTES.toLocaleString('en-US')} bytes (5 MB). Nothing ran.`;
    return {
      status: 413,
      body: { error: { code: 413, message, status: 'PAYLOAD_TOO_LARGE' } },
      headers: { connection: 'close' },
    };
  }
  if (error instanceof ExecutionRefused) {
    return { status: 429, body: { error: { code: 429, message: error.message, status: 'RESOURCE_EXHAUSTED' } } };
  }
  return { status: 500, body: { error: { code: 500, message: (error as Error).message, status: 'INTERNAL' } } };
}

function sendPage(response: ServerResponse, page: TextAnswer): void {
  response.writeHead(page.status, { ...PAGE_HEADERS, 'content-type': page.contentType });
  response.end(page.text);
}

/** Tries the routes in order: the Apps Script API, the web app, the pages' calls, the pages; else 404. */
async function route(options: AppOptions, request: RouteRequest, response: ServerResponse): Promise<void> {
  const scriptsRun = await answerScriptsRun(options, request);
  if (scriptsRun) return sendJson(response, scriptsRun);
  const { incoming, method, url, body } = request;
  const contentType = incoming.headers['content-type'];
  const webApp = await options.webApp?.answer({ method, url, body, contentType });
  if (webApp) return sendWebApp(response, webApp);
  const pageCall = await answerPageCalls(options, request);
  if (pageCall) return sendJson(response, pageCall);
  const extra = await options.routes?.(incoming, url, body);
  if (extra) return 'contentType' in extra ? sendPage(response, extra) : sendJson(response, extra);
  return sendJson(response, notFound(request));
}

export function createApp(options: AppOptions): Handler {
  return async (incoming, response) => {
    const refusal = foreignRequest(incoming);
    if (refusal) {
      incoming.resume();
      return sendJson(response, refusalAnswer(refusal));
    }
    try {
      const method = incoming.method ?? 'GET';
      const url = new URL(incoming.url ?? '/', 'http://localhost');
      const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? '' : await readBody(incoming);
      await route(options, { incoming, method, url, body }, response);
    } catch (error) {
      return sendJson(response, errorAnswer(error));
    }
  };
}

/** Listens on 127.0.0.1 only: the emulator is for this machine. */
export async function listen(
  handler: ReturnType<typeof createApp>,
  port: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${address.port}` };
}
