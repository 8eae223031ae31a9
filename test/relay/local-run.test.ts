/**
 * `npm run relay -- --port P --to <web app URL>` as a person runs it beside `npm start`: the built command
 * (build/relay.js) starts the relay in workerd and prints one line, the relay MCP URL, which then answers MCP with the
 * agent's key as the bearer. A URL with its key, or no --to, is refused with what to give instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startLocalEmulator, type LocalEmulator } from '../client/local-emulator';

const RELAY = path.resolve(__dirname, '../../build/relay.js');

let emulator: LocalEmulator;
const running: ChildProcess[] = [];
beforeAll(async () => {
  emulator = await startLocalEmulator();
});
afterAll(async () => {
  for (const child of running) child.kill();
  await emulator?.close();
});

/** Runs the command; resolves with stdout and stderr once it exits or its stdout has a whole line. */
function relay(args: string[]) {
  const child = spawn(process.execPath, [RELAY, ...args]);
  running.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve({ code: null, stdout, stderr });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('prints exactly one line, the relay MCP URL, which answers MCP with the key as the bearer', async () => {
  const webApp = `${emulator.url}/macros/s/local/exec`;
  const { stdout, stderr } = await relay(['--port', '0', '--to', webApp]);
  expect(stdout).toMatch(/^Relay MCP URL: http:\/\/127\.0\.0\.1:\d+\/macros\/s\/local\/mcp\n$/);
  expect(stderr).toBe('');
  const key = new URL(await connectAgentAsPerson(emulator.url, 'Local relay agent')).searchParams.get('key');
  const answer = await fetch(stdout.slice('Relay MCP URL: '.length).trim(), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
});

test.each([
  [['--port', '0'], /Usage: npm run relay -- --port <port> --to <web app URL/],
  [['--to', 'http://127.0.0.1:1/macros/s/local/exec?key=sp-1'], /without its key/],
])('%j is refused with what to give', async (args, message) => {
  const { code, stderr } = await relay(args);
  expect(code).toBe(1);
  expect(stderr).toMatch(message);
});
