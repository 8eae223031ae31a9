/**
 * A write the sheet rules refuse is noted in the write log (kind `refused`, with why): listed by getWriteLog, answered
 * by the sidebar's change check, and bounded so that an agent retrying cannot fill the log.
 */
import { execute, openSidebar, snapshot } from './harness';
import { agent, refused, workbook } from './sheet-work-fixtures';

describe('refused writes in the write log', () => {
  test('getWriteLog lists a refused write with its task, range, who and why; it is not undone, nor is a write', () => {
    const spreadsheet = workbook();
    refused(spreadsheet, 'writeRange', ['Warehouse!B2', [['x']], '1.2'], "outside the plan's Write ranges");
    const [entry] = agent(spreadsheet, 'getWriteLog');
    expect(entry).toMatchObject({
      kind: 'refused',
      by: 'api',
      step: '1.2',
      range: 'Warehouse!B2',
      cells: 1,
      refused: { code: 'OUT_OF_SCOPE', reason: "outside the plan's Write ranges" },
    });
    expect(entry.undone).toBeUndefined();
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarUndoWrite', [token, entry.id], { context: 'ui' });
    expect(error?.message).toMatch(
      /^INVALID_ARGUMENT: Entry .+ is a refused write, which wrote nothing; only writes are undone/,
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test("the sidebar's change check answers a refused write; a check after it, with nothing new, reads no log", () => {
    const spreadsheet = workbook();
    const token = openSidebar(spreadsheet);
    const loaded = execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' }).result as {
      stamp: string;
      writeMark: string;
    };
    const check = (mark: string) =>
      execute(spreadsheet, 'sidebarCheck', [token, loaded.stamp, mark], { context: 'ui' });
    refused(spreadsheet, 'writeRange', ['Warehouse!B2', [['x']], '1.2'], "outside the plan's Write ranges");
    const readsTheLog = (execution: { calls: ReadonlyArray<{ args: readonly string[] }> }) =>
      execution.calls.some((call) => call.args[0] === '"AGENT_WRITE_LOG"');
    const { result, execution } = check(loaded.writeMark);
    expect(readsTheLog(execution)).toBe(true);
    const view = result as { writeMark: string; writes: unknown[] };
    expect(view.writes).toEqual([
      expect.objectContaining({
        kind: 'refused',
        step: '1.2',
        range: 'Warehouse!B2',
        refused: { code: 'OUT_OF_SCOPE', reason: "outside the plan's Write ranges" },
      }),
    ]);
    const quiet = check(view.writeMark);
    expect(quiet.result).toBeNull();
    expect(readsTheLog(quiet.execution)).toBe(false);
  });

  test('an agent retrying a refused write cannot fill the log: the last 20 refusals stay, and every write', () => {
    const spreadsheet = workbook();
    agent(spreadsheet, 'writeRange', ['Summary!B3', [['kept']], '1.2']);
    let calls = 0;
    for (let row = 1; row <= 25; row++) {
      const { error, execution } = execute(spreadsheet, 'writeRange', [`Warehouse!E${row}`, [['x']], '1.2']);
      expect(error?.message).toMatch(/^OUT_OF_SCOPE/);
      calls = execution.calls.length;
    }
    // Beyond 20 rows, keeping the bound costs a refusal five calls more than noting it (14): the log's last row, one
    // read of its rows, dropping the oldest refusal and the flush that commits it.
    const log = agent(spreadsheet, 'getWriteLog', [100]) as Array<{ kind: string; range: string }>;
    const refusals = log.filter((entry) => entry.kind === 'refused');
    expect(refusals).toHaveLength(20);
    expect(refusals[0].range).toBe('Warehouse!E25');
    expect(refusals[19].range).toBe('Warehouse!E6');
    expect(log.filter((entry) => entry.kind === 'write').map((entry) => entry.range)).toEqual(['Summary!B3']);
    expect(spreadsheet.cell('Warehouse!E1')).toBe('');
    expect(calls).toBe(19);
  });
});
