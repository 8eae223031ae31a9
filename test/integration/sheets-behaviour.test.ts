/**
 * How the add-on lives with Sheets: text stays text, nothing a person wrote is lost, menus only where there is a UI.
 */
import {
  call,
  execute,
  HISTORY_SHEET,
  MARKER,
  openedSheet,
  personEdits,
  PLAN,
  plan,
  PLAN_SHEET,
  planText,
  REVISION,
  sheetWithPlan,
  withoutClaims,
} from './harness';

describe('plan text is always stored as text', () => {
  test.each([
    ['a formula', '=SUM(A1:A3)'],
    ['a plus sign', '+1 more step'],
    ['a minus sign', '- a list item first'],
    ['a number', '42'],
    ['a date', '2026-01-10'],
    ['a boolean', 'TRUE'],
  ])('a plan that starts like %s is kept exactly', (_kind, start) => {
    const text = plan(start, '# Plan: Tricky', 'Goal: Stay text', '### Phase 1: W', '- [ ] 1.1 Go');
    const spreadsheet = sheetWithPlan('');
    call(spreadsheet, 'replacePlan', text, 0);
    expect(spreadsheet.cell(PLAN)).toBe(text);
    expect(spreadsheet.formula(PLAN)).toBe('');
    call(spreadsheet, 'startTask', '1.1');
    expect(spreadsheet.cell(PLAN)).toMatch(/- \[\/\] 1\.1 Go\n {2}- Working: api until [-\d]+ [:\d]+$/);
    expect(withoutClaims(String(spreadsheet.cell(PLAN)))).toBe(text.replace('- [ ] 1.1 Go', '- [/] 1.1 Go'));
  });

  test('a goal that looks like a formula stays text', () => {
    const spreadsheet = sheetWithPlan('');
    call(spreadsheet, 'createPlan', '=IMPORTXML("http://x")', '=1+1', [{ name: '=A1', steps: ['=B2'] }]);
    expect(planText(spreadsheet)).toContain('# Plan: =IMPORTXML("http://x")');
    expect(spreadsheet.formula(PLAN)).toBe('');
  });
});

describe('an update changes only the line it must', () => {
  test('every other character, line breaks and trailing spaces included, is kept', () => {
    const before =
      '# Plan: Hand edited  \r\n\r\nGoal: Keep my formatting\r\n\r\n### Phase 1: Work\r\n*   [ ]  1.1   Indented ' +
      'title\r\n- [ ] 1.2 Other\r\n\r\n## Notes\r\n\r\nmy   spacing   ';
    const spreadsheet = sheetWithPlan(before);
    call(spreadsheet, 'startTask', '1.1');
    // The agent's claim goes under the task, indented to its checkbox, with the document's own line break.
    expect(planText(spreadsheet)).toMatch(
      /\* {3}\[\/\] {2}1\.1 {3}Indented title\r\n {4}- Working: api until .*\r\n- \[ \] 1\.2/,
    );
    expect(withoutClaims(planText(spreadsheet))).toBe(before.replace('*   [ ]  1.1', '*   [/]  1.1'));
  });
});

test("the plan sheet Sheet Plan makes hides the revision record's column; the plan's stays in view", () => {
  const spreadsheet = openedSheet();
  call(spreadsheet, 'initPlan');
  const sheet = spreadsheet.sheetNamed(PLAN_SHEET)!;
  expect(sheet.hiddenColumns).toEqual(new Set([4]));
  expect(String(spreadsheet.cell(REVISION))).toMatch(/^\{/);
  call(spreadsheet, 'startTask', '1.1');
  expect(planText(spreadsheet)).toContain('[/] 1.1');
});

describe('initPlan never destroys content', () => {
  test('a plan in C2 without the marker is kept, and the marker added', () => {
    const mine = plan('# Plan: Typed by hand', 'Goal: Mine', '### Phase 1: W', '- [ ] 1.1 Task');
    const spreadsheet = sheetWithPlan(mine, { marker: null });
    const read = call(spreadsheet, 'initPlan');
    expect(read.title).toBe('Typed by hand');
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
    expect(planText(spreadsheet)).toBe(mine);
  });

  test('other text in C2 is saved to the history sheet before the starter plan is written', () => {
    const notes = 'Shopping list: eggs, milk\nCall Sam on Tuesday';
    const spreadsheet = sheetWithPlan(notes, { marker: null });
    call(spreadsheet, 'initPlan');
    expect(planText(spreadsheet)).toContain('Getting Started');
    const history = call(spreadsheet, 'getHistory', 5);
    expect(history).toHaveLength(1);
    expect(history[0].text).toBe(notes);
    expect(history[0].replacedBy).toContain('initPlan');
    expect(spreadsheet.isHidden(HISTORY_SHEET)).toBe(true);
  });
});

describe('createPlan over an existing plan', () => {
  test('keeps the replaced plan in the history, and restoreRevision brings it back', () => {
    const original = plan('# Plan: First', 'Goal: One', '### Phase 1: W', '- [x] 1.1 Did it ✅ 2026-01-01');
    const spreadsheet = sheetWithPlan(original);
    call(spreadsheet, 'createPlan', 'Second', 'Two', [{ name: 'W', steps: ['New work'] }]);
    const [saved] = call(spreadsheet, 'getHistory', 10);
    expect(saved.text).toBe(original);
    call(spreadsheet, 'restoreRevision', saved.revision);
    expect(planText(spreadsheet)).toBe(original);
    expect(call(spreadsheet, 'getHistory', 10)[0].title).toBe('Second');
  });
});

describe('revisions', () => {
  test('every write bumps the revision and records who made it; an edit in the cell counts too', () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: R', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A', '- [ ] 1.2 B'));
    const first = call(spreadsheet, 'getPlan');
    const started = call(spreadsheet, 'startTask', '1.1');
    expect(started.revision).toBe(first.revision + 1);
    expect(JSON.parse(String(spreadsheet.cell(REVISION))).by).toBe('api');
    spreadsheet.setCellText(PLAN, `${planText(spreadsheet)}\n- [ ] 1.3 Added by a person`);
    const edited = call(spreadsheet, 'getPlan');
    expect(edited.revision).toBe(started.revision + 1);
    expect(edited.changedBy).toBe('cell edit');
  });

  test("replacePlan based on an older revision is refused: a person's edits are never overwritten", () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: R', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A'));
    const read = call(spreadsheet, 'getPlan');
    personEdits(spreadsheet, PLAN, `${read.raw}\n- [ ] 1.2 Person's step`);
    const afterFirstEdit = call(spreadsheet, 'getPlan');
    personEdits(spreadsheet, PLAN, `${afterFirstEdit.raw}\n- [ ] 1.3 Another step`);
    const edited = planText(spreadsheet);
    const agentsVersion = plan('# Plan: R', 'Goal: G', '### Phase 1: W', '- [x] 1.1 A ✅ 2026-01-01');
    for (const stale of [read.revision, afterFirstEdit.revision]) {
      expect(() => call(spreadsheet, 'replacePlan', agentsVersion, stale)).toThrow(
        /^CONFLICT: The plan changed since revision \d+: it is now revision \d+ \(last changed by cell edit\)/,
      );
    }
    expect(planText(spreadsheet)).toBe(edited);
  });

  test("a person's edit in the Sheets UI is recorded as a revision of its own", () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: R', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A'));
    const started = call(spreadsheet, 'startTask', '1.1');
    personEdits(spreadsheet, PLAN, `${planText(spreadsheet)}\n- [ ] 1.2 Typed in`);
    expect(JSON.parse(String(spreadsheet.cell(REVISION)))).toMatchObject({
      revision: started.revision + 1,
      by: 'cell edit',
    });
    expect(call(spreadsheet, 'getPlan')).toMatchObject({ revision: started.revision + 1, changedBy: 'cell edit' });
  });

  test('an edit in another cell or sheet costs the trigger two service calls and records nothing', () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: R', 'Goal: G'));
    const before = spreadsheet.cell(REVISION);
    personEdits(spreadsheet, 'Sheet1!A1', 'hello');
    expect(spreadsheet.cell(REVISION)).toBe(before);
  });
});

describe('where there is no UI', () => {
  test('every plan function works in a scripts.run execution, where getUi() throws', () => {
    const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
    for (const [name, args] of [
      ['initPlan', []],
      ['getPlan', []],
      ['startTask', ['1.1']],
      ['advanceTask', ['1.1']],
      ['getProgress', []],
    ] as const) {
      const { error } = execute(spreadsheet, name, [...args], { context: 'api' });
      expect(error).toBeUndefined();
    }
  });

  test('a menu item run from the API fails clearly instead of half-working', () => {
    const { error } = execute(sheetWithPlan(''), 'menuShowNextTask', [], { context: 'api' });
    expect(error?.message).toContain('Cannot call SpreadsheetApp.getUi() from this context.');
  });
});

describe('the Agent Plan menu', () => {
  test('onOpen only adds the menu (safe in AuthMode.NONE): no spreadsheet reads or writes', () => {
    const { error, execution } = execute(sheetWithPlan(''), 'onOpen', [{ authMode: 'NONE' }], { context: 'ui' });
    expect(error).toBeUndefined();
    expect(execution.ui.menus).toEqual([
      expect.objectContaining({
        name: 'Agent Plan',
        items: expect.arrayContaining([
          expect.objectContaining({ caption: 'Open plan', functionName: 'showPlanSidebar' }),
          expect.objectContaining({ caption: 'Initialize plan', functionName: 'menuInitializePlan' }),
          expect.objectContaining({ caption: 'Show next task', functionName: 'menuShowNextTask' }),
          expect.objectContaining({ caption: 'Show review items', functionName: 'menuShowReviewItems' }),
        ]),
      }),
    ]);
    expect(
      execution.calls.filter((entry: { service: string }) => ['Range', 'Sheet', 'Spreadsheet'].includes(entry.service)),
    ).toEqual([]);
  });

  test('Show next task tells the person what the agent will do next', () => {
    const { execution } = execute(
      sheetWithPlan(
        plan(
          '# Plan: M',
          'Goal: G',
          '### Phase 1: W',
          '- [x] 1.1 A ✅ 2026-01-01',
          '- [ ] 1.2 Next one — approved: go',
        ),
      ),
      'menuShowNextTask',
      [],
      { context: 'ui' },
    );
    expect(execution.ui.alerts).toEqual([
      expect.objectContaining({ title: 'Next task', prompt: '1.2 Next one — approved: go' }),
    ]);
  });

  test('Show review items lists what waits for the person', () => {
    const { execution } = execute(
      sheetWithPlan(plan('# Plan: M', 'Goal: G', '### Phase 1: W', '- [!] 1.1 Totals — check column F')),
      'menuShowReviewItems',
      [],
      { context: 'ui' },
    );
    expect(execution.ui.alerts[0].prompt).toBe('1.1 Totals — check column F');
  });

  test('Initialize plan sets up a new sheet and says so', () => {
    const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
    const { execution } = execute(spreadsheet, 'menuInitializePlan', [], { context: 'ui' });
    expect(execution.ui.alerts[0].title).toBe('Plan ready');
    expect(planText(spreadsheet)).toContain('Getting Started');
  });

  test('Initialize plan tells the person why the sheet could not be set up, and writes nothing', () => {
    const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
    const before = JSON.stringify(spreadsheet.toJSON());
    const { execution } = execute(spreadsheet, 'menuInitializePlan', [], {
      context: 'ui',
      prepare: (run) => run.faults.failNext('Spreadsheet.insertSheet', 'Network error'),
    });
    expect(execution.ui.alerts).toEqual([
      expect.objectContaining({
        title: 'Plan not initialized',
        prompt: expect.stringContaining(`The ${PLAN_SHEET} sheet could not be set up: Network error`),
      }),
    ]);
    expect(JSON.stringify(spreadsheet.toJSON())).toBe(before);
  });
});

describe('replacePlan with the exact stamp', () => {
  test(
    'two edits made outside the Sheets UI (no onEdit) share a revision number, but the stamp still refuses the ' +
      'stale write',
    () => {
      const spreadsheet = sheetWithPlan(plan('# Plan: S', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A'));
      const read = call(spreadsheet, 'getPlan');
      spreadsheet.setCellText(PLAN, `${read.raw}\n- [ ] 1.2 Written by another tool`);
      const first = call(spreadsheet, 'getPlan');
      spreadsheet.setCellText(PLAN, `${first.raw}\n- [ ] 1.3 And again`);
      const edited = planText(spreadsheet);
      expect(call(spreadsheet, 'getPlan').revision).toBe(first.revision);
      expect(() =>
        call(spreadsheet, 'replacePlan', plan('# Plan: S', 'Goal: G', '### Phase 1: W', '- [/] 1.1 A'), first.stamp),
      ).toThrow(/^CONFLICT: The plan changed since the revision \d+ you read/);
      expect(planText(spreadsheet)).toBe(edited);
    },
  );

  test('the stamp of the current plan is accepted', () => {
    const spreadsheet = sheetWithPlan(plan('# Plan: S', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A'));
    const read = call(spreadsheet, 'getPlan');
    const replaced = call(
      spreadsheet,
      'replacePlan',
      plan('# Plan: S', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A', '- [ ] 1.2 B'),
      read.stamp,
    );
    expect(replaced.revision).toBe(read.revision + 1);
  });
});

describe('who changed the plan last', () => {
  test(
    'every result carries the revision and its author, so an agent sees that a person changed the plan since ' +
      'its last read',
    () => {
      const spreadsheet = sheetWithPlan(
        plan('# Plan: W', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A', '- [ ] 1.2 B', '- [!] 1.3 C — check'),
      );
      const started = call(spreadsheet, 'startTask', '1.1');
      expect(started).toMatchObject({ revision: expect.any(Number), changedBy: 'api' });
      personEdits(
        spreadsheet,
        PLAN,
        planText(spreadsheet).replace('- [ ] 1.2 B', '- [ ] 1.2 B, as the person wants it'),
      );
      for (const name of ['getNextTask', 'getProgress', 'validatePlan', 'getPlan']) {
        expect(call(spreadsheet, name)).toMatchObject({ revision: started.revision + 1, changedBy: 'cell edit' });
      }
      expect(call(spreadsheet, 'getReviewTasks')[0]).toMatchObject({
        revision: started.revision + 1,
        changedBy: 'cell edit',
      });
    },
  );
});

describe('a plan typed into C2 without the marker', () => {
  test.each([
    ['startTask', ['1.1']],
    ['startNextTask', []],
    ['advanceTask', ['1.1']],
  ])('%s writes the marker with its change, like every change', (name, args) => {
    const spreadsheet = sheetWithPlan(plan('# Plan: M', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 A', '- [ ] 1.2 B'), {
      marker: null,
    });
    call(spreadsheet, name, ...args);
    expect(spreadsheet.cell(MARKER)).toBe('PLAN.md Contents');
  });
});

describe('the revision record is hidden on a plan sheet a person made', () => {
  const typed = plan('# Plan: Typed by hand', 'Goal: Mine', '### Phase 1: W', '- [ ] 1.1 Task');

  test('the first change hides the record column, as set-up does', () => {
    const spreadsheet = sheetWithPlan(typed);
    expect(spreadsheet.sheetNamed(PLAN_SHEET)!.hiddenColumns.size).toBe(0);
    call(spreadsheet, 'startTask', '1.1');
    expect(String(spreadsheet.cell(REVISION))).toMatch(/^\{/);
    expect(spreadsheet.sheetNamed(PLAN_SHEET)!.hiddenColumns).toEqual(new Set([4]));
  });

  test('a column holding the person’s notes below the record stays in view', () => {
    const spreadsheet = sheetWithPlan(typed);
    personEdits(spreadsheet, `${PLAN_SHEET}!D5`, 'my note');
    call(spreadsheet, 'startTask', '1.1');
    expect(spreadsheet.sheetNamed(PLAN_SHEET)!.hiddenColumns.size).toBe(0);
    expect(spreadsheet.cell(`${PLAN_SHEET}!D5`)).toBe('my note');
  });

  test('a person who shows the column again keeps it shown', () => {
    const spreadsheet = sheetWithPlan(typed);
    call(spreadsheet, 'startTask', '1.1');
    spreadsheet.sheetNamed(PLAN_SHEET)!.hiddenColumns.clear();
    call(spreadsheet, 'completeTask', '1.1');
    expect(spreadsheet.sheetNamed(PLAN_SHEET)!.hiddenColumns.size).toBe(0);
  });
});
