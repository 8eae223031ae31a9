/**
 * Done means checked, through the built bundle: an agent cannot complete (completeTask, advanceTask, applyCommands) a
 * task whose written cells show a formula error or whose Check line fails; the refusal (CHECK_FAILED) names the cells
 * and what they hold, and leaves every sheet byte for byte; the person sees the last result. A task with no writes and
 * no checks completes as before.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { callAsPerson, execute, openSidebar, planText, typeRows } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';

const PLAN_WITH_CHECKS = stockPlan(
  [
    '- [/] 1.1 Write the totals to Summary!B3:C5',
    '- [/] 1.2 Check the quantities',
    '  - Check: Warehouse!C2:C4 numbers, no blanks',
    '- [/] 1.3 Say hello',
    '- [ ] 1.4 Tidy up',
  ],
  { status: 'approved', formulas: true },
);

function workbook(): EmulatedSpreadsheet {
  return stockWorkbook(PLAN_WITH_CHECKS);
}

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

/** Every sheet and cell (the plan, its history, the write log): what a refusal must leave as it was. */
function sheets(spreadsheet: EmulatedSpreadsheet): string {
  return JSON.stringify(spreadsheet.toJSON().sheets);
}

function refused(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[]): string {
  const before = sheets(spreadsheet);
  const { error, execution } = execute(spreadsheet, name, args);
  expect(error?.message).toMatch(/^CHECK_FAILED: /);
  expect(sheets(spreadsheet)).toBe(before);
  expect(execution.leakedLocks).toEqual([]);
  return error!.message;
}

/** The agent writes the totals with a formula, and the formula computes `#REF!` in Summary!C4. */
function writeTotalsWithBrokenFormula(spreadsheet: EmulatedSpreadsheet): void {
  agent(spreadsheet, 'writeRange', [
    'Summary!B3:C4',
    [
      ['A-1', 15],
      ['B-7', { formula: '=Warehouse!Z99+#REF!' }],
    ],
    '1.1',
  ]);
  spreadsheet.setFormulaResult('Summary!C4', '=Warehouse!Z99+#REF!', '#REF!');
}

test('a task whose written range holds a formula error cannot be completed; the error names the cell', () => {
  const spreadsheet = workbook();
  writeTotalsWithBrokenFormula(spreadsheet);
  const message = refused(spreadsheet, 'completeTask', ['1.1']);
  expect(message).toBe(
    'CHECK_FAILED: Task 1.1 cannot be completed: Summary!C4 holds "#REF!" (formula error). Nothing was written; ' +
      'fix those cells (writeRange) and complete it again, or call reviewTask to ask the person',
  );
  expect(planText(spreadsheet)).toBe(PLAN_WITH_CHECKS);
});

test('once the agent fixes the cell, the task completes', () => {
  const spreadsheet = workbook();
  writeTotalsWithBrokenFormula(spreadsheet);
  refused(spreadsheet, 'completeTask', ['1.1']);
  agent(spreadsheet, 'writeRange', ['Summary!C4', [[3]], '1.1']);
  expect(agent(spreadsheet, 'completeTask', ['1.1'])).toMatchObject({ step: '1.1', status: 'done' });
});

test('advanceTask and applyCommands are refused alike, with nothing written', () => {
  const spreadsheet = workbook();
  writeTotalsWithBrokenFormula(spreadsheet);
  expect(refused(spreadsheet, 'advanceTask', ['1.1'])).toMatch(/Summary!C4 holds "#REF!"/);
  expect(refused(spreadsheet, 'applyCommands', [[{ action: 'complete', step: '1.1' }]])).toMatch(/Summary!C4/);
});

test('a declared check that fails names the cells, with what they hold and the check they fail', () => {
  const spreadsheet = workbook();
  const message = refused(spreadsheet, 'completeTask', ['1.2']);
  expect(message).toMatch(
    /^CHECK_FAILED: Task 1\.2 cannot be completed: Warehouse!C3 holds "" \(no blanks\); Warehouse!C4 holds "lots" \(numbers\)\./,
  );
  typeRows(spreadsheet, 'Warehouse!C3', [['3'], ['40']]);
  expect(agent(spreadsheet, 'advanceTask', ['1.2'])).toMatchObject({ step: '1.4', status: 'doing' });
});

test('a task with no writes and no checks completes as before', () => {
  const spreadsheet = workbook();
  writeTotalsWithBrokenFormula(spreadsheet); // another task's cells do not hold this one back
  expect(agent(spreadsheet, 'completeTask', ['1.3'])).toMatchObject({ step: '1.3', status: 'done' });
});

test('a write the person undid is not checked', () => {
  const spreadsheet = workbook();
  agent(spreadsheet, 'writeRange', ['Summary!C4', [[{ formula: '=1/0' }]], '1.1']);
  spreadsheet.setFormulaResult('Summary!C4', '=1/0', '#DIV/0!');
  refused(spreadsheet, 'completeTask', ['1.1']);
  const [write] = agent(spreadsheet, 'getWriteLog');
  callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarUndoWrite', write.id);
  expect(agent(spreadsheet, 'completeTask', ['1.1'])).toMatchObject({ step: '1.1', status: 'done' });
});

test('the last result is kept for the person, the failure and then the pass', () => {
  const spreadsheet = workbook();
  refused(spreadsheet, 'completeTask', ['1.2']);
  const results = () => JSON.parse(spreadsheet.properties.script.get('sheetPlan.checkResults') ?? '{}');
  expect(results()['1.2']).toMatchObject({
    passed: false,
    checked: ['Warehouse!C2:C4 numbers, no blanks'],
    failures: expect.stringContaining('Warehouse!C3 holds ""'),
  });
  typeRows(spreadsheet, 'Warehouse!C3', [['3'], ['40']]);
  agent(spreadsheet, 'completeTask', ['1.2']);
  expect(results()['1.2']).toMatchObject({ passed: true, failures: '' });
});

test('the sidebar hears of a new result: the view carries it, and the change check sees a new mark', () => {
  const spreadsheet = workbook();
  const token = openSidebar(spreadsheet);
  const before = callAsPerson(spreadsheet, token, 'sidebarLoad');
  expect(before.checkResults).toEqual({});
  refused(spreadsheet, 'completeTask', ['1.2']);
  const after = callAsPerson(spreadsheet, token, 'sidebarCheck', before.stamp, before.writeMark);
  expect(after.checkResults['1.2']).toMatchObject({ step: '1.2', passed: false });
});

test('a person completing the task in the sidebar is not stopped', () => {
  const spreadsheet = workbook();
  refused(spreadsheet, 'completeTask', ['1.2']);
  const view = callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarTaskAction', 'complete', '1.2');
  expect(JSON.stringify(view)).toContain('1.2');
  expect(planText(spreadsheet)).toContain('- [x] 1.2 Check the quantities');
});
