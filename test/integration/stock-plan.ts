/**
 * The plan the guard's tests play on: a Check on the cells 1.1 writes, 1.2 waiting for 1.1, a task without either,
 * and a question; the person asking to approve plans first, the plan approved in the sidebar, two agents connected.
 */
import { approveAsPerson, callAsPerson, plan, sheetWithSavedPlan } from './harness';
import { connectAgent, deployed } from './web-agents';

export const STOCK_PLAN = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  'Status: draft',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Summary!B3:C4 (bin, total)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Write the totals',
  '  - Check: Summary!B3:C4 numbers, no blanks',
  '- [ ] 1.2 Clear the old sheet',
  '  - After: 1.1',
  '- [ ] 1.3 Say hello',
  '',
  '## Questions',
  '',
  '1. Net or gross?',
  '',
);

/** The sheet with `text`, approval required, the plan approved by the person (`approve`); two agents' keys. */
export function stockSheet(text = STOCK_PLAN, approve = true) {
  const sheet = sheetWithSavedPlan(text);
  sheet.addSheet('Summary');
  const { spreadsheet, token } = deployed(sheet);
  const settings = callAsPerson(spreadsheet, token, 'sidebarLoad').settings;
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { ...settings, approvalRequired: true });
  if (approve) approveAsPerson(spreadsheet, token);
  const claude = connectAgent(spreadsheet, token, 'Claude');
  const gemini = connectAgent(spreadsheet, token, 'Gemini');
  return { spreadsheet, token, claude, gemini };
}
