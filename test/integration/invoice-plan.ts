/**
 * The plan the e-mail tests share (notifications.test.ts, mail-trigger.test.ts): four tasks an agent can send for
 * review one by one, on a clock the test sets.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { callAsPerson, openSidebar, plan, sheetWithPlan } from './harness';

export const INVOICE_PLAN = plan(
  '# Plan: Invoices',
  '',
  'Goal: Send March invoices',
  '',
  '### Phase 1: Prepare',
  '- [ ] 1.1 Read Orders!A2:E300',
  '- [ ] 1.2 Check the totals',
  '- [ ] 1.3 Check the names',
  '- [ ] 1.4 Check the dates',
  '',
  '## Notes',
  '',
);

/** When the tests' clock starts. */
export const START = Date.parse('2026-03-02T09:00:00Z');

/** A script clock `minutes` after START. */
export const minutesAfterStart = (minutes: number) => () => new Date(START + minutes * 60_000);

/** The plan in a sheet a person has opened (the sidebar), with `settings` saved there when given. */
export function invoiceSheet(settings: object | null): EmulatedSpreadsheet {
  const spreadsheet = sheetWithPlan(INVOICE_PLAN);
  const token = openSidebar(spreadsheet);
  if (settings) callAsPerson(spreadsheet, token, 'sidebarSaveSettings', settings);
  return spreadsheet;
}
