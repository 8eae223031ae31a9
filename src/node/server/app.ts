/**
 * The local stand-in for a Google Sheets window. Every call runs the real dist/Code.js on the
 * emulated spreadsheet, in a fresh execution, like Apps Script does:
 *  - POST /gas/run                  google.script.run from the sidebar (a UI execution)
 *  - POST /v1/scripts/{id}:run      the Apps Script API (an API execution, no UI)
 *  - GET  /api/cells, PUT /api/cells  the AGENT_BASE cells, read and typed into as a person would
 * The page itself (GET /) is served from ./page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatedSpreadsheet } from '../emulator';
import { editCellAsPerson, runFunction } from '../emulator';
import { handleScriptsRun, type HttpAnswer } from './scripts-run';

export interface AppOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  /** Called after anything may have changed the spreadsheet. */
  persist?: () => void;
  /** Extra routes (the page, its assets). Return null to fall through. */
  routes?: (
    request: IncomingMessage,
    url: URL,
    body: string,
  ) => HttpAnswer | { status: number; contentType: string; text: string } | null;
}

const SCRIPTS_RUN_PATH = /^\/v1\/scripts\/([^/:]+):run$/;
const MAX_BODY = 5 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('Request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function parseJson(text: string): { value?: unknown; error?: string } {
  try {
    return { value: text ? JSON.parse(text) : undefined };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The cells a person sees and types into. */
const PERSON_CELLS = ['AGENT_BASE!C1', 'AGENT_BASE!C2', 'AGENT_BASE!D2'];

export function createApp(options: AppOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { spreadsheet, distDir } = options;
  const persist = options.persist ?? (() => undefined);

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await readBody(request);
      const scriptsRun = SCRIPTS_RUN_PATH.exec(url.pathname);
      if (scriptsRun && request.method === 'POST') {
        const parsed = parseJson(body);
        if (parsed.error)
          return sendJson(response, 400, {
            error: { code: 400, message: `Invalid JSON payload received. ${parsed.error}`, status: 'INVALID_ARGUMENT' },
          });
        const answer = handleScriptsRun(parsed.value, {
          spreadsheet,
          distDir,
          authorization: request.headers.authorization,
        });
        persist();
        return sendJson(response, answer.status, answer.body);
      }
      if (url.pathname === '/gas/run' && request.method === 'POST') {
        const parsed = parseJson(body);
        const call = parsed.value as { functionName?: unknown; args?: unknown } | undefined;
        if (parsed.error || typeof call?.functionName !== 'string' || !Array.isArray(call.args ?? [])) {
          return sendJson(response, 400, { error: { message: 'Expected { functionName, args }' } });
        }
        const outcome = runFunction(spreadsheet, distDir, call.functionName, (call.args as unknown[]) ?? [], {
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
          return sendJson(response, 400, { error: { message: 'Expected { "AGENT_BASE!C2": "text" }' } });
        for (const [cell, text] of Object.entries(cells)) {
          if (!PERSON_CELLS.includes(cell) || typeof text !== 'string') {
            return sendJson(response, 400, {
              error: { message: `Only ${PERSON_CELLS.join(', ')} can be edited here, as text` },
            });
          }
        }
        // As typed in the Sheets UI: stored as text, then the onEdit trigger runs.
        for (const [cell, text] of Object.entries(cells)) editCellAsPerson(spreadsheet, distDir, cell, text as string);
        persist();
        return sendJson(response, 200, { ok: true });
      }
      const extra = options.routes?.(request, url, body);
      if (extra) {
        if ('contentType' in extra) {
          response.writeHead(extra.status, { 'content-type': extra.contentType, 'cache-control': 'no-store' });
          return void response.end(extra.text);
        }
        return sendJson(response, extra.status, extra.body);
      }
      return sendJson(response, 404, {
        error: { code: 404, message: `Nothing at ${request.method} ${url.pathname}`, status: 'NOT_FOUND' },
      });
    } catch (error) {
      return sendJson(response, 500, { error: { code: 500, message: (error as Error).message, status: 'INTERNAL' } });
    }
  };
}

export async function listen(
  handler: ReturnType<typeof createApp>,
  port: number,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}` };
}
