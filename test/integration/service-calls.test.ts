/**
 * Apps Script service calls are what users wait for. A status change is one range read and one
 * range write under the document lock; a read is one range read of C1:D2.
 */
import { execute, plan, sheetWithPlan } from './harness';

const PLAN_TEXT = plan(
  '# Plan: Calls',
  'Goal: Count them',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '- [ ] 1.3 Third',
);

function rangeCalls(execution: ReturnType<typeof execute>['execution']) {
  return execution.calls
    .filter((entry: { service: string }) => entry.service === 'Range')
    .map((entry: { method: string }) => entry.method);
}

test.each([
  ['startTask', ['1.1']],
  ['skipTask', ['1.1', 'not needed']],
  ['blockTask', ['1.1', 'waiting for data']],
  ['reviewTask', ['1.1', 'check the totals']],
  ['setTaskNote', ['1.1', 'uses column F']],
  ['advanceTask', ['1.1']],
  [
    'applyCommands',
    [
      [
        { action: 'start', step: '1.1' },
        { action: 'complete', step: '1.1' },
        { action: 'start', step: '1.2' },
      ],
    ],
  ],
])('%s costs one range read and one range write, under the lock', (name, args) => {
  const { error, execution } = execute(sheetWithPlan(PLAN_TEXT), name, args as unknown[]);
  expect(error).toBeUndefined();
  expect(rangeCalls(execution)).toEqual(['getValues', 'setValues']);
  expect(execution.countCalls({ service: 'Lock', method: 'tryLock' })).toBe(1);
  expect(execution.countCalls({ service: 'Lock', method: 'releaseLock' })).toBe(1);
  expect(execution.leakedLocks).toEqual([]);
});

test.each(['getPlan', 'getNextTask', 'getReviewTasks', 'getProgress', 'validatePlan'])(
  '%s reads C1:D2 once and takes no lock',
  (name) => {
    const { error, execution } = execute(sheetWithPlan(PLAN_TEXT), name);
    expect(error).toBeUndefined();
    expect(rangeCalls(execution)).toEqual(['getValues']);
    expect(execution.countCalls({ service: 'Lock' })).toBe(0);
  },
);

test('the lock is released when the change is refused', () => {
  const { error, execution } = execute(sheetWithPlan(PLAN_TEXT), 'completeTask', ['4.4']);
  expect(error?.message).toMatch(/^NOT_FOUND/);
  expect(execution.countCalls({ service: 'Lock', method: 'releaseLock' })).toBe(1);
  expect(rangeCalls(execution)).toEqual(['getValues']);
});

test('an agent walks N tasks in N+1 calls with advanceTask', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  let calls = 1;
  let task = execute(spreadsheet, 'startTask', ['1.1']).result as { step: string } | null;
  while (task) {
    task = execute(spreadsheet, 'advanceTask', [task.step]).result as { step: string } | null;
    calls += 1;
  }
  expect(calls).toBe(4);
  expect(String(spreadsheet.cell('AGENT_BASE!C2')).match(/- \[x\]/g)).toHaveLength(3);
});

test('applyCommands answers with each task as its own command left it', () => {
  const { result } = execute(sheetWithPlan(PLAN_TEXT), 'applyCommands', [
    [
      { action: 'start', step: '1.1' },
      { action: 'complete', step: '1.1' },
    ],
  ]);
  expect((result as Array<{ status: string }>).map((task) => task.status)).toEqual(['doing', 'done']);
});
