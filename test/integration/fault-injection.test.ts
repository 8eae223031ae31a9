/**
 * A service call that throws part-way through an operation (on the lock, the read, the history
 * write, the plan write, the flush) is reported to the caller and leaves the plan either old or new,
 * never mixed, as the position of the failure says; the history holds only true versions; and the
 * lock is released.
 */
import { EmulatedSpreadsheet, type CallRecord } from '../../src/node/emulator';
import { PLAN, REVISION, execute, executeFailingAt, plan, sheetWithPlan } from './harness';

const ORIGINAL = plan(
  '# Plan: Original',
  '',
  'Goal: Survive faults',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '',
);

type Setup = () => EmulatedSpreadsheet;

const withHistory: Setup = () => {
  const spreadsheet = sheetWithPlan(ORIGINAL);
  // One createPlan so that restoreRevision has something to restore.
  const { error } = execute(spreadsheet, 'createPlan', ['Second', 'Replace it', [{ name: 'W', steps: ['New'] }]]);
  if (error) throw error;
  return spreadsheet;
};

const OPERATIONS: Array<[string, Setup, unknown[] | ((s: EmulatedSpreadsheet) => unknown[])]> = [
  ['startTask', () => sheetWithPlan(ORIGINAL), ['1.1']],
  ['advanceTask', () => sheetWithPlan(ORIGINAL), ['1.1']],
  [
    'createPlan',
    () => sheetWithPlan(ORIGINAL),
    ['New plan', 'Replace the original', [{ name: 'W', steps: ['One', 'Two'] }]],
  ],
  [
    'createPlan',
    () => new EmulatedSpreadsheet({ sheets: ['Sheet1'] }),
    ['First plan', 'On a new sheet', [{ name: 'W', steps: ['One'] }]],
  ],
  ['replacePlan', () => sheetWithPlan(ORIGINAL), [ORIGINAL.replace('Second', 'Second, reworded'), 1]],
  ['restoreRevision', withHistory, (spreadsheet) => [JSON.parse(String(spreadsheet.cell(REVISION))).revision - 1]],
  ['addTask', () => sheetWithPlan(ORIGINAL), [1, 'Third', { after: '1.1' }]],
  ['removeTask', () => sheetWithPlan(ORIGINAL), ['1.1']],
  ['finishPlan', () => sheetWithPlan(ORIGINAL.replace(/- \[ \]/g, '- [x]')), ['Both done']],
];

function state(spreadsheet: EmulatedSpreadsheet) {
  const history = execute(spreadsheet, 'getHistory', [100]).result as Array<{ text: string }> | undefined;
  return {
    plan: String(spreadsheet.cell(PLAN) ?? ''),
    revision: String(spreadsheet.cell(REVISION) ?? '') ? JSON.parse(String(spreadsheet.cell(REVISION))).revision : null,
    history: (history ?? []).map((entry) => entry.text),
  };
}

/** The 1-based position of the last call that matches, or 0. */
function lastCall(calls: readonly CallRecord[], matches: (call: CallRecord) => boolean): number {
  let found = 0;
  calls.forEach((call, i) => {
    if (matches(call)) found = i + 1;
  });
  return found;
}

const isRangeWrite = (shape: string) => (call: CallRecord) =>
  call.service === 'Range' && call.method === 'setValues' && call.args[0] === shape;

describe.each(OPERATIONS)('%s', (name, setup, argsFor) => {
  const clean = setup();
  const args = typeof argsFor === 'function' ? argsFor(clean) : argsFor;
  const success = execute(clean, name, args);
  const calls = success.execution.calls;
  const after = state(clean);
  // The plan cells are written by one setValues (C2:D2, or C1:D2 on a new sheet), the history row by another.
  const planWriteAt = Math.max(lastCall(calls, isRangeWrite('[1x2]')), lastCall(calls, isRangeWrite('[2x2]')));
  const historyWriteAt = lastCall(calls, isRangeWrite('[1x5]'));

  test('runs cleanly without faults, writing the plan cells once', () => {
    expect(success.error).toBeUndefined();
    expect(planWriteAt).toBeGreaterThan(2);
  });

  test.each(calls.map((call, i) => [i + 1, `${call.service}.${call.method}`] as const))(
    'a failure at service call %i (%s) is reported, and leaves each write done or not done, never half',
    (failAt) => {
      const spreadsheet = setup();
      const before = state(spreadsheet);
      const { error, execution, failed } = executeFailingAt(spreadsheet, name, args, failAt);
      // Only a failing releaseLock itself can leave the lock to Apps Script's end-of-execution release.
      if (failed !== 'Lock.releaseLock') expect(execution.leakedLocks).toEqual([]);
      // Every failure reaches the caller, even one after the plan was written (the flush, the lock's release).
      expect(error?.message).toMatch(/Service error: Spreadsheets/);
      // The plan and its revision are new exactly when the failure came after their one write; the history holds
      // the replaced plan exactly when the failure came after its row was written.
      expect(state(spreadsheet)).toEqual({
        plan: failAt > planWriteAt ? after.plan : before.plan,
        revision: failAt > planWriteAt ? after.revision : before.revision,
        history: failAt > historyWriteAt ? after.history : before.history,
      });
    },
  );
});
