/**
 * Issue 16, items 5–9: sequences an agent can run with Sheet Plan's own functions to push a person's words or an
 * agent's undo record out of the record, lose a person's typing, get an answer that does not tell the truth, or reuse
 * the last plan's request ids. Each is replayed through the built bundle on the emulator.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { ARCHIVE_LIMIT } from '../../src/apps-script/archive-sheet';
import { HISTORY_LIMIT } from '../../src/apps-script/history-sheet';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { READ_LOG_LIMIT, WRITE_LOG_LIMIT } from '../../src/apps-script/write-log-bounds';
import { runOnEdit } from '../../src/node/emulator';
import {
  DIST,
  MARKER,
  PLAN,
  PLAN_SHEET,
  REVISION,
  approveAsPerson,
  call,
  callAsPerson,
  execute,
  openSidebar,
  openedSheet,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
  typeRows,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Reconcile',
  '',
  'Goal: Reconcile the sheets',
  '',
  '### Phase 1: Read',
  '- [ ] 1.1 Read Data!A1:B9',
  '- [ ] 1.2 Check the totals',
  '',
);
const ID = '3f2b8c1e-9a4d-4c7e-8b1a-5d6e7f809a1b';

function completeOnce(spreadsheet: EmulatedSpreadsheet, step: string, requestId: string) {
  return execute(spreadsheet, 'completeTask', [step, { requestId }]);
}

describe('request ids belong to one plan', () => {
  test('after finishPlan, a new plan’s completeTask with an id the last plan saw is a change of its own', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(completeOnce(spreadsheet, '1.1', ID).error).toBeUndefined();
    call(spreadsheet, 'completeTask', '1.2');
    call(spreadsheet, 'finishPlan', 'Reconciled');
    call(spreadsheet, 'createPlan', 'Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }]);
    const { result, error } = completeOnce(spreadsheet, '1.1', ID);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ step: '1.1', status: 'done' });
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1 Read Data!A1:B9/);
  });

  test('after createPlan over a plan, an id the replaced plan saw is a change of its own', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(completeOnce(spreadsheet, '1.1', ID).error).toBeUndefined();
    call(spreadsheet, 'createPlan', 'Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }]);
    const { result, error } = completeOnce(spreadsheet, '1.1', ID);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ step: '1.1', status: 'done', revision: 4 });
  });

  test('createPlan retried with its own id still answers once, writing nothing again', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const args = ['Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }], null];
    const first = execute(spreadsheet, 'createPlan', [...args, { requestId: ID }]);
    const after = snapshot(spreadsheet);
    expect(execute(spreadsheet, 'createPlan', [...args, { requestId: ID }]).result).toEqual(first.result);
    expect(snapshot(spreadsheet)).toBe(after);
  });
});

describe("set-up keeps a person's cells beside the plan", () => {
  const LABEL = cellReference(PLAN_LOCATION.metadataLabelCell);

  /** A sheet a person named AGENT_BASE and wrote in before Sheet Plan set it up. */
  function personsAgentBase(): EmulatedSpreadsheet {
    const spreadsheet = openedSheet({ sheets: ['Sheet1', PLAN_SHEET] });
    spreadsheet.setCellText(MARKER, 'Budget 2026');
    spreadsheet.setCellText(LABEL, 'Owner');
    spreadsheet.setCellText(REVISION, 'Ana, until March');
    return spreadsheet;
  }

  function keptCells(spreadsheet: EmulatedSpreadsheet): string | undefined {
    const history: Array<{ text: string }> = call(spreadsheet, 'getHistory', 10);
    return history.find((entry) => entry.text.startsWith(`Cells of ${PLAN_SHEET}`))?.text;
  }

  test.each([
    ['initPlan', []],
    ['createPlan', ['Close', 'Close the month', [{ name: 'Close', steps: ['Post Journal!A2:F90'] }]]],
  ])('%s over C1, D1 and D2 a person wrote keeps all three in the history', (name, args) => {
    const spreadsheet = personsAgentBase();
    const { error } = execute(spreadsheet, name, args);
    expect(error).toBeUndefined();
    expect(spreadsheet.cell(MARKER)).not.toBe('Budget 2026');
    expect(keptCells(spreadsheet)).toBe(
      `Cells of ${PLAN_SHEET} that Sheet Plan's write replaced:\n` +
        `${MARKER}: Budget 2026\n${LABEL}: Owner\n${REVISION}: Ana, until March\n`,
    );
  });

  test('text a person typed over the revision record is kept when the next change writes the record', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    call(spreadsheet, 'startTask', '1.1');
    spreadsheet.setCellText(REVISION, 'ask Ana before closing');
    call(spreadsheet, 'completeTask', '1.1');
    expect(keptCells(spreadsheet)).toContain(`${REVISION}: ask Ana before closing`);
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1/);
  });

  test("Sheet Plan's own marker, label and record are not kept again", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT, { marker: null });
    call(spreadsheet, 'initPlan');
    spreadsheet.setCellText(MARKER, '');
    call(spreadsheet, 'createPlan', 'Close', 'Close the month', [{ name: 'Close', steps: ['Post'] }]);
    expect(keptCells(spreadsheet)).toBeUndefined();
    expect(call(spreadsheet, 'getPlan').title).toBe('Close');
  });
});

// ---- sheet work: the write log ----

const SHEET_PLAN = plan(
  '# Plan: Stock',
  '',
  'Goal: Total the stock',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Read: Data!A1:B3',
  '  - Write: Out!A1:B3',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Write the totals',
  '',
);

function workbook(): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Data', 'Out', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, SHEET_PLAN);
  typeRows(spreadsheet, 'Data!A1', [['a', '1']]);
  typeRows(spreadsheet, 'Out!A1', [['before', '0']]);
  return spreadsheet;
}

function agentWrites(spreadsheet: EmulatedSpreadsheet, values: unknown[][] = [['agent', 9]]): string {
  return call(spreadsheet, 'writeRange', 'Out!A1:B1', values, '1.1').id;
}

/** The log as the person's sidebar lists it. */
function logRows(spreadsheet: EmulatedSpreadsheet): Array<{ id: string; kind: string }> {
  return callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarLoad').writes;
}

describe('reads never push a write out of the log', () => {
  test(`${READ_LOG_LIMIT + 1} reads outside the plan after a write: the person can still undo the write`, () => {
    const spreadsheet = workbook();
    const id = agentWrites(spreadsheet);
    for (let i = 0; i <= READ_LOG_LIMIT; i++) call(spreadsheet, 'readRange', 'Data!C1:D2');
    const rows = logRows(spreadsheet);
    expect(rows.filter((row) => row.kind === 'read')).toHaveLength(READ_LOG_LIMIT);
    expect(rows.filter((row) => row.kind === 'write').map((row) => row.id)).toEqual([id]);
    const token = openSidebar(spreadsheet);
    expect(execute(spreadsheet, 'sidebarUndoWrite', [token, id], { context: 'ui' }).error).toBeUndefined();
    expect(spreadsheet.cell('Out!A1')).toBe('before');
  });

  test(`a write beyond ${WRITE_LOG_LIMIT} writes drops a settled (undone) write, never an undoable one`, () => {
    const spreadsheet = workbook();
    call(spreadsheet, 'readRange', 'Data!C1:D2');
    const first = agentWrites(spreadsheet, [['w0', 0]]);
    let last = first;
    for (let i = 1; i < WRITE_LOG_LIMIT; i++) last = agentWrites(spreadsheet, [[`w${i}`, i]]);
    expect(
      execute(spreadsheet, 'sidebarUndoWrite', [openSidebar(spreadsheet), last], { context: 'ui' }).error,
    ).toBeUndefined();
    agentWrites(spreadsheet, [['again', 0]]);
    const rows = logRows(spreadsheet);
    expect(rows.filter((row) => row.kind === 'write')).toHaveLength(WRITE_LOG_LIMIT);
    expect(rows.map((row) => row.id)).toContain(first);
    expect(rows.map((row) => row.id)).not.toContain(last);
    expect(rows.filter((row) => row.kind === 'read')).toHaveLength(1);
  });
});

describe("a person's typing that an agent's write lands on is kept", () => {
  const TYPED = 'Do not touch the March figures until Ana says so';

  test('onEdit keeps what the person typed when the cell no longer holds it', () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    // The person types into the cell while the agent's completeTask runs: after its read, before its write.
    const { error } = execute(spreadsheet, 'completeTask', ['1.1'], {
      prepare: (run) => run.faults.interleave('Range.setValues', () => spreadsheet.setCellText(PLAN, TYPED)),
    });
    expect(error).toBeUndefined();
    expect(planText(spreadsheet)).not.toBe(TYPED);
    // Then Sheets runs the person's onEdit, with what they typed.
    runOnEdit(spreadsheet, DIST, PLAN, { value: TYPED, oldValue: PLAN_TEXT });
    const history: Array<{ text: string }> = call(spreadsheet, 'getHistory', 10);
    expect(history.map((entry) => entry.text)).toContain(TYPED);
  });

  test('an undo reads the cells just before it writes: an edit made while it marks the log stays', () => {
    const spreadsheet = workbook();
    const id = agentWrites(spreadsheet);
    const token = openSidebar(spreadsheet);
    execute(spreadsheet, 'sidebarUndoWrite', [token, id], {
      context: 'ui',
      prepare: (run) => run.faults.interleave('Properties.setProperty', () => spreadsheet.setCellText('Out!A1', 'Ana')),
    });
    expect(spreadsheet.cell('Out!A1')).toBe('Ana');
  });

  test('writeRange reads the cells just before it writes: an edit made while it logs the write stays', () => {
    const spreadsheet = workbook();
    agentWrites(spreadsheet);
    execute(spreadsheet, 'writeRange', ['Out!A1:B1', [['second', 2]], '1.1'], {
      prepare: (run) => run.faults.interleave('Sheet.appendRow', () => spreadsheet.setCellText('Out!A1', 'Ana')),
    });
    expect(spreadsheet.cell('Out!A1')).toBe('Ana');
  });
});

describe('an error tells the truth: nothing was written', () => {
  const failing = (method: string) => ({
    prepare: (run: ReturnType<typeof execute>['execution']) =>
      run.faults.failNext(method, 'Service error: Spreadsheets'),
  });

  test('writeRange whose commit (flush) fails answers an error with its cells and log row put back', () => {
    const spreadsheet = workbook();
    agentWrites(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(
      spreadsheet,
      'writeRange',
      ['Out!A1:B1', [['second', 2]], '1.1'],
      failing('SpreadsheetApp.flush'),
    );
    expect(error?.message).toMatch(/^SERVICE_ERROR: Service error/);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('a first write whose log sheet cannot be hidden leaves no log sheet behind', () => {
    const spreadsheet = workbook();
    const before = snapshot(spreadsheet);
    const { error } = execute(
      spreadsheet,
      'writeRange',
      ['Out!A1:B1', [['agent', 9]], '1.1'],
      failing('Sheet.hideSheet'),
    );
    expect(error?.message).toMatch(/^SERVICE_ERROR/);
    expect(spreadsheet.sheetNamed(PLAN_LOCATION.writeLogSheet)).toBeUndefined();
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('an undo whose commit fails answers an error with the values not back', () => {
    const spreadsheet = workbook();
    const id = agentWrites(spreadsheet);
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarUndoWrite', [token, id], {
      context: 'ui',
      ...failing('SpreadsheetApp.flush'),
    });
    expect(error?.message).toMatch(/Service error/);
    expect(snapshot(spreadsheet)).toBe(before);
    expect(spreadsheet.cell('Out!A1')).toBe('agent');
  });

  test('an undo whose answer (the plan and the log) cannot be read is put back: an error means nothing undone', () => {
    const spreadsheet = workbook();
    const id = agentWrites(spreadsheet);
    const token = openSidebar(spreadsheet);
    let setValuesSeen = false;
    const { error } = execute(spreadsheet, 'sidebarUndoWrite', [token, id], {
      context: 'ui',
      prepare: (run) =>
        run.faults.failNext((entry: { service: string; method: string }) => {
          if (entry.service === 'Range' && entry.method === 'setValues') setValuesSeen = true;
          return setValuesSeen && entry.service === 'Range' && entry.method === 'getValues';
        }, 'Service error: Spreadsheets'),
    });
    expect(error?.message).toMatch(/Service error/);
    expect(spreadsheet.cell('Out!A1')).toBe('agent');
  });
});

// ---- the history and the archive: an agent's entries never push a person's out ----

const QUESTION_PLAN = plan(
  '# Plan: Close',
  '',
  'Goal: Close the month',
  '',
  '## Questions for User',
  '',
  '- Which month?',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Post the journal',
  '',
);

describe("a person's words stay in the history", () => {
  test(`an answer dropped with its question outlives ${HISTORY_LIMIT} replacePlan calls`, () => {
    const spreadsheet = sheetWithSavedPlan(QUESTION_PLAN);
    callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarAnswerQuestion', 1, 'March, not April');
    const dropped = QUESTION_PLAN.replace('## Questions for User\n\n- Which month?\n\n', '');
    call(spreadsheet, 'replacePlan', dropped, call(spreadsheet, 'getPlan').stamp);
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      call(
        spreadsheet,
        'replacePlan',
        dropped.replace('journal', `journal (${i})`),
        call(spreadsheet, 'getPlan').stamp,
      );
    }
    const history: Array<{ text: string }> = call(spreadsheet, 'getHistory', 100);
    expect(history.some((entry) => entry.text.includes('Answer: March, not April'))).toBe(true);
    expect(history.length).toBeLessThanOrEqual(2 * HISTORY_LIMIT);
    // The person's History panel lists it too.
    const listed: Array<{ text: string }> = callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarHistory');
    expect(listed.some((entry) => entry.text.includes('Answer: March, not April'))).toBe(true);
  });

  test("a plan a person typed outlives the agent's versions after it", () => {
    const typed = QUESTION_PLAN.replace('Post the journal', 'Post the journal, as Ana wrote it');
    const spreadsheet = sheetWithSavedPlan(QUESTION_PLAN);
    runOnEdit(spreadsheet, DIST, PLAN, {}); // nothing changed yet: records nothing
    spreadsheet.setCellText(PLAN, typed);
    runOnEdit(spreadsheet, DIST, PLAN, { value: typed });
    call(spreadsheet, 'createPlan', 'Other', 'Replace it', [{ name: 'W', steps: ['One'] }]);
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      call(spreadsheet, 'createPlan', `Other ${i}`, 'Replace it', [{ name: 'W', steps: ['One'] }]);
    }
    const history: Array<{ text: string }> = call(spreadsheet, 'getHistory', 100);
    expect(history.map((entry) => entry.text)).toContain(typed);
  });

  test("versions without a person's words are trimmed to the bound", () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    for (let i = 0; i <= HISTORY_LIMIT + 2; i++) {
      call(spreadsheet, 'createPlan', `Other ${i}`, 'Replace it', [{ name: 'W', steps: ['One'] }]);
    }
    expect(call(spreadsheet, 'getHistory', 100)).toHaveLength(HISTORY_LIMIT);
  });
});

describe("a person's plan stays in the archive", () => {
  test(`a plan the person approved outlives ${ARCHIVE_LIMIT + 1} throw-away finished plans`, () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT.replace('# Plan: Reconcile', '# Plan: Approved by Ana'));
    approveAsPerson(spreadsheet, openSidebar(spreadsheet), 'go ahead');
    call(spreadsheet, 'completeTask', '1.1');
    call(spreadsheet, 'completeTask', '1.2');
    call(spreadsheet, 'finishPlan', 'Done');
    for (let i = 0; i <= ARCHIVE_LIMIT; i++) {
      call(spreadsheet, 'createPlan', `Throw-away ${i}`, 'Nothing', [{ name: 'W', steps: ['One'] }]);
      call(spreadsheet, 'completeTask', '1.1');
      call(spreadsheet, 'finishPlan', 'Done');
    }
    const titles = (call(spreadsheet, 'listPlans') as Array<{ title: string }>).map((entry) => entry.title);
    expect(titles).toContain('Approved by Ana');
    expect(titles).toHaveLength(ARCHIVE_LIMIT + 1);
    expect(titles).not.toContain('Throw-away 0');
  });
});
