/**
 * A claim protects the cells its task wrote, not only the task's line: while Alpha holds task 1.2, the cells Alpha
 * wrote under it are Alpha's, and another agent's write over them is refused (CLAIMED) under whatever task it names,
 * on every path (a keyed MCP client, a keyless scripts.run caller). Else Beta could overwrite Alpha's totals from its
 * own task, and the person's undo of Alpha's write would answer CONFLICT until Beta's was undone. Through the built
 * bundle.
 */
import { APPROVED, requireApproval, workbook } from './sheet-work-fixtures';
import {
  PLAN,
  REVISION,
  call,
  callAsPerson,
  execute,
  personEdits,
  planText,
  refusedWrites,
  snapshotBesideTheLog,
} from './harness';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { applyPersonEdit } from '../../src/node/emulator/person-edits';
import { at, connectAgent, deployed, refused, tool } from './web-agents';

const TWO_TASKS = APPROVED.replace('- [/] 1.2 Write the totals to Summary!B3:C5', '- [ ] 1.2 Write the totals').replace(
  '- [ ] 1.3 Note each bin in Bin Notes',
  '- [ ] 1.3 Write the counts\n- [ ] 1.4 Check the sums',
);

/** The workbook, approval off, with two agents the person connected: Alpha and Beta. */
function twoAgents() {
  const spreadsheet = workbook(TWO_TASKS);
  requireApproval(spreadsheet, false);
  const { token } = deployed(spreadsheet);
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  const beta = connectAgent(spreadsheet, token, 'Beta');
  return { spreadsheet, token, alpha, beta };
}

function twoAgentsAtWork() {
  const { spreadsheet, token, alpha, beta } = twoAgents();
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  const written = JSON.parse(
    tool(spreadsheet, alpha, 'write_range', { a1: 'Summary!B3:B5', values: [['A-1'], ['B-7'], ['C-2']], step: '1.2' }),
  ) as { id: string };
  tool(spreadsheet, beta, 'start_task', { step: '1.3' }, at(1));
  return { spreadsheet, token, alpha, beta, alphaWrite: written.id };
}

/** Every sheet's cells but the write log's, where a refused write is noted (a key's "last used" is kept elsewhere). */
const cellsBesideTheLog = (spreadsheet: EmulatedSpreadsheet) =>
  JSON.stringify(JSON.parse(snapshotBesideTheLog(spreadsheet)).sheets);

const write = (a1: string, step: string) => ({ a1, values: [['x']], step });

test("another agent's write over cells a held task wrote is refused under any task; beside them it lands", () => {
  const { spreadsheet, alpha, beta } = twoAgentsAtWork();
  const beforeBeta = cellsBesideTheLog(spreadsheet);
  expect(refused(() => tool(spreadsheet, beta, 'write_range', write('SUMMARY!B4', '1.3'), at(2)))).toBe(
    'CLAIMED: SUMMARY!B4 overlaps Summary!B3:B5, which Alpha wrote under task 1.2, claimed until 2026-11-26 14:30: ' +
      "the cells stay Alpha's while the claim lasts, so you (Beta) cannot overwrite them. Write other cells, wait " +
      'until the claim ends, or ask the person to release the claim in the sidebar; nothing was written',
  );
  expect(cellsBesideTheLog(spreadsheet)).toBe(beforeBeta);
  // A caller without a key is another holder too (api).
  expect(execute(spreadsheet, 'startTask', ['1.4'], { now: at(2) }).error).toBeUndefined();
  const before = cellsBesideTheLog(spreadsheet);
  expect(
    execute(spreadsheet, 'writeRange', ['Summary!B5:C5', [['a', 'b']], '1.4'], { now: at(2) }).error?.message,
  ).toMatch(
    /^CLAIMED: Summary!B5:C5 overlaps Summary!B3:B5, which Alpha wrote under task 1\.2, .* so you \(api\) cannot /,
  );
  expect(cellsBesideTheLog(spreadsheet)).toBe(before);
  // The person sees the attempts, as every refused write.
  expect(refusedWrites(spreadsheet).slice(0, 2)).toEqual([
    {
      by: 'api',
      step: '1.4',
      range: 'Summary!B5:C5',
      code: 'CLAIMED',
      reason: 'cells another task holds (claimed, or in review)',
    },
    {
      by: 'agent:Beta',
      step: '1.3',
      range: 'SUMMARY!B4',
      code: 'CLAIMED',
      reason: 'cells another task holds (claimed, or in review)',
    },
  ]);
  // Cells beside them are free, and the holder writes its own again.
  tool(spreadsheet, beta, 'write_range', write('Summary!C3', '1.3'), at(2));
  tool(spreadsheet, alpha, 'write_range', write('Summary!B4', '1.2'), at(2));
});

test('the cells are free once the claim ends: the task done, the lease over, released, or the write undone', () => {
  const done = twoAgentsAtWork();
  tool(done.spreadsheet, done.alpha, 'complete_task', { step: '1.2' }, at(3));
  tool(done.spreadsheet, done.beta, 'write_range', write('Summary!B4', '1.3'), at(4));

  const lapsed = twoAgentsAtWork();
  tool(lapsed.spreadsheet, lapsed.beta, 'write_range', write('Summary!B4', '1.3'), at(31));

  const released = twoAgentsAtWork();
  callAsPerson(released.spreadsheet, released.token, 'sidebarReleaseClaim', '1.2', null);
  tool(released.spreadsheet, released.beta, 'write_range', write('Summary!B4', '1.3'), at(4));

  const undone = twoAgentsAtWork();
  callAsPerson(undone.spreadsheet, undone.token, 'sidebarUndoWrite', undone.alphaWrite);
  tool(undone.spreadsheet, undone.beta, 'write_range', write('Summary!B4', '1.3'), at(4));

  // A person ticked the task done in the cell and left its Working line: it holds nothing.
  const ticked = twoAgentsAtWork();
  personEdits(ticked.spreadsheet, PLAN, planText(ticked.spreadsheet).replace('- [/] 1.2', '- [x] 1.2'));
  expect(planText(ticked.spreadsheet)).toContain('- [x] 1.2 Write the totals\n  - Working: Alpha until');
  tool(ticked.spreadsheet, ticked.beta, 'write_range', write('Summary!B4', '1.3'), at(4));
});

test("a write of an earlier plan is not the new plan's: the same step, held again, does not protect it", () => {
  const { spreadsheet, alpha, beta } = twoAgents();
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  tool(spreadsheet, alpha, 'write_range', write('Summary!B3', '1.2'), at(0));
  tool(
    spreadsheet,
    alpha,
    'create_plan',
    {
      title: 'Stock summary, again',
      goal: 'Total the stock per bin',
      phases: [{ name: 'Work', steps: ['Read the stock', 'Write the totals', 'Write the counts'] }],
      analysis: { write: ['Summary!B3:C5 (bin, total)'] },
    },
    at(1),
  );
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(1));
  tool(spreadsheet, alpha, 'write_range', write('Summary!C3', '1.2'), at(1));
  tool(spreadsheet, beta, 'start_task', { step: '1.3' }, at(2));
  tool(spreadsheet, beta, 'write_range', write('Summary!B3', '1.3'), at(2));
  expect(refused(() => tool(spreadsheet, beta, 'write_range', write('Summary!C3', '1.3'), at(2)))).toMatch(
    /^CLAIMED: Summary!C3 overlaps Summary!C3, which Alpha wrote under task 1\.2/,
  );
});

test("the cells are their writer's: a task taken over after its claim lapsed gives the new holder none of them", () => {
  const { spreadsheet, alpha, beta } = twoAgents();
  tool(spreadsheet, beta, 'start_task', { step: '1.2' }, at(0));
  tool(spreadsheet, beta, 'write_range', write('Summary!B3', '1.2'), at(0));
  tool(spreadsheet, beta, 'block_task', { step: '1.2', reason: 'waiting for the bins' }, at(1));
  // Beta's lease is over: Alpha takes the task, and writes a cell of its own under it.
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(40));
  tool(spreadsheet, alpha, 'write_range', write('Summary!B4', '1.2'), at(40));
  tool(spreadsheet, beta, 'start_task', { step: '1.3' }, at(41));
  tool(spreadsheet, beta, 'write_range', write('Summary!B3', '1.3'), at(41));
  expect(refused(() => tool(spreadsheet, beta, 'write_range', write('Summary!B4', '1.3'), at(41)))).toMatch(
    /^CLAIMED: Summary!B4 overlaps Summary!B4, which Alpha wrote under task 1\.2, claimed until/,
  );
});

test('while the task another agent holds has written nothing, a write reads no log for this rule', () => {
  const logReads = (alphaWrites: boolean) => {
    const { spreadsheet, alpha } = twoAgents();
    // The log holds a write already, of a task no other agent holds.
    execute(spreadsheet, 'startTask', ['1.4'], { now: at(0) });
    execute(spreadsheet, 'writeRange', ['Summary!C5', [['x']], '1.4'], { now: at(0) });
    tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
    if (alphaWrites) tool(spreadsheet, alpha, 'write_range', write('Summary!B3', '1.2'), at(0));
    execute(spreadsheet, 'startTask', ['1.3'], { now: at(1) });
    const { error, execution } = execute(spreadsheet, 'writeRange', ['Summary!C3', [['x']], '1.3'], { now: at(1) });
    expect(error).toBeUndefined();
    return execution.calls.filter((entry: { method: string }) => entry.method === 'getValues').length;
  };
  // The revision record lists the steps that wrote (src/core/write-path/steps-that-wrote.ts): 1.2 is not among them.
  expect(logReads(true) - logReads(false)).toBe(1);
});

test('the cells a task wrote stay as the person sees them while it waits for review, whoever would write', () => {
  const { spreadsheet, token, alpha, beta } = twoAgentsAtWork();
  tool(spreadsheet, alpha, 'review_task', { step: '1.2', note: 'are these the bins?' }, at(2));
  expect(refused(() => tool(spreadsheet, beta, 'write_range', write('Summary!B4', '1.3'), at(3)))).toBe(
    "CLAIMED: Summary!B4 overlaps Summary!B3:B5, which task 1.2 wrote, and task 1.2 waits for the person's review: " +
      'its cells stay as the person sees them until they decide. Write other cells, or wait for their decision; ' +
      'nothing was written',
  );
  // Its own agent too, from another task: the person reviews what is there.
  tool(spreadsheet, alpha, 'start_task', { step: '1.4' }, at(3));
  expect(refused(() => tool(spreadsheet, alpha, 'write_range', write('Summary!B5', '1.4'), at(3)))).toMatch(
    /^CLAIMED: Summary!B5 overlaps Summary!B3:B5, which task 1\.2 wrote, and task 1\.2 waits for the person's review/,
  );
  expect([spreadsheet.cell('Summary!B4'), spreadsheet.cell('Summary!B5')]).toEqual(['B-7', 'C-2']);
  const task = (call(spreadsheet, 'getPlan').phases as Array<{ tasks: any[] }>)
    .flatMap((phase) => phase.tasks)
    .find((candidate: { step: string }) => candidate.step === '1.2');
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.2', 'yes', {
    title: task.title,
    status: task.status,
    note: task.note,
    working: task.working.by,
  });
  // Once the person has decided, the cells are Alpha's while its claim lasts, then free.
  expect(refused(() => tool(spreadsheet, beta, 'write_range', write('Summary!B4', '1.3'), at(5)))).toMatch(
    /^CLAIMED: Summary!B4 overlaps Summary!B3:B5, which Alpha wrote under task 1\.2, claimed until/,
  );
  tool(spreadsheet, beta, 'write_range', write('Summary!B4', '1.3'), at(40));
});

test("a backup of C2:D2 pasted back before its onEdit, listing no step: a write over Alpha's cells is refused", () => {
  const { spreadsheet, alpha, beta } = twoAgents();
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  expect(execute(spreadsheet, 'startTask', ['1.4'], { now: at(0) }).error).toBeUndefined();
  const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]]; // lists no step that wrote
  tool(spreadsheet, beta, 'start_task', { step: '1.3' }, at(1));
  tool(
    spreadsheet,
    alpha,
    'write_range',
    { ...write('Summary!B3:B5', '1.2'), values: [['A-1'], ['B-7'], ['C-2']] },
    at(1),
  );
  applyPersonEdit(spreadsheet, { kind: 'paste', at: PLAN, rows: backup });
  const { error } = execute(spreadsheet, 'writeRange', ['Summary!B5:C5', [['a', 'b']], '1.4'], { now: at(2) });
  expect(error?.message).toMatch(/^CLAIMED: /);
  expect(spreadsheet.cell('Summary!B5')).toBe('C-2');
});
