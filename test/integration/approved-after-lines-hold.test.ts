/**
 * An After line the person approved holds until they approve again, whatever the approval setting, as the Check lines
 * and Write ranges they approved do (approved-checks-hold.test.ts). With "the agent needs my approval" off, an agent
 * that drops the line (the plan becomes a draft, which with the setting off holds no work), renames the task it waits
 * for, or writes a new plan of the same tasks without it, starts the waiting task by no path while the task it waited
 * for is unfinished, until the person approves the plan as it now is. (Review 22 found the line did not hold.)
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { approveAsPerson, call, execute, openSidebar, planText } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';
import { answer, connectAgent, deployed, tool } from './keyed-agents';

const AFTER_LINE = '  - After: 1.1\n';

/**
 * The stock workbook with 1.2 waiting for 1.1 and 1.3 waiting for nothing (or for 1.1 too), approved by the person
 * (setting off).
 */
function approvedWithAfterLine(thirdWaitsToo = false): EmulatedSpreadsheet {
  const spreadsheet = stockWorkbook(
    stockPlan([
      '- [ ] 1.1 Count the stock',
      '- [ ] 1.2 Write the totals to Summary!B3:C5',
      AFTER_LINE.trimEnd(),
      '- [ ] 1.3 Say hello',
      ...(thirdWaitsToo ? [AFTER_LINE.trimEnd()] : []),
    ]),
  );
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(planText(spreadsheet)).toContain('Status: approved');
  expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toMatch(/^WAITING: /);
  return spreadsheet;
}

/** The agent's replacePlan of the whole document, edited by `edit`, at the revision it read. */
function replacePlan(spreadsheet: EmulatedSpreadsheet, edit: (text: string) => string): void {
  const { stamp } = call(spreadsheet, 'getPlan');
  call(spreadsheet, 'replacePlan', edit(planText(spreadsheet)), stamp);
  expect(planText(spreadsheet)).toContain('Status: draft');
}

const dropAfterLine = (text: string) => text.replace(AFTER_LINE, '');

/** How the hold is said (after `waits for {tasks}`): src/core/rare-words.ts approvedWaits. */
const AS_APPROVED =
  ', as an After line the person approved says (under it, or under a task the plan no longer has by its title, which ' +
  'may be it renamed): it can start once they are done or skipped, or once the person approves the plan again (in ' +
  'the sidebar); nothing was written';

const HELD = `WAITING: Task 1.2 waits for 1.1 (todo)${AS_APPROVED}`;

const WAYS_TO_START: Array<[string, unknown[]]> = [
  ['startTask', ['1.2']],
  ['completeTask', ['1.2']],
  ['advanceTask', ['1.2']],
  ['applyCommands', [[{ action: 'start', step: '1.2' }]]],
];

test.each(WAYS_TO_START)('an agent that drops the approved After line cannot start 1.2 with %s', (name, args) => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  expect(planText(spreadsheet)).not.toContain('After:');
  const before = planText(spreadsheet);
  const { error } = execute(spreadsheet, name, args);
  // applyCommands names the command first: `commands[0] (start 1.2): …`; advanceTask starts 1.1 in the same change.
  expect(error?.message).toMatch(
    /^WAITING: .*Task 1\.2 waits for 1\.1 \((todo|doing)\), as an After line the person approved/,
  );
  expect(error?.message).toContain(HELD.slice(HELD.indexOf(', as the After line')));
  expect(planText(spreadsheet)).toBe(before);
});

test('nor by writing 1.2 in progress in a rewrite of the document, after the draft that dropped the line', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  const before = planText(spreadsheet);
  const { stamp } = call(spreadsheet, 'getPlan');
  const started = before.replace('- [ ] 1.2', '- [/] 1.2');
  expect(execute(spreadsheet, 'replacePlan', [started, stamp]).error?.message).toBe(HELD);
  expect(planText(spreadsheet)).toBe(before);
});

test('nor through the web app: replace_plan, then start_task', () => {
  const spreadsheet = approvedWithAfterLine();
  const { token } = deployed(spreadsheet);
  const { key } = connectAgent(spreadsheet, token, 'Claude');
  const { revision } = JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'full' })) as { revision: number };
  tool(spreadsheet, key, 'replace_plan', { markdown: dropAfterLine(planText(spreadsheet)), base: revision });
  expect(() => tool(spreadsheet, key, 'start_task', { step: '1.2' })).toThrow(HELD);
});

test('renaming the task it waits for does not free it: a title the plan no longer has holds it too', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, (text) => dropAfterLine(text).replace('1.1 Count the stock', '1.1 Count every bin'));
  expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toBe(
    `WAITING: Task 1.2 waits for "Count the stock" (not in the plan)${AS_APPROVED}`,
  );
});

/**
 * A line is told by the title of the task it is under: a line whose task the plan no longer has by that title holds
 * every task, as a missing approved Check line does (the task renamed may be any of them), but those it names.
 */
const renameWaiting = (text: string) =>
  dropAfterLine(text).replace('1.2 Write the totals to Summary!B3:C5', '1.2 Write the bin totals to Summary!B3:C5');

test('dropping the line and renaming the waiting task does not free it, nor the others (WAITING)', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, renameWaiting);
  const before = planText(spreadsheet);
  const { error } = execute(spreadsheet, 'startTask', ['1.2']);
  expect(error?.message).toMatch(/^WAITING: Task 1\.2 waits for 1\.1 \(todo\), as an After line the person approved/);
  expect(planText(spreadsheet)).toBe(before);
  // Which task was renamed is not known: the others wait too, but not the task the line names.
  expect(execute(spreadsheet, 'startTask', ['1.3']).error?.message).toMatch(/^WAITING: /);
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.1' });
});

test('a task two approved lines hold for the same task is told that task once', () => {
  // 1.2 and 1.3 both wait for 1.1; the agent drops both lines and renames 1.3: its lost line and 1.2's own name 1.1.
  const spreadsheet = approvedWithAfterLine(true);
  replacePlan(spreadsheet, (text) => text.split(AFTER_LINE).join('').replace('1.3 Say hello', '1.3 Say goodbye'));
  expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toBe(HELD);
});

test('the task a lost line names starts, and once it is done the others do', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, renameWaiting);
  call(spreadsheet, 'startTask', '1.1');
  expect(call(spreadsheet, 'getNextTask')).toBeNull();
  call(spreadsheet, 'completeTask', '1.1');
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.2' });
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
});

test('nor does a new plan of the same tasks written in place of the approved one (createPlan)', () => {
  const spreadsheet = approvedWithAfterLine();
  call(spreadsheet, 'createPlan', 'Stock summary', 'Total the stock per bin', [
    { name: 'Work', steps: ['Count the stock', 'Write the totals to Summary!B3:C5', 'Say hello'] },
  ]);
  expect(planText(spreadsheet)).toContain('Status: draft');
  expect(planText(spreadsheet)).not.toContain('After:');
  expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toBe(HELD);
});

test('once the task it waits for is done, it starts on the draft, as the setting allows', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  call(spreadsheet, 'startTask', '1.1');
  call(spreadsheet, 'completeTask', '1.1');
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
  expect(planText(spreadsheet)).toMatch(/- \[\/\] 1\.2 Write the totals/);
});

test("the person's approval of the plan without the line ends the hold", () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  approveAsPerson(spreadsheet, openSidebar(spreadsheet));
  expect(execute(spreadsheet, 'startTask', ['1.2']).error).toBeUndefined();
  expect(planText(spreadsheet)).toMatch(/- \[\/\] 1\.2 Write the totals/);
});

test('a task the approved plan did not make wait starts on the draft as before', () => {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  expect(execute(spreadsheet, 'startTask', ['1.3']).error).toBeUndefined();
});

// The next task agrees with the guard: getNextTask, startNextTask and advanceTask pass over a task the approved After
// line holds (start_task would answer WAITING), and offer the next one that can start; none when none can.

/** The draft that dropped the line, with 1.1 in progress: 1.2 is held, 1.3 can start. */
function heldWhile11IsDoing(): EmulatedSpreadsheet {
  const spreadsheet = approvedWithAfterLine();
  replacePlan(spreadsheet, dropAfterLine);
  call(spreadsheet, 'startTask', '1.1');
  return spreadsheet;
}

test('getNextTask and startNextTask pass over the held task and take the next one that can start', () => {
  const spreadsheet = heldWhile11IsDoing();
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.3', status: 'todo' });
  expect(call(spreadsheet, 'startNextTask')).toMatchObject({ step: '1.3', status: 'doing' });
  expect(planText(spreadsheet)).toMatch(/- \[ \] 1\.2 Write the totals[^]*- \[\/\] 1\.3 Say hello/);
});

test('when only held tasks are left, getNextTask and startNextTask answer none, and nothing is written', () => {
  const spreadsheet = heldWhile11IsDoing();
  call(spreadsheet, 'startTask', '1.3');
  const before = planText(spreadsheet);
  expect(execute(spreadsheet, 'getNextTask')).toMatchObject({ result: null, error: undefined });
  expect(execute(spreadsheet, 'startNextTask')).toMatchObject({ result: null, error: undefined });
  expect(planText(spreadsheet)).toBe(before);
  expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toBe(HELD.replace('(todo)', '(doing)'));
});

test('advanceTask completes its task and starts none rather than the held one (it was refused WAITING)', () => {
  const spreadsheet = heldWhile11IsDoing();
  call(spreadsheet, 'startTask', '1.3');
  expect(execute(spreadsheet, 'advanceTask', ['1.3'])).toMatchObject({ result: null, error: undefined });
  expect(planText(spreadsheet)).toMatch(/- \[\/\] 1\.1 Count[^]*- \[ \] 1\.2 Write[^]*- \[x\] 1\.3 Say hello/);
});

test('once the task it waits for is done, getNextTask offers the task the line held', () => {
  const spreadsheet = heldWhile11IsDoing();
  call(spreadsheet, 'completeTask', '1.1');
  expect(call(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.2' });
});

test('through the web app: get_next_task passes over the held task, then none; advance_task starts none', () => {
  const spreadsheet = approvedWithAfterLine();
  const { token } = deployed(spreadsheet);
  const { key } = connectAgent(spreadsheet, token, 'Claude');
  const { revision } = JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'full' })) as { revision: number };
  tool(spreadsheet, key, 'replace_plan', { markdown: dropAfterLine(planText(spreadsheet)), base: revision });
  tool(spreadsheet, key, 'start_task', { step: '1.1' });
  expect(answer(spreadsheet, key, 'get_next_task')).toMatchObject({ step: '1.3', status: 'todo' });
  tool(spreadsheet, key, 'start_task', { step: '1.3' });
  expect(answer(spreadsheet, key, 'get_next_task')).toEqual({});
  expect(answer(spreadsheet, key, 'advance_task', { step: '1.3' })).toEqual({});
  expect(planText(spreadsheet)).toMatch(/- \[ \] 1\.2 Write[^]*- \[x\] 1\.3 Say hello/);
});
