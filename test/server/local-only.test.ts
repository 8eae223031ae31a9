/**
 * The local server answers only its own pages and tools on this machine: raw HTTP requests as a
 * hostile web page's browser (or a DNS-rebinding page) would send them are refused before anything
 * runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { PLAN_CELL_REFERENCE } from '../../src/apps-script/plan-location';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { startServer } from '../../src/node/server/main';
import { secretFromPage } from '../../src/node/server/page-parts/script-run-shim';

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let folder: string;
let port: number;
/** Executions the server ran while starting (it opens its web app once), before any test's request. */
let atStart: number;

beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-local-only-'));
  server = await startServer({
    settings: { approvalRequired: false }, // not about approval (a new sheet has it on)
    port: 0,
    stateFile: path.join(folder, 'spreadsheet.json'),
    distDir: path.resolve(__dirname, '../../dist'),
  });
  port = Number(new URL(server.url).port);
  atStart = server.pool.statistics().executions;
});

afterEach(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request exactly as given (Host included), on a fresh connection. */
function raw(
  method: string,
  requestPath: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path: requestPath, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const plan = () => String(server.spreadsheet.cell(PLAN_CELL_REFERENCE));
const executions = () => server.pool.statistics().executions - atStart;
const errorMessage = (answer: RawAnswer) => (JSON.parse(answer.body) as { error: { message: string } }).error.message;
const CREATE_PLAN = JSON.stringify({
  functionName: 'createPlan',
  args: ['Evil', 'Take over', [{ name: 'P', tasks: ['x'] }]],
});

test('a cross-origin text/plain POST to /gas/run is refused and runs nothing, even with the secret', async () => {
  const before = plan();
  const answer = await raw(
    'POST',
    '/gas/run',
    { origin: 'https://evil.example', 'content-type': 'text/plain', [SECRET_HEADER]: server.secret },
    CREATE_PLAN,
  );
  expect(answer.status).toBe(403);
  expect(errorMessage(answer)).toBe(
    `Requests from https://evil.example are refused: only the emulator's own pages (http://127.0.0.1:${port}) may ` +
      'call it',
  );
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  expect(plan()).toBe(before);
  expect(executions()).toBe(0);
});

test("/gas/run without this start's secret is refused and runs nothing", async () => {
  const before = plan();
  for (const secret of [undefined, 'a-secret-from-another-start', `${server.secret}x`]) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers[SECRET_HEADER] = secret;
    const answer = await raw('POST', '/gas/run', headers, CREATE_PLAN);
    expect(answer.status).toBe(403);
    expect(errorMessage(answer)).toBe(
      `This call needs the ${SECRET_HEADER} header that the emulator's pages carry (it changes at every start); open ` +
        `the sheet at http://127.0.0.1:${port}/ and use it from there`,
    );
  }
  expect(plan()).toBe(before);
  expect(executions()).toBe(0);
});

test("the sidebar page carries the secret, and a call with it runs, from the page's own origin too", async () => {
  const page = await raw('GET', '/sidebar');
  const secret = secretFromPage(page.body);
  expect(secret).toBe(server.secret);
  const sheetWindow = await raw('GET', '/');
  expect(sheetWindow.body).toContain(JSON.stringify({ [SECRET_HEADER]: server.secret }));
  for (const origin of [undefined, `http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
    const headers: Record<string, string> = { [SECRET_HEADER]: secret!, 'sec-fetch-site': 'same-origin' };
    if (origin) headers.origin = origin;
    const answer = await raw('POST', '/gas/run', headers, JSON.stringify({ functionName: 'getNextTask', args: [] }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ result: { step: '3.2' } });
  }
});

test("only Host 127.0.0.1, localhost and [::1] with the server's port is answered (DNS rebinding)", async () => {
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
    expect((await raw('GET', '/', { host })).status).toBe(200);
  }
  for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `127.0.0.1.evil.example:${port}`]) {
    const answer = await raw('POST', '/gas/run', { host, [SECRET_HEADER]: server.secret }, CREATE_PLAN);
    expect(answer.status).toBe(403);
    expect(errorMessage(answer)).toBe(
      `Host "${host}" is not this server; it answers only to 127.0.0.1:${port}, localhost:${port}, [::1]:${port} ` +
        `(open http://127.0.0.1:${port}/)`,
    );
  }
  expect(executions()).toBe(0);
});

test('a request without a Host header is refused', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end('GET / HTTP/1.0\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 403 /);
});

test('a cross-site page can neither open the sidebar (no person token is minted) nor read the cells', async () => {
  const userCaches = () => [...server.spreadsheet.caches.users()].map(([, cache]) => cache.size);
  const cachesBefore = userCaches();
  for (const site of ['cross-site', 'same-site']) {
    const answer = await raw('GET', '/sidebar', { 'sec-fetch-site': site });
    expect(answer.status).toBe(403);
    expect(errorMessage(answer)).toBe(`A ${site} request is refused: only the emulator's own pages may call it`);
  }
  expect(userCaches()).toEqual(cachesBefore);
  expect((await raw('GET', '/api/cells', { origin: 'https://evil.example' })).status).toBe(403);
  expect((await raw('GET', '/api/cells')).status).toBe(403);
  expect((await raw('GET', '/api/cells', { [SECRET_HEADER]: server.secret })).status).toBe(200);
  // Typed into the address bar: Sec-Fetch-Site is "none".
  expect((await raw('GET', '/sidebar', { 'sec-fetch-site': 'none' })).status).toBe(200);
});

test("a person's cell edit needs the secret; without it the cell keeps its text", async () => {
  const before = plan();
  const edit = JSON.stringify({ [PLAN_CELL_REFERENCE]: '# Plan: Evil\n' });
  expect((await raw('PUT', '/api/cells', { 'content-type': 'application/json' }, edit)).status).toBe(403);
  expect(plan()).toBe(before);
  expect((await raw('PUT', '/api/cells', { [SECRET_HEADER]: server.secret }, edit)).status).toBe(200);
  expect(plan()).toBe('# Plan: Evil\n');
});

test('scripts.run from another origin is refused, with or without credentials', async () => {
  const call = JSON.stringify({ function: 'createPlan', parameters: ['Evil', 'x', [{ name: 'P', tasks: ['x'] }]] });
  const answer = await raw(
    'POST',
    '/v1/scripts/local:run',
    { origin: 'https://evil.example', authorization: 'Bearer stolen', 'content-type': 'text/plain' },
    call,
  );
  expect(answer.status).toBe(403);
  expect(executions()).toBe(0);
  // A local tool (no Origin) with a token is the Apps Script API's ordinary caller.
  const local = await raw(
    'POST',
    '/v1/scripts/local:run',
    { authorization: 'Bearer agent' },
    JSON.stringify({ function: 'getNextTask' }),
  );
  expect(JSON.parse(local.body)).toMatchObject({ done: true, response: { result: { step: '3.2' } } });
});

test('its pages may be framed only by its own pages', async () => {
  for (const page of ['/', '/sidebar']) {
    const answer = await raw('GET', page);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  }
});

test('a 50 MB body gets 413 with the limit, not a reset connection, and runs nothing', async () => {
  const body = Buffer.alloc(50 * 1024 * 1024, ' ');
  const expected = 'The request body is larger than the emulator accepts: at most 5,242,880 bytes (5 MB). Nothing ran.';
  const declared = await raw('POST', '/gas/run', { [SECRET_HEADER]: server.secret }, body);
  expect(declared.status).toBe(413);
  expect(errorMessage(declared)).toBe(expected);
  // Sent in chunks without a length: the limit is found while reading.
  const streamed = await new Promise<RawAnswer>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/scripts/local:run',
        headers: { authorization: 'Bearer a' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    for (let offset = 0; offset < body.length; offset += 1024 * 1024)
      request.write(body.subarray(offset, offset + 1024 * 1024));
    request.end();
  });
  expect(streamed.status).toBe(413);
  expect(errorMessage(streamed)).toBe(expected);
  expect(executions()).toBe(0);
});

test('the server listens on 127.0.0.1 only', async () => {
  expect(server.url).toBe(`http://127.0.0.1:${port}`);
  expect(server.server.address()).toMatchObject({ address: '127.0.0.1', port });
  const otherAddresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
  for (const address of otherAddresses) {
    await expect(
      new Promise((resolve, reject) => {
        const socket = connect(port, address, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code)));
      }),
    ).rejects.toThrow('ECONNREFUSED');
  }
});
