/**
 * Dependencies through the built bundle on the emulator: a task's `  - After: 1.2, 1.3` line holds it back from
 * getNextTask / startNextTask / advanceTask, an agent's start answers WAITING and leaves every sheet as it was, a
 * person's hand edit of the cell is read as written, and every re-planning call (addTask, addPhase, moveTask,
 * removeTask, applyCommands, the sidebar's removal) keeps the references right.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  callAsPerson,
  execute,
  openSidebar,
  personEdits,
  plan,
  planText,
  sheetWithSavedPlan,
  snapshot,
} from './harness';

/** Ten tasks in three phases; 2.x and 3.x wait for steps of earlier phases, and 1.3 for 1.4 further down. */
const TEN_TASKS = plan(
  '# Plan: Monthly report',
  '',
  'Goal: A report of the month',
  '',
  '### Phase 1: Data',
  '- [ ] 1.1 Import the sales',
  '- [ ] 1.2 Import the costs',
  '- [ ] 1.3 Join sales and costs',
  '  - After: 1.1 and 1.4',
  '- [ ] 1.4 Clean the costs',
  '  - After: 1.2',
  '',
  '### Phase 2: Figures',
  '- [ ] 2.1 Margin per product',
  '  - After: 1.3',
  '- [ ] 2.2 Totals per month',
  '  - Depends on: 1.3',
  '- [ ] 2.3 Check the totals',
  '  - After: 2.1, 2.2',
  '',
  '### Phase 3: Report',
  '- [ ] 3.1 Write the summary',
  '  - After: 2.3',
  '- [ ] 3.2 Chart the months',
  '  - after 2.2',
  '- [ ] 3.3 Send it',
  '  - After: 3.1, 3.2',
  '',
);

function agent(spreadsheet: EmulatedSpreadsheet, name: string, ...args: unknown[]): any {
  const { result, error, execution } = execute(spreadsheet, name, args);
  expect(execution.leakedLocks).toEqual([]);
  if (error) throw error;
  return result;
}

function refusedWith(spreadsheet: EmulatedSpreadsheet, code: string, name: string, ...args: unknown[]): string {
  const before = snapshot(spreadsheet);
  const { error } = execute(spreadsheet, name, args);
  expect(error?.message).toMatch(new RegExp(`^${code}: `));
  expect(snapshot(spreadsheet)).toBe(before);
  return error!.message;
}

/** Each task's `waitsFor`, by step, as getPlan answers them. */
function waits(spreadsheet: EmulatedSpreadsheet): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const phase of agent(spreadsheet, 'getPlan').phases)
    for (const task of phase.tasks) if (task.waitsFor) found[task.step] = task.waitsFor;
  return found;
}

describe('what waits, through the bundle', () => {
  it('an agent walking the plan with advanceTask starts every task after the steps it waits for', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const before = waits(spreadsheet);
    const finished = new Set<string>();
    let task = agent(spreadsheet, 'startNextTask');
    const order: string[] = [];
    while (task) {
      for (const step of before[task.step] ?? []) expect(finished).toContain(step);
      order.push(task.step);
      finished.add(task.step);
      task = agent(spreadsheet, 'advanceTask', task.step);
    }
    expect(order).toEqual(['1.1', '1.2', '1.4', '1.3', '2.1', '2.2', '2.3', '3.1', '3.2', '3.3']);
    expect(agent(spreadsheet, 'getProgress')).toMatchObject({ done: 10, percent: 100 });
  });

  it("an agent's start of a waiting task is refused with WAITING naming the steps, every sheet left as it was", () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    agent(spreadsheet, 'startTask', '1.1');
    const message = refusedWith(spreadsheet, 'WAITING', 'startTask', '1.3');
    expect(message).toContain('Task 1.3 waits for 1.1 (doing), 1.4 (todo)');
    refusedWith(spreadsheet, 'WAITING', 'applyCommands', [{ action: 'start', step: '3.3' }]);
    expect(agent(spreadsheet, 'getNextTask').step).toBe('1.2');
  });

  it('getNextTask answers null while every todo task waits, and the compact view says for what', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    agent(spreadsheet, 'applyCommands', [
      { action: 'start', step: '1.1' },
      { action: 'start', step: '1.2' },
    ]);
    expect(agent(spreadsheet, 'getNextTask')).toBeNull();
    expect(agent(spreadsheet, 'startNextTask')).toBeNull();
    const view = agent(spreadsheet, 'getPlan', { view: 'compact', nextCount: 3 });
    expect(view.summary).toContain('- [ ] 1.3 Join sales and costs (waits for 1.1, 1.4)');
    expect(view.summary).toContain('- [ ] 1.4 Clean the costs (waits for 1.2)');
  });

  it('a person in the sidebar may start a waiting task', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarTaskAction', 'start', '3.3');
    expect(planText(spreadsheet)).toContain('- [/] 3.3 Send it');
  });

  it("a person's hand edit of the cell is read as written: a new After line holds the task back", () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    personEdits(
      spreadsheet,
      PLAN,
      planText(spreadsheet).replace('1.1 Import the sales', '1.1 Import the sales\n  - After: 1.2'),
    );
    expect(agent(spreadsheet, 'getNextTask').step).toBe('1.2');
    expect(waits(spreadsheet)['1.1']).toEqual(['1.2']);
  });

  it('validatePlan reports a step the plan does not have and steps that wait for each other', () => {
    const spreadsheet = sheetWithSavedPlan(
      TEN_TASKS.replace('  - After: 1.2\n', '  - After: 1.3\n').replace('  - After: 2.3\n', '  - After: 2.9\n'),
    );
    const report = agent(spreadsheet, 'validatePlan');
    expect(report.valid).toBe(false);
    expect(report.errors.map((error: { code: string }) => error.code).sort()).toEqual([
      'dependency-cycle',
      'dependency-unknown-step',
    ]);
  });
});

describe('re-planning keeps the references right, through the bundle', () => {
  it('addTask inserting, with waitsFor, writes its After line and renumbers the others', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const added = agent(spreadsheet, 'addTask', 1, 'Check the imports', { after: '1.2', waitsFor: ['1.1', '1.2'] });
    expect(added).toMatchObject({ step: '1.3', waitsFor: ['1.1', '1.2'], renumbered: { '1.3': '1.4', '1.4': '1.5' } });
    expect(planText(spreadsheet)).toContain(
      '- [ ] 1.3 Check the imports\n  - After: 1.1, 1.2\n- [ ] 1.4 Join sales and costs\n  - After: 1.1 and 1.5\n',
    );
    expect(waits(spreadsheet)).toMatchObject({ '1.5': ['1.2'], '2.1': ['1.4'], '2.2': ['1.4'] });
    expect(agent(spreadsheet, 'validatePlan').valid).toBe(true);
  });

  it('moveTask and addPhase renumber the After lines with the steps', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    agent(spreadsheet, 'moveTask', '1.4', '1.2');
    expect(waits(spreadsheet)).toMatchObject({ '1.3': ['1.2'], '1.4': ['1.1', '1.3'], '2.1': ['1.4'] });
    agent(spreadsheet, 'addPhase', 'Ask for the files', ['Mail the shops'], 1);
    expect(waits(spreadsheet)).toMatchObject({ '3.1': ['1.4'], '3.3': ['3.1', '3.2'], '4.3': ['4.1', '4.2'] });
    expect(agent(spreadsheet, 'validatePlan').valid).toBe(true);
  });

  it('removeTask drops a removed step from the After lines, says so in the answer and in Notes', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const removed = agent(spreadsheet, 'removeTask', '2.2');
    expect(removed.droppedDependencies).toEqual([
      '2.2 (Check the totals) no longer waits for 2.2 (Totals per month), which was removed',
      '3.2 (Chart the months) no longer waits for 2.2 (Totals per month), which was removed',
    ]);
    const text = planText(spreadsheet);
    expect(text).toContain('- [ ] 2.2 Check the totals\n  - After: 2.1\n');
    expect(text).toContain('- [ ] 3.2 Chart the months\n- [ ] 3.3 Send it\n');
    const notes = text.slice(text.indexOf('## Notes'));
    expect(notes).toMatch(/^## Notes\n\n- \d{4}-\d\d-\d\d: 2\.2 \(Check the totals\) no longer waits for 2\.2/);
    expect(notes).toContain(': 3.2 (Chart the months) no longer waits for 2.2 (Totals per month), which was removed');
    expect(agent(spreadsheet, 'validatePlan').valid).toBe(true);
  });

  it("the person's removal in the sidebar keeps the references right too", () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarRemoveTask', '1.1', {
      title: 'Import the sales',
      status: 'todo',
    });
    expect(waits(spreadsheet)).toMatchObject({ '1.2': ['1.3'], '1.3': ['1.1'], '2.1': ['1.2'] });
    expect(planText(spreadsheet)).toContain('- [ ] 1.2 Join sales and costs\n  - After: 1.3\n');
  });

  it('applyCommands carries the After lines from command to command', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const answers = agent(spreadsheet, 'applyCommands', [
      { action: 'move', step: '3.2', after: '3.3' },
      { action: 'add', phase: 3, text: 'Archive it', waitsFor: ['3.2', '3.3'] },
    ]);
    expect(answers[1]).toMatchObject({ step: '3.4', waitsFor: ['3.2', '3.3'] });
    expect(waits(spreadsheet)).toMatchObject({ '3.2': ['3.1', '3.3'], '3.3': ['2.2'], '3.4': ['3.2', '3.3'] });
  });

  it('renameTask and adoptFormat keep every After line as it was', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    const before = waits(spreadsheet);
    agent(spreadsheet, 'renameTask', '1.3', 'Join the sales with the costs');
    expect(waits(spreadsheet)).toEqual(before);
    const unnumbered = sheetWithSavedPlan(
      plan('# Plan: P', '', 'Goal: G', '', '## Tasks', '- [ ] Import', '- [ ] Clean', '  - After: 1.1', ''),
    );
    agent(unnumbered, 'adoptFormat');
    expect(planText(unnumbered)).toContain('- [ ] 1.2 Clean\n  - After: 1.1\n');
    expect(waits(unnumbered)).toEqual({ '1.2': ['1.1'] });
  });

  it('addTask refuses waitsFor that is not a list of steps, or names a step the plan does not have', () => {
    const spreadsheet = sheetWithSavedPlan(TEN_TASKS);
    refusedWith(spreadsheet, 'INVALID_ARGUMENT', 'addTask', 1, 'X', { waitsFor: '1.2' });
    refusedWith(spreadsheet, 'NOT_FOUND', 'addTask', 1, 'X', { waitsFor: ['9.9'] });
  });
});
