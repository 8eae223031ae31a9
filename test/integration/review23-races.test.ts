/**
 * Races review 22 did not reach (review 23): a person's edit of the plan cell at each moment of an agent's change,
 * a stale replacePlan or approval racing a change, finishPlan racing the plan's work, the write log's trimming under
 * two agents. Driven through the execution pool with a gate (./race-gates.ts), or in-process where the other side
 * takes no lock (a person's edit: Sheets stores it at once, its onEdit runs after). Open findings are test.failing,
 * named for the behaviour expected.
 */
import { ExecutionPool, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { runOnEdit } from '../../src/node/emulator/load-bundle';
import { applyPersonEdit, type PersonEdit } from '../../src/node/emulator/person-edits';
import { SpreadsheetApp } from '../../src/node/emulator/services/spreadsheet-app';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import { DEFAULT_SETTINGS } from '../../src/core/person/settings';
import { stockPlan, stockWorkbook } from './check-fixtures';
import {
  DIST,
  MARKER,
  PLAN,
  REVISION,
  call,
  callAsPerson,
  execute,
  openSidebar,
  personEdits,
  plan,
  planText,
  sheetWithSavedPlan,
  withoutClaims,
} from './harness';
import { QUARTERLY_CLOSE } from './quarterly-close';
import { answerOf, gate, lockAwaited, run } from './race-gates';

const LABEL = cellReference(PLAN_LOCATION.metadataLabelCell);

let pool: ExecutionPool;
beforeEach(() => (pool = new ExecutionPool()));
afterEach(async () => {
  jest.restoreAllMocks();
  await pool.close();
});

const PLAN_TEXT = plan(
  '# Plan: Race',
  'Goal: Nothing lost',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '',
);
const PERSONS = PLAN_TEXT.replace('Goal: Nothing lost', 'Goal: The person wrote this');
const STARTED = PLAN_TEXT.replace('- [ ] 1.1', '- [/] 1.1');

const historyTexts = (spreadsheet: EmulatedSpreadsheet): string[] =>
  call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => withoutClaims(entry.text));
/** Whether `text` is in the cell or can be restored from the history (claims aside). */
const recoverable = (spreadsheet: EmulatedSpreadsheet, text: string): boolean =>
  withoutClaims(planText(spreadsheet)) === text || historyTexts(spreadsheet).includes(text);

const EDITS: Record<string, PersonEdit> = {
  types: { kind: 'type', cell: PLAN, text: PERSONS },
  pastes: { kind: 'paste', at: PLAN, rows: [[PERSONS]] },
  'presses Delete': { kind: 'delete', range: PLAN },
};

describe("a person's edit of the plan cell during an agent's startTask: every text stays recoverable", () => {
  // Where the agent's execution is when the person's edit lands, and whether its write of the plan has landed then.
  const moments: Array<[string, string, boolean]> = [
    ['before its lock (its onEdit runs at once)', 'Lock.tryLock', false],
    ['under its lock, written, before its flush', 'SpreadsheetApp.flush', true],
    ['committed, before its lock is released', 'Lock.releaseLock', true],
  ];
  describe.each(moments)('%s', (_moment, at, written) => {
    test.each(Object.keys(EDITS))('the person %s', (how) => {
      const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
      let edit: ReturnType<typeof applyPersonEdit> | undefined;
      const { error } = execute(spreadsheet, 'startTask', ['1.1'], {
        prepare: (starting) =>
          starting.faults.interleave(at, () => {
            edit = applyPersonEdit(spreadsheet, EDITS[how]);
            if (!written) runOnEdit(spreadsheet, DIST, edit.range, edit.values);
          }),
      });
      if (written) runOnEdit(spreadsheet, DIST, edit!.range, edit!.values);
      if (how !== 'presses Delete') expect(recoverable(spreadsheet, PERSONS)).toBe(true);
      if (written) expect(recoverable(spreadsheet, STARTED)).toBe(true);
      else if (how === 'presses Delete') expect(error?.message).toMatch(/^NO_PLAN: /);
    });
  });

  test('typed between its read and its write: the agent writes over it, and onEdit keeps what was typed', () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    let edit: ReturnType<typeof applyPersonEdit> | undefined;
    execute(spreadsheet, 'startTask', ['1.1'], {
      prepare: (starting) =>
        starting.faults.interleave('Range.setValues', () => (edit = applyPersonEdit(spreadsheet, EDITS.types))),
    });
    runOnEdit(spreadsheet, DIST, edit!.range, edit!.values);
    expect(recoverable(spreadsheet, PERSONS)).toBe(true);
  });

  // onEdit waits 8 s for the lock; an agent's change that holds it longer (or a queue of them) makes it BUSY, and the
  // agent's write then replaces what was typed: no copy was kept, and the person's next edit has the agent's text as
  // its oldValue. In-process the nested onEdit is BUSY at once.
  test.failing('typed between its read and its write, its onEdit busy: what was typed stays recoverable', () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    let busy: unknown;
    execute(spreadsheet, 'startTask', ['1.1'], {
      prepare: (starting) =>
        starting.faults.interleave('Range.setValues', () => {
          const edit = applyPersonEdit(spreadsheet, EDITS.types);
          busy = runOnEdit(spreadsheet, DIST, edit.range, edit.values);
        }),
    });
    expect(busy).toEqual({ error: expect.objectContaining({ message: expect.stringMatching(/^BUSY: /) }) });
    expect(recoverable(spreadsheet, PERSONS)).toBe(true);
  });

  // Sheets gives onEdit no value for a paste, and the agent's write of the plan (computed from its read before the
  // paste) is a blind setValues: nothing keeps what was pasted. Found in review 23; a platform limit unless every write
  // reads the cell again just before writing it (which narrows the window, not closes it): the docs should say so.
  test.failing('pasted between its read and its write: what was pasted stays recoverable', () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    let edit: ReturnType<typeof applyPersonEdit> | undefined;
    execute(spreadsheet, 'startTask', ['1.1'], {
      prepare: (starting) =>
        starting.faults.interleave('Range.setValues', () => (edit = applyPersonEdit(spreadsheet, EDITS.pastes))),
    });
    runOnEdit(spreadsheet, DIST, edit!.range, edit!.values);
    expect(recoverable(spreadsheet, PERSONS)).toBe(true);
  });

  // The same blind write when the change fails after the paste: putting back writes the cells as they were before the
  // change, over the paste.
  test.failing('pasted after its write, then its commit fails: the change is put back, what was pasted stays', () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    let edit: ReturnType<typeof applyPersonEdit> | undefined;
    const { error } = execute(spreadsheet, 'startTask', ['1.1'], {
      prepare: (starting) => {
        starting.faults.interleave('SpreadsheetApp.flush', () => (edit = applyPersonEdit(spreadsheet, EDITS.pastes)));
        starting.faults.failNext('SpreadsheetApp.flush', 'Service error: Spreadsheets');
      },
    });
    expect(error?.message).toMatch(/^SERVICE_ERROR: /);
    runOnEdit(spreadsheet, DIST, edit!.range, edit!.values);
    expect(recoverable(spreadsheet, PERSONS)).toBe(true);
  });
});

/**
 * Cells pasted back with a revision record of their own (a backup of C2:D2; an Undo of a paste over both) look
 * recorded. onEdit reads Sheet Plan's copy of the last plan for that (guarantees.md). An agent's change that lands
 * before the paste's onEdit (or when onEdit never ran: a busy lock, its time limit) tells the paste by the label over
 * the record, which names the record last written: it reads the copy too, and keeps the text the paste replaced.
 * A backup of C1:D2 brings its old label back with it: open.
 */
describe('a backup of C2:D2 pasted back, and an agent changes the plan before its onEdit', () => {
  const TYPED = 'Shopping list: eggs, milk';

  function pastedBack(): { spreadsheet: EmulatedSpreadsheet; paste: ReturnType<typeof applyPersonEdit> } {
    const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
    call(spreadsheet, 'completeTask', '1.1');
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]];
    personEdits(spreadsheet, PLAN, TYPED); // recorded by its onEdit: the plan in force, Sheet Plan's copy of it
    const at = cellReference(PLAN_LOCATION.planCell);
    return { spreadsheet, paste: applyPersonEdit(spreadsheet, { kind: 'paste', at, rows: backup }) };
  }

  test('the text the paste replaced is listed by getHistory until a write keeps it', () => {
    const { spreadsheet } = pastedBack();
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test("an agent's change before the paste's onEdit keeps the text the paste replaced", () => {
    const { spreadsheet, paste } = pastedBack();
    call(spreadsheet, 'startTask', '1.2');
    runOnEdit(spreadsheet, DIST, paste.range, paste.values);
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test("an agent's change when the paste's onEdit never ran keeps the text the paste replaced", () => {
    const { spreadsheet } = pastedBack();
    call(spreadsheet, 'startTask', '1.2');
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test("C2:D2 of a copy of the sheet that went further: an agent's change before its onEdit keeps the text", () => {
    const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
    call(spreadsheet, 'completeTask', '1.1');
    personEdits(spreadsheet, PLAN, TYPED); // the label names this revision
    const further = sheetWithSavedPlan(QUARTERLY_CLOSE);
    for (const name of ['startTask', 'completeTask', 'reopenTask']) call(further, name, '1.2');
    const rows = [[planText(further), String(further.cell(REVISION))]]; // a record newer than the label
    applyPersonEdit(spreadsheet, { kind: 'paste', at: cellReference(PLAN_LOCATION.planCell), rows });
    call(spreadsheet, 'startTask', '1.1');
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });

  test.failing("a backup of C1:D2, its label with it: an agent's change before its onEdit keeps the text", () => {
    const spreadsheet = sheetWithSavedPlan(QUARTERLY_CLOSE);
    call(spreadsheet, 'completeTask', '1.1');
    const [marker, label] = [MARKER, LABEL].map((cell) => String(spreadsheet.cell(cell)));
    const backup = [
      [marker, label],
      [planText(spreadsheet), String(spreadsheet.cell(REVISION))],
    ];
    personEdits(spreadsheet, PLAN, TYPED);
    applyPersonEdit(spreadsheet, { kind: 'paste', at: MARKER, rows: backup });
    call(spreadsheet, 'startTask', '1.2');
    expect(historyTexts(spreadsheet)).toContain(TYPED);
  });
});

describe('stale whole-document writes racing a change: CONFLICT, nothing written', () => {
  test.each([
    ['completeTask', ['1.1']],
    ['applyCommands', [[{ action: 'complete', step: '1.1' }]]],
  ])('replacePlan with the stamp read while %s was written, not yet committed', async (name, args) => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    call(spreadsheet, 'startTask', '1.1');
    const commit = gate(SpreadsheetApp.prototype, 'flush');
    const completing = run(pool, spreadsheet, name, args);
    await commit.reached;
    const { stamp } = call(spreadsheet, 'getPlan'); // the plan before the completion: its writes are unseen
    const replacing = run(pool, spreadsheet, 'replacePlan', [PLAN_TEXT.replace('Second', 'Two'), stamp]);
    await lockAwaited(spreadsheet);
    commit.open();
    expect(answerOf(await completing)).not.toHaveProperty('error');
    const completed = planText(spreadsheet);
    expect(answerOf(await replacing)).toEqual({ error: expect.stringMatching(/^CONFLICT: /) });
    expect(planText(spreadsheet)).toBe(completed);
  });

  test("the person's approval of the plan shown while an agent's re-plan was written, not yet committed", async () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const { stamp } = call(spreadsheet, 'getPlan');
    const commit = gate(SpreadsheetApp.prototype, 'flush');
    const replanning = run(pool, spreadsheet, 'replacePlan', [PLAN_TEXT.replace('Second', 'Two'), stamp]);
    await commit.reached;
    const shown = callAsPerson(spreadsheet, token, 'sidebarLoad');
    expect(shown.markdown).toBe(PLAN_TEXT);
    const approving = run(pool, spreadsheet, 'sidebarApprovePlan', [token, shown.stamp, null], 'ui');
    await lockAwaited(spreadsheet);
    commit.open();
    expect(answerOf(await replanning)).not.toHaveProperty('error');
    expect(answerOf(await approving)).toEqual({ error: expect.stringMatching(/^CONFLICT: /) });
    expect(planText(spreadsheet)).toBe(PLAN_TEXT.replace('Second', 'Two'));
    expect(callAsPerson(spreadsheet, token, 'sidebarApprovedPlan')).toBeNull();
  });
});

describe("finishPlan (the starter plan next) racing the plan's work", () => {
  function finishedWorkbook(): EmulatedSpreadsheet {
    const spreadsheet = stockWorkbook(stockPlan(['- [x] 1.1 Total the bins', '- [x] 1.2 Say hello']));
    const settings = { ...DEFAULT_SETTINGS, approvalRequired: false, afterFinish: 'starter' };
    spreadsheet.properties.script.set(SETTINGS_PROPERTY, JSON.stringify(settings));
    return spreadsheet;
  }

  async function whileFinishing(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[]) {
    const commit = gate(SpreadsheetApp.prototype, 'flush');
    const finishing = run(pool, spreadsheet, 'finishPlan', ['all done']);
    await commit.reached;
    const other = run(pool, spreadsheet, name, args);
    await lockAwaited(spreadsheet);
    commit.open();
    expect(answerOf(await finishing)).toMatchObject({ id: 1 });
    expect(call(spreadsheet, 'listPlans')).toEqual([expect.objectContaining({ id: 1, title: 'Stock summary' })]);
    return answerOf(await other) as { error?: string; status?: string };
  }

  test('a writeRange that waited is refused on the starter plan, its note under the starter plan', async () => {
    const spreadsheet = finishedWorkbook();
    const answer = await whileFinishing(spreadsheet, 'writeRange', ['Summary!B3', [[5]], '1.1']);
    expect(answer.error).toMatch(/^OUT_OF_SCOPE: /);
    expect(spreadsheet.cell('Summary!B3')).toBe('');
    const [noted] = call(spreadsheet, 'getWriteLog');
    expect(noted).toMatchObject({ kind: 'refused', step: '1.1' });
    const shown = callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarLoad').writes;
    expect(shown).toEqual([expect.objectContaining({ kind: 'refused', step: '1.1' })]);
    expect(shown[0]).not.toHaveProperty('earlierPlan');
  });

  test("a startTask that waited starts the starter plan's 1.1; the archive keeps the finished plan", async () => {
    const spreadsheet = finishedWorkbook();
    expect(await whileFinishing(spreadsheet, 'startTask', ['1.1'])).toMatchObject({ status: 'doing' });
    expect(planText(spreadsheet)).toMatch(/^# Plan: Getting Started/);
  });
});

test("the write log's trimming while two agents append: the standing writes keep their rows, and undo", async () => {
  const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Total the bins']));
  const first: string = call(spreadsheet, 'writeRange', 'Summary!B3', [[1]], '1.1').id;
  for (let row = 1; row <= 100; row++) call(spreadsheet, 'readRange', `Summary!E${row}`); // reads up to the bound
  const commit = gate(SpreadsheetApp.prototype, 'flush');
  const writing = run(pool, spreadsheet, 'writeRange', ['Summary!B4', [[2]], '1.1']);
  await commit.reached;
  const reading = run(pool, spreadsheet, 'readRange', ['Summary!F1']); // logs a read: the oldest read goes
  await lockAwaited(spreadsheet);
  commit.open();
  const { id: second } = answerOf(await writing) as { id: string };
  expect(answerOf(await reading)).toMatchObject({ declared: false });
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarUndoWrite', second);
  callAsPerson(spreadsheet, token, 'sidebarUndoWrite', first);
  expect([spreadsheet.cell('Summary!B3'), spreadsheet.cell('Summary!B4')]).toEqual(['', '']);
});
