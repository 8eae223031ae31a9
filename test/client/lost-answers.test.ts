/**
 * Google may answer 5xx after the script ran. Between PlanClient and the local emulator, a proxy forwards each
 * scripts.run request, lets the script run, throws its answer away and answers 503 instead; PlanClient retries with
 * the same request id, and the script answers with the first answer: the change is made once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlanClient } from '../../src/node/client';
import { answerMessage } from '../../src/node/mcp/server';
import { TOOLS } from '../../src/node/mcp/tools';
import { decideInSidebar, startLocalEmulator, type LocalEmulator } from './local-emulator';

interface DroppingProxy {
  url: string;
  /** The scripts.run requests it forwarded, in order. */
  forwarded: Array<{ function: string; parameters: unknown[] }>;
  close(): Promise<void>;
}

/** Forwards every request to `target`; the first `drops` answers are thrown away after the script ran (503). */
async function droppingProxy(target: string, drops: number): Promise<DroppingProxy> {
  const forwarded: DroppingProxy['forwarded'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      forwarded.push(JSON.parse(body));
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method,
        headers: { 'content-type': 'application/json', authorization: request.headers.authorization ?? '' },
        body,
      });
      const text = await answer.text(); // the script has run
      if (forwarded.length <= drops) {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 503, message: 'Internal error.', status: 'UNAVAILABLE' } }));
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let emulator: LocalEmulator;
let proxy: DroppingProxy | undefined;
/** Straight to the emulator, to look at the plan. */
let direct: PlanClient;

beforeEach(async () => {
  emulator = await startLocalEmulator();
  direct = emulator.client();
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await emulator.close();
});

/** A client whose first `drops` answers are lost after the script ran. */
async function losingClient(drops: number): Promise<PlanClient> {
  proxy = await droppingProxy(emulator.url, drops);
  return emulator.client({ rootUrl: proxy.url, retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 } });
}

function requestIds(): unknown[] {
  return proxy!.forwarded.map((request) => request.parameters.at(-1));
}

describe('an answer lost after the script ran', () => {
  test('advanceTask is retried and advances once: 3.1 done, 3.2 started, 3.3 still blocked', async () => {
    // The example plan: 3.1 is in progress, 3.2 todo, 3.3 blocked, 4.1 todo.
    const client = await losingClient(2);
    await expect(client.advanceTask('3.1')).resolves.toMatchObject({ step: '3.2', status: 'doing', revision: 2 });
    expect(proxy!.forwarded).toHaveLength(3);
    expect(new Set(requestIds().map((options) => JSON.stringify(options))).size).toBe(1);
    const plan = await direct.getPlan();
    expect(plan).toMatchObject({ revision: 2, progress: { done: 6, doing: 1, todo: 3 } });
    expect(plan!.raw).toContain('- [/] 3.2 ');
    expect(plan!.raw).toContain('- [ ] 4.1 ');
  });

  test('createPlan is retried and writes one plan and one version in the history', async () => {
    // A new plan would take the example's review item away from the person: they decide it first (revision 2).
    await decideInSidebar(emulator.url, 'approve', '2.3', 'threshold is right');
    const client = await losingClient(1);
    const created = await client.createPlan('Quarter close', 'Close the quarter', [
      { name: 'Close', steps: ['Post Journal!A2:F90 (entries)', 'Check Trial!B2:B40 (balances)'] },
    ]);
    expect(created).toMatchObject({ title: 'Quarter close', revision: 3, changedBy: 'api' });
    expect(proxy!.forwarded).toHaveLength(2);
    await expect(direct.getPlan()).resolves.toEqual({
      ...created,
      attention: { waitingForPerson: [], decidedSinceYourLastChange: [] },
    });
    const history = await direct.getHistory();
    expect(history.map((entry) => [entry.revision, entry.title])).toEqual([[2, 'Monthly Inventory Reconciliation']]);
  });

  test('applyCommands is retried and applies its batch once', async () => {
    const client = await losingClient(1);
    const tasks = await client.applyCommands([
      { action: 'complete', step: '3.1' },
      { action: 'start', step: '3.2' },
      { action: 'note', step: '3.2', text: 'totals from the January export' },
    ]);
    expect(tasks.map((task) => [task.step, task.status, task.revision])).toEqual([
      ['3.1', 'done', 2],
      ['3.2', 'doing', 2],
      ['3.2', 'doing', 2],
    ]);
    expect(proxy!.forwarded).toHaveLength(2);
    await expect(direct.getProgress()).resolves.toMatchObject({ revision: 2, done: 6, doing: 1 });
  });

  test('reads are retried as before, with no request id', async () => {
    const client = await losingClient(1);
    await expect(client.getNextTask()).resolves.toMatchObject({ step: '3.2' });
    expect(proxy!.forwarded.map((request) => request.parameters)).toEqual([[], []]);
  });
});

test('an MCP tool, which calls through PlanClient, sends a request id it does not show', async () => {
  const client = await losingClient(1);
  const tool = TOOLS.find((candidate) => candidate.name === 'start_task')!;
  expect(Object.keys(tool.input)).toEqual(['step']);
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: { step: '3.2' } } };
  const answer = JSON.parse(await answerMessage(client, JSON.stringify(call)));
  expect(answer.result.structuredContent).toMatchObject({ status: 'doing', revision: 2 });
  expect(requestIds()).toEqual([
    { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
  ]);
  expect(requestIds()[0]).toEqual(requestIds()[1]);
});
