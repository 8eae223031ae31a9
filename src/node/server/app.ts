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
import { ExecutionRefused, type EmulatedSpreadsheet, type ExecutionPool } from '../emulator';
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

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function sendRefusal(response: ServerResponse, refusal: Refusal): void {
  sendJson(response, refusal.status, {
    error: { code: refusal.status, message: refusal.message, status: 'PERMISSION_DENIED' },
  });
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

function sendWebApp(response: ServerResponse, answer: WebAppResponse): void {
  if (answer.status === 302) {
    response.writeHead(302, { location: answer.location, 'cache-control': 'no-store' });
    return void response.end();
  }
  response.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
  response.end(answer.text);
}

function tooManyExecutions(response: ServerResponse, error: ExecutionRefused): void {
  sendJson(response, 429, { error: { code: 429, message: error.message, status: 'RESOURCE_EXHAUSTED' } });
}

export function createApp(options: AppOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { spreadsheet, distDir, pool, secret } = options;
  const persist = options.persist ?? (() => undefined);

  async function route(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await readBody(request);
    const scriptsRun = SCRIPTS_RUN_PATH.exec(url.pathname);
    if (scriptsRun && request.method === 'POST') {
      const parsed = parseJson(body);
      if (parsed.error)
        return sendJson(response, 400, {
          error: { code: 400, message: `Invalid JSON payload received. ${parsed.error}`, status: 'INVALID_ARGUMENT' },
        });
      const answer = await handleScriptsRun(parsed.value, {
        spreadsheet,
        distDir,
        pool,
        authorization: request.headers.authorization,
      });
      persist();
      return sendJson(response, answer.status, answer.body);
    }
    const webApp = await options.webApp?.answer({
      method: request.method ?? 'GET',
      url,
      origin: `http://${request.headers.host}`,
      body,
      contentType: request.headers['content-type'],
    });
    if (webApp) return sendWebApp(response, webApp);
    if (url.pathname === '/gas/run' || url.pathname.startsWith('/api/')) {
      const refusal = missingSecret(request, secret);
      if (refusal) return sendRefusal(response, refusal);
    }
    if (url.pathname === '/gas/run' && request.method === 'POST') {
      const parsed = parseJson(body);
      const call = parsed.value as { functionName?: unknown; args?: unknown } | undefined;
      if (parsed.error || typeof call?.functionName !== 'string' || !Array.isArray(call.args ?? [])) {
        return sendJson(response, 400, { error: { message: 'Expected { functionName, args }' } });
      }
      const outcome = await pool.run(spreadsheet, distDir, call.functionName, (call.args as unknown[]) ?? [], {
        context: 'ui',
      });
      persist();
      return sendJson(response, 200, outcome);
    }
    if (url.pathname === '/api/cells' && request.method === 'GET') {
      return sendJson(
        response,
        200,
        Object.fromEntries(PERSON_CELLS.map((cell) => [cell, String(spreadsheet.cell(cell) ?? '')])),
      );
    }
    if (url.pathname === '/api/cells' && request.method === 'PUT') {
      const parsed = parseJson(body);
      const cells = parsed.value as Record<string, unknown> | undefined;
      if (parsed.error || typeof cells !== 'object' || cells === null)
        return sendJson(response, 400, { error: { message: `Expected { "${PAGE_CELLS.plan}": "text" }` } });
      for (const [cell, text] of Object.entries(cells)) {
        if (!PERSON_CELLS.includes(cell) || typeof text !== 'string') {
          return sendJson(response, 400, {
            error: { message: `Only ${PERSON_CELLS.join(', ')} can be edited here, as text` },
          });
        }
      }
      // As typed in the Sheets UI: stored as text, then the onEdit trigger runs.
      for (const [cell, text] of Object.entries(cells))
        await pool.editCellAsPerson(spreadsheet, distDir, cell, text as string);
      persist();
      return sendJson(response, 200, { ok: true });
    }
    const extra = await options.routes?.(request, url, body);
    if (extra) {
      if ('contentType' in extra) {
        response.writeHead(extra.status, { ...PAGE_HEADERS, 'content-type': extra.contentType });
        return void response.end(extra.text);
      }
      return sendJson(response, extra.status, extra.body);
    }
    return sendJson(response, 404, {
      error: { code: 404, message: `Nothing at ${request.method} ${url.pathname}`, status: 'NOT_FOUND' },
    });
  }

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const refusal = foreignRequest(request);
    if (refusal) {
      request.resume();
      return sendRefusal(response, refusal);
    }
    try {
      await route(request, response, url);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return sendJson(
          response,
          413,
          {
            error: {
              code: 413,
              message:
                'The request body is larger than the emulator accepts: at most ' +
                `${MAX_BODY_BYTES.toLocaleString('en-US')} bytes (5 MB). Nothing ran.`,
              status: 'PAYLOAD_TOO_LARGE',
            },
          },
          { connection: 'close' },
        );
      }
      if (error instanceof ExecutionRefused) return tooManyExecutions(response, error);
      return sendJson(response, 500, { error: { code: 500, message: (error as Error).message, status: 'INTERNAL' } });
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
