/**
 * A Check line the person approved holds the done gate until they approve again, whatever the approval setting, as
 * the Write ranges they approved hold writes. An agent stuck on a failing check that rewrites the plan without it (the
 * plan becomes a draft, which a sheet with "the agent needs my approval" off does not stop) completes no task, by any
 * path, until the person approves the plan as it now is. Checks the agent adds, and other re-planning, hold nothing.
 */
import { approveAsPerson, call, execute, openSidebar, planText } from './harness';
import { FAILING_CHECK_LINE as CHECK_LINE, approvedWithFailingCheck } from './check-fixtures';

const WAYS_TO_COMPLETE: Array<[string, unknown[]]> = [
  ['completeTask', ['1.1']],
  ['advanceTask', ['1.1']],
  ['applyCommands', [[{ action: 'complete', step: '1.1' }]]],
];

test.each(WAYS_TO_COMPLETE)(
  'an agent that drops the approved Check line completes no task with %s until the person approves again',
  (name, args) => {
    const spreadsheet = approvedWithFailingCheck();
    const { stamp } = call(spreadsheet, 'getPlan');
    // Allowed: re-planning an approved plan makes it a draft (the person sees the dropped check in the approval box).
    call(spreadsheet, 'replacePlan', planText(spreadsheet).replace(CHECK_LINE, ''), stamp);
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
  const { stamp } = call(spreadsheet, 'getPlan');
  call(spreadsheet, 'replacePlan', planText(spreadsheet).replace('1.1 Check the quantities', '1.1 Verify'), stamp);
  expect(execute(spreadsheet, 'completeTask', ['1.1']).error?.message).toMatch(/^NEEDS_APPROVAL: The person approved/);
});

test('once the person approves the plan without the check, the task can be done', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { stamp } = call(spreadsheet, 'getPlan');
  call(spreadsheet, 'replacePlan', planText(spreadsheet).replace(CHECK_LINE, ''), stamp);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(execute(spreadsheet, 'completeTask', ['1.1']).error).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [x] 1.1 Check the quantities');
});

test('a draft that keeps every approved check holds nothing: other tasks are done as the setting allows', () => {
  const spreadsheet = approvedWithFailingCheck();
  const { stamp } = call(spreadsheet, 'getPlan');
  const added = planText(spreadsheet).replace('- [ ] 1.2 Say hello\n', '- [ ] 1.2 Say hello\n- [ ] 1.3 Say goodbye\n');
  call(spreadsheet, 'replacePlan', added, stamp);
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
  expect(execute(spreadsheet, 'completeTask', ['1.2']).error).toBeUndefined();
  expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.2 Say hello/);
});
