/**
 * A click in the sidebar is what a person waits for: like every change, a sidebar action costs one range read and one
 * range write of the plan (and one write of its copy in the history sheet), and its answer (the new plan) needs no
 * further read.
 */
import { PLAN, REVISION, execute, openSidebar, plan, sheetWithPlan, sheetWithSavedPlan } from './harness';
import { EmulatedSpreadsheet } from '../../src/node/emulator';

const PLAN_TEXT = plan(
  '# Plan: Clicks',
  'Goal: Count them',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [!] 1.2 Check — totals',
  '',
  '## Questions for User',
  '',
  '- Which range?',
);

test.each([
  ['sidebarTaskAction', ['start', '1.1', null]],
  ['sidebarTaskAction', ['approve', '1.2', 'looks right']],
  ['sidebarAnswerQuestion', [1, 'Sheet1!A1:C9']],
])('%s %j costs one range read and one range write of the plan', (name, args) => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const { result, error, execution } = execute(spreadsheet, name, [token, ...args], { context: 'ui' });
  expect(error).toBeUndefined();
  const ranges = execution.calls
    .filter((call: { service: string }) => call.service === 'Range')
    .map((call: { method: string }) => call.method);
  expect(ranges).toEqual(['getValues', 'setValues', 'setValues']);
  expect(execution.countCalls('SpreadsheetApp.getActiveSpreadsheet')).toBe(1);
  // The answer is the plan as written.
  expect((result as { markdown: string }).markdown).toBe(String(spreadsheet.cell(PLAN)));
  expect((result as { revision: number }).revision).toBe(JSON.parse(String(spreadsheet.cell(REVISION))).revision);
});

test('the change check the sidebar polls is one range read, and nothing when the plan is unchanged', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const loaded = execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' }).result as { stamp: string };
  const { result, execution } = execute(spreadsheet, 'sidebarCheck', [token, loaded.stamp], { context: 'ui' });
  expect(result).toBeNull();
  expect(
    execution.calls
      .filter((call: { service: string }) => call.service === 'Range')
      .map((call: { method: string }) => call.method),
  ).toEqual(['getValues']);
  expect(execution.countCalls('SpreadsheetApp.getActiveSpreadsheet')).toBe(1);
});

test("the sidebar's Initialize plan says why the sheet could not be set up, and writes nothing", () => {
  const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Sheet1'] });
  const token = openSidebar(spreadsheet);
  const before = JSON.stringify(spreadsheet.toJSON());
  const { error } = execute(spreadsheet, 'sidebarInitPlan', [token], {
    context: 'ui',
    prepare: (run) => run.faults.failNext('Spreadsheet.insertSheet', 'Network error'),
  });
  expect(error?.message).toMatch(/^SERVICE_ERROR: The plan could not be initialized: .*Network error/);
  expect(JSON.stringify(spreadsheet.toJSON())).toBe(before);
});
