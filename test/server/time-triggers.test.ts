/**
 * `npm start` runs a due time-driven trigger in the execution pool, as Google would: the e-mail the 10-minute window
 * held back goes out though nothing else changed.
 */
import { ExecutionPool } from '../../src/node/emulator';
import { runDue } from '../../src/node/server/time-triggers';
import { DIST, callAsPerson, execute, openSidebar, plan, sheetWithPlan } from '../integration/harness';

test('a due trigger runs in the pool and sends the held-back e-mail; it runs once', async () => {
  const spreadsheet = sheetWithPlan(
    plan('# Plan: Invoices', '', '### Phase 1: Prepare', '- [ ] 1.1 Read Orders!A2:E300', '- [ ] 1.2 Check totals', ''),
  );
  callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarSaveSettings', { mailWhenWaiting: true });
  const twentyMinutesAgo = () => new Date(Date.now() - 20 * 60_000);
  for (const step of ['1.1', '1.2'])
    expect(execute(spreadsheet, 'reviewTask', [step, 'look'], { now: twentyMinutesAgo }).error).toBeUndefined();
  expect(spreadsheet.sentMail).toHaveLength(1);
  expect(spreadsheet.triggers.all).toHaveLength(1);

  const pool = new ExecutionPool();
  const logged: string[] = [];
  try {
    const options = {
      spreadsheet,
      distDir: DIST,
      pool,
      persist: () => undefined,
      log: (line: string) => logged.push(line),
    };
    expect(await runDue(options)).toBe(1);
    expect(logged).toEqual([]);
    expect(spreadsheet.sentMail).toHaveLength(2);
    expect(spreadsheet.sentMail[1]!.subject).toContain('Task 1.2');
    expect(spreadsheet.triggers.all).toHaveLength(0);
    expect(await runDue(options)).toBe(0);
  } finally {
    await pool.close();
  }
});
