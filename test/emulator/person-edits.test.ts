/**
 * A person's edits in the Sheets UI and the onEdit event Sheets builds for each: `value` and `oldValue` only when the
 * edited range is one cell (no `oldValue` for an empty cell), none for a paste or an undo.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmulatedSpreadsheet, editAsPerson, type PersonEdit } from '../../src/node/emulator';

/** onEdit keeps what it was given in a cell of its own sheet, so the test can read it. */
const FIXTURE = `
function onEdit(e) {
  var seen = { range: e.range.getA1Notation(), sheet: e.range.getSheet().getName(), authMode: String(e.authMode) };
  if ('value' in e) seen.value = e.value;
  if ('oldValue' in e) seen.oldValue = e.oldValue;
  SpreadsheetApp.getActive().getRange('Log!A1').setValue("'" + JSON.stringify(seen));
}
`;

let distDir: string;
beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'emulator-edits-'));
  writeFileSync(path.join(distDir, 'Code.js'), FIXTURE);
});
afterEach(() => rmSync(distDir, { recursive: true, force: true }));

function sheet(): EmulatedSpreadsheet {
  const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Plan', 'Log'] });
  spreadsheet.setCellText('Plan!C2', 'old text');
  return spreadsheet;
}

/** Makes the edit and returns the event onEdit saw. */
function edit(spreadsheet: EmulatedSpreadsheet, change: PersonEdit): Record<string, string> {
  const outcome = editAsPerson(spreadsheet, distDir, change);
  if ('error' in outcome) throw new Error(outcome.error.message);
  return JSON.parse(String(spreadsheet.cell('Log!A1')));
}

test('typing into one cell gives value and oldValue', () => {
  const spreadsheet = sheet();
  expect(edit(spreadsheet, { kind: 'type', cell: 'Plan!C2', text: 'new text' })).toEqual({
    range: 'C2',
    sheet: 'Plan',
    authMode: 'LIMITED',
    value: 'new text',
    oldValue: 'old text',
  });
  expect(spreadsheet.cell('Plan!C2')).toBe('new text');
});

test('typing into an empty cell gives no oldValue', () => {
  expect(edit(sheet(), { kind: 'type', cell: 'Plan!B5', text: 'first' })).toEqual({
    range: 'B5',
    sheet: 'Plan',
    authMode: 'LIMITED',
    value: 'first',
  });
});

test('a paste gives neither, even of one cell; the pasted text is stored as text', () => {
  const spreadsheet = sheet();
  const seen = edit(spreadsheet, {
    kind: 'paste',
    at: 'Plan!B1',
    rows: [
      ['a', 'b'],
      ['=1+1', 'pasted'],
    ],
  });
  expect(seen).toEqual({ range: 'B1:C2', sheet: 'Plan', authMode: 'LIMITED' });
  expect([spreadsheet.cell('Plan!B2'), spreadsheet.formula('Plan!B2'), spreadsheet.cell('Plan!C2')]).toEqual([
    '=1+1',
    '',
    'pasted',
  ]);
  expect(edit(spreadsheet, { kind: 'paste', at: 'Plan!C2', rows: [['one cell']] })).toEqual({
    range: 'C2',
    sheet: 'Plan',
    authMode: 'LIMITED',
  });
});

test('Delete on one cell gives its oldValue only; on several cells, neither', () => {
  const spreadsheet = sheet();
  expect(edit(spreadsheet, { kind: 'delete', range: 'Plan!C2' })).toEqual({
    range: 'C2',
    sheet: 'Plan',
    authMode: 'LIMITED',
    oldValue: 'old text',
  });
  expect(spreadsheet.cell('Plan!C2')).toBe('');
  spreadsheet.setCellText('Plan!C2', 'again');
  expect(edit(spreadsheet, { kind: 'delete', range: 'Plan!C1:D2' })).toEqual({
    range: 'C1:D2',
    sheet: 'Plan',
    authMode: 'LIMITED',
  });
});

test('undo puts back what the last edit replaced, and gives neither value nor oldValue', () => {
  const spreadsheet = sheet();
  spreadsheet.setNumberFormat('Plan!C2', '@');
  edit(spreadsheet, { kind: 'type', cell: 'Plan!C2', text: 'typed' });
  edit(spreadsheet, { kind: 'paste', at: 'Plan!C2', rows: [['pasted', 'beside']] });
  expect(edit(spreadsheet, { kind: 'undo' })).toEqual({ range: 'C2:D2', sheet: 'Plan', authMode: 'LIMITED' });
  expect([spreadsheet.cell('Plan!C2'), spreadsheet.cell('Plan!D2')]).toEqual(['typed', '']);
  edit(spreadsheet, { kind: 'undo' });
  expect(spreadsheet.cell('Plan!C2')).toBe('old text');
  expect(spreadsheet.numberFormat('Plan!C2')).toBe('@');
  expect(() => edit(spreadsheet, { kind: 'undo' })).toThrow(/Nothing to undo/);
});
