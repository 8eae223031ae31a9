/**
 * `sheet-plan start` as a person runs it, from any folder: help, a chosen port, and the two ways it
 * cannot start (the port is taken, the spreadsheet file is unreadable) each say what to do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLI = path.resolve(__dirname, '../../build/cli.js');

let folder: string;
const running: ChildProcess[] = [];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-cli-'));
});
afterEach(async () => {
  await stopAll();
  rmSync(folder, { recursive: true, force: true });
});

/** Stops the servers started so far and waits until they have exited: none outlives its test or holds its port. */
async function stopAll(): Promise<void> {
  const stopping = running.splice(0).map((child) => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill();
    return exited;
  });
  await Promise.all(stopping);
}

/** Runs the command in a folder that is not the project; resolves with its output when it exits or prints `until`. */
function sheetPlan(args: string[], env: Record<string, string> = {}, until?: RegExp) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: folder,
    env: { ...process.env, PORT: '', SHEET_PLAN_STATE: '', ...env },
  });
  running.push(child);
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) resolve({ code: null, output });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

test('start --help says what start does and takes, and exits', async () => {
  const { code, output } = await sheetPlan(['start', '--help']);
  expect(code).toBe(0);
  expect(output).toContain('Usage: sheet-plan start [--port N]');
  expect(output).toContain('--port N');
});

test('start --port serves the package’s sidebar on that port, with its state in the current folder', async () => {
  const { port, server } = await occupiedPort();
  server.close(); // a port known to be free a moment ago
  const { output } = await sheetPlan(['start', '--port', String(port)], {}, /Apps Script API/);
  expect(output).toContain(`Sheet Plan local emulator: http://127.0.0.1:${port}`);
  expect(output).toContain(path.join(folder, '.local', 'spreadsheet.json'));
  const sidebar = await fetch(`http://127.0.0.1:${port}/sidebar`);
  expect(sidebar.status).toBe(200);
  // Read to the end: an unread body keeps fetch's connection open (and jest's worker alive) until it is collected.
  expect(await sidebar.text()).toContain('<html');
});

test('start prints a ready URL for a local agent, and Claude Code lines; a restart revokes the old key', async () => {
  const url = /http:\/\/127\.0\.0\.1:\d+\/macros\/s\/local\/exec\?key=sp-[0-9a-f]{64}/;
  const first = await sheetPlan(['start', '--port', '0'], {}, /--header 'Authorization: Bearer .*\n/);
  const agentUrl = url.exec(first.output)![0];
  // stdio: this CLI by its absolute path, run with Node; HTTP: the local relay's URL with the key as a Bearer header.
  expect(first.output).toContain(`claude mcp add sheet-plan -- node '${CLI}' mcp --url '${agentUrl}'`);
  const key = new URL(agentUrl).searchParams.get('key');
  const relay = 'http://127.0.0.1:8787/macros/s/local/mcp';
  expect(first.output).toContain(
    `claude mcp add --transport http sheet-plan '${relay}' --header 'Authorization: Bearer ${key}'`,
  );
  expect(first.output).not.toMatch(/npx/);
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  await expect((await fetch(agentUrl, { method: 'POST', body: ping })).json()).resolves.toEqual({
    jsonrpc: '2.0',
    id: 1,
    result: {},
  });
  await stopAll();

  const second = await sheetPlan(['start', '--port', '0'], {}, /--header 'Authorization: Bearer .*\n/);
  const newUrl = url.exec(second.output)![0];
  const oldKeyThere = new URL(newUrl);
  oldKeyThere.search = new URL(agentUrl).search;
  const refused = await (await fetch(oldKeyThere, { method: 'POST', body: ping })).json();
  expect(refused.error.code).toBe(-32001);
  await expect((await fetch(newUrl, { method: 'POST', body: ping })).json()).resolves.toMatchObject({ result: {} });
});

test('a port in use is named, with how to choose another', async () => {
  const { port, server } = await occupiedPort();
  try {
    const { code, output } = await sheetPlan(['start', '--port', String(port)]);
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} is in use`);
    expect(output).toContain('Choose another with --port N');
  } finally {
    server.close();
  }
});

test('a corrupt spreadsheet file is named, with what to do', async () => {
  const state = path.join(folder, 'spreadsheet.json');
  writeFileSync(state, '{"format": "sheet-plan/emulated-spreadsheet@1", "sheets": [');
  const { code, output } = await sheetPlan(['start', '--port', '0'], { SHEET_PLAN_STATE: state });
  expect(code).toBe(1);
  expect(output).toContain(`${state} is not a spreadsheet file the emulator can read`);
  expect(output).toContain('Move it aside (or delete it) to start again from the example plan');
});

test('a port that is not a number is refused before anything starts', async () => {
  const { code, output } = await sheetPlan(['start', '--port', '80a']);
  expect(code).toBe(1);
  expect(output).toContain('--port must be a port number from 0 to 65535 (got "80a")');
});

test.each([
  [['mcp', '--url', 'http://127.0.0.1:1/macros/s/local/exec'], /--url has no \?key=…: use the whole URL/],
  [['mcp', '--url', 'not a url'], /--url must be the web app's URL, like https:\/\/script\.google\.com/],
  [['mcp', '--url', 'http://127.0.0.1:1/exec?key=k', '--script-id', 'x'], /--url goes alone/],
])('mcp %j is refused before it serves anything, saying why', async (args, says) => {
  const { code, output } = await sheetPlan(args);
  expect(code).toBe(1);
  expect(output).toMatch(says);
});
