/**
 * Sheet work under the plan, through the built bundle: an agent reads anywhere (reads outside the
 * plan's ranges are reported), writes only inside the approved plan's Write ranges for a task in
 * progress, and a person undoes a write from the sidebar only while its cells still hold what the
 * agent wrote. Every refusal leaves the sheet and the plan byte for byte as they were; a write the rules refuse is
 * noted in the write log (kind `refused`, with why), as a read outside the plan's ranges is, and nothing else.
 */
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { execute, openSidebar, PLAN, PLAN_SHEET, snapshot, typeRows } from './harness';
import { APPROVED, agent, refused, requireApproval, workbook } from './sheet-work-fixtures';

describe('listSheets', () => {
  test("names each sheet with its size and header row, and leaves out Sheet Plan's own sheets", () => {
    const spreadsheet = workbook();
    agent(spreadsheet, 'writeRange', ['Summary!B3', [['A-1', 15]], '1.2']); // creates the hidden log
    expect(agent(spreadsheet, 'listSheets')).toEqual([
      { name: 'Warehouse', rows: 4, columns: 4, header: ['SKU', 'Bin', 'Qty', 'Counted'] },
      { name: 'Summary', rows: 3, columns: 3, header: ['', '', ''] },
      { name: 'Bin Notes', rows: 0, columns: 0, header: [] },
    ]);
  });
});

describe('readRange', () => {
  test('answers numbers, booleans, text and dates in their JSON form, and display values on request', () => {
    const result = agent(workbook(), 'readRange', ['Warehouse!A2:D4', { display: true }]);
    expect(result).toEqual({
      range: 'Warehouse!A2:D4',
      rows: 3,
      columns: 4,
      values: [
        ['WH-1', 'A-1', 12, { date: '2026-01-10T05:00:00.000Z' }],
        ['WH-2', 'A-1', 3, ''],
        ['WH-3', 'B-7', '007', true],
      ],
      displayValues: [
        ['WH-1', 'A-1', '12', '1/10/2026'],
        ['WH-2', 'A-1', '3', ''],
        ['WH-3', 'B-7', '007', 'TRUE'],
      ],
      timeZone: 'America/New_York',
      declared: false,
    });
  });

  test('an open range (whole columns, or down from a row) stops at the last row and column with content', () => {
    const spreadsheet = workbook();
    expect(agent(spreadsheet, 'readRange', ['Warehouse!A:B'])).toMatchObject({ range: 'Warehouse!A1:B4', rows: 4 });
    expect(agent(spreadsheet, 'readRange', ['Warehouse!C2:C'])).toMatchObject({
      range: 'Warehouse!C2:C4',
      values: [[12], [3], ['007']],
    });
    expect(agent(spreadsheet, 'readRange', ['Warehouse!2:3'])).toMatchObject({ range: 'Warehouse!A2:D3', columns: 4 });
    expect(agent(spreadsheet, 'readRange', ["'Bin Notes'!A:A"])).toMatchObject({ rows: 0, values: [] });
  });

  test('a read inside the Read ranges is not logged; one outside is allowed and reported in the write log', () => {
    const spreadsheet = workbook();
    expect(agent(spreadsheet, 'readRange', ['Warehouse!A1:C4'])).toMatchObject({ declared: true });
    // Whole columns that stop at the last row used lie inside the declared A1:C4.
    expect(agent(spreadsheet, 'readRange', ['Warehouse!A:C'])).toMatchObject({
      range: 'Warehouse!A1:C4',
      declared: true,
    });
    expect(agent(spreadsheet, 'getWriteLog')).toEqual([]);
    expect(agent(spreadsheet, 'readRange', ['Warehouse!D1:D4'])).toMatchObject({ declared: false });
    expect(agent(spreadsheet, 'getWriteLog')).toEqual([
      expect.objectContaining({ kind: 'read', range: 'Warehouse!D1:D4', step: '', cells: 4, by: 'api' }),
    ]);
  });

  test("reads are allowed while the plan is a draft, but not of Sheet Plan's own sheets", () => {
    const spreadsheet = workbook(APPROVED.replace('Status: approved', 'Status: draft'));
    expect(agent(spreadsheet, 'readRange', ['Warehouse!A1:C4'])).toMatchObject({ rows: 4 });
    expect(refused(spreadsheet, 'readRange', [PLAN])).toMatch(
      new RegExp(`^OUT_OF_SCOPE: ${PLAN_SHEET} is Sheet Plan's own sheet; use getPlan, getHistory and getWriteLog`),
    );
  });

  test('a read over the cap names the cap', () => {
    expect(refused(workbook(), 'readRange', ['Warehouse!A1:J100000'])).toBe(
      'TOO_LARGE: Warehouse!A1:J100000 is 1,000,000 cells; a read covers at most 20,000. Nothing was read; ask ' +
        'for fewer rows at a time',
    );
  });
});

describe('writeRange under an approved plan', () => {
  test('writes text as text and numbers as numbers, logs the write, and leaves the plan cell alone', () => {
    const spreadsheet = workbook();
    const planBefore = spreadsheet.cell(PLAN);
    const result = agent(spreadsheet, 'writeRange', [
      'Summary!B3:C5',
      [
        ['A-1', 15],
        ['=B-7', '007'],
        [null, true],
      ],
      '1.2',
    ]);
    expect(result).toMatchObject({ range: 'Summary!B3:C5', rows: 3, columns: 2, cells: 6, step: '1.2' });
    expect(result.replacedCells).toBe(0);
    expect([spreadsheet.cell('Summary!B3'), spreadsheet.cell('Summary!C3')]).toEqual(['A-1', 15]);
    expect([spreadsheet.cell('Summary!B4'), spreadsheet.formula('Summary!B4')]).toEqual(['=B-7', '']);
    expect(spreadsheet.cell('Summary!C4')).toBe('007');
    expect([spreadsheet.cell('Summary!B5'), spreadsheet.cell('Summary!C5')]).toEqual(['', true]);
    expect(spreadsheet.cell(PLAN)).toBe(planBefore);
    expect(agent(spreadsheet, 'getWriteLog')).toEqual([
      {
        id: result.id,
        kind: 'write',
        at: result.at,
        by: 'api',
        step: '1.2',
        range: 'Summary!B3:C5',
        rows: 3,
        columns: 2,
        cells: 6,
      },
    ]);
  });

  test('one cell names where a block of values starts; a whole column in the plan covers any rows of it', () => {
    const spreadsheet = workbook();
    expect(agent(spreadsheet, 'writeRange', ['Summary!B4', [['B-7', 3]], '1.2'])).toMatchObject({
      range: 'Summary!B4:C4',
    });
    expect(agent(spreadsheet, 'writeRange', ["'Bin Notes'!A7", [['recount'], ['ok']], '1.2'])).toMatchObject({
      range: "'Bin Notes'!A7:A8",
    });
    expect(spreadsheet.cell("'Bin Notes'!A8")).toBe('ok');
  });

  test("a sheet's name in another case names the same sheet, inside the plan's Write ranges as Sheets finds it", () => {
    const spreadsheet = workbook();
    expect(agent(spreadsheet, 'writeRange', ['SUMMARY!B4', [['B-7', 3]], '1.2'])).toMatchObject({ cells: 2 });
    expect([spreadsheet.cell('Summary!B4'), spreadsheet.cell('Summary!C4')]).toEqual(['B-7', 3]);
  });

  test('dates round-trip as instants', () => {
    const spreadsheet = workbook();
    agent(spreadsheet, 'writeRange', ['Summary!B3', [[{ date: '2026-02-01T00:00:00-05:00' }]], '1.2']);
    expect(agent(spreadsheet, 'readRange', ['Summary!B3', { display: true }])).toMatchObject({
      values: [[{ date: '2026-02-01T05:00:00.000Z' }]],
      displayValues: [['2/1/2026']],
    });
  });

  test('a formula is written only when asked for as { formula } and the plan allows formulas', () => {
    const spreadsheet = workbook();
    expect(
      refused(
        spreadsheet,
        'writeRange',
        ['Summary!C3', [[{ formula: '=SUM(Warehouse!C2:C4)' }]], '1.2'],
        'a formula, and the plan allows none',
      ),
    ).toBe(
      'FORMULA_NOT_ALLOWED: values[0][0] is a formula, and the plan does not allow formulas. Write its value ' +
        'instead, or ask the person to add "- Formulas: allowed" to the plan\'s Analysis. Nothing was written',
    );
    const allowing = workbook(APPROVED.replace('- Key sheets:', '- Formulas: allowed\n- Key sheets:'));
    agent(allowing, 'writeRange', ['Summary!C3', [[{ formula: '=SUM(Warehouse!C2:C4)' }]], '1.2']);
    expect(allowing.formula('Summary!C3')).toBe('=SUM(Warehouse!C2:C4)');
  });
});

describe('refusals write nothing anywhere and say what would be allowed', () => {
  test('plan mode: a draft plan refuses writes and says reads are allowed', () => {
    const spreadsheet = workbook(APPROVED.replace('Status: approved', 'Status: draft'));
    expect(refused(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'], 'the plan is not approved')).toBe(
      'PLAN_NOT_APPROVED: The plan is a draft: writes wait until a person approves it in the sidebar. Reads are ' +
        'allowed now. Nothing was written',
    );
  });

  test.each([
    ['a done plan', APPROVED.replace('Status: approved', 'Status: done'), /The plan is done/, 'the plan is done'],
    ['no plan', '', /There is no plan, so no write is approved/, 'there is no plan'],
  ])('plan mode: %s refuses writes', (_kind, text, message, noted) => {
    expect(refused(workbook(text), 'writeRange', ['Summary!B3', [['x']], '1.2'], noted)).toMatch(
      new RegExp(`^PLAN_NOT_APPROVED: ${message.source}`),
    );
  });

  test("an agent that widens the approved plan's Write ranges makes it a draft: writes wait for approval", () => {
    const spreadsheet = workbook();
    const current = agent(spreadsheet, 'getPlan');
    agent(spreadsheet, 'replacePlan', [current.raw.replace('Summary!B3:C5', 'Summary!A1:Z99'), current.stamp]);
    expect(String(spreadsheet.cell(PLAN))).toContain('Status: draft');
    expect(refused(spreadsheet, 'writeRange', ['Summary!A1', [['x']], '1.2'], 'the plan is not approved')).toMatch(
      /^PLAN_NOT_APPROVED: The plan is a draft/,
    );
  });

  test('describing a range in other words keeps the approval', () => {
    const spreadsheet = workbook();
    const current = agent(spreadsheet, 'getPlan');
    agent(spreadsheet, 'replacePlan', [current.raw.replace('(bin, total)', '(bin, units in stock)'), current.stamp]);
    expect(String(spreadsheet.cell(PLAN))).toContain('Status: approved');
    expect(agent(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'])).toMatchObject({ range: 'Summary!B3' });
  });

  test('plan mode: a plan without a Status line is a draft while approval is required, a plain plan without', () => {
    const spreadsheet = workbook(APPROVED.replace('Status: approved\n\n', ''));
    expect(refused(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'], 'the plan is not approved')).toMatch(
      /^PLAN_NOT_APPROVED: The plan has no Status line, so it is a draft/,
    );
    requireApproval(spreadsheet, false);
    expect(agent(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'])).toMatchObject({ range: 'Summary!B3' });
  });

  test('scope: a write outside the Write ranges names them', () => {
    expect(
      refused(
        workbook(),
        'writeRange',
        [
          'Summary!B3:C6',
          [
            [1, 2],
            [3, 4],
            [5, 6],
            [7, 8],
          ],
          '1.2',
        ],
        "outside the plan's Write ranges",
      ),
    ).toBe(
      "OUT_OF_SCOPE: Summary!B3:C6 is outside the plan's Write ranges: Summary!B3:C5, 'Bin Notes'!A:A. Write " +
        "inside one of them, or change the plan's Target ranges (a person approves the change). Nothing was written",
    );
  });

  test.each([
    PLAN,
    cellReference('A1'),
    cellReference('A1', PLAN_LOCATION.historySheet),
    cellReference('A2', PLAN_LOCATION.writeLogSheet),
    // However a case fold reads the name: Turkish İ and ı read as I, letter by letter (Java's equalsIgnoreCase).
    cellReference('A1', PLAN_LOCATION.historySheet.replace('I', 'İ')),
    cellReference('A1', PLAN_LOCATION.historySheet.toLowerCase().replace('i', 'ı')),
  ])('scope: %s is never writable', (a1) => {
    const sheet = a1.slice(0, a1.indexOf('!'));
    expect(refused(workbook(), 'writeRange', [a1, [['x']], '1.2'], `${sheet} is Sheet Plan's own sheet`)).toMatch(
      /^OUT_OF_SCOPE: .+ is Sheet Plan's own sheet/,
    );
  });

  test('task: a write for a task that is not in progress says which one is', () => {
    expect(refused(workbook(), 'writeRange', ['Summary!B3', [['x']], '1.3'], 'task 1.3 is not in progress')).toBe(
      'TASK_NOT_IN_PROGRESS: Task 1.3 is todo, not in progress; start it first (startTask("1.3")); in progress ' +
        'now: 1.2. Nothing was written',
    );
    expect(refused(workbook(), 'writeRange', ['Summary!B3', [['x']], '9.9'], 'no task 9.9 in the plan')).toMatch(
      /^NOT_FOUND: Task 9\.9 not found \(steps: 1\.1, 1\.2, 1\.3\)/,
    );
  });

  test('values must fit the named range', () => {
    expect(refused(workbook(), 'writeRange', ['Summary!B3:C5', [['a', 'b']], '1.2'])).toBe(
      'INVALID_ARGUMENT: Summary!B3:C5 is 3 × 2 cells but values are 1 row × 2 columns; send values of its size, ' +
        'or name the first cell only (Summary!B3)',
    );
  });

  test("values past the sheet's last row are refused with its size to look up", () => {
    expect(refused(workbook(), 'writeRange', ["'Bin Notes'!A1000", [['a'], ['b']], '1.2'])).toBe(
      "INVALID_ARGUMENT: 'Bin Notes'!A1000:A1001 goes past the edge of Bin Notes (The coordinates of the range are " +
        'outside the dimensions of the sheet.); listSheets() gives its size',
    );
  });

  test('with approval turned off, plan mode does not apply but scope and task rules do', () => {
    const spreadsheet = workbook(APPROVED.replace('Status: approved', 'Status: draft'));
    requireApproval(spreadsheet, false);
    expect(agent(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'])).toMatchObject({ range: 'Summary!B3' });
    expect(
      refused(spreadsheet, 'writeRange', ['Warehouse!A1', [['x']], '1.2'], "outside the plan's Write ranges"),
    ).toMatch(/^OUT_OF_SCOPE/);
    expect(refused(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.3'], 'task 1.3 is not in progress')).toMatch(
      /^TASK_NOT_IN_PROGRESS/,
    );
  });
});

describe('undo from the sidebar', () => {
  function written() {
    const spreadsheet = workbook();
    typeRows(spreadsheet, 'Summary!B3', [['old', '1']]);
    const write = agent(spreadsheet, 'writeRange', ['Summary!B3:C3', [['new', 2]], '1.2']);
    return { spreadsheet, write, token: openSidebar(spreadsheet) };
  }

  test('puts back the values the write replaced, and the log shows it undone', () => {
    const { spreadsheet, write, token } = written();
    expect(write.replacedCells).toBe(2);
    const view = execute(spreadsheet, 'sidebarUndoWrite', [token, write.id], { context: 'ui' });
    expect(view.error).toBeUndefined();
    expect([spreadsheet.cell('Summary!B3'), spreadsheet.cell('Summary!C3')]).toEqual(['old', 1]);
    const entry = (view.result as { writes: Array<{ id: string; undone?: { by: string } }> }).writes[0];
    expect(entry).toMatchObject({ id: write.id, undone: { by: 'sidebar' } });
  });

  test("its answer carries the log's mark the undo left: the next poll finds nothing new", () => {
    const { spreadsheet, write, token } = written();
    const { result } = execute(spreadsheet, 'sidebarUndoWrite', [token, write.id], { context: 'ui' });
    const { stamp, writeMark } = result as { stamp: string; writeMark: string };
    const poll = execute(spreadsheet, 'sidebarCheck', [token, stamp, writeMark], { context: 'ui' });
    expect(poll.error).toBeUndefined();
    expect(poll.result).toBeNull();
  });

  test("so does Keep all writes' answer", () => {
    const { spreadsheet, token } = written();
    const { result } = execute(spreadsheet, 'sidebarKeepWrites', [token, 1], { context: 'ui' });
    const { stamp, writeMark } = result as { stamp: string; writeMark: string };
    expect(execute(spreadsheet, 'sidebarCheck', [token, stamp, writeMark], { context: 'ui' }).result).toBeNull();
  });

  test("changes nothing and says what changed when a person edited the agent's cells since", () => {
    const { spreadsheet, write, token } = written();
    typeRows(spreadsheet, 'Summary!C3', [['17']]);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarUndoWrite', [token, write.id], { context: 'ui' });
    expect(error?.message).toBe(
      'CONFLICT: Not undone: Summary!B3:C3 changed since the agent wrote it: C3 now holds 17 (the agent wrote 2). ' +
        'An undo never overwrites later edits; nothing was changed',
    );
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test("the sidebar's change check answers a write the agent made, though the plan did not change", () => {
    const spreadsheet = workbook();
    const token = openSidebar(spreadsheet);
    const loaded = execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' }).result as {
      stamp: string;
      writeMark: string;
      writes: unknown[];
    };
    expect(loaded.writes).toEqual([]);
    const check = () =>
      execute(spreadsheet, 'sidebarCheck', [token, loaded.stamp, loaded.writeMark], { context: 'ui' });
    expect(check().result).toBeNull();
    const write = agent(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2']);
    const { result } = check();
    expect(result).toMatchObject({ stamp: loaded.stamp, writes: [{ id: write.id, range: 'Summary!B3' }] });
  });

  test('an agent cannot undo: the sidebar function needs a person', () => {
    const { spreadsheet, write } = written();
    expect(refused(spreadsheet, 'sidebarUndoWrite', ['not-a-token', write.id])).toMatch(/^NEEDS_PERSON/);
  });
});

describe('service calls (each one a round trip in Google)', () => {
  const calls = (execution: ReturnType<typeof execute>['execution'], service: string) =>
    execution.calls
      .filter((entry: { service: string }) => entry.service === service)
      .map((entry: { method: string }) => entry.method);

  test('a write: one lock, one A1 read of the plan cells, a look for the approved plan, its rows read, set', () => {
    // The target's rows are read, five columns on each side up to the sheet's last column, for their values, formulas
    // (the undo record, and what tells the rows apart beside it: undo-after-rows-moved.test.ts) and number formats (a
    // plain-text cell takes text without the apostrophe that keeps it text elsewhere: plain-text-cells.test.ts).
    const spreadsheet = workbook();
    agent(spreadsheet, 'writeRange', ['Summary!B3', [['first']], '1.2']); // the first write sets the log sheet up
    const { error, execution } = execute(spreadsheet, 'writeRange', [
      'Summary!B4:C5',
      [
        ['A-1', 15],
        ['B-7', 3],
      ],
      '1.2',
    ]);
    expect(error).toBeUndefined();
    expect(calls(execution, 'Range')).toEqual([
      'getValues',
      'getValues',
      'getFormulas',
      'getNumberFormats',
      'setValues',
    ]);
    expect(calls(execution, 'Sheet')).toEqual(['getLastColumn', 'getRange', 'getRange', 'getLastRow', 'appendRow']);
    expect(calls(execution, 'Lock')).toEqual(['tryLock', 'releaseLock']);
    // The script properties are read once; the log's mark for the sidebar moves once the write is flushed (nothing to
    // put back if the write fails, so it is not read first).
    expect(calls(execution, 'Properties')).toEqual(['getProperties', 'setProperty']);
    // The approved plan's ranges (none approved here: the history sheet is looked up, not read).
    expect(execution.calls.filter((entry) => entry.args[0] === '"AGENT_HISTORY"')).toHaveLength(1);
    expect(execution.calls).toHaveLength(22);
  });

  test('a read inside the plan: one read of the plan cells and one of the range, no lock', () => {
    const { execution } = execute(workbook(), 'readRange', ['Warehouse!A1:C4']);
    expect(calls(execution, 'Range')).toEqual(['getValues', 'getValues']);
    expect(calls(execution, 'Lock')).toEqual([]);
  });

  test('a refused write reads the plan cells, notes the refusal in one appended log row, and releases the lock', () => {
    const spreadsheet = workbook();
    agent(spreadsheet, 'writeRange', ['Summary!B3', [['first']], '1.2']); // the first write sets the log sheet up
    const { execution } = execute(spreadsheet, 'writeRange', ['Summary!A1', [['x']], '1.2']);
    expect(calls(execution, 'Range')).toEqual(['getValues']);
    expect(calls(execution, 'Sheet')).toEqual(['getLastRow', 'appendRow']);
    // The log's mark moves for the sidebar; nothing to put back, so the mark before it is not read.
    expect(calls(execution, 'Properties')).toEqual(['getProperties', 'setProperty']);
    expect(calls(execution, 'Lock')).toEqual(['tryLock', 'releaseLock']);
    // Nine calls to refuse it, as before refusals were noted; five to note it (the log sheet, its last row, the row,
    // the flush that commits it before its mark moves, the mark).
    expect(calls(execution, 'SpreadsheetApp')).toEqual(['openById', 'flush']);
    expect(execution.calls).toHaveLength(14);
  });
});

describe('a caller without a key that named itself writes for the task it claimed, under the same name', () => {
  const builder = { agent: 'Report builder' };

  test('its writes go through with its name, and are refused under another (or none): the claim is its own', () => {
    const spreadsheet = workbook();
    agent(spreadsheet, 'startTask', ['1.3', builder]);
    expect(agent(spreadsheet, 'writeRange', ["'Bin Notes'!A1", [['A-1: ok']], '1.3', builder])).toMatchObject({
      range: "'Bin Notes'!A1",
    });
    for (const other of [undefined, { agent: 'Gemini' }])
      expect(
        refused(
          spreadsheet,
          'writeRange',
          ["'Bin Notes'!A2", [['B-7: ok']], '1.3', other],
          "task 1.3 is another agent's",
        ),
      ).toMatch(/^CLAIMED: Task 1\.3 is claimed by Report builder until .*, so you \((api|Gemini)\) /);
  });

  test('the option holds a name only', () => {
    const spreadsheet = workbook();
    expect(refused(spreadsheet, 'writeRange', ["'Bin Notes'!A1", [['x']], '1.2', { agent: 'x', requestId: '1' }])).toBe(
      'INVALID_ARGUMENT: options.requestId is not a field of options; options takes agent',
    );
  });
});
