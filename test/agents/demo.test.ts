/**
 * The demo (`npm run demo`): a scripted agent works through the spec's example plan and waits for
 * a person's review in the sidebar. Here the person is played through the sidebar's own calls.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runDemoAgent } from '../../src/node/demo/agent';
import { decideInSidebar, startLocalEmulator, type LocalEmulator } from '../client/local-emulator';

const CLI = path.resolve(__dirname, '../../build/cli.js');

async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the demo', () => {
  let emulator: LocalEmulator;
  beforeEach(async () => {
    emulator = await startLocalEmulator();
  });
  afterEach(async () => {
    await emulator.close();
  });

  test(
    'the agent waits for the review; changes requested get the task reworked; after approval it runs to the ' + 'end',
    async () => {
      const client = emulator.client();
      const lines: string[] = [];
      const demo = runDemoAgent({
        client,
        log: (line) => lines.push(line),
        pauseMs: 0,
        pollMs: 20,
        reviewTimeoutMs: 20_000,
      });

      const inReview = () => client.getReviewTasks().then((tasks) => tasks.find((task) => task.step === '2.3'));
      const first = await waitFor(inReview, 'the first review request');
      expect(first.reviewNote).toBe('please verify 5% threshold is correct');
      await decideInSidebar(emulator.url, 'requestChanges', '2.3', 'use 3% for perishables');

      const second = await waitFor(inReview, 'the second review request');
      expect(second.reviewNote).toBe('reworked after "use 3% for perishables"; please check again');
      await decideInSidebar(emulator.url, 'approve', '2.3', 'thresholds OK');

      const result = await demo;
      expect(result.completed).toEqual([
        '1.1',
        '1.2',
        '1.3',
        '2.1',
        '2.2',
        '2.3',
        '3.1',
        '3.2',
        '3.3',
        '4.1',
        '4.2',
        '4.3',
      ]);
      expect(result.reviews).toEqual([
        { step: '2.3', decision: 'changes requested: use 3% for perishables' },
        { step: '2.3', decision: 'approved: thresholds OK' },
      ]);
      expect(result.progress).toMatchObject({ total: 12, done: 12, percent: 100 });
      expect(lines).toContain('  ⛔ blockTask(3.3, "Dashboard!A1:D10 is protected; waiting for edit access")');
      expect(lines.at(-1)).toBe('🏁 Finished: 12/12 done (100%)');

      const plan = (await client.getPlan())!;
      expect(plan.notes).toMatch(/review of 2\.3 \(.*\) changes requested: use 3% for perishables/);
      expect(plan.notes).toMatch(/review of 2\.3 \(.*\) approved: thresholds OK/);
      expect(plan.analysisDetails?.keySheets).toEqual(['Warehouse', 'Sales', 'Products', 'Discrepancies', 'Summary']);
    },
  );

  test(
    '`sheet-plan demo --fast` starts its own emulator, waits for the sidebar approval, and runs to ' + 'completion',
    async () => {
      const child = spawn(process.execPath, [CLI, 'demo', '--fast', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const url = await waitFor(async () => /open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1], "the demo's URL");
        await waitFor(async () => output.includes('waiting for a person to review 2.3'), 'the review request');
        await decideInSidebar(url, 'approve', '2.3', 'looks right');
        expect(await exited).toBe(0);
      } finally {
        child.kill();
      }
      expect(output).toContain('✅ approved: looks right');
      expect(output).toContain('🏁 Finished: 12/12 done (100%)');
    },
  );
});
