/**
 * Apps Script service calls are what users wait for. A status change is one range read and one range write of the
 * plan's cells under the lock, plus one range write that keeps the new text as the last recorded plan in the history
 * sheet (so that whatever replaces the plan cell next, this version can be saved); a read is one range read.
 */
import { HISTORY_SHEET, PLAN, PLAN_SHEET, execute, plan, sheetWithPlan, sheetWithSavedPlan } from './harness';

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

function sheetsLookedUp(execution: ReturnType<typeof execute>['execution']) {
  return execution.calls
    .filter((entry: { method: string }) => entry.method === 'getSheetByName')
    .map((entry: { args: readonly string[] }) => JSON.parse(entry.args[0]));
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
])(
  '%s costs one range read and one range write of the plan, and one write of its copy, under the lock',
  (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    // Read the plan; keep the new text as the last recorded plan (history sheet); write the plan with its record.
    expect(rangeCalls(execution)).toEqual(['getValues', 'setValues', 'setValues']);
    expect(sheetsLookedUp(execution)).toEqual([PLAN_SHEET, HISTORY_SHEET]);
    expect(execution.countCalls({ service: 'Lock', method: 'tryLock' })).toBe(1);
    expect(execution.countCalls({ service: 'Lock', method: 'releaseLock' })).toBe(1);
    expect(execution.leakedLocks).toEqual([]);
  },
);

test.each(['getPlan', 'getNextTask', 'getReviewTasks', 'getProgress', 'validatePlan'])(
  '%s reads the plan cells once and takes no lock',
  (name) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name);
    expect(error).toBeUndefined();
    expect(rangeCalls(execution)).toEqual(['getValues']);
    expect(sheetsLookedUp(execution)).toEqual([PLAN_SHEET]);
    expect(execution.countCalls({ service: 'Lock' })).toBe(0);
  },
);

test('the lock is released when the change is refused', () => {
  const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), 'completeTask', ['4.4']);
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
  expect(String(spreadsheet.cell(PLAN)).match(/- \[x\]/g)).toHaveLength(3);
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
