/**
 * The label over the revision record (`AGENT_BASE!D1`) names the record Sheet Plan last wrote into the plan cells, by
 * its revision and fingerprint (`Sheet Plan revision 7 (1w9-4c1f0a2e) settings …`; the settings' part is in
 * label-names-the-settings.test.ts). It is read in the same getValues as the plan and its record, and a paste of C2:D2
 * does not reach it: a record the label does not name was pasted back, so the change also reads Sheet Plan's copy of
 * the last plan and keeps the version the paste replaced (review23-races.test.ts pins the races), and does not believe
 * the record's list of the steps that wrote (steps-that-wrote.test.ts).
 */
import { readPlanRecord } from '../../src/core/write-path/revision';
import { digestText } from '../../src/core/text';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import { applyPersonEdit } from '../../src/node/emulator/person-edits';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { runOnEdit } from '../../src/node/emulator/load-bundle';
import {
  DIST,
  PLAN,
  REVISION,
  call,
  execute,
  personEdits,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
} from './harness';

const LABEL = cellReference(PLAN_LOCATION.metadataLabelCell);
const PLAN_TEXT = plan(
  '# Plan: Label',
  'Goal: Name the revision',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '',
);

/** The revision the record in D2 holds. */
function recordedRevision(spreadsheet: EmulatedSpreadsheet): number | undefined {
  return readPlanRecord(String(spreadsheet.cell(REVISION)))?.revision;
}

/** The label that names the record D2 holds now, and the settings saved (label-names-the-settings.test.ts). */
function labelOfRecord(spreadsheet: EmulatedSpreadsheet): string {
  const record = digestText(String(spreadsheet.cell(REVISION)));
  const settings = digestText(spreadsheet.properties.script.get(SETTINGS_PROPERTY) ?? '');
  return `${PLAN_LOCATION.metadataLabel} ${recordedRevision(spreadsheet)} (${record}) settings ${settings}`;
}

test('set-up writes the label with the first revision', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  expect(recordedRevision(spreadsheet)).toBeGreaterThan(0);
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
});

test("an agent's change writes the label with its revision, in the same write as the plan", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const before = recordedRevision(spreadsheet)!;
  const { error, execution } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(recordedRevision(spreadsheet)).toBe(before + 1);
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
  const blockWrites = execution.calls.filter(
    (entry) => entry.service === 'Range' && entry.method === 'setValues' && entry.args[0] === '[2x2]',
  );
  expect(blockWrites).toHaveLength(1);
});

test("a person's edit of the plan, recorded by onEdit, writes the label with the edit's revision", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const before = recordedRevision(spreadsheet)!;
  personEdits(spreadsheet, PLAN, PLAN_TEXT.replace('Second', 'Two'));
  expect(recordedRevision(spreadsheet)).toBe(before + 1);
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
});

test('a sheet written before the label named the revision: a change goes as before, and names it', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.setCellText(LABEL, PLAN_LOCATION.metadataLabel);
  const { error } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(planText(spreadsheet)).toContain('- [/] 1.1 First');
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
});

test('a write of a range lists its step in the record, and the label names that record, in the same call', () => {
  const writing = plan(
    '# Plan: Label',
    '## Analysis',
    '- Target ranges:',
    '  - Write: Sheet1!A1:B2',
    '',
    '### Phase 1: Work',
  );
  const spreadsheet = sheetWithSavedPlan(`${writing}\n- [/] 1.1 Write the cells\n`);
  const { error, execution } = execute(spreadsheet, 'writeRange', ['Sheet1!A1', [[5]], '1.1']);
  expect(error).toBeUndefined();
  expect(String(spreadsheet.cell(REVISION))).toContain('"1.1"');
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
  expect(execution.calls.filter((entry) => entry.args[0] === '[2x1]')).toHaveLength(1);
});

test.each([
  ['text of its own', 'Do not touch'],
  ['words after the revision', `${PLAN_LOCATION.metadataLabel} 3 (mine)`],
])("a label with %s, a person's, is kept as they wrote it", (_what, label) => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.setCellText(LABEL, label);
  const { error } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(spreadsheet.cell(LABEL)).toBe(label);
  expect(planText(spreadsheet)).toContain('- [/] 1.1 First');
});

test('a plan sheet a person made (marker typed in, no label): the first change writes the label', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  const { error } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
});

describe('a backup of C2:D2 pasted back: a record the label does not name', () => {
  const TYPED = plan('# Plan: Label', 'Goal: What the person typed last', '### Phase 1: Work', '- [ ] 1.1 First', '');

  function pastedBack(): EmulatedSpreadsheet {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]];
    personEdits(spreadsheet, PLAN, TYPED);
    applyPersonEdit(spreadsheet, { kind: 'paste', at: PLAN, rows: backup });
    return spreadsheet;
  }

  test("the agent's change keeps what the paste replaced, and numbers its revision after the label's", () => {
    const spreadsheet = pastedBack();
    const labelledRevision = Number(/revision (\d+) /.exec(String(spreadsheet.cell(LABEL)))?.[1]);
    expect(recordedRevision(spreadsheet)).toBeLessThan(labelledRevision);
    const { error } = execute(spreadsheet, 'startTask', ['1.2']);
    expect(error).toBeUndefined();
    const kept = call(spreadsheet, 'getHistory', 100).find((entry: { text: string }) => entry.text === TYPED);
    expect(kept?.reason).toMatch(/cells pasted back before it ran/);
    expect(recordedRevision(spreadsheet)).toBeGreaterThan(labelledRevision);
  });

  test('only then does a change read the copy of the last plan: one range read more', () => {
    const reads = (spreadsheet: EmulatedSpreadsheet) =>
      execute(spreadsheet, 'startTask', ['1.2']).execution.countCalls('Range.getValues');
    expect(reads(pastedBack())).toBe(reads(sheetWithSavedPlan(PLAN_TEXT)) + 1);
  });

  // onEdit takes the lock twice: forgetStepsThatWrote, then its record of the edit. A change may land between them.
  test("an agent's change between onEdit's two parts: the first leaves the label as it was", () => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const backup = [[planText(spreadsheet), String(spreadsheet.cell(REVISION))]];
    personEdits(spreadsheet, PLAN, TYPED);
    const paste = applyPersonEdit(spreadsheet, { kind: 'paste', at: PLAN, rows: backup });
    runOnEdit(spreadsheet, DIST, REVISION, {}); // its first part alone: the record's list of steps forgotten
    call(spreadsheet, 'startTask', '1.2');
    runOnEdit(spreadsheet, DIST, paste.range, paste.values);
    expect(call(spreadsheet, 'getHistory', 100).map((entry: { text: string }) => entry.text)).toContain(TYPED);
  });
});

test('D2 alone pasted back from an older backup: its onEdit does not take the revision back', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const oldRecord = String(spreadsheet.cell(REVISION));
  call(spreadsheet, 'startTask', '1.1');
  call(spreadsheet, 'startTask', '1.2');
  const before = call(spreadsheet, 'getPlan').revision;
  const edit = applyPersonEdit(spreadsheet, { kind: 'paste', at: REVISION, rows: [[oldRecord]] });
  runOnEdit(spreadsheet, DIST, edit.range, edit.values);
  expect(call(spreadsheet, 'getPlan').revision).toBeGreaterThanOrEqual(before);
});

test('in a plain-text column D, a change put back leaves a label the next write still names its record with', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.setNumberFormat(LABEL, '@');
  const { error } = execute(spreadsheet, 'startTask', ['1.1'], {
    prepare: (run) => run.faults.failNext('SpreadsheetApp.flush', 'Service error: Spreadsheets'),
  });
  expect(error).toBeDefined();
  expect(execute(spreadsheet, 'startTask', ['1.1']).error).toBeUndefined();
  expect(spreadsheet.cell(LABEL)).toBe(labelOfRecord(spreadsheet));
});
