/**
 * A Check line the person approved holds the done gate until they approve again, whatever the approval setting, as
 * the Write ranges they approved hold writes. An agent stuck on a failing check that rewrites the plan without it (the
 * plan becomes a draft, which a sheet with "the agent needs my approval" off does not stop) completes no task, by any
 * path, until the person approves the plan as it now is. Checks the agent adds, and other re-planning, hold nothing.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import {
  MARKER,
  PLAN,
  PLAN_SHEET,
  approveAsPerson,
  execute,
  openSidebar,
  openedSheet,
  plan,
  planText,
  typeRows,
} from './harness';

const CHECK_LINE = '  - Check: Warehouse!C2:C4 numbers, no blanks\n';
const DRAFT = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Read: Warehouse!A1:C4 (SKU, bin, qty)',
  '  - Write: Summary!B3:C5 (bin, total)',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Check the quantities',
  CHECK_LINE.trimEnd(),
  '- [ ] 1.2 Say hello',
  '',
);

/** Approval is off (the shared fixture's setting), and the person approved the plan with its Check line anyway. */
function approvedWithFailingCheck(): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Warehouse', 'Summary', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, DRAFT);
  typeRows(spreadsheet, 'Warehouse!A1', [
    ['SKU', 'Bin', 'Qty'],
    ['WH-1', 'A-1', '12'],
    ['WH-2', 'A-1', ''],
    ['WH-3', 'B-7', 'lots'],
  ]);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(planText(spreadsheet)).toContain('Status: approved');
  return spreadsheet;
}

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

const WAYS_TO_COMPLETE: Array<[string, unknown[]]> = [
  ['completeTask', ['1.1']],
  ['advanceTask', ['1.1']],
  ['applyCommands', [[{ action: 'complete', step: '1.1' }]]],
];

test.each(WAYS_TO_COMPLETE)(
  'an agent that drops the approved Check line completes no task with %s until the person approves again',
  (name, args) => {
    const spreadsheet = approvedWithFailingCheck();
    const { stamp } = agent(spreadsheet, 'getPlan');
    // Allowed: re-planning an approved plan makes it a draft (the person sees the dropped check in the approval box).
    agent(spreadsheet, 'replacePlan', [planText(spreadsheet).replace(CHECK_LINE, ''), stamp]);
    expect(planText(spreadsheet)).not.toContain('Check:');
    const before = planText(spreadsheet);
    const { error } = execute(spreadsheet, name, args);
    // applyCommands names the command first: `commands[0] (complete 1.1): …`.
    expect(error?.message).toMatch(/^NEEDS_APPROVAL: /);
    expect(error?.message).toContain(
      'The person approved "Check: Warehouse!C2:C4 numbers, no blanks" under task "Check the ' +
        'quantities", which the plan no longer has: no task is done until they approve the plan again (in the ' +
        'sidebar); nothing was written',
    );
    expect(planText(spreadsheet)).toBe(before);
  },
);

test('renaming the task moves its approved check away from the title the person approved it under', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { stamp } = agent(spreadsheet, 'getPlan');
  agent(spreadsheet, 'replacePlan', [planText(spreadsheet).replace('1.1 Check the quantities', '1.1 Verify'), stamp]);
  expect(execute(spreadsheet, 'completeTask', ['1.1']).error?.message).toMatch(/^NEEDS_APPROVAL: The person approved/);
});

test('once the person approves the plan without the check, the task can be done', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { stamp } = agent(spreadsheet, 'getPlan');
  agent(spreadsheet, 'replacePlan', [planText(spreadsheet).replace(CHECK_LINE, ''), stamp]);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(execute(spreadsheet, 'completeTask', ['1.1']).error).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Check the quantities');
});

test('a draft that keeps every approved check holds nothing: other tasks are done as the setting allows', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { stamp } = agent(spreadsheet, 'getPlan');
  const added = planText(spreadsheet).replace('- [ ] 1.2 Say hello\n', '- [ ] 1.2 Say hello\n- [ ] 1.3 Say goodbye\n');
  agent(spreadsheet, 'replacePlan', [added, stamp]);
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
  expect(execute(spreadsheet, 'completeTask', ['1.2']).error).toBeUndefined();
  expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.2 Say hello/);
});
