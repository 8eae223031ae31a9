/** The workbook, plan and calls the sheet-work tests share (sheet-work.test.ts, refused-writes.test.ts). */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import {
  execute,
  MARKER,
  openedSheet,
  openSidebar,
  PLAN,
  plan,
  PLAN_SHEET,
  refusedWrites,
  snapshot,
  snapshotBesideTheLog,
  typeRows,
} from './harness';

export const APPROVED = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Key sheets: Warehouse, Summary',
  '- Target ranges:',
  '  - Read: Warehouse!A1:C4 (SKU, bin, qty)',
  '  - Write: Summary!B3:C5 (bin, total)',
  "  - Write: 'Bin Notes'!A:A (a note per bin)",
  '',
  '### Phase 1: Work',
  '- [x] 1.1 Read Warehouse!A1:C4 ✅ 2026-01-08',
  '- [/] 1.2 Write the totals to Summary!B3:C5',
  '- [ ] 1.3 Note each bin in Bin Notes',
  '',
);

/** The person's setting "the agent needs my approval before it starts", as the sidebar saves it. */
export function requireApproval(spreadsheet: EmulatedSpreadsheet, on: boolean): void {
  spreadsheet.properties.script.set('sheetPlan.settings', JSON.stringify({ approvalRequired: on }));
}

/**
 * A spreadsheet with the plan, a Warehouse sheet with data, an empty Summary and a 'Bin Notes' sheet; the
 * person asked to approve plans first.
 */
export function workbook(planText = APPROVED): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Warehouse', 'Summary', 'Bin Notes', PLAN_SHEET] });
  requireApproval(spreadsheet, true);
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, planText);
  typeRows(spreadsheet, 'Warehouse!A1', [
    ['SKU', 'Bin', 'Qty', 'Counted'],
    ['WH-1', 'A-1', '12', '2026-01-10'],
    ['WH-2', 'A-1', '3', ''],
    ['WH-3', 'B-7', "'007", 'TRUE'],
  ]);
  return spreadsheet;
}

/** An agent's call through scripts.run; throws its error. */
export function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

/**
 * A refused call: the spreadsheet is byte for byte as it was; or, for a write the sheet rules refused (`noted`: the
 * reason the log gives), every cell of the sheet and of the plan, its record and properties are, and the write log
 * gained one `refused` entry saying why.
 */
export function refused(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], noted?: string): string {
  const notedBefore = refusedWrites(spreadsheet).length;
  const before = noted === undefined ? snapshot(spreadsheet) : snapshotBesideTheLog(spreadsheet);
  const { error, execution } = execute(spreadsheet, name, args);
  expect(error).toBeDefined();
  expect(noted === undefined ? snapshot(spreadsheet) : snapshotBesideTheLog(spreadsheet)).toBe(before);
  expect(execution.leakedLocks).toEqual([]);
  const after = refusedWrites(spreadsheet);
  if (noted === undefined) {
    expect(after).toHaveLength(notedBefore);
  } else {
    expect(after).toHaveLength(notedBefore + 1);
    const code = error!.message.split(':')[0];
    expect(after[0]).toMatchObject({ step: String(args[2]).trim(), code, reason: noted });
  }
  return error!.message;
}

/**
 * An approved plan whose task 1.1, in progress, may write `write` (a Write line's range and what it holds), formulas
 * too when `formulas`: the plan of the tests of an undo after rows moved (test/integration/undo-*.test.ts).
 */
export function planWriting(write: string, formulas = false): string {
  return [
    '# Plan: Bin notes',
    '',
    'Goal: Note every bin',
    '',
    'Status: approved',
    '',
    '## Analysis',
    '',
    ...(formulas ? ['- Formulas: allowed'] : []),
    `  - Write: ${write}`,
    '',
    '### Phase 1: Work',
    '- [/] 1.1 Work on the bins',
    '',
  ].join('\n');
}

/** The person's undo of the write `id` from the sidebar (a sidebar opened for it unless `token` is given). */
export function undoAsPerson(spreadsheet: EmulatedSpreadsheet, id: string, token = openSidebar(spreadsheet)) {
  return execute(spreadsheet, 'sidebarUndoWrite', [token, id], { context: 'ui' });
}

/** The workbook with `plan`, and in Bin Notes a table of three bins: bin, qty, price, note (rows 2 to 4). */
export function binTable(plan: string): EmulatedSpreadsheet {
  const spreadsheet = workbook(plan);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Bin', 'Qty', 'Price', 'Note'],
    ['A-1', '3', '10', 'fragile'],
    ['C-3', '5', '20', 'empty'],
    ['B-7', '7', '30', 'Ana'],
  ]);
  return spreadsheet;
}
