/**
 * An approved After line holds its task through a rename (review 22's reading of the hold): the line is told by the
 * title of the task it is under, so a line whose task the plan no longer has by that title holds every task, as a
 * missing approved Check line does (the task renamed may be any of them), except the tasks it names.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { approveAsPerson, call, execute, openSidebar, planText } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';

const AFTER_LINE = '  - After: 1.1\n';

/** 1.2 waits for 1.1, approved with the setting off (stockWorkbook's), then re-planned: line dropped, 1.2 renamed. */
function renamedAfterApproval(): EmulatedSpreadsheet {
  const spreadsheet = stockWorkbook(
    stockPlan([
      '- [ ] 1.1 Count the stock',
      '- [ ] 1.2 Write the totals to Summary!B3:C5',
      AFTER_LINE.trimEnd(),
      '- [ ] 1.3 Say hello',
    ]),
  );
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  const { stamp } = call(spreadsheet, 'getPlan');
  const edited = planText(spreadsheet)
    .replace(AFTER_LINE, '')
    .replace('1.2 Write the totals to Summary!B3:C5', '1.2 Write the bin totals to Summary!B3:C5');
  call(spreadsheet, 'replacePlan', edited, stamp);
  expect(planText(spreadsheet)).toContain('Status: draft');
  return spreadsheet;
}

test('dropping the approved After line and renaming the waiting task does not free it (WAITING)', () => {
  const spreadsheet = renamedAfterApproval();
  const before = planText(spreadsheet);
  const { error } = execute(spreadsheet, 'startTask', ['1.2']);
  expect(error?.message).toMatch(/^WAITING: Task 1\.2 waits for 1\.1 \(todo\), as an After line the person approved/);
  expect(planText(spreadsheet)).toBe(before);
  // Which task was renamed is not known: the others wait too, but not the task the line names.
  expect(execute(spreadsheet, 'startTask', ['1.3']).error?.message).toMatch(/^WAITING: /);
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.1' });
});

test('the task the lost line names starts, and once it is done the others do', () => {
  const spreadsheet = renamedAfterApproval();
  call(spreadsheet, 'startTask', '1.1');
  expect(call(spreadsheet, 'getNextTask')).toBeNull();
  call(spreadsheet, 'completeTask', '1.1');
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.2' });
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
});
