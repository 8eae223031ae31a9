/**
 * The steps that wrote cells, listed in the revision record (src/core/write-path/steps-that-wrote.ts): writeRange lists
 * its step before it logs the write, every write of the plan carries the list, and the done check of a task the list
 * says never wrote skips the write log. A record that cannot be believed (cleared, typed over, edited by hand, from
 * before the list) falls back to the log, so a formula error in a written cell always refuses the completion.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { STEPS_THAT_WROTE } from '../../src/core/write-path/steps-that-wrote';
import { applyPersonEdit } from '../../src/node/emulator/person-edits';
import {
  MARKER,
  PLAN,
  PLAN_SHEET,
  REVISION,
  callAsPerson,
  execute,
  openSidebar,
  openedSheet,
  personEdits,
  plan,
  planText,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Totals',
  '',
  'Goal: Total the stock',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '',
  '- Formulas: allowed',
  '- Target ranges:',
  '  - Write: Summary!B3:C5',
  '',
  '### Phase 1: Work',
  '- [/] 1.1 Write the totals',
  '- [/] 1.2 Say hello',
  '- [/] 1.3 Write the labels',
  '- [ ] 1.4 Tidy up',
  '',
);

/** The record with the label over it, which names it: written together. */
const LABELLED = cellReference(`${PLAN_LOCATION.metadataLabelCell}:${PLAN_LOCATION.metadataCell}`);

/** A plan Sheet Plan took up (initPlan): its record lists the steps that wrote, none yet. */
function workbook(text = PLAN_TEXT): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Summary', PLAN_SHEET] });
  spreadsheet.setCellText(PLAN, text);
  agent(spreadsheet, 'initPlan');
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  return spreadsheet;
}

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

function record(spreadsheet: EmulatedSpreadsheet): Record<string, any> {
  return JSON.parse(String(spreadsheet.cell(REVISION)));
}

const listed = (spreadsheet: EmulatedSpreadsheet) => record(spreadsheet)[STEPS_THAT_WROTE]?.steps;

/** Task 1.1 writes a formula that computes `#REF!`. */
function writeBrokenTotal(spreadsheet: EmulatedSpreadsheet): void {
  agent(spreadsheet, 'writeRange', ['Summary!C4', [[{ formula: '=Z99+#REF!' }]], '1.1']);
  spreadsheet.setFormulaResult('Summary!C4', '=Z99+#REF!', '#REF!');
}

/** Completing 1.1 is refused for the cell it wrote: the write log was looked up. */
function expectRefusedForTheWrittenCell(spreadsheet: EmulatedSpreadsheet, name = 'completeTask'): void {
  const before = JSON.stringify(spreadsheet.toJSON().sheets);
  const { error, execution } = execute(spreadsheet, name, ['1.1']);
  expect(error?.message).toMatch(/^CHECK_FAILED: Task 1\.1 cannot be completed: Summary!C4 holds "#REF!"/);
  expect(JSON.stringify(spreadsheet.toJSON().sheets)).toBe(before);
  expect(execution.countCalls({ method: 'getSheetByName' })).toBeGreaterThan(0);
}

test('a plan Sheet Plan took up lists no step that wrote, and a completion there skips the write log', () => {
  const spreadsheet = workbook();
  expect(listed(spreadsheet)).toEqual([]);
  const { error, execution } = execute(spreadsheet, 'completeTask', ['1.2']);
  expect(error).toBeUndefined();
  expect(execution.countCalls({ method: 'getSheetByName' })).toBe(0);
  expect(listed(spreadsheet)).toEqual([]);
});

test("writeRange lists its step once, in the record and its label alone: the plan's text and revision stay", () => {
  const spreadsheet = workbook();
  const before = agent(spreadsheet, 'getPlan');
  const write = (cell: string, step: string) => {
    const run = execute(spreadsheet, 'writeRange', [`Summary!${cell}`, [['x']], step]);
    expect(run.error).toBeUndefined();
    const calls = run.execution.calls;
    const record = calls.filter((entry) => entry.method === 'getRange' && entry.args[0] === JSON.stringify(LABELLED));
    return { all: calls.length, recordWrites: record.length };
  };
  expect(write('B3', '1.1').recordWrites).toBe(1);
  expect(listed(spreadsheet)).toEqual(['1.1']);
  const again = write('B4', '1.1');
  expect(again.recordWrites).toBe(0);
  // A step's first write costs two calls more: the record with its label by their A1, and its setValues.
  expect(write('B5', '1.3')).toEqual({ all: again.all + 2, recordWrites: 1 });
  expect(listed(spreadsheet)).toEqual(['1.1', '1.3']);
  const after = agent(spreadsheet, 'getPlan');
  expect(planText(spreadsheet)).toBe(PLAN_TEXT);
  expect([after.revision, after.stamp, after.changedBy]).toEqual([before.revision, before.stamp, before.changedBy]);
});

test('the sidebar sees no new plan version for a write, only the write log moving', () => {
  const spreadsheet = workbook();
  const token = openSidebar(spreadsheet);
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  agent(spreadsheet, 'writeRange', ['Summary!B3', [['A-1']], '1.1']);
  expect(callAsPerson(spreadsheet, token, 'sidebarCheck', view.stamp, null)).toBeNull();
  const seen = callAsPerson(spreadsheet, token, 'sidebarCheck', view.stamp, view.writeMark);
  expect(seen.stamp).toBe(view.stamp);
  expect(seen.writes).toHaveLength(1);
});

test('a completion of a task that wrote still reads its cells, and is refused for a formula error', () => {
  const spreadsheet = workbook();
  writeBrokenTotal(spreadsheet);
  expectRefusedForTheWrittenCell(spreadsheet);
  expectRefusedForTheWrittenCell(spreadsheet, 'advanceTask');
  agent(spreadsheet, 'writeRange', ['Summary!C4', [[15]], '1.1']);
  expect(agent(spreadsheet, 'completeTask', ['1.1'])).toMatchObject({ step: '1.1', status: 'done' });
});

test.each<[string, (spreadsheet: EmulatedSpreadsheet) => void]>([
  ['a task note by the agent', (s) => agent(s, 'setTaskNote', ['1.2', 'said hello'])],
  ['another task completed', (s) => agent(s, 'completeTask', ['1.2'])],
  [
    'the plan replaced whole',
    (s) => agent(s, 'replacePlan', [`${PLAN_TEXT}\n## Notes\n\n- Replaced.\n`, agent(s, 'getPlan').stamp]),
  ],
  ['an edit of the plan cell by the person', (s) => personEdits(s, PLAN, PLAN_TEXT.replace('Say hello', 'Wave'))],
  [
    'a task blocked by the person in the sidebar',
    (s) => callAsPerson(s, openSidebar(s), 'sidebarTaskAction', 'block', '1.4', 'later'),
  ],
  [
    'an earlier revision restored',
    (s) => {
      const { revision, stamp } = agent(s, 'getPlan');
      agent(s, 'replacePlan', [`${PLAN_TEXT}\n## Notes\n\n- Replaced.\n`, stamp]);
      agent(s, 'restoreRevision', [revision]);
    },
  ],
])('after %s, the list is kept and the written cells are still checked', (_what, change) => {
  const spreadsheet = workbook();
  writeBrokenTotal(spreadsheet);
  change(spreadsheet);
  expect(listed(spreadsheet)).toContain('1.1');
  expectRefusedForTheWrittenCell(spreadsheet);
});

test.each<[string, (spreadsheet: EmulatedSpreadsheet) => void]>([
  ['cleared by the person', (s) => personEdits(s, REVISION, '')],
  ['typed over by the person', (s) => personEdits(s, REVISION, 'my notes')],
  [
    'its list edited by hand (1.1 taken out)',
    (s) => {
      const edited = record(s);
      edited[STEPS_THAT_WROTE].steps = [];
      personEdits(s, REVISION, JSON.stringify(edited));
    },
  ],
  [
    'from before the list existed',
    (s) => {
      const { [STEPS_THAT_WROTE]: _list, ...older } = record(s);
      s.setCellText(REVISION, JSON.stringify(older));
    },
  ],
])('a record %s falls back to the write log, then and after the next change', (_what, damage) => {
  const spreadsheet = workbook();
  writeBrokenTotal(spreadsheet);
  damage(spreadsheet);
  expectRefusedForTheWrittenCell(spreadsheet);
  // The next change reads the log once and lists what it found: the record is believed again.
  agent(spreadsheet, 'setTaskNote', ['1.2', 'said hello']);
  expect(listed(spreadsheet)).toEqual(['1.1']);
  expectRefusedForTheWrittenCell(spreadsheet);
  const { error, execution } = execute(spreadsheet, 'completeTask', ['1.2']);
  expect(error).toBeUndefined();
  expect(execution.countCalls({ method: 'getSheetByName' })).toBe(0);
});

test('a write made while the record listed nothing is found by the next change', () => {
  const spreadsheet = workbook();
  personEdits(spreadsheet, REVISION, '');
  writeBrokenTotal(spreadsheet); // no list to add to: the record keeps saying nothing
  agent(spreadsheet, 'setTaskNote', ['1.2', 'said hello']);
  expect(listed(spreadsheet)).toEqual(['1.1']);
  expectRefusedForTheWrittenCell(spreadsheet);
});

test('a write the person undid drops its step from the list once a completion has read the log', () => {
  const spreadsheet = workbook();
  writeBrokenTotal(spreadsheet);
  const [write] = agent(spreadsheet, 'getWriteLog');
  callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarUndoWrite', write.id);
  expect(listed(spreadsheet)).toEqual(['1.1']); // over-listed: it only costs a look in the log
  expect(agent(spreadsheet, 'completeTask', ['1.1'])).toMatchObject({ step: '1.1', status: 'done' });
  expect(listed(spreadsheet)).toEqual([]);
});

test("a new plan lists no step that wrote: the earlier plan's writes are not its steps'", () => {
  const spreadsheet = workbook();
  writeBrokenTotal(spreadsheet);
  // Skipped: a task left unfinished by a new plan must pass the cells it wrote, as a removed one does.
  agent(spreadsheet, 'skipTask', ['1.1', 'the next plan writes the totals again']);
  agent(spreadsheet, 'createPlan', ['Next', 'Do more', [{ name: 'Work', steps: ['Write the totals again'] }]]);
  expect(listed(spreadsheet)).toEqual([]);
  // The earlier plan's 1.1 wrote the broken cell; the new plan's 1.1 did not, and is not refused for it.
  agent(spreadsheet, 'startTask', ['1.1']);
  expect(execute(spreadsheet, 'completeTask', ['1.1']).error).toBeUndefined();
});

test('finishing a plan leaves a record for the next plan, listing no step', () => {
  const spreadsheet = workbook();
  agent(spreadsheet, 'writeRange', ['Summary!B3', [['A-1']], '1.1']);
  const completed = ['1.1', '1.2', '1.3'].map((step) => ({ action: 'complete', step }));
  agent(spreadsheet, 'applyCommands', [[...completed, { action: 'skip', step: '1.4', text: 'not needed' }]]);
  agent(spreadsheet, 'finishPlan', ['Totals written']);
  expect(listed(spreadsheet)).toEqual([]);
});

describe('an older record a person puts back in the record cell is not believed', () => {
  test('Delete on the record, a write, then the person undoes the Delete', () => {
    const spreadsheet = workbook();
    const saved = String(spreadsheet.cell(REVISION));
    personEdits(spreadsheet, REVISION, '');
    writeBrokenTotal(spreadsheet);
    personEdits(spreadsheet, REVISION, saved); // the undo: the record from before the write, sealed and all
    expect(listed(spreadsheet)).toBeUndefined();
    expectRefusedForTheWrittenCell(spreadsheet);
  });

  test('a copy of the record pasted back after a write', () => {
    const spreadsheet = workbook();
    const saved = String(spreadsheet.cell(REVISION));
    writeBrokenTotal(spreadsheet);
    personEdits(spreadsheet, REVISION, saved);
    expectRefusedForTheWrittenCell(spreadsheet);
  });

  test('a backup of C2:D2 pasted back, and a completion lands before its onEdit', () => {
    const spreadsheet = workbook();
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]]; // its record lists no step
    writeBrokenTotal(spreadsheet);
    agent(spreadsheet, 'completeTask', ['1.2']); // a revision past the backup's
    applyPersonEdit(spreadsheet, { kind: 'paste', at: PLAN, rows: backup });
    expectRefusedForTheWrittenCell(spreadsheet);
  });

  test('a backup of C2:D2 taken at the same revision, before the step wrote, pasted back before its onEdit', () => {
    const spreadsheet = workbook();
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]]; // its record lists no step
    writeBrokenTotal(spreadsheet); // lists 1.1 in the record: the same revision
    applyPersonEdit(spreadsheet, { kind: 'paste', at: PLAN, rows: backup });
    expectRefusedForTheWrittenCell(spreadsheet);
  });

  test("a record lost and put back from the history's copy lists nothing from that copy", () => {
    const spreadsheet = workbook();
    writeBrokenTotal(spreadsheet);
    personEdits(spreadsheet, REVISION, '');
    personEdits(spreadsheet, PLAN, PLAN_TEXT); // the cell edit puts the record back from the history's copy
    expectRefusedForTheWrittenCell(spreadsheet);
  });
});

describe('the writes follow their task when a re-plan renumbers or removes it', () => {
  const WITH_TODO_TASKS = '- [ ] 1.2 Say hello\n- [/] 1.3 Write the labels\n- [ ] 1.4 Tidy up\n';
  /** The plan without 1.2, renumbered as the person or the agent writes it. */
  const RENUMBERED = '- [/] 1.2 Write the labels\n- [ ] 1.3 Tidy up\n';
  /** 1.2 is still to do: a task that can be removed above the one that writes. */
  const workbookWithTodo = () => workbook(PLAN_TEXT.replace('- [/] 1.2 Say hello', '- [ ] 1.2 Say hello'));
  /** Task 1.3 writes a formula that computes `#REF!`. */
  function labelsBroken(spreadsheet: EmulatedSpreadsheet): void {
    agent(spreadsheet, 'writeRange', ['Summary!B4', [[{ formula: '=Z99+#REF!' }]], '1.3']);
    spreadsheet.setFormulaResult('Summary!B4', '=Z99+#REF!', '#REF!');
  }

  const stepsOfTheLog = (spreadsheet: EmulatedSpreadsheet) =>
    (agent(spreadsheet, 'getWriteLog') as Array<{ step: string }>).map((entry) => entry.step);

  test.each<[string, (spreadsheet: EmulatedSpreadsheet) => void]>([
    [
      'a task above it removed (apply_commands)',
      (s) => agent(s, 'applyCommands', [[{ action: 'remove', step: '1.2' }]]),
    ],
    ['a task above it removed (removeTask)', (s) => agent(s, 'removeTask', ['1.2'])],
    [
      'the plan rewritten without a task above it',
      (s) => {
        const { raw, stamp } = agent(s, 'getPlan');
        agent(s, 'replacePlan', [raw.replace(WITH_TODO_TASKS, RENUMBERED), stamp]);
      },
    ],
    [
      'a person removing a task above it in the cell',
      (s) => personEdits(s, PLAN, planText(s).replace(WITH_TODO_TASKS, RENUMBERED)),
    ],
  ])('after %s, the task now at 1.2 is checked for the cells it wrote as 1.3', (_what, renumber) => {
    const spreadsheet = workbookWithTodo();
    labelsBroken(spreadsheet);
    renumber(spreadsheet);
    expect(planText(spreadsheet)).toContain('- [/] 1.2 Write the labels\n- [ ] 1.3 Tidy up\n');
    expect(listed(spreadsheet)).toEqual(['1.2']);
    expect(stepsOfTheLog(spreadsheet)).toEqual(['1.2']);
    const before = JSON.stringify(spreadsheet.toJSON().sheets);
    const { error } = execute(spreadsheet, 'completeTask', ['1.2']);
    expect(error?.message).toMatch(/^CHECK_FAILED: Task 1\.2 cannot be completed: Summary!B4 holds "#REF!"/);
    expect(JSON.stringify(spreadsheet.toJSON().sheets)).toBe(before);
    // The task that took 1.3 wrote nothing, and is not held to the cells the labels task wrote.
    agent(spreadsheet, 'startTask', ['1.3']);
    expect(agent(spreadsheet, 'completeTask', ['1.3'])).toMatchObject({ step: '1.3', title: 'Tidy up' });
  });

  test('a task moved to another place is checked for its cells under its new step', () => {
    const spreadsheet = workbook();
    labelsBroken(spreadsheet);
    agent(spreadsheet, 'moveTask', ['1.3', 1]);
    expect(planText(spreadsheet)).toContain('- [/] 1.1 Write the labels\n- [/] 1.2 Write the totals\n');
    expect(execute(spreadsheet, 'completeTask', ['1.1']).error?.message).toMatch(/^CHECK_FAILED: Task 1\.1 /);
    expect(agent(spreadsheet, 'completeTask', ['1.3'])).toMatchObject({ step: '1.3', title: 'Say hello' });
  });

  /** The plan with its labels task rewritten: `rewrite` maps the Markdown (a whole document, as replacePlan takes). */
  function rewritten(spreadsheet: EmulatedSpreadsheet, rewrite: (raw: string) => string) {
    const { raw, stamp } = agent(spreadsheet, 'getPlan');
    return execute(spreadsheet, 'replacePlan', [rewrite(raw), stamp]);
  }

  test.each<[string, (spreadsheet: EmulatedSpreadsheet) => { error?: Error }]>([
    [
      'taken out by a rewrite',
      (s) => rewritten(s, (raw) => raw.replace('- [/] 1.3 Write the labels\n- [ ] 1.4 Tidy up', '- [ ] 1.3 Tidy up')),
    ],
    [
      'renamed and moved in one rewrite (no longer the same task)',
      (s) =>
        rewritten(s, (raw) =>
          raw.replace('- [/] 1.2 Say hello\n- [/] 1.3 Write the labels', '- [/] 1.2 Labels, v2\n- [/] 1.3 Say hello'),
        ),
    ],
    [
      'renamed and moved by apply_commands, with another task completed in the batch',
      (s) =>
        execute(s, 'applyCommands', [
          [
            { action: 'rename', step: '1.3', text: 'Labels, v2' },
            { action: 'move', step: '1.3', after: 1 },
            { action: 'complete', step: '1.2' },
          ],
        ]),
    ],
  ])('an agent cannot take out an unfinished task whose written cells fail: %s', (_how, takeOut) => {
    const spreadsheet = workbook();
    labelsBroken(spreadsheet);
    const before = JSON.stringify(spreadsheet.toJSON().sheets);
    expect(takeOut(spreadsheet).error?.message).toMatch(
      /^CHECK_FAILED: (commands\[1\] \(move 1\.3\): )?Task 1\.3 cannot leave the plan unfinished \(removed, renamed and moved in one change, or left behind by a new plan\): Summary!B4 holds "#REF!".*and try again, skip it/,
    );
    expect(JSON.stringify(spreadsheet.toJSON().sheets)).toBe(before);
  });

  test.each<[string, (spreadsheet: EmulatedSpreadsheet, before: string, revision: number) => void]>([
    ['pasted back by the person', (s, before) => personEdits(s, PLAN, before)],
    [
      'restored by the person in the sidebar',
      (s, _before, revision) => callAsPerson(s, openSidebar(s), 'sidebarRestore', revision),
    ],
  ])('a task the person took out keeps its rows under its step, and is checked for them when %s', (_how, bringBack) => {
    const spreadsheet = workbook();
    labelsBroken(spreadsheet);
    const before = planText(spreadsheet);
    const { revision } = agent(spreadsheet, 'getPlan');
    personEdits(spreadsheet, PLAN, before.replace('- [/] 1.3 Write the labels\n', ''));
    expect(stepsOfTheLog(spreadsheet)).toEqual(['1.3']);
    bringBack(spreadsheet, before, revision);
    expect(planText(spreadsheet)).toContain('- [/] 1.3 Write the labels\n');
    expect(execute(spreadsheet, 'completeTask', ['1.3']).error?.message).toMatch(/^CHECK_FAILED: Task 1\.3 /);
  });

  test("a renumbered task's last check result goes: no other task shows it under the old step", () => {
    const spreadsheet = workbookWithTodo();
    labelsBroken(spreadsheet);
    execute(spreadsheet, 'completeTask', ['1.3']); // refused; its result is kept for the person
    const results = () => JSON.parse(String(spreadsheet.properties.script.get('sheetPlan.checkResults')));
    expect(Object.keys(results())).toEqual(['1.3']);
    agent(spreadsheet, 'removeTask', ['1.2']); // the labels task is 1.2 now, Tidy up 1.3
    expect(results()).toEqual({});
  });

  describe('a task checked only by its Check line (it wrote nothing) keeps no result another task would show', () => {
    /** 1.2 is checked by a Check line: Summary!B3 must be a number, and it is blank. */
    const checkedByItsLine = () =>
      workbook(
        PLAN_TEXT.replace('- [/] 1.1 Write the totals', '- [ ] 1.1 Write the totals').replace(
          '- [/] 1.2 Say hello',
          '- [/] 1.2 Say hello\n  - Check: Summary!B3 numbers, no blanks',
        ),
      );
    const results = (spreadsheet: EmulatedSpreadsheet) =>
      Object.keys(JSON.parse(String(spreadsheet.properties.script.get('sheetPlan.checkResults'))));

    test('when a task above it goes, its result does not stay under 1.2 for the task that took its place', () => {
      const spreadsheet = checkedByItsLine();
      expect(execute(spreadsheet, 'completeTask', ['1.2']).error?.message).toMatch(/^CHECK_FAILED: Task 1\.2 /);
      expect(results(spreadsheet)).toEqual(['1.2']);
      agent(spreadsheet, 'removeTask', ['1.1']); // Say hello is 1.1 now, Write the labels 1.2
      expect(results(spreadsheet)).toEqual([]);
    });

    test('when the person takes it out, the task renumbered into 1.2 does not show its result', () => {
      const spreadsheet = checkedByItsLine();
      execute(spreadsheet, 'completeTask', ['1.2']);
      expect(results(spreadsheet)).toEqual(['1.2']);
      callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarRemoveTask', '1.2');
      expect(planText(spreadsheet)).toContain('- [/] 1.2 Write the labels');
      expect(results(spreadsheet)).toEqual([]);
    });
  });
});
