/**
 * Sheets an agent works in, for the fault injection (./fault-injection.test.ts): an approved plan whose task writes
 * Sheet1!A1:B3, before and after its first write, and tasks renumbered around one that wrote.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN, call, execute, plan, planText, sheetWithSavedPlan } from './harness';

/** An approved plan whose task 1.1 writes Sheet1!A1:B3. */
const SHEET_WORK = plan(
  '# Plan: Sheet work',
  '',
  'Goal: Write',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Sheet1!A1:B3',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Write the totals',
  '',
);
const FORMULAS_PLAN = SHEET_WORK.replace('- Target ranges:', '- Formulas: allowed\n- Target ranges:');
export const sheetWork = () => {
  const spreadsheet = sheetWithSavedPlan(SHEET_WORK);
  spreadsheet.setCellText('Sheet1!A1', 'before');
  return spreadsheet;
};
/** The same, after the agent's first write (the log exists). */
export const sheetWorkWritten = () => {
  const spreadsheet = sheetWork();
  call(spreadsheet, 'writeRange', 'Sheet1!A1:B1', [['agent', 9]], '1.1');
  return spreadsheet;
};

/** A task to do above one that wrote `#REF!` and was refused its completion: removing it renumbers that one. */
export const wroteBelowATodo = () => {
  const text = FORMULAS_PLAN.replace('- [/] 1.1 Write the totals', '- [ ] 1.1 Prepare\n- [/] 1.2 Write the totals');
  const spreadsheet = sheetWithSavedPlan(text);
  call(spreadsheet, 'writeRange', 'Sheet1!A1', [[{ formula: '=Z9+#REF!' }]], '1.2');
  spreadsheet.setFormulaResult('Sheet1!A1', '=Z9+#REF!', '#REF!');
  expect(execute(spreadsheet, 'completeTask', ['1.2']).error?.message).toMatch(/^CHECK_FAILED/);
  return spreadsheet;
};

/** The same, after a person took the task above out in the cell: onEdit records it. */
export function tookOutAboveAWriter(): EmulatedSpreadsheet {
  const spreadsheet = wroteBelowATodo();
  spreadsheet.setCellText(PLAN, planText(spreadsheet).replace('- [ ] 1.1 Prepare\n- [/] 1.2', '- [/] 1.1'));
  return spreadsheet;
}
