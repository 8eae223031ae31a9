/**
 * Apps Script service calls are what users wait for. A status change is one range read and one range write of the
 * plan's cells under the lock, plus one range write that keeps the new text as the last recorded plan in the history
 * sheet (so that whatever replaces the plan cell next, this version can be saved); a read is one range read. Each
 * range comes by its A1 from the spreadsheet (no sheet looked up by name), and the time zone a date or an agent's claim
 * needs (the lease's end is the spreadsheet's wall clock) is the one remembered with the spreadsheet's id when a person
 * opened the sheet: a change costs at most 7 spreadsheet service calls, a read 3. Every execution reads the script
 * properties once (getProperties).
 */
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { runWebApp, webAppEvent } from '../../src/node/emulator';
import {
  approveAsPerson,
  DIST,
  HISTORY_SHEET,
  PLAN,
  callAsPerson,
  PLAN_SHEET,
  execute,
  openedByPerson,
  openedSheet,
  openSidebar,
  plan,
  sheetWithPlan,
  sheetWithSavedPlan,
  typeRows,
} from './harness';
import { WRITE_LOG_MARK } from '../../src/apps-script/write-log';
import { TIME_ZONE_PROPERTY } from '../../src/apps-script/spreadsheet-access';

const PLAN_TEXT = plan(
  '# Plan: Calls',
  'Goal: Count them',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '- [ ] 1.3 Third',
);

const LABEL = cellReference(PLAN_LOCATION.metadataLabelCell);

type Execution = ReturnType<typeof execute>['execution'];
type Call = { service: string; method: string; args: readonly string[] };

function rangeCalls(execution: Execution) {
  return execution.calls.filter((entry: Call) => entry.service === 'Range').map((entry: Call) => entry.method);
}

/** SpreadsheetApp and the objects it hands out: each one a round trip to Sheets. */
function spreadsheetCalls(execution: Execution): string[] {
  return execution.calls
    .filter((entry: Call) => ['SpreadsheetApp', 'Spreadsheet', 'Sheet', 'Range'].includes(entry.service))
    .map((entry: Call) => `${entry.service}.${entry.method}`);
}

/** The sheets whose ranges were asked for, by A1 from the spreadsheet or by name. */
function sheetsReached(execution: Execution): string[] {
  return execution.calls
    .filter((entry: Call) => ['getSheetByName', 'getRange'].includes(entry.method) && entry.service === 'Spreadsheet')
    .map((entry: Call) => sheetOf(String(JSON.parse(entry.args[0]))));
}

/**
 * A change's calls: one range read and one range write of the plan, one write of its copy in the history sheet, both
 * sheets reached by A1 from the spreadsheet; `total` spreadsheet calls in all, the time zone asked `timeZone` times.
 */
function expectPlanReadAndWritten(execution: Execution, total: number, timeZone: number): void {
  expect(rangeCalls(execution)).toEqual(['getValues', 'setValues', 'setValues']);
  expect(sheetsReached(execution)).toEqual([PLAN_SHEET, HISTORY_SHEET]);
  expect(spreadsheetCalls(execution)).toHaveLength(total);
  expect(execution.countCalls({ method: 'getSpreadsheetTimeZone' })).toBe(timeZone);
}

/**
 * The service calls made while the script lock was held (after tryLock, up to releaseLock), but Utilities' (a date
 * formatted in the script's runtime is no round trip).
 */
function underTheLock(execution: Execution): string[] {
  const calls = execution.calls.map((entry: Call) => `${entry.service}.${entry.method}`);
  return calls
    .slice(calls.indexOf('Lock.tryLock') + 1, calls.indexOf('Lock.releaseLock'))
    .filter((call) => !call.startsWith('Utilities.'));
}

/** What a change holds the lock for: the plan read, its write with its record, the last recorded plan, the commit. */
const UNDER_THE_LOCK = ['Range.getValues', 'Range.setValues', 'Range.setValues', 'SpreadsheetApp.flush'];

/** The script property reads of an execution: one getProperties, then every key is known. */
function propertyReads(execution: Execution): string[] {
  return execution.calls
    .filter((entry: Call) => entry.service === 'Properties' && entry.method.startsWith('get'))
    .map((entry: Call) => entry.method);
}

/** The sheet an A1 reference names (`'My plan'!C2` → My plan), or the name getSheetByName was given. */
function sheetOf(reference: string): string {
  const quoted = /^'((?:[^']|'')+)'!/.exec(reference);
  return quoted ? quoted[1].replace(/''/g, "'") : reference.split('!')[0];
}

test.each([
  ['skipTask', ['1.1', 'not needed']],
  ['blockTask', ['1.1', 'waiting for data']],
  ['reviewTask', ['1.1', 'check the totals']],
  ['setTaskNote', ['1.1', 'uses column F']],
  ['addTask', [1, 'Fourth']],
  ['renameTask', ['1.1', 'The first']],
  ['applyCommands', [[{ action: 'block', step: '1.1', text: 'waiting' }]]],
])(
  '%s costs 7 spreadsheet calls: one range read and one range write of the plan, one write of its copy',
  (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    // Read the plan; keep the new text as the last recorded plan (history sheet); write the plan with its record.
    expectPlanReadAndWritten(execution, 7, 0);
    expect(propertyReads(execution)).toEqual(['getProperties']);
    expect(execution.countCalls({ service: 'Lock', method: 'tryLock' })).toBe(1);
    expect(execution.countCalls({ service: 'Lock', method: 'releaseLock' })).toBe(1);
    expect(execution.leakedLocks).toEqual([]);
  },
);

test.each([
  ['startTask', ['1.1']],
  ['startNextTask', []],
  [
    'applyCommands',
    [
      [
        { action: 'start', step: '1.1' },
        { action: 'start', step: '1.2' },
      ],
    ],
  ],
])(
  "%s writes the agent's claim until a wall-clock time in the time zone remembered with the spreadsheet: 7 calls",
  (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    expectPlanReadAndWritten(execution, 7, 0);
    expect(propertyReads(execution)).toEqual(['getProperties']);
  },
);

test.each([
  ['completeTask', ['1.1']],
  ['advanceTask', ['1.1']],
  ['applyCommands', [[{ action: 'complete', step: '1.1' }]]],
])(
  '%s of a task that wrote no cells: the plan read once before the lock for what its checks need (nothing), ' +
    'the date in the remembered time zone, the write log never read',
  (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    expect(rangeCalls(execution)).toEqual(['getValues', 'getValues', 'setValues', 'setValues']);
    expect(sheetsReached(execution)).toEqual([PLAN_SHEET, HISTORY_SHEET]);
    expect(spreadsheetCalls(execution)).toHaveLength(8);
    expect(execution.countCalls({ method: 'getSpreadsheetTimeZone' })).toBe(0);
    expect(underTheLock(execution)).toEqual(UNDER_THE_LOCK);
    // The revision record lists the steps that wrote cells (writeRange): not this one, so its done check reads nothing.
    expect(execution.countCalls({ method: 'getSheetByName' })).toBe(0);
  },
);

/** A plan whose task 1.1 (in progress) may write Data!A1:J20 and Totals!A1:J20. */
const PLAN_WRITING_TWO_SHEETS = plan(
  '# Plan: Calls',
  'Goal: Count them',
  'Status: approved',
  '## Analysis',
  '- Target ranges:',
  '  - Write: Data!A1:J20',
  '  - Write: Totals!A1:J20',
  '### Phase 1: Work',
  '- [/] 1.1 First',
  '- [ ] 1.2 Second',
);

/** Task 1.1 writes `count` ranges of one cell on each of `sheets`, through writeRange. */
function sheetWhereTaskWrote(sheets: string[], count: number) {
  const spreadsheet = sheetWithSavedPlan(PLAN_WRITING_TWO_SHEETS);
  for (const sheet of sheets) typeRows(spreadsheet, `${sheet}!A1`, [['before']]);
  for (const sheet of sheets) {
    for (let row = 1; row <= count; row++) {
      const written = execute(spreadsheet, 'writeRange', [`${sheet}!B${row * 2}`, [[row]], '1.1']);
      expect(written.error).toBeUndefined();
    }
  }
  return spreadsheet;
}

test.each([
  ['completeTask', ['1.1']],
  ['advanceTask', ['1.1']],
  ['applyCommands', [[{ action: 'complete', step: '1.1' }]]],
])(
  '%s of a task that wrote 10 ranges on one sheet: the write log and one rectangle of the sheet read before the ' +
    'lock, at most 16 calls',
  (name, args) => {
    const { error, execution } = execute(sheetWhereTaskWrote(['Data'], 10), name, args as unknown[]);
    expect(error).toBeUndefined();
    expect(spreadsheetCalls(execution).length).toBeLessThanOrEqual(16);
    // The sheet looked up once and read once (values and what they show), whatever the number of ranges.
    expect(execution.calls.filter((entry: Call) => entry.args[0] === '"Data"')).toHaveLength(1);
    expect(execution.countCalls('Range.getDisplayValues')).toBe(1);
    // Under the lock: the plan's read, its revision re-checked (with the write log's mark, afresh), the writes.
    expect(underTheLock(execution).filter((call) => !call.startsWith('Properties'))).toEqual(UNDER_THE_LOCK);
  },
);

test('completing a task costs more calls per sheet it wrote on, not per range', () => {
  const calls = (sheets: string[], count: number) => {
    const { error, execution } = execute(sheetWhereTaskWrote(sheets, count), 'completeTask', ['1.1']);
    expect(error).toBeUndefined();
    return spreadsheetCalls(execution).length;
  };
  const oneSheet = calls(['Data'], 10);
  expect(calls(['Data'], 2)).toBe(oneSheet);
  expect(calls(['Data', 'Totals'], 5)).toBe(oneSheet + 4);
});

test('a write between the read before the lock and the lock: the checks read the cells again, under the lock', () => {
  const spreadsheet = sheetWhereTaskWrote(['Data'], 2);
  const { error, execution } = execute(spreadsheet, 'completeTask', ['1.1'], {
    // Another execution writes a formula error into the task's range (which moves the write log's mark) after the
    // cells were read, just before this one takes the lock.
    prepare: (running) =>
      running.faults.interleave('Lock.tryLock', () => {
        typeRows(spreadsheet, 'Data!B2', [['=1/0']]);
        spreadsheet.properties.script.set(WRITE_LOG_MARK, 'moved by another write');
      }),
  });
  expect(error?.message).toMatch(/^CHECK_FAILED: /);
  // Once before the lock (one rectangle), then each written range under it.
  expect(execution.countCalls('Range.getDisplayValues')).toBe(3);
});

test.each(['getPlan', 'getNextTask', 'getReviewTasks', 'getProgress', 'validatePlan'])(
  '%s costs 3 spreadsheet calls: the plan cells read once, by one A1 range, and no lock',
  (name) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name);
    expect(error).toBeUndefined();
    expect(spreadsheetCalls(execution)).toEqual(['SpreadsheetApp.openById', 'Spreadsheet.getRange', 'Range.getValues']);
    expect(sheetsReached(execution)).toEqual([PLAN_SHEET]);
    expect(execution.countCalls({ service: 'Lock' })).toBe(0);
    expect(propertyReads(execution)).toEqual(['getProperties']);
  },
);

test("the time zone is the spreadsheet's as a person last opened it: an agent's date follows a change since", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.timeZone = 'Pacific/Kiritimati';
  const before = execute(spreadsheet, 'startTask', ['1.1']);
  expect(before.execution.countCalls({ method: 'getSpreadsheetTimeZone' })).toBe(0);
  expect(spreadsheet.properties.script.get(TIME_ZONE_PROPERTY)).not.toBe('Pacific/Kiritimati');
  openedByPerson(spreadsheet);
  expect(spreadsheet.properties.script.get(TIME_ZONE_PROPERTY)).toBe('Pacific/Kiritimati');
  const { execution } = execute(spreadsheet, 'completeTask', ['1.1']);
  expect(execution.countCalls({ method: 'getSpreadsheetTimeZone' })).toBe(0);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(execution.now());
  expect(String(spreadsheet.cell(PLAN))).toContain(`- [x] 1.1 First ✅ ${today}`);
});

test('before any time zone was remembered, an agent asks the spreadsheet for it once', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.properties.script.delete(TIME_ZONE_PROPERTY);
  const { error, execution } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expectPlanReadAndWritten(execution, 8, 1);
});

test('without the plan sheet, a read looks it up by name once and answers NO_PLAN', () => {
  const { error, execution } = execute(openedSheet({ sheets: ['Sheet1'] }), 'getProgress');
  expect(error?.message).toMatch(/^NO_PLAN/);
  expect(execution.countCalls({ method: 'getSheetByName' })).toBe(1);
});

test.each([
  ['startTask', ['1.1']],
  ['blockTask', ['1.1', 'waiting for data']],
])(
  "%s holds the lock for the plan's read, its writes and the commit: the spreadsheet, settings, time zone and ranges " +
    'come before',
  (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    expect(underTheLock(execution)).toEqual([
      'Range.getValues',
      'Range.setValues',
      'Range.setValues',
      'SpreadsheetApp.flush',
    ]);
    const before = execution.calls.slice(
      0,
      execution.calls.findIndex((entry: Call) => entry.method === 'tryLock'),
    );
    expect(before.map((entry: Call) => `${entry.service}.${entry.method}`)).toEqual([
      'PropertiesService.getScriptProperties',
      'Properties.getProperties',
      'SpreadsheetApp.openById',
      'Spreadsheet.getRange',
      'Spreadsheet.getRange',
      'LockService.getScriptLock',
    ]);
  },
);

test('the lock is released when the change is refused', () => {
  const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), 'completeTask', ['4.4']);
  expect(error?.message).toMatch(/^NOT_FOUND/);
  expect(execution.countCalls({ service: 'Lock', method: 'releaseLock' })).toBe(1);
  // Read before the lock for what the checks need (no such task: nothing), then under it.
  expect(rangeCalls(execution)).toEqual(['getValues', 'getValues']);
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

test("a label the person changed beside the plan is left as it is: the change writes the plan's two cells only", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.setCellText(LABEL, 'Do not touch (revision)');
  const { error, execution } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(spreadsheet.cell(LABEL)).toBe('Do not touch (revision)');
  expect(String(spreadsheet.cell(PLAN))).toContain('- [/] 1.1 First');
  // The whole block read is not written back: the plan and its record go by a range of their own.
  expect(
    execution.calls.filter((entry: Call) => entry.method === 'setValues').map((entry: Call) => entry.args[0]),
  ).toEqual(['[1x3]', '[1x2]']);
});

test("an emptied label is Sheet Plan's to write back: the change still goes through the range it read", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.setCellText(LABEL, '');
  const { error, execution } = execute(spreadsheet, 'blockTask', ['1.1', 'waiting']);
  expect(error).toBeUndefined();
  expect(spreadsheet.cell(LABEL)).toMatch(new RegExp(`^${PLAN_LOCATION.metadataLabel} \\d+ \\(`));
  expect(spreadsheetCalls(execution)).toHaveLength(7);
});

test('an MCP call through doPost reads the script properties once: URL, key, spreadsheet id, settings', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.webAppUrl = 'https://script.google.com/macros/s/AKfy-deployment/exec';
  runWebApp(spreadsheet, DIST, { method: 'GET' }); // opened once: Sheet Plan learns its address
  const { key } = callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarConnectAgent', 'Claude');
  const post = (id: number, name: string, args: Record<string, unknown>) =>
    execute(
      spreadsheet,
      'doPost',
      [
        webAppEvent({
          method: 'POST',
          queryString: `key=${key}`,
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
          contentType: 'application/json',
        }),
      ],
      { context: 'webapp' },
    );
  // The key's first use is recorded (under the lock, on a fresh read); later calls within the minute record none.
  expect(post(1, 'get_plan', {}).error).toBeUndefined();
  const { error, execution } = post(2, 'start_task', { step: '1.1' });
  expect(error).toBeUndefined();
  expect(String(spreadsheet.cell(PLAN))).toContain('- [/] 1.1 First');
  expect(propertyReads(execution)).toEqual(['getProperties']);
  expectPlanReadAndWritten(execution, 7, 0);
});

test('a new plan over an approved one reads the plan last approved once: for its draft status and for its hold', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  const { error, execution } = execute(spreadsheet, 'createPlan', ['Next', 'Go on', [{ name: 'Work', steps: ['A'] }]]);
  expect(error).toBeUndefined();
  // K1:M1: Sheet Plan's label (that the sheet is its own), then the approved plan.
  const historyReads = execution.calls.filter(
    (entry: Call) => entry.service === 'Sheet' && entry.method === 'getRange' && entry.args.join() === '1,11,1,3',
  );
  expect(historyReads).toHaveLength(1);
});
