/**
 * A checklist in another spelling, through the built bundle: an agent works it as it is (derived
 * steps), then adoptFormat rewrites it in one revision with the old text in the history; a person
 * does the same from the sidebar. Refusals leave the spreadsheet byte for byte as it was.
 */
import { sessionFromPage } from '../../sidebar/src/protocol';
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { CHECKLIST } from '../core/fixtures';
import { call, execute, planText, plan, sheetWithPlan, snapshot } from './harness';

function openSidebar(spreadsheet: EmulatedSpreadsheet): string {
  const { error, execution } = execute(spreadsheet, 'showPlanSidebar', [], { context: 'ui' });
  if (error) throw error;
  return sessionFromPage(execution.ui.sidebars[0].content)!.token;
}

test('an agent works the checklist as it is, by derived steps, in the line’s own spelling', () => {
  const spreadsheet = sheetWithPlan(CHECKLIST);
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.2', derived: true });
  call(spreadsheet, 'advanceTask', '1.2');
  expect(planText(spreadsheet)).toMatch(/\n2\. \[x\] Match deposits to invoices on `AR_Match` ✅ \d{4}-\d{2}-\d{2}\n/);
  expect(planText(spreadsheet)).toContain('\n3. [/] Investigate anything unmatched -- after 5 days\n');
});

test('adoptFormat: one read and one write of the plan cells, the old text in the history', () => {
  const spreadsheet = sheetWithPlan(CHECKLIST);
  const { result, error, execution } = execute(spreadsheet, 'adoptFormat');
  expect(error).toBeUndefined();
  const ranges = execution.calls
    .filter((entry: { service: string; method: string }) => entry.service === 'Range')
    .map((entry: { method: string }) => entry.method);
  // The plan cells read once; then the new history sheet's header, the saved version, the plan cells and the
  // history sheet's kept copy of what was written.
  expect(ranges).toEqual(['getValues', 'setValues', 'setValues', 'setValues', 'setValues']);
  expect(planText(spreadsheet)).toBe(
    plan(
      '# Plan: Month-end close',
      '',
      'Goal: Close October',
      '',
      '### Phase 1: Before the books close',
      '',
      '- [x] 1.1 Export the bank statement CSV',
      '- [ ] 1.2 Match deposits to invoices on `AR_Match`',
      '- [ ] 1.3 Investigate anything unmatched -- after 5 days',
      '',
    ),
  );
  expect((result as { markdown?: string; raw: string }).raw).toBe(planText(spreadsheet));
  expect(call(spreadsheet, 'getHistory', 1)).toEqual([
    expect.objectContaining({ text: CHECKLIST, reason: 'rewritten into the canonical format' }),
  ]);
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({
    step: '1.2',
    title: 'Match deposits to invoices on `AR_Match`',
  });
});

test('adoptFormat on a canonical plan is refused and nothing changes', () => {
  const spreadsheet = sheetWithPlan('# Plan: P\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 A\n');
  const before = snapshot(spreadsheet);
  const { error } = execute(spreadsheet, 'adoptFormat');
  expect(error?.message).toMatch(/^INVALID_ARGUMENT: The plan is already in the canonical format/);
  expect(snapshot(spreadsheet)).toBe(before);
});

test('a person rewrites it from the sidebar; without the person token nothing changes', () => {
  const spreadsheet = sheetWithPlan(CHECKLIST);
  const before = snapshot(spreadsheet);
  expect(execute(spreadsheet, 'sidebarAdoptFormat', ['forged'], { context: 'ui' }).error?.message).toMatch(
    /^NEEDS_PERSON: /,
  );
  expect(snapshot(spreadsheet)).toBe(before);
  const token = openSidebar(spreadsheet);
  const { result, error } = execute(spreadsheet, 'sidebarAdoptFormat', [token], { context: 'ui' });
  expect(error).toBeUndefined();
  expect((result as { markdown: string }).markdown).toBe(planText(spreadsheet));
  expect(planText(spreadsheet)).toContain('### Phase 1: Before the books close');
});
