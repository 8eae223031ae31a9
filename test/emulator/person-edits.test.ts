/**
 * A person's edits in the Sheets UI and the onEdit event Sheets builds for each: `value` and `oldValue` only when the
 * edited range is one cell (no `oldValue` for an empty cell), none for a paste or an undo; and what the typing stores.
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

test('a paste gives neither, even of one cell; the pasted text is read as typing is', () => {
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
  expect([spreadsheet.formula('Plan!B2'), spreadsheet.cell('Plan!C2')]).toEqual(['=1+1', 'pasted']);
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

describe("what a person types is read as Sheets' cell editor reads it, as a script's setValue is", () => {
  const typed = (text: string, numberFormat?: string) => {
    const spreadsheet = sheet();
    spreadsheet.timeZone = 'Europe/Berlin';
    if (numberFormat) spreadsheet.setNumberFormat('Plan!B3', numberFormat);
    const seen = edit(spreadsheet, { kind: 'type', cell: 'Plan!B3', text });
    return { spreadsheet, seen, value: spreadsheet.cell('Plan!B3'), formula: spreadsheet.formula('Plan!B3') };
  };

  test('a number is stored as a number, shown as typed; the event still gives the text typed', () => {
    const { value, seen, spreadsheet } = typed('42');
    expect(value).toBe(42);
    expect(spreadsheet.displayed('Plan!B3')).toBe('42');
    expect(seen.value).toBe('42');
    expect(typed('1,250.5').value).toBe(1250.5);
  });

  test("a date is stored as a Date at midnight in the spreadsheet's time zone, shown as the grid shows dates", () => {
    const { value, spreadsheet } = typed('2026-01-10');
    expect(value).toEqual(new Date('2026-01-09T23:00:00Z'));
    expect(spreadsheet.displayed('Plan!B3')).toBe('1/10/2026');
  });

  test('`=`, and `-` or `+` before text, make formulas; an apostrophe or plain-text format keeps text', () => {
    expect(typed('=B1*2')).toMatchObject({ formula: '=B1*2', value: '#ERROR!' });
    expect(typed('- item')).toMatchObject({ formula: '=- item' });
    expect(typed("'42")).toMatchObject({ value: '42', formula: '' });
    expect(typed('42', '@')).toMatchObject({ value: '42', formula: '' });
    expect(typed('TRUE').value).toBe(true);
    expect(typed('plain words').value).toBe('plain words');
  });

  test('typing over a formula leaves no trace of it', () => {
    const spreadsheet = sheet();
    spreadsheet.setFormulaResult('Plan!B3', '=1+1', 2);
    edit(spreadsheet, { kind: 'type', cell: 'Plan!B3', text: 'words' });
    expect([spreadsheet.cell('Plan!B3'), spreadsheet.formula('Plan!B3')]).toEqual(['words', '']);
  });

  test('text over the 50,000 characters a cell holds is refused, and nothing in the pasted area changes', () => {
    const spreadsheet = sheet();
    const tooLong = 'x'.repeat(50_001);
    expect(() => edit(spreadsheet, { kind: 'paste', at: 'Plan!B2', rows: [['short', tooLong]] })).toThrow(
      /more than the maximum of 50000 characters/,
    );
    expect([spreadsheet.cell('Plan!B2'), spreadsheet.cell('Plan!C2')]).toEqual(['', 'old text']);
    expect(() => edit(spreadsheet, { kind: 'undo' })).toThrow(/Nothing to undo/);
  });
});
