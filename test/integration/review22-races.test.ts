/**
 * Races (review 22), each interleaving driven explicitly: through the execution pool with a gate
 * (./race-gates.ts), or in-process where the other side takes no lock or runs before the lock is taken. What one
 * execution reads before its lock, or while another has written under the lock and not yet committed (flushed: emulator
 * assumption unflushed-writes-unseen), must not be acted upon once it holds the lock, nor taken as seen by the sidebar.
 * Open findings are test.failing, named for the behaviour expected.
 */
import { ExecutionPool, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { SpreadsheetApp } from '../../src/node/emulator/services/spreadsheet-app';
import { stockPlan, stockWorkbook } from './check-fixtures';
import { call, callAsPerson, execute, openSidebar, plan, planText, sheetWithSavedPlan } from './harness';
import { answerOf, gate, lockAwaited, run } from './race-gates';

let pool: ExecutionPool;
beforeEach(() => (pool = new ExecutionPool()));
afterEach(async () => {
  jest.restoreAllMocks();
  await pool.close();
});

/** Task 1.1 wrote numbers into Summary!B3:C3 already (so its step is listed in the record), and checks them. */
function workbookWithNumbersWritten(): EmulatedSpreadsheet {
  const spreadsheet = stockWorkbook(
    stockPlan(['- [/] 1.1 Total the bins', '  - Check: Summary!B3:C3 numbers', '- [ ] 1.2 Say hello']),
  );
  call(spreadsheet, 'writeRange', 'Summary!B3:C3', [[1, 2]], '1.1');
  return spreadsheet;
}

test(
  'a completion whose checks were read while a writeRange of the same step was under way (written, not yet ' +
    'committed) is checked against what that write committed: CHECK_FAILED, nothing written',
  async () => {
    const spreadsheet = workbookWithNumbersWritten();
    // The write's commit (its flush, under the lock) is held: its cells and log row are written, not yet flushed.
    const commit = gate(SpreadsheetApp.prototype, 'flush');
    const writing = run(pool, spreadsheet, 'writeRange', ['Summary!C3', [['lots']], '1.1']);
    await commit.reached;
    // The completion reads its checks' cells before the lock (the write's cells unseen), then waits for the lock.
    const completing = run(pool, spreadsheet, 'completeTask', ['1.1']);
    await lockAwaited(spreadsheet);
    commit.open();
    expect(answerOf(await writing)).toMatchObject({ range: 'Summary!C3' });
    expect(answerOf(await completing)).toEqual({ error: expect.stringMatching(/^CHECK_FAILED: .*Summary!C3/) });
    expect(planText(spreadsheet)).toContain('- [/] 1.1 Total the bins');
  },
);

test(
  "the sidebar's poll while a writeRange is written but not yet committed does not take the write as seen: the " +
    'next poll shows it',
  () => {
    const spreadsheet = workbookWithNumbersWritten();
    const token = openSidebar(spreadsheet);
    const opened = callAsPerson(spreadsheet, token, 'sidebarLoad');
    let polled: { writeMark?: string } | null = null;
    const { error } = execute(spreadsheet, 'writeRange', ['Summary!C3', [[7]], '1.1'], {
      // The person's poll runs (it takes no lock) after the write's cells and log row are written, before its flush.
      prepare: (writing) =>
        writing.faults.interleave('SpreadsheetApp.flush', () => {
          polled = callAsPerson(spreadsheet, token, 'sidebarCheck', opened.stamp, opened.writeMark);
        }),
    });
    expect(error).toBeUndefined();
    const mark = (polled as { writeMark?: string } | null)?.writeMark ?? opened.writeMark;
    const next = callAsPerson(spreadsheet, token, 'sidebarCheck', opened.stamp, mark);
    expect(next?.writes?.map((entry: { range: string }) => entry.range)).toEqual(['Summary!C3', 'Summary!B3:C3']);
  },
);

const PLAN_WITHOUT_STATUS = plan(
  '# Plan: Gate',
  'Goal: Wait for the person',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '',
);

test(
  "an agent's start that waited for the lock while the person turned 'the agent needs my approval' on is refused " +
    '(NEEDS_APPROVAL), nothing written: the setting is read as it is under the lock',
  () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_WITHOUT_STATUS);
    const token = openSidebar(spreadsheet);
    const { error } = execute(spreadsheet, 'startTask', ['1.1'], {
      // The person saves the setting after the agent's execution began (its script properties read), before its lock.
      prepare: (starting) =>
        starting.faults.interleave('Lock.tryLock', () => {
          callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
        }),
    });
    expect(planText(spreadsheet)).toContain('Status: draft');
    expect(error?.message).toMatch(/^NEEDS_APPROVAL: /);
    expect(planText(spreadsheet)).toContain('- [ ] 1.1 First');
  },
);

test(
  "an agent's writeRange that waited for the lock while the person turned 'the agent needs my approval' on is " +
    'refused (PLAN_NOT_APPROVED), the cells untouched',
  () => {
    const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Total the bins']));
    const token = openSidebar(spreadsheet);
    const { error } = execute(spreadsheet, 'writeRange', ['Summary!B3', [[5]], '1.1'], {
      prepare: (writing) =>
        writing.faults.interleave('Lock.tryLock', () => {
          callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
        }),
    });
    expect(error?.message).toMatch(/^PLAN_NOT_APPROVED: /);
    expect(spreadsheet.cell('Summary!B3')).toBe('');
  },
);

test(
  "an agent's completion that waited for the lock while the person turned 'the agent needs my approval' on is " +
    'refused (NEEDS_APPROVAL), nothing written',
  () => {
    const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Total the bins', '  - Check: Summary!B3:C3 numbers']));
    const token = openSidebar(spreadsheet);
    const { error } = execute(spreadsheet, 'completeTask', ['1.1'], {
      prepare: (completing) =>
        completing.faults.interleave('Lock.tryLock', () => {
          callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
        }),
    });
    expect(error?.message).toMatch(/^NEEDS_APPROVAL: /);
    expect(planText(spreadsheet)).toContain('- [/] 1.1 Total the bins');
  },
);

test(
  "the sidebar's poll while a refused writeRange is noted takes the note as seen only with its row: that poll or " +
    'the next shows it',
  () => {
    const spreadsheet = workbookWithNumbersWritten();
    const token = openSidebar(spreadsheet);
    const opened = callAsPerson(spreadsheet, token, 'sidebarLoad');
    let polled: { writeMark?: string } | null = null;
    const { error } = execute(spreadsheet, 'writeRange', ['Summary!Z9', [[7]], '1.1'], {
      // The refusal is noted under the lock; the poll runs as the lock is released, before the execution ends.
      prepare: (writing) =>
        writing.faults.interleave('Lock.releaseLock', () => {
          polled = callAsPerson(spreadsheet, token, 'sidebarCheck', opened.stamp, opened.writeMark);
        }),
    });
    expect(error?.message).toMatch(/^OUT_OF_SCOPE: /);
    const mark = (polled as { writeMark?: string } | null)?.writeMark ?? opened.writeMark;
    const next = callAsPerson(spreadsheet, token, 'sidebarCheck', opened.stamp, mark);
    const shown = (answer: { writes?: Array<{ range: string }> } | null) => answer?.writes?.map(({ range }) => range);
    expect(shown(polled) ?? shown(next)).toEqual(['Summary!Z9', 'Summary!B3:C3']);
  },
);
