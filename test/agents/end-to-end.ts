/**
 * The spec's "Usage" section run end to end through PlanClient, against whatever `connect` gives:
 * the local emulator (usage-loop.test.ts) or a real deployment (test/live). Each test writes a new
 * plan first, so it works on any spreadsheet (the plan it replaces stays in the history).
 */
import { PlanClientError, type PlanClient } from '../../src/node/client';

/** The spec's Usage example, verbatim. */
export const USAGE_PLAN = {
  title: 'Generate Q4 Sales Report',
  goal: 'Aggregate order data and populate Summary dashboard',
  phases: [
    {
      name: 'Data Collection',
      steps: [
        'Read Orders!A2:F500 (order ID, date, customer, SKU, qty, total)',
        'Read Products!A2:D200 (SKU, name, category, unit cost)',
        'Read Regions!A2:C50 (region code, name, manager)',
      ],
    },
    {
      name: 'Processing',
      steps: [
        'Calculate regional totals in Staging!A2:E50 (region, units, revenue, cost, margin)',
        'Compute product category breakdown in Staging!G2:J20 (category, qty, revenue, %)',
        'Generate month-over-month in Staging!L2:P13 (month, current, previous, delta, growth%)',
      ],
    },
    {
      name: 'Output',
      steps: [
        'Write summary to Summary!B5:E20 (metric name, Q4 value, Q3 value, change)',
        'Update Dashboard!A1:G10 (chart data for visualization)',
        'Set Report!A1 (generated timestamp)',
      ],
    },
  ],
};
const STEPS = ['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '3.1', '3.2', '3.3'];

/** Counts the scripts.run calls a piece of work makes. */
function countCalls(client: PlanClient): { names: string[]; stop(): void } {
  const names: string[] = [];
  const original = client.run.bind(client);
  client.run = (<T>(name: string, parameters?: unknown[]) => {
    names.push(name);
    return original<T>(name, parameters);
  }) as PlanClient['run'];
  return {
    names,
    stop: () => {
      client.run = original;
    },
  };
}

export function defineEndToEndTests(connect: () => PlanClient): void {
  test(
    'the Usage loop: createPlan, then getNextTask / startTask / completeTask until getNextTask is ' + 'null',
    async () => {
      const plan = connect();
      await plan.createPlan(USAGE_PLAN.title, USAGE_PLAN.goal, USAGE_PLAN.phases);
      const executed: string[] = [];
      const executeSheetOperation = async (title: string) => {
        executed.push(title);
      };

      let task = await plan.getNextTask();
      while (task) {
        await plan.startTask(task.step);
        try {
          await executeSheetOperation(task.title);
          await plan.completeTask(task.step);
        } catch (e) {
          await plan.blockTask(task.step, (e as Error).message);
          break;
        }
        task = await plan.getNextTask();
      }
      const reviewItems = await plan.getReviewTasks();

      expect(executed).toEqual(USAGE_PLAN.phases.flatMap((phase) => phase.steps));
      expect(reviewItems).toEqual([]);
      const done = (await plan.getPlan())!;
      expect(done.progress).toMatchObject({ total: 9, done: 9, percent: 100 });
      for (const doneTask of done.phases.flatMap((phase) => phase.tasks))
        expect(doneTask.completedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(done.raw).toMatch(/- \[x\] 3\.3 Set Report!A1 \(generated timestamp\) ✅ \d{4}-\d{2}-\d{2}/);
    },
  );

  test('the same plan in N+1 calls: startNextTask, then advanceTask until it answers null', async () => {
    const plan = connect();
    await plan.createPlan(USAGE_PLAN.title, USAGE_PLAN.goal, USAGE_PLAN.phases);
    const calls = countCalls(plan);
    try {
      const started: string[] = [];
      let task = await plan.startNextTask();
      while (task) {
        expect(task.status).toBe('doing');
        started.push(task.step);
        task = await plan.advanceTask(task.step);
      }
      expect(started).toEqual(STEPS);
      expect(calls.names).toEqual(['startNextTask', ...STEPS.map(() => 'advanceTask')]);
    } finally {
      calls.stop();
    }
    await expect(plan.getProgress()).resolves.toMatchObject({ total: 9, done: 9, doing: 0, percent: 100 });
  });

  test('a failed operation blocks its task with the reason, as the Usage loop does', async () => {
    const plan = connect();
    await plan.createPlan(USAGE_PLAN.title, USAGE_PLAN.goal, USAGE_PLAN.phases);
    let task = await plan.getNextTask();
    while (task) {
      await plan.startTask(task.step);
      try {
        if (task.step === '1.2') throw new Error('Products!A2:D200 is empty, need the product export');
        await plan.completeTask(task.step);
      } catch (e) {
        await plan.blockTask(task.step, (e as Error).message);
        break;
      }
      task = await plan.getNextTask();
    }
    const blocked = (await plan.getPlan())!.phases[0].tasks[1];
    expect(blocked).toMatchObject({
      step: '1.2',
      status: 'blocked',
      blockedReason: 'Products!A2:D200 is empty, need the product export',
    });
    await expect(plan.getNextTask()).resolves.toMatchObject({ step: '1.3' });
  });

  test("errors come back with their code and the script's message, and change nothing", async () => {
    const plan = connect();
    await plan.createPlan(USAGE_PLAN.title, USAGE_PLAN.goal, USAGE_PLAN.phases);
    const before = (await plan.getPlan())!;
    const error = await plan.startTask('9.9').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlanClientError);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: `NOT_FOUND: Task 9.9 not found (steps: ${STEPS.join(', ')})`,
    });
    await expect(plan.reviewTask('1.1', '')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const after = (await plan.getPlan())!;
    expect(after.raw).toBe(before.raw);
    expect(after.revision).toBe(before.revision);
  });

  test('the compact view of the plan in progress', async () => {
    const plan = connect();
    await plan.createPlan(USAGE_PLAN.title, USAGE_PLAN.goal, USAGE_PLAN.phases);
    await plan.applyCommands([
      { action: 'complete', step: '1.1' },
      { action: 'complete', step: '1.2' },
      { action: 'complete', step: '1.3' },
      { action: 'start', step: '2.1' },
      { action: 'review', step: '2.2', text: 'check the category list' },
    ]);
    const view = (await plan.getPlan({ view: 'compact' }))!;
    expect(view.summary).toContain('✓ Phase 1: Data Collection (3 done)');
    expect(view.summary).toContain('- [/] 2.1 Calculate regional totals');
    expect(view.summary).toContain(
      '- [!] 2.2 Compute product category breakdown in Staging!G2:J20 (category, qty, revenue, %) — check the ' +
        'category list',
    );
    expect(view.progress).toMatchObject({ total: 9, done: 3, doing: 1, review: 1 });
  });
}
