/**
 * The demo (`npm run demo`): a scripted agent lives through a plan's whole life: it drafts, waits for
 * the person's approval, works (with a review), adds a task it discovers, finishes, and the plan lands
 * in the archive. Here the person is played through the sidebar's own calls.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runDemoAgent } from '../../src/node/demo/agent';
import { demoCommand } from '../../src/node/demo/main';
import { McpDemoClient } from '../../src/node/demo/mcp-client';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import {
  approveInSidebar,
  decideInSidebar,
  runInSidebar,
  startLocalEmulator,
  type LocalEmulator,
} from '../client/local-emulator';

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
    // As `sheet-plan demo` starts its own emulator: without a plan, which the agent writes.
    emulator = await startLocalEmulator('no plan');
  });
  afterEach(async () => {
    await emulator.close();
  });

  test.each(['PlanClient (scripts.run)', 'an MCP client of the web app, by URL'])(
    'the agent drafts; the person sends it back, approves; the agent works, adds a task, finishes: %s',
    async (through) => {
      await runInSidebar(emulator.url, 'sidebarSaveSettings', { approvalRequired: true });
      const client = emulator.client();
      const agent = through.startsWith('PlanClient')
        ? client
        : await McpDemoClient.connect(await connectAgentAsPerson(emulator.url, 'Demo agent'));
      const lines: string[] = [];
      const demo = runDemoAgent({
        client: agent,
        log: (line) => lines.push(line),
        pauseMs: 0,
        pollMs: 20,
        reviewTimeoutMs: 20_000,
      });
      // Awaited at the end; should the test fail before, the agent's next call fails when its emulator closes, and
      // that must not be reported as the next test's failure.
      demo.catch(() => undefined);
      const waitingForPlan = (count: number) => async () =>
        lines.filter((line) => line.includes('waiting for a person to approve the plan')).length >= count;

      await waitFor(waitingForPlan(1), 'the draft');
      expect(lines).toContain('  📝 the plan is a draft: the person asked to approve plans before work starts');
      await runInSidebar(emulator.url, 'sidebarRequestPlanChanges', 'also check the returns');
      await waitFor(async () => lines.some((line) => line.startsWith('  ✎ sent back')), 'the re-plan');
      expect((await client.getPlan())!.phases[3].tasks.map((task) => task.title)).toContain(
        'Follow up: also check the returns',
      );
      await approveInSidebar(emulator.url, 'go ahead');

      await waitFor(waitingForPlan(2), 'the discovered task');
      expect(lines).toContain(
        '🔎 discovered work: addTask(4, "Archive the reconciliation to History!A:F (month snapshot)") → 4.5',
      );
      await approveInSidebar(emulator.url);

      const inReview = () => client.getReviewTasks().then((tasks) => tasks.find((task) => task.step === '2.3'));
      const first = await waitFor(inReview, 'the first review request');
      expect(first.reviewNote).toBe('please verify 5% threshold is correct');
      await decideInSidebar(emulator.url, 'requestChanges', '2.3', 'use 3% for perishables');

      const second = await waitFor(inReview, 'the second review request');
      // The agent's new review note takes the place of the person's request, which goes to Notes (docs/format.md).
      expect(second.reviewNote).toBe('reworked after "use 3% for perishables"; please check again');
      expect((await client.getPlan())!.notes).toContain('changes requested: use 3% for perishables');
      await decideInSidebar(emulator.url, 'approve', '2.3', 'thresholds OK');

      // The person undoes the summary the agent wrote for 3.2, from the sidebar.
      const summaryWrite = () =>
        client.getWriteLog().then((entries) => entries.find((entry) => entry.step === '3.2' && !entry.undone));
      const written = await waitFor(summaryWrite, 'the summary write');
      expect(emulator.spreadsheet.cell('Summary!B3')).toBe('Total SKUs');
      await runInSidebar(emulator.url, 'sidebarUndoWrite', written.id);

      const result = await demo;
      // Done means checked: 3.1's variance % went in as text, which its check refused, so the agent wrote numbers;
      // the person's undo left 3.2's summary blank, which its check refused, so the agent wrote it again.
      expect(result.sheet).toEqual({
        writes: { '3.1': 'Discrepancies!A2:G4', '3.2': 'Summary!B3:C6' },
        refusal: expect.stringMatching(/^OUT_OF_SCOPE: Staging!A2:C7 is outside the plan's Write ranges: /),
        undone: 'Summary!B3:C6',
        fixes: [
          {
            step: '3.1',
            refusal: expect.stringContaining(
              'CHECK_FAILED: Task 3.1 cannot be completed: Discrepancies!E2 holds "-12.5%" (numbers); ' +
                'Discrepancies!E3 holds "-8.6%" (numbers); Discrepancies!E4 holds "28.6%" (numbers). ' +
                'Nothing was written',
            ),
            fixed: 'Discrepancies!E2:E4',
          },
          {
            step: '3.2',
            refusal: expect.stringContaining('Summary!C3 holds "" (no blanks); Summary!C4 holds "" (no blanks)'),
            fixed: 'Summary!B3:C6',
          },
        ],
      });
      expect(lines).toContain(
        '  📏 replacePlan: the agent says how its sheet work will be checked when it completes 3.1 "Check: ' +
          'Discrepancies!B2:E100 numbers", 3.2 "Check: Summary!C3:C6 numbers, no blanks"',
      );
      const fixed = lines.findIndex((line) => line.startsWith('  ❌ completing 3.1 refused: CHECK_FAILED'));
      expect(lines.slice(fixed + 1, fixed + 4)).toEqual([
        '  🔧 the agent wrote variance % as text; it writes the numbers instead',
        expect.stringMatching(/^ {2}✍ writeRange\(Discrepancies!E2\): 3 cells into Discrepancies!E2:E4 /),
        '  ✓ 3.1 done',
      ]);
      expect(emulator.spreadsheet.cell('Discrepancies!E2')).toBe(-0.125);
      expect(emulator.spreadsheet.cell('Summary!B3')).toBe('Total SKUs');
      expect(emulator.spreadsheet.cell('Summary!C6')).toBe(50);
      expect(emulator.spreadsheet.cell('Discrepancies!A2')).toBe('WH-1001');
      expect(emulator.spreadsheet.cell('Discrepancies!G2')).toBe('=-5 vs count');
      expect(emulator.spreadsheet.formula('Discrepancies!G2')).toBe('');
      expect(emulator.spreadsheet.cell('Staging!A2')).toBe('');
      expect(lines).toContain('  📖 readRange(Warehouse!A2:F): 6 rows from Warehouse!A2:F7');
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
        '4.4',
        '4.5',
      ]);
      expect(result.planApprovals).toBe(2);
      expect(result.discovered).toBe('4.5');
      expect(result.reviews).toEqual([
        { step: '2.3', decision: 'changes requested: use 3% for perishables' },
        { step: '2.3', decision: 'approved: thresholds OK' },
      ]);
      expect(result.progress).toMatchObject({ total: 14, done: 14, percent: 100 });
      expect(lines).toContain('  ⛔ blockTask(3.3, "Dashboard!A1:D10 is protected; waiting for edit access")');
      expect(lines).toContain('🏁 Finished: 14/14 done (100%)');
      expect(lines.at(-1)).toBe(
        '🗄 finishPlan: "Monthly Inventory Reconciliation" is plan #1 of the archive (1 in all)',
      );

      expect(await client.getPlan()).toBeNull();
      const archived = await client.getArchivedPlan(result.archived!.id);
      expect(archived).toMatchObject({ status: 'done', title: 'Monthly Inventory Reconciliation' });
      expect(archived.notes).toMatch(/plan sent back: also check the returns/);
      expect(archived.notes).toMatch(/review of 2\.3 \(.*\) changes requested: use 3% for perishables/);
      expect(archived.notes).toMatch(/review of 2\.3 \(.*\) approved: thresholds OK/);
      expect(archived.notes).toMatch(/finished: Reconciled 14 steps/);
      expect(archived.raw).toContain(
        '- [x] 3.2 Calculate summary stats for Summary!B3:E15 (total SKUs, flagged count, total variance $, ' +
          'accuracy %) ✅',
      );
      expect(archived.raw).toMatch(/accuracy %\) ✅ \d{4}-\d\d-\d\d\n {2}- Check: Summary!C3:C6 numbers, no blanks\n/);
      expect(archived.analysisDetails?.keySheets).toEqual([
        'Warehouse',
        'Sales',
        'Products',
        'Discrepancies',
        'Summary',
      ]);
      if (agent instanceof McpDemoClient) await agent.close();
    },
  );

  test(
    '`sheet-plan demo --fast` waits for nobody: it starts its own emulator that asks for approval, plays the person ' +
      'through the sidebar (approvals, a review, an undo), says so, and runs to the archive',
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
      // Nobody acts here: the demo must finish on its own. One waiting for a person is stopped, and its output shown.
      const stop = setTimeout(() => child.kill(), 25_000);
      const exited = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      clearTimeout(stop);
      expect({ exited, output }).toEqual({ exited: 0, output: expect.any(String) });
      const played = output.split('\n').filter((line) => line.includes('🙋 --fast: the demo'));
      expect(played).toEqual([
        '  🙋 --fast: the demo approves the plan as the person (sidebar call, no agent function)',
        '  🙋 --fast: the demo approves the plan as the person (sidebar call, no agent function)',
        '  🙋 --fast: the demo approves 2.3 as the person (sidebar call, no agent function)',
        expect.stringMatching(
          /^ {2}🙋 --fast: the demo undoes write w\w+ as the person \(sidebar call, no agent function\)$/,
        ),
      ]);
      expect(output).toContain('--fast: nobody needs to open the sidebar; the demo approves and undoes as the person.');
      expect(output).toMatch(
        /The agent is an MCP client of the sheet's web app: http:\/\/127\.0\.0\.1:\d+\/macros\/s\/local\/exec\?key=…/,
      );
      expect(output).not.toMatch(/and approve it in the sidebar|and press Undo/);
      expect(output).toContain('✅ approved: looks right');
      expect(output).toContain('🚫 writeRange(Staging!A2) refused: OUT_OF_SCOPE');
      expect(output).toContain('↶ the person undid the write to Summary!B3:C6');
      expect(output).toContain(
        '❌ completing 3.1 refused: CHECK_FAILED: Task 3.1 cannot be completed: ' +
          'Discrepancies!E2 holds "-12.5%" (numbers)',
      );
      expect(output).toContain(
        '❌ completing 3.2 refused: CHECK_FAILED: Task 3.2 cannot be completed: Summary!C3 holds "" (no blanks)',
      );
      expect(output).toMatch(
        /the agent writes it again\n {2}✍ writeRange\(Summary!B3\): 8 cells into Summary!B3:C6 .*\n {2}✓ 3\.2 done\n/,
      );
      expect(output).toContain('🏁 Finished: 13/13 done (100%)');
      expect(output).toContain('🗄 finishPlan: "Monthly Inventory Reconciliation" is plan #1 of the archive');
    },
  );

  test('`--fast` against a deployment is refused: only its person approves, in their own sidebar', async () => {
    const lines: string[] = [];
    await expect(
      demoCommand(['--fast', '--endpoint', 'https://script.googleapis.com/', '--script-id', 'x'], {
        distDir: path.resolve(__dirname, '../../dist'),
        log: (line) => lines.push(line),
      }),
    ).rejects.toThrow("--fast plays the person through the local emulator's sidebar");
    expect(lines).toEqual([]);
  });
});
