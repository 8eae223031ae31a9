/** Range references in plan text: what the sidebar turns into links that select the range in the sheet. */
import { PLACEHOLDER } from '../../src/core/format/patterns';
import { findRangeReferences } from '../../src/core/format/range-references';
import { readSheetRange } from '../../src/core/sheet/sheet-range';
import { growthPerCharacter } from './timing';

const references = (text: string) => findRangeReferences(text).map((found) => found.reference);

test('a task title names the range it reads, with the sheet', () => {
  expect(findRangeReferences('Read Warehouse!A2:F500 (SKU, bin location)')).toEqual([
    { reference: 'Warehouse!A2:F500', sheetName: 'Warehouse', a1: 'A2:F500', start: 5, end: 22 },
  ]);
});

test('quoted sheet names, whole columns, whole rows, open-ended ranges and absolute cells are references', () => {
  expect(findRangeReferences("'My Sheet'!A:A")[0]).toMatchObject({ sheetName: 'My Sheet', a1: 'A:A' });
  expect(findRangeReferences("'It''s here'!C1")[0]).toMatchObject({ sheetName: "It's here", a1: 'C1' });
  expect(references('rows Sales!2:3, then Data!A2:B and Totals!$B$3.')).toEqual([
    'Sales!2:3',
    'Data!A2:B',
    'Totals!$B$3',
  ]);
  expect(references('(Summary!B3:E15) `Staging!E2:E500` **Dashboard!A1:D10**')).toEqual([
    'Summary!B3:E15',
    'Staging!E2:E500',
    'Dashboard!A1:D10',
  ]);
  expect(references('Ventes_été!Z9')).toEqual(['Ventes_été!Z9']);
});

test('prose is not a reference: no sheet name, lower-case columns, letters run on, or a name inside a word', () => {
  expect(references('B3:E15 and A1')).toEqual([]);
  expect(references('Hello!World, wow!a1, Sheet!A2:F500x, Sheet!A2B')).toEqual([]);
  expect(references('see https://example.com/#!A1')).toEqual([]);
});

test('every reference found in text reads as the same range where the server reads it (core/sheet-range)', () => {
  const text =
    "Read Warehouse!A2:F500, 'My Sheet'!A:A, Sales!2:3, Data!A2:B, Totals!$B$3 and 'It''s here'!C1 into Summary!B3:E15";
  const found = findRangeReferences(text);
  expect(found).toHaveLength(7);
  for (const { reference, sheetName } of found) {
    const range = readSheetRange(reference);
    expect(typeof range === 'string' ? range : range.sheet).toBe(sheetName);
  }
});

test('the search stays linear on hostile text at the cell limit', () => {
  const hostile = [
    'a'.repeat(50_000),
    "'".repeat(50_000),
    "'a'' ".repeat(10_000),
    'A!'.repeat(25_000),
    '9:'.repeat(25_000),
  ];
  const superlinear = hostile
    .map((text) => ({ text: text.slice(0, 8), perCharacter: growthPerCharacter(findRangeReferences, text) }))
    .filter((result) => result.perCharacter > 4);
  expect(superlinear).toEqual([]);
});

test('a template placeholder is one bracketed phrase', () => {
  expect(PLACEHOLDER.test('[Any clarifying questions]')).toBe(true);
  expect(PLACEHOLDER.test('[ranges to read]')).toBe(true);
  for (const text of ['[ ]', '[]', '[x] 1.1 Task', 'Which [month]?', '[a] [b]'])
    expect(PLACEHOLDER.test(text)).toBe(false);
});
