/**
 * A service call that throws part-way through an operation (on the lock, the read, the history
 * write, the plan write, the flush) leaves the plan either old or new, never mixed; the history
 * holds only true versions; and the lock is released.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN, REVISION, execute, plan, sheetWithPlan } from './harness';

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

describe.each(OPERATIONS)('%s', (name, setup, argsFor) => {
  const clean = setup();
  const args = typeof argsFor === 'function' ? argsFor(clean) : argsFor;
  const success = execute(clean, name, args);
  const callCount = success.execution.calls.length;
  const after = state(clean);

  test('runs cleanly without faults', () => {
    expect(success.error).toBeUndefined();
    expect(callCount).toBeGreaterThan(2);
  });

  test.each(Array.from({ length: callCount }, (_, i) => i + 1))(
    'a failure at service call %i leaves old or new, never mixed',
    (failAt) => {
      const spreadsheet = setup();
      const before = state(spreadsheet);
      let seen = 0;
      let failed = '';
      const { error, execution } = execute(spreadsheet, name, args, {
        prepare: (run) =>
          run.faults.failNext((call: { service: string; method: string }) => {
            if (++seen !== failAt) return false;
            failed = `${call.service}.${call.method}`;
            return true;
          }, 'Service error: Spreadsheets'),
      });
      // Only a failing releaseLock itself can leave the lock to Apps Script's end-of-execution release.
      if (failed !== 'Lock.releaseLock') expect(execution.leakedLocks).toEqual([]);
      const now = state(spreadsheet);
      if (error) expect(error.message).toMatch(/Service error: Spreadsheets/);
      // The plan and its revision are, together, either the old ones or the new ones.
      const pair = { plan: now.plan, revision: now.revision };
      expect([
        { plan: before.plan, revision: before.revision },
        { plan: after.plan, revision: after.revision },
      ]).toContainEqual(pair);
      if (!error) expect(now).toEqual(after);
      // The history holds only true versions: what it had, perhaps plus a copy of the replaced plan.
      expect(now.history.length).toBeLessThanOrEqual(before.history.length + 1);
      for (const text of now.history) expect([...before.history, before.plan]).toContain(text);
    },
  );
});
