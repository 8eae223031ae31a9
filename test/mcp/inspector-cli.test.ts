/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`), a client nobody here wrote, against `npm start`'s web-app URL:
 * through the stdio bridge (`sheet-plan mcp --url`) it lists the tools and walks a task; connected to the web
 * app URL directly, it cannot reach it (docs/agents.md). Pinned to 0.15.0, the newest accepting Node 20.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startLocalEmulator, type LocalEmulator } from '../client/local-emulator';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const INSPECTOR = path.join(ROOT, 'node_modules/@modelcontextprotocol/inspector/package.json');
const CLI = path.join(ROOT, 'build/cli.js');

let emulator: LocalEmulator;
let agentUrl: string;

beforeAll(async () => {
  emulator = await startLocalEmulator();
  agentUrl = await connectAgentAsPerson(emulator.url, 'Inspector');
});
afterAll(async () => {
  await emulator?.close();
});

/** The Inspector's own bin, run with Node: its CLI prints the method's JSON answer on stdout. */
async function inspector(args: string[]): Promise<{ stdout: string; stderr: string; failed: boolean }> {
  const { bin } = JSON.parse(readFileSync(INSPECTOR, 'utf8')) as { bin: Record<string, string> };
  const entry = path.join(path.dirname(INSPECTOR), bin['mcp-inspector'] ?? Object.values(bin)[0]);
  try {
    const { stdout, stderr } = await run(process.execPath, [entry, '--cli', ...args], { timeout: 60_000 });
    return { stdout, stderr, failed: false };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { stdout: failure.stdout ?? '', stderr: failure.stderr ?? '', failed: true };
  }
}

const throughBridge = (...method: string[]) => inspector([process.execPath, CLI, 'mcp', '--url', agentUrl, ...method]);

test('through the stdio bridge, the Inspector lists the tools the descriptor offers', async () => {
  const { stdout, failed } = await throughBridge('--method', 'tools/list');
  expect(failed).toBe(false);
  const names = (JSON.parse(stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(['get_plan', 'get_next_task', 'start_task', 'write_range']));
}, 90_000);

test('through the stdio bridge, the Inspector reads the next task and starts it', async () => {
  const next = await throughBridge('--method', 'tools/call', '--tool-name', 'get_next_task');
  expect(next.failed).toBe(false);
  const step = /"step":\s*"(\d+(?:\.\d+)+)"/.exec(next.stdout)?.[1];
  expect(step).toMatch(/^\d+\.\d+$/);

  // The Inspector (0.15) passes a tool argument as the text after `=`: a step is text ("1.10" is not 1.1).
  const started = await throughBridge(
    '--method',
    'tools/call',
    '--tool-name',
    'start_task',
    '--tool-arg',
    `step=${step}`,
  );
  expect(started.failed).toBe(false);
  expect(JSON.parse(started.stdout)).toMatchObject({ structuredContent: { step, status: 'doing' } });
  expect(started.stdout).not.toMatch(/"isError":\s*true/);
}, 120_000);

test('connected to the web app URL directly, the Inspector 0.15 posts to /mcp instead', async () => {
  // Inspector 0.15 (the newest that runs on Node 20) replaces a URL's path that does not end in /mcp with /mcp.
  const direct = await inspector([agentUrl, '--transport', 'http', '--method', 'tools/list']);
  expect(direct.failed).toBe(true);
  expect(`${direct.stdout}${direct.stderr}`).toMatch(/Nothing at POST \/mcp/);
}, 90_000);
