/**
 * The workbook the done gate's tests share (done-means-checked, approved-checks-*, done-gate-rename-and-move): a
 * Warehouse whose quantities fail the Check line `Warehouse!C2:C4 numbers, no blanks` (C3 is blank, C4 holds "lots"),
 * an empty Summary, and the plan given.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import {
  MARKER,
  PLAN,
  PLAN_SHEET,
  approveAsPerson,
  openSidebar,
  openedSheet,
  plan,
  planText,
  typeRows,
} from './harness';

export const FAILING_CHECK = 'Check: Warehouse!C2:C4 numbers, no blanks';
/** The failing check as the line under a task says it. */
export const FAILING_CHECK_LINE = `  - ${FAILING_CHECK}\n`;
/** A check the Warehouse passes (A2:A4 holds its SKUs). */
export const PASSING_CHECK = 'Check: Warehouse!A2:A4 no blanks';

/**
 * The stock plan with `tasks` in its one phase; `status` its Status line (none when left out), `formulas` whether its
 * Analysis allows them.
 */
export function stockPlan(tasks: string[], { status = '', formulas = false } = {}): string {
  return plan(
    '# Plan: Stock summary',
    '',
    'Goal: Total the stock per bin',
    '',
    ...(status ? [`Status: ${status}`, ''] : []),
    '## Analysis',
    '',
    ...(formulas ? ['- Formulas: allowed'] : []),
    '- Target ranges:',
    '  - Read: Warehouse!A1:C4 (SKU, bin, qty)',
    '  - Write: Summary!B3:C5 (bin, total)',
    '',
    '### Phase 1: Work',
    ...tasks,
    '',
  );
}

export function stockWorkbook(planText: string): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Warehouse', 'Summary', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, planText);
  typeRows(spreadsheet, 'Warehouse!A1', [
    ['SKU', 'Bin', 'Qty'],
    ['WH-1', 'A-1', '12'],
    ['WH-2', 'A-1', ''],
    ['WH-3', 'B-7', 'lots'],
  ]);
  return spreadsheet;
}

/**
 * The stock workbook with a plan whose task 1.1 carries the failing check; approval is off (the shared fixture's
 * setting), and the person approved the plan with its Check line anyway (approved-checks-hold, -over-new-plans).
 */
export function approvedWithFailingCheck(): EmulatedSpreadsheet {
  const spreadsheet = stockWorkbook(
    stockPlan(['- [/] 1.1 Check the quantities', FAILING_CHECK_LINE.trimEnd(), '- [ ] 1.2 Say hello']),
  );
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(planText(spreadsheet)).toContain('Status: approved');
  return spreadsheet;
}
