/**
 * The spec's PlanManager suite, run through the built bundle on the emulated spreadsheet.
 * Where the spec's mock client had "sheets" and "cells", we have a real (emulated) spreadsheet.
 */
import { call, execute, MARKER, openedSheet, plan, PLAN_SHEET, planText, sheetWithPlan } from './harness';

const emptySpreadsheet = () => openedSheet({ sheets: ['Sheet1'] });

describe('initPlan', () => {
  test('creates the plan sheet when it is missing', () => {
    const spreadsheet = emptySpreadsheet();
    call(spreadsheet, 'initPlan');
    expect(spreadsheet.sheetNames()).toContain(PLAN_SHEET);
  });

  test('writes the plan marker to C1', () => {
    const spreadsheet = emptySpreadsheet();
    call(spreadsheet, 'initPlan');
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
  });

  test('writes the starter plan to C2', () => {
    const spreadsheet = emptySpreadsheet();
    call(spreadsheet, 'initPlan');
    expect(planText(spreadsheet)).toContain('# Plan: Getting Started');
    expect(planText(spreadsheet)).toContain('### Phase 1: Orientation');
  });

  test('returns the existing plan when the sheet is already set up', () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: Existing', 'Goal: Test', '### Phase 1: Work', '- [ ] 1.1 Task'));
    expect(call(spreadsheet, 'initPlan').title).toBe('Existing');
  });

  test('never overwrites an existing plan, however often it is called', () => {
    const mine = plan(
      '# Plan: My Plan',
      'Goal: Keep this',
      '### Phase 1: Important',
      '- [x] 1.1 Done task ✅ 2026-01-01',
    );
    const spreadsheet = sheetWithPlan(mine);
    call(spreadsheet, 'initPlan');
    call(spreadsheet, 'initPlan');
    call(spreadsheet, 'initPlan');
    expect(planText(spreadsheet)).toBe(mine);
  });

  test('sets the sheet up when the C1 marker is missing and C2 is empty', () => {
    const spreadsheet = openedSheet({ sheets: [PLAN_SHEET] });
    call(spreadsheet, 'initPlan');
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
    expect(planText(spreadsheet)).toContain('Getting Started');
  });

  test('replaces a wrong marker in C1', () => {
    const spreadsheet = openedSheet({ sheets: [PLAN_SHEET] });
    spreadsheet.setCellText(MARKER, 'Something else');
    call(spreadsheet, 'initPlan');
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
  });

  test('returns a recovery plan naming the error when the sheet cannot be set up, and writes nothing', () => {
    const spreadsheet = emptySpreadsheet();
    const before = JSON.stringify(spreadsheet.toJSON());
    const { result, error } = execute(spreadsheet, 'initPlan', [], {
      prepare: (execution) => execution.faults.failNext('Spreadsheet.insertSheet', 'Network error'),
    });
    expect(error).toBeUndefined();
    const recovery = result as { title: string; notes: string; analysis: string };
    expect(recovery.title).toBe('Initialization Error');
    expect(recovery.notes).toContain('error');
    expect(recovery.analysis).toContain('Network error');
    expect(JSON.stringify(spreadsheet.toJSON())).toBe(before);
  });

  test('the starter plan has every section', () => {
    const starter = call(emptySpreadsheet(), 'initPlan');
    expect(starter.title).toBe('Getting Started with Sheet Agent');
    expect(starter.goal).toContain('Learn the basic tools');
    expect(starter.analysis).toBeDefined();
    expect(starter.questions).toBeDefined();
    expect(starter.phases.length).toBeGreaterThanOrEqual(2);
    expect(starter.notes).toContain('starter plan');
  });
});

describe('getPlan', () => {
  test('is null when the plan cell is empty', () => {
    expect(call(sheetWithPlan(''), 'getPlan')).toBeNull();
  });

  test('is null when the spreadsheet was never set up', () => {
    expect(call(emptySpreadsheet(), 'getPlan')).toBeNull();
  });

  test('reads the plan in the cell', () => {
    const read = call(
      sheetWithPlan(plan('# Plan: Test', 'Goal: Testing', '### Phase 1: Work', '- [ ] 1.1 Do something')),
      'getPlan',
    );
    expect(read.title).toBe('Test');
    expect(read.phases).toHaveLength(1);
  });
});

describe('getNextTask', () => {
  test('returns the first todo task, phase by phase', () => {
    const spreadsheet = sheetWithPlan(
      plan(
        '# Plan: Test',
        'Goal: Test',
        '### Phase 1: Done',
        '- [x] 1.1 Complete ✅ 2026-01-01',
        '### Phase 2: Pending',
        '- [ ] 2.1 Next task',
        '- [ ] 2.2 After that',
      ),
    );
    const next = call(spreadsheet, 'getNextTask');
    expect(next.step).toBe('2.1');
    expect(next.title).toBe('Next task');
  });

  test('is null when every task is done', () => {
    const spreadsheet = sheetWithPlan(
      plan('# Plan: Test', 'Goal: Test', '### Phase 1: Done', '- [x] 1.1 Complete ✅ 2026-01-01'),
    );
    expect(call(spreadsheet, 'getNextTask')).toBeNull();
  });

  test('passes over blocked tasks and tasks waiting for review', () => {
    const spreadsheet = sheetWithPlan(
      plan(
        '# Plan: Test',
        'Goal: Test',
        '### Phase 1: Mixed',
        '- [>] 1.1 Blocked — reason',
        '- [!] 1.2 Review — note',
        '- [ ] 1.3 Available',
      ),
    );
    expect(call(spreadsheet, 'getNextTask').step).toBe('1.3');
  });
});

describe('getReviewTasks', () => {
  test('lists every task waiting for review, in order', () => {
    const spreadsheet = sheetWithPlan(
      plan(
        '# Plan: Test',
        'Goal: Test',
        '### Phase 1: Work',
        '- [!] 1.1 Review one — check this',
        '- [ ] 1.2 Normal task',
        '### Phase 2: More',
        '- [!] 2.1 Review two — verify that',
      ),
    );
    const reviews = call(spreadsheet, 'getReviewTasks');
    expect(reviews.map((task: { step: string }) => task.step)).toEqual(['1.1', '2.1']);
    expect(reviews[0].reviewNote).toBe('check this');
  });

  test('is empty when nothing waits for review', () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: Test', 'Goal: Test', '### Phase 1: Work', '- [ ] 1.1 Normal task'));
    expect(call(spreadsheet, 'getReviewTasks')).toEqual([]);
  });
});

describe('createPlan', () => {
  test('writes phases and numbered steps', () => {
    const spreadsheet = sheetWithPlan('');
    call(spreadsheet, 'createPlan', 'New Plan', 'Achieve something', [
      { name: 'Setup', steps: ['Step A', 'Step B'] },
      { name: 'Execute', steps: ['Step C'] },
    ]);
    const text = planText(spreadsheet);
    for (const line of [
      '# Plan: New Plan',
      'Goal: Achieve something',
      '### Phase 1: Setup',
      '- [ ] 1.1 Step A',
      '- [ ] 1.2 Step B',
      '### Phase 2: Execute',
      '- [ ] 2.1 Step C',
    ]) {
      expect(text).toContain(line);
    }
  });

  test('includes the analysis template', () => {
    const spreadsheet = sheetWithPlan('');
    call(spreadsheet, 'createPlan', 'Test', 'Goal', [{ name: 'Work', steps: ['Task'] }]);
    for (const line of ['## Analysis', '- Spreadsheet:', '- Key sheets:', '- Target ranges:'])
      expect(planText(spreadsheet)).toContain(line);
  });

  test('works on a spreadsheet that was never initialised: creates the plan sheet and the marker', () => {
    const spreadsheet = emptySpreadsheet();
    call(spreadsheet, 'createPlan', 'Fresh', 'Start from nothing', [{ name: 'Work', steps: ['Task'] }]);
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
    expect(planText(spreadsheet)).toContain('# Plan: Fresh');
  });
});

describe('task status changes', () => {
  const oneTask = (status: string) =>
    sheetWithPlan(plan('# Plan: Test', 'Goal: Test', '### Phase 1: Work', `- [${status}] 1.1 The task`));

  test('startTask marks the task in progress', () => {
    const spreadsheet = oneTask(' ');
    call(spreadsheet, 'startTask', '1.1');
    expect(planText(spreadsheet)).toContain('- [/] 1.1 The task');
  });

  test('startTask without a plan says there is no plan', () => {
    expect(() => call(sheetWithPlan(''), 'startTask', '1.1')).toThrow('No plan');
  });

  test('completeTask marks the task done with the date', () => {
    const spreadsheet = oneTask('/');
    call(spreadsheet, 'completeTask', '1.1');
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1 The task ✅ \d{4}-\d{2}-\d{2}$/);
  });

  test('blockTask marks the task blocked with the reason', () => {
    const spreadsheet = oneTask('/');
    call(spreadsheet, 'blockTask', '1.1', 'need approval');
    expect(planText(spreadsheet)).toContain('- [>] 1.1 The task — need approval');
  });

  test('reviewTask marks the task for review with the note', () => {
    const spreadsheet = oneTask('/');
    call(spreadsheet, 'reviewTask', '1.1', 'please check formula');
    expect(planText(spreadsheet)).toContain('- [!] 1.1 The task — please check formula');
  });

  test("done dates are the spreadsheet's local date, not UTC", () => {
    // 02:30 UTC on 2026-03-01 is still 28 February in Los Angeles.
    const spreadsheet = sheetWithPlan(plan('# Plan: T', 'Goal: G', '### Phase 1: W', '- [/] 1.1 Late task'), {
      timeZone: 'America/Los_Angeles',
    });
    const { error } = execute(spreadsheet, 'completeTask', ['1.1'], { now: () => new Date('2026-03-01T02:30:00Z') });
    expect(error).toBeUndefined();
    expect(planText(spreadsheet)).toContain('- [x] 1.1 Late task ✅ 2026-02-28');
  });
});
