/** How Range.setValue / setValues and Sheet.appendRow store what they receive. */
import { fresh, thrownMessage } from './helpers';

describe('a string is read as if a person typed it', () => {
  test('a string starting with = becomes a formula, and reads as #ERROR! (formulas are not evaluated)', () => {
    const { active, spreadsheet } = fresh();
    const cell = active.getRange('A1').setValue('=SUM(B1:B3)');
    expect(spreadsheet.formula('Sheet1!A1')).toBe('=SUM(B1:B3)');
    expect(cell.getFormula()).toBe('=SUM(B1:B3)');
    expect(cell.getValue()).toBe('#ERROR!');
    expect(spreadsheet.cell('Sheet1!A1')).toBe('#ERROR!');
  });

  test.each(['- a list item', '+1 more step', '-x'])(
    'a string starting with + or - that is not a number becomes a formula: %p',
    (text) => {
      const { active, spreadsheet } = fresh();
      active.getRange('A1').setValue(text);
      expect(spreadsheet.formula('A1')).toBe(`=${text}`);
    },
  );

  test.each(['-', '+'])('a lone %p stays text', (text) => {
    const { active, spreadsheet } = fresh();
    active.getRange('A1').setValue(text);
    expect(spreadsheet.cell('A1')).toBe(text);
    expect(spreadsheet.formula('A1')).toBe('');
  });

  test('a leading apostrophe stores the rest as text, never converted', () => {
    const { active, spreadsheet } = fresh();
    active.getRange('A1:E1').setValues([["'=SUM(A1)", "'- item", "'42", "'2026-01-10", "'TRUE"]]);
    expect(active.getRange('A1:E1').getValues()).toEqual([['=SUM(A1)', '- item', '42', '2026-01-10', 'TRUE']]);
    expect(spreadsheet.formula('A1')).toBe('');
  });

  test.each([
    ['42', 42],
    ['-1.5', -1.5],
    ['+7', 7],
    ['1e3', 1000],
    ['3%', 0.03],
    ['$5', 5],
    ['1,234.5', 1234.5],
    [' 12 ', 12],
    ['.5', 0.5],
  ])('a number-like string becomes a number: %p', (text, number) => {
    const { active } = fresh();
    expect(active.getRange('A1').setValue(text).getValue()).toBe(number);
  });

  test.each([
    ['TRUE', true],
    ['false', false],
    ['True', true],
  ])('%p becomes a boolean', (text, value) => {
    const { active } = fresh();
    expect(active.getRange('A1').setValue(text).getValue()).toBe(value);
  });

  test.each([
    ['2026-01-10', '2026-01-10T05:00:00.000Z'],
    ['1/10/2026', '2026-01-10T05:00:00.000Z'],
    ['2026-07-04 13:30', '2026-07-04T17:30:00.000Z'],
  ])("a date-like string %p becomes a Date at that time in the spreadsheet's time zone", (text, instant) => {
    const { active } = fresh({ timeZone: 'America/New_York' });
    const value = active.getRange('A1').setValue(text).getValue() as Date;
    expect(value).toBeInstanceOf(Date);
    expect(value.toISOString()).toBe(instant);
  });

  test('a date without a year takes the year of the execution clock', () => {
    const { active } = fresh({ timeZone: 'UTC' }, { now: () => new Date('2030-05-01T00:00:00Z') });
    expect((active.getRange('A1').setValue('1/10').getValue() as Date).toISOString()).toBe('2030-01-10T00:00:00.000Z');
  });

  test.each(['2026-02-30', '13/45/2026', 'Step 1.1', '1.2.3', 'Infinity', '12 apples'])('%p stays text', (text) => {
    const { active } = fresh();
    expect(active.getRange('A1').setValue(text).getValue()).toBe(text);
  });
});

describe('the plain text format @', () => {
  test('text format keeps number-, boolean- and date-like strings as text', () => {
    const { active } = fresh();
    const range = active.getRange('A1:D1').setNumberFormat('@');
    range.setValues([['42', 'TRUE', '2026-01-10', '-1.5']]);
    expect(range.getValues()).toEqual([['42', 'TRUE', '2026-01-10', '-1.5']]);
  });

  test('text format keeps a leading apostrophe as part of the text (undocumented; the strict assumption)', () => {
    const { active } = fresh();
    const range = active.getRange('A1').setNumberFormat('@');
    range.setValue("'# Plan: Kept as typed");
    expect(range.getValue()).toBe("'# Plan: Kept as typed");
  });

  test('text format does not stop formulas (undocumented; the strict assumption)', () => {
    const { active, spreadsheet } = fresh();
    active
      .getRange('A1:B1')
      .setNumberFormat('@')
      .setValues([['=1+1', '- item']]);
    expect(spreadsheet.formula('A1')).toBe('=1+1');
    expect(spreadsheet.formula('B1')).toBe('=- item');
  });
});

describe('values that are not strings', () => {
  test('numbers, booleans and Dates are stored as they are; null and undefined empty the cell', () => {
    const { active } = fresh();
    const when = new Date('2026-03-01T12:00:00Z');
    const range = active.getRange('A1:E1');
    range.setValues([[3.5, false, when, null, undefined]]);
    const [[number, boolean, date, nothing, missing]] = range.getValues();
    expect([number, boolean, nothing, missing]).toEqual([3.5, false, '', '']);
    expect((date as Date).getTime()).toBe(when.getTime());
  });

  test('a stored Date is a copy: changing the one written or the one read changes nothing', () => {
    const { active } = fresh();
    const when = new Date('2026-03-01T12:00:00Z');
    const cell = active.getRange('A1').setValue(when);
    when.setFullYear(1999);
    (cell.getValue() as Date).setFullYear(1998);
    expect((cell.getValue() as Date).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  test('an object is refused with the method-signature message', () => {
    const { active } = fresh();
    expect(thrownMessage(() => active.getRange('A1').setValue({ a: 1 }))).toBe(
      "The parameters (Object) don't match the method signature for SpreadsheetApp.Range.setValue.",
    );
  });
});

describe('the 50,000-character cell limit', () => {
  const LIMIT_MESSAGE = 'Your input contains more than the maximum of 50000 characters in a single cell.';

  test('exactly 50,000 characters fit', () => {
    const { active } = fresh();
    expect(active.getRange('A1').setValue('x'.repeat(50_000)).getValue()).toHaveLength(50_000);
  });

  test('a value over 50,000 characters is refused and nothing is written', () => {
    const { active, spreadsheet } = fresh();
    active.getRange('A1').setValue('old');
    expect(thrownMessage(() => active.getRange('A1').setValue('x'.repeat(50_001)))).toBe(LIMIT_MESSAGE);
    expect(spreadsheet.cell('A1')).toBe('old');
  });

  test('the apostrophe counts: 50,000 characters of text after one is too long', () => {
    const { active } = fresh();
    expect(thrownMessage(() => active.getRange('A1').setValue(`'${'x'.repeat(50_000)}`))).toBe(LIMIT_MESSAGE);
  });

  test('setValues writes nothing at all when one cell is too long', () => {
    const { active, spreadsheet } = fresh();
    active.getRange('A1:B1').setValues([['old A', 'old B']]);
    expect(thrownMessage(() => active.getRange('A1:B1').setValues([['new A', 'y'.repeat(50_001)]]))).toBe(
      LIMIT_MESSAGE,
    );
    expect([spreadsheet.cell('A1'), spreadsheet.cell('B1')]).toEqual(['old A', 'old B']);
  });

  test('appendRow is held to the same limit and writes nothing', () => {
    const { active } = fresh();
    const sheet = active.getSheets()[0];
    expect(thrownMessage(() => sheet.appendRow(['fine', 'z'.repeat(50_001)]))).toBe(LIMIT_MESSAGE);
    expect(sheet.getLastRow()).toBe(0);
  });
});

describe('setValues dimensions', () => {
  test("the wrong number of rows is refused with Google's message", () => {
    const { active } = fresh();
    expect(thrownMessage(() => active.getRange('A1:B2').setValues([['a', 'b']]))).toBe(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the ' +
        'range has 2.',
    );
  });

  test("the wrong number of columns is refused with Google's message", () => {
    const { active } = fresh();
    expect(
      thrownMessage(() =>
        active.getRange('A1:B2').setValues([
          ['a', 'b'],
          ['c', 'd', 'e'],
        ]),
      ),
    ).toBe(
      'The number of columns in the data does not match the number of columns in the range. The data has 3 but ' +
        'the range has 2.',
    );
  });

  test('a 1-D array is not a 2-D one', () => {
    const { active } = fresh();
    expect(thrownMessage(() => active.getRange('A1:B1').setValues(['a', 'b']))).toBe(
      "The parameters (String[]) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
  });

  test('setValue fills every cell of a larger range', () => {
    const { active } = fresh();
    expect(active.getRange('A1:B2').setValue('same').getValues()).toEqual([
      ['same', 'same'],
      ['same', 'same'],
    ]);
  });
});
