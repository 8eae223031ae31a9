/**
 * Google's official client (@googleapis/script, through PlanClient) → the local emulator's
 * scripts.run endpoint → the real dist/Code.js on an emulated spreadsheet seeded with the spec's
 * example plan (2.3 waits for review, 3.1 is in progress, 3.3 is blocked).
 */
import { clientFromEnvironment, type PlanClient } from '../../src/node/client';
import { ASSUMPTIONS } from '../../src/node/emulator';
import { caught } from './caught';
import { decideInSidebar, startLocalEmulator, type LocalEmulator } from './local-emulator';
import { snapshotBesideTheLog } from '../integration/write-log-rows';

let emulator: LocalEmulator;
let client: PlanClient;

beforeEach(async () => {
  emulator = await startLocalEmulator();
  client = emulator.client();
});
afterEach(async () => {
  await emulator.close();
});

async function planText(): Promise<string> {
  return (await client.getPlan())!.raw;
}

describe('PlanClient against the emulator', () => {
  test('a client named with agent is that agent: its claims and changes carry the name; unnamed is api', async () => {
    const named = emulator.client({ agent: 'Report builder' });
    const next = await named.getNextTask();
    await named.startTask(next!.step);
    expect(await planText()).toMatch(/\n {2}- Working: Report builder until \d{4}-\d{2}-\d{2} \d{2}:\d{2}\n/);
    expect((await client.getPlan())!.changedBy).toBe('agent:Report builder');
    const compact = await named.getPlan({ view: 'compact' });
    expect(compact!.summary).toMatch(/\n {2}- Working: Report builder until [-\d]+ [:\d]+ \(you\)/);
    // A client without a name is the agent api: the task is not its to complete.
    await expect(caught(client.completeTask(next!.step))).resolves.toMatchObject({ code: 'CLAIMED' });
    await expect(named.completeTask(next!.step)).resolves.toMatchObject({ status: 'done' });
    // The MCP server's client takes the name from SHEET_PLAN_AGENT.
    const fromEnvironment = clientFromEnvironment({ endpoint: emulator.url }, { SHEET_PLAN_AGENT: 'Env agent' });
    const then = await fromEnvironment.getNextTask();
    await fromEnvironment.startTask(then!.step);
    expect(await planText()).toContain('  - Working: Env agent until ');
  });

  test('reads the plan, its compact view, progress and review items', async () => {
    const plan = await client.getPlan();
    expect(plan).toMatchObject({ title: 'Monthly Inventory Reconciliation', changedBy: 'cell edit', revision: 1 });
    expect(plan!.phases.map((phase) => phase.tasks.length)).toEqual([3, 3, 3, 3]);

    const compact = await client.getPlan({ view: 'compact' });
    expect(compact).toMatchObject({
      view: 'compact',
      title: 'Monthly Inventory Reconciliation',
      revision: 1,
      progress: { total: 12, done: 5 },
    });
    expect(compact!.summary).toContain('✓ Phase 1: Data Collection (3 done)');
    expect(compact!.summary).toContain(
      '- [!] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — please verify 5% threshold is ' +
        'correct',
    );
    expect(compact!.summary.length).toBeLessThan(plan!.raw.length / 2);

    await expect(client.getProgress()).resolves.toEqual({
      total: 12,
      todo: 4,
      doing: 1,
      done: 5,
      blocked: 1,
      review: 1,
      skipped: 0,
      percent: 41,
      revision: 1,
      changedBy: 'cell edit',
    });
    await expect(client.getReviewTasks()).resolves.toMatchObject([
      { step: '2.3', status: 'review', reviewNote: 'please verify 5% threshold is correct', revision: 1 },
    ]);
    await expect(client.getNextTask()).resolves.toMatchObject({ step: '3.2', status: 'todo' });
    await expect(client.validatePlan()).resolves.toMatchObject({ valid: true, errors: [], revision: 1 });
  });

  test('changes tasks and answers with the task and the new revision', async () => {
    await expect(client.completeTask('3.1')).resolves.toMatchObject({ step: '3.1', status: 'done', revision: 2 });
    await expect(client.startTask('3.2')).resolves.toMatchObject({ step: '3.2', status: 'doing', revision: 3 });
    await expect(client.blockTask('3.2', 'Summary!B3:E15 is protected')).resolves.toMatchObject({
      status: 'blocked',
      blockedReason: 'Summary!B3:E15 is protected',
    });
    await expect(client.skipTask('4.3', 'no mail access')).resolves.toMatchObject({
      status: 'skipped',
      skipReason: 'no mail access',
    });
    await expect(client.reopenTask('4.3')).resolves.toMatchObject({ status: 'todo' });
    await expect(client.setTaskNote('4.3', 'after the review')).resolves.toMatchObject({
      status: 'todo',
      note: 'after the review',
    });
    await expect(client.reviewTask('4.1', 'check the counts')).resolves.toMatchObject({
      status: 'review',
      reviewNote: 'check the counts',
    });
    const text = await planText();
    expect(text).toMatch(/- \[x\] 3\.1 Write flagged items .* ✅ \d{4}-\d{2}-\d{2}/);
    expect(text).toContain(
      '- [>] 3.2 Calculate summary stats for Summary!B3:E15 (total SKUs, flagged count, total variance $, ' +
        'accuracy %) — Summary!B3:E15 is protected',
    );
    expect(text).toContain(
      '- [!] 4.1 Verify row counts: Discrepancies!A:A count matches flagged items in Staging!E:E — check the counts',
    );
  });

  test("script errors arrive as PlanClientError with the code, the script's message and a stack trace", async () => {
    const before = await planText();
    const notFound = await caught(client.startTask('9.9'));
    expect(notFound.code).toBe('NOT_FOUND');
    expect(notFound.message).toBe(
      'NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2, 1.3, 2.1, 2.2, 2.3, 3.1, 3.2, 3.3, 4.1, 4.2, 4.3)',
    );
    expect(notFound.detail).toBe(
      'Task 9.9 not found (steps: 1.1, 1.2, 1.3, 2.1, 2.2, 2.3, 3.1, 3.2, 3.3, 4.1, 4.2, 4.3)',
    );
    expect(notFound.errorType).toBe('ScriptError');
    expect(notFound.stackTrace.length).toBeGreaterThan(0);
    expect(
      notFound.stackTrace.every((frame) => typeof frame.lineNumber === 'number' && typeof frame.function === 'string'),
    ).toBe(true);
    // The bundle is minified (scripts/stack-trace.mjs maps a trace back to src/): the frames carry its line numbers.
    expect(notFound.stackTrace.some((frame) => (frame.lineNumber ?? 0) > 0)).toBe(true);

    await expect(caught(client.completeTask('2.3'))).resolves.toMatchObject({ code: 'NEEDS_PERSON' });
    await expect(caught(client.completeTask('1.1'))).resolves.toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'INVALID_TRANSITION: Task 1.1 is already done',
    });
    expect(await planText()).toBe(before);
  });

  test('bad parameters are INVALID_ARGUMENT errors that say what to send, and nothing is written', async () => {
    const before = await planText();
    const step = await caught(client.run('startTask', [1.1]));
    expect(step).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'INVALID_ARGUMENT: step must be text like "1.2", not the number 1.1 (numbers lose trailing zeros: 1.10 ' +
        'becomes 1.1)',
    });
    await expect(caught(client.blockTask('3.2', ''))).resolves.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'INVALID_ARGUMENT: reason must not be empty',
    });
    await expect(caught(client.run('createPlan', ['Title', 'Goal', 'not a list']))).resolves.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'INVALID_ARGUMENT: phases must be a non-empty list of phases like [{ "name": "Setup", "steps": ' +
        '["Read Data!A1:C10 (ids)"] }] (got "not a list")',
    });
    await expect(caught(client.run('getPlan', [{ view: 'short' }]))).resolves.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'INVALID_ARGUMENT: options.view must be "full" or "compact" (got "short")',
    });
    expect(await planText()).toBe(before);
  });

  test('applyCommands is atomic through the bundle: one result per command, or nothing written', async () => {
    const before = await client.getPlan();
    const refused = await caught(
      client.applyCommands([
        { action: 'complete', step: '3.1' },
        { action: 'start', step: '3.2' },
        { action: 'complete', step: '9.9' },
      ]),
    );
    expect(refused.code).toBe('NOT_FOUND');
    expect(refused.message).toMatch(
      /^NOT_FOUND: commands\[2\] \(complete 9\.9\): Task 9\.9 not found .*; nothing was written$/,
    );
    const unchanged = await client.getPlan();
    expect(unchanged!.raw).toBe(before!.raw);
    expect(unchanged!.revision).toBe(before!.revision);

    const results = await client.applyCommands([
      { action: 'complete', step: '3.1' },
      { action: 'start', step: '3.2' },
      { action: 'skip', step: '4.3', text: 'the team reads the sheet' },
    ]);
    expect(results.map((task) => [task.step, task.status, task.revision])).toEqual([
      ['3.1', 'done', 2],
      ['3.2', 'doing', 2],
      ['4.3', 'skipped', 2],
    ]);
    await expect(caught(client.run('applyCommands', [[{ action: 'approve', step: '2.3' }]]))).resolves.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  test(
    'no API call can approve a review item: sidebar functions need a person token, approveReview is not ' + 'exposed',
    async () => {
      await expect(caught(client.run('sidebarTaskAction', ['not-a-token', 'approve', '2.3']))).resolves.toMatchObject({
        code: 'NEEDS_PERSON',
      });
      await expect(caught(client.run('showPlanSidebar'))).resolves.toMatchObject({
        code: 'SCRIPT_ERROR',
        message: expect.stringContaining('Cannot call SpreadsheetApp.getUi() from this context'),
      });
      await expect(caught(client.run('approveReview', ['2.3']))).resolves.toMatchObject({
        code: 'SCRIPT_ERROR',
        message: 'Script function not found: approveReview',
        stackTrace: [],
      });
      await expect(client.getReviewTasks()).resolves.toHaveLength(1);
    },
  );

  test("the emulator's assumptions the live suite checks hold here as they should in Google", async () => {
    for (const { live } of ASSUMPTIONS.filter((assumption) => assumption.live)) {
      await expect(caught(client.run(live!.function))).resolves.toMatchObject({
        message: expect.stringMatching(new RegExp(live!.errorMatches)),
      });
    }
  });

  test('replacePlan needs the revision read; history and restore bring a replaced plan back', async () => {
    const plan = (await client.getPlan())!;
    const edited = plan.raw.replace('- [ ] 4.3 Send notification', '- [ ] 4.3 Email');
    await expect(caught(client.replacePlan(edited, plan.revision - 1))).resolves.toMatchObject({ code: 'CONFLICT' });
    const replaced = await client.replacePlan(edited, plan.revision);
    expect(replaced.revision).toBe(plan.revision + 1);
    const history = await client.getHistory(5);
    expect(history[0]).toMatchObject({ revision: plan.revision, title: 'Monthly Inventory Reconciliation' });
    const restored = await client.restoreRevision(plan.revision);
    expect(restored.raw).toBe(plan.raw);
  });

  test('initPlan keeps the plan there; createPlan writes a new one once no item waits for the person', async () => {
    await expect(client.initPlan()).resolves.toMatchObject({ title: 'Monthly Inventory Reconciliation' });
    const newPlan = () =>
      client.createPlan(
        'Q4 report',
        'Publish the Q4 summary',
        [{ name: 'Collect', steps: ['Read Orders!A2:F500 (orders)'] }],
        { questions: ['Which quarter?'] },
      );
    await expect(caught(newPlan())).resolves.toMatchObject({
      code: 'NEEDS_PERSON',
      message: expect.stringContaining('task "Identify variance > threshold in Staging!E2:E500 (flag column)"'),
    });
    await decideInSidebar(emulator.url, 'approve', '2.3', 'threshold is right');
    const created = await client.createPlan(
      'Q4 report',
      'Publish the Q4 summary',
      [{ name: 'Collect', steps: ['Read Orders!A2:F500 (orders)'] }],
      { questions: ['Which quarter?'] },
    );
    expect(created).toMatchObject({
      title: 'Q4 report',
      goal: 'Publish the Q4 summary',
      questions: ['Which quarter?'],
      progress: { total: 1, todo: 1 },
    });
  });

  test(
    'an unknown function is a ScriptError; a call without credentials is HTTP 401; parameters must be a ' + 'list',
    async () => {
      await expect(caught(client.run('noSuchFunction'))).resolves.toMatchObject({
        code: 'SCRIPT_ERROR',
        message: 'Script function not found: noSuchFunction',
      });

      const anonymous = await fetch(`${emulator.url}/v1/scripts/local:run`, {
        method: 'POST',
        body: JSON.stringify({ function: 'getPlan' }),
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });

      const badBody = await fetch(`${emulator.url}/v1/scripts/local:run`, {
        method: 'POST',
        headers: { authorization: 'Bearer t' },
        body: JSON.stringify({ function: 'getPlan', parameters: 'x' }),
      });
      expect(badBody.status).toBe(400);
      expect(await badBody.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    },
  );

  test(
    "the raw Operation is Google's shape: done, response.@type and result; error.details[0] an " + 'ExecutionError',
    async () => {
      const call = (body: unknown) =>
        fetch(`${emulator.url}/v1/scripts/AKfycbx-any-id:run`, {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: await response.json() }));

      const ok = await call({ function: 'getNextTask', parameters: [], devMode: false });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        done: true,
        response: { '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse', result: { step: '3.2' } },
      });

      const failed = await call({ function: 'startTask', parameters: ['9.9'] });
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({
        done: true,
        error: {
          code: 3,
          message: 'ScriptError',
          details: [
            {
              '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
              errorType: 'ScriptError',
              errorMessage: expect.stringMatching(/^Error: NOT_FOUND: Task 9\.9 not found/),
            },
          ],
        },
      });
    },
  );
});

describe('PlanClient sheet work against the emulator', () => {
  test('reads dates as instants and writes them back, then sees its write in the log', async () => {
    const read = await client.readRange('Warehouse!D2', { display: true });
    expect(read).toMatchObject({ values: [[{ date: '2026-01-31T05:00:00.000Z' }]], displayValues: [['1/31/2026']] });
    expect(read.timeZone).toBe('America/New_York');
    const written = await client.writeRange('Discrepancies!A2:B2', [['WH-1001', read.values[0][0]]], '3.1');
    expect(written).toMatchObject({ range: 'Discrepancies!A2:B2', cells: 2, step: '3.1' });
    await expect(client.readRange('Discrepancies!B2')).resolves.toMatchObject({
      values: [[{ date: '2026-01-31T05:00:00.000Z' }]],
    });
    await expect(client.getWriteLog(1)).resolves.toEqual([
      expect.objectContaining({ id: written.id, kind: 'write', step: '3.1', range: 'Discrepancies!A2:B2' }),
    ]);
  });

  test("a refused write is a PlanClientError with the rule's code; no cell changes, the log notes it", async () => {
    const before = snapshotBesideTheLog(emulator.spreadsheet);
    const error = await caught(client.writeRange('Staging!A2', [['x']], '3.1'));
    expect(error).toMatchObject({ code: 'OUT_OF_SCOPE', functionName: 'writeRange' });
    expect(error.detail).toMatch(/^Staging!A2 is outside the plan's Write ranges/);
    expect(snapshotBesideTheLog(emulator.spreadsheet)).toBe(before);
    await expect(client.getWriteLog(1)).resolves.toEqual([
      expect.objectContaining({
        kind: 'refused',
        range: 'Staging!A2',
        step: '3.1',
        refused: { code: 'OUT_OF_SCOPE', reason: "outside the plan's Write ranges" },
      }),
    ]);
  });
});
