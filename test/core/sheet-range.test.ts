/** Ranges as plans and agents write them, read into rows and columns, and what lies inside what. */
import {
  OPEN_END,
  containsRange,
  isSameSheetName,
  formatSheetRange,
  rangesInText,
  readSheetRange,
  requireSheetRange,
} from '../../src/core/sheet/sheet-range';

describe('reading a range', () => {
  test.each([
    ['Summary!B3:E15', { sheet: 'Summary', top: 3, left: 2, bottom: 15, right: 5 }],
    ['Summary!B3', { sheet: 'Summary', top: 3, left: 2, bottom: 3, right: 2 }],
    ["'My Sheet'!A:A", { sheet: 'My Sheet', top: 1, left: 1, bottom: OPEN_END, right: 1 }],
    ["'Bob''s data'!A1:B2", { sheet: "Bob's data", top: 1, left: 1, bottom: 2, right: 2 }],
    ['Sheet!A1:B', { sheet: 'Sheet', top: 1, left: 1, bottom: OPEN_END, right: 2 }],
    ['Sales!2:3', { sheet: 'Sales', top: 2, left: 1, bottom: 3, right: OPEN_END }],
    ['Data!$A$2:$C$9', { sheet: 'Data', top: 2, left: 1, bottom: 9, right: 3 }],
    ['Data!c9:a2', { sheet: 'Data', top: 2, left: 1, bottom: 9, right: 3 }],
    ['Données!ZZZ1', { sheet: 'Données', top: 1, left: 18_278, bottom: 1, right: 18_278 }],
  ])('%s', (text, range) => {
    expect(readSheetRange(text)).toEqual(range);
  });

  test.each([
    ['Sheet!A1:', 'it ends with ":"; name the last cell (A1:B2), column (A:B) or row (1:2)'],
    ['A1:B2', "it names no sheet; write it as Sheet!A1:B2 (or 'My Sheet'!A:A, Sheet!2:3, Sheet!A2:B, Sheet!B3)"],
    ['My Sheet!A1', "a sheet name with spaces or signs goes in single quotes, as Sheets writes it: 'My Sheet'!A1"],
    ["'My Sheet!A1", "the sheet name's quotes are not closed; write it as 'My Sheet'!A1"],
    [
      'Sheet!',
      'nothing follows the "!"; write it as Sheet!A1:B2 (or \'My Sheet\'!A:A, Sheet!2:3, Sheet!A2:B, Sheet!B3)',
    ],
    ['Sheet!A', '"A" alone is not a range; write A:A or 2:2'],
    ['Sheet!A0', 'rows are numbered from 1'],
    ['Sheet!AAAA1', '"AAAA1" is not a cell, column or row'],
    ['Sheet!A1:B2:C3', 'it has 2 colons; a range has at most one'],
    ['Sheet!A:2', '"A:2" mixes a column and a row; write a cell range (A1:B2), columns (A:B) or rows (1:2)'],
    ['Sheet!A1:20000001', 'row 20000001 is past 10,000,000'],
  ])('%s is refused: %s', (text, why) => {
    expect(readSheetRange(text)).toBe(why);
  });

  test('an argument that is not a range gets INVALID_ARGUMENT with the forms that are', () => {
    expect(() => requireSheetRange(42)).toThrow(
      "INVALID_ARGUMENT: a1 must be a range like Sheet!A1:B2 (or 'My Sheet'!A:A, Sheet!2:3, Sheet!A2:B, Sheet!B3) " +
        '(got the number 42)',
    );
    expect(() => requireSheetRange('Sheet!A1:')).toThrow('INVALID_ARGUMENT: a1 "Sheet!A1:": it ends with ":"');
  });
});

test.each([
  'Summary!B3:E15',
  'Summary!B3',
  "'My Sheet'!A:A",
  "'Bob''s data'!A1:B2",
  'Sheet!A2:B',
  'Sales!2:3',
  "'A1'!B2",
  "'2024'!A1",
])('%s is written back as Sheets writes it', (text) => {
  expect(formatSheetRange(requireSheetRange(text))).toBe(text);
});

test("a name is Sheet Plan's own sheet however its letters' case is folded, Turkish dotted and dotless i too", () => {
  // Google does not say how getSheetByName folds case; Java's equalsIgnoreCase, letter by letter, takes İ and ı for I.
  for (const name of ['agent_history', 'AGENT_HİSTORY', 'agent_hıstory', 'AGENT_HISTORY'])
    expect([name, isSameSheetName(name, 'AGENT_HISTORY')]).toEqual([name, true]);
  expect(isSameSheetName('AGENT_HISTORIES', 'AGENT_HISTORY')).toBe(false);
});

describe('containment', () => {
  const inside = (outer: string, inner: string) => containsRange(requireSheetRange(outer), requireSheetRange(inner));

  test.each([
    ['Summary!B3:E15', 'Summary!C4:D5', true],
    ['Summary!B3:E15', 'Summary!B3:E15', true],
    ['Summary!B3:E15', 'Summary!B3:E16', false],
    ['Summary!B3:E15', 'Other!C4', false],
    ["'My Sheet'!A:A", "'My Sheet'!A9000", true],
    ["'My Sheet'!A:A", "'My Sheet'!A:A", true],
    ["'My Sheet'!A2:A", "'My Sheet'!A1", false],
    ['Summary!B3:E15', 'Summary!B:B', false],
    ['Sales!2:3', 'Sales!ZZZ3', true],
    // Sheets finds a sheet whatever the case of its name: one sheet, however spelled.
    ['Summary!B3:E15', 'SUMMARY!C4', true],
    ["'Ärger'!A:A", "'ÄRGER'!A1", true],
    // What a range grants stays with the sheet it names: ß and SS are joined by one case mapping only, and may be two.
    ["'Straße'!A:A", 'STRASSE!A1', false],
    ['STRASSE!A:A', "'straße'!A1", false],
  ])('%s holds %s: %s', (outer, inner, expected) => {
    expect(inside(outer, inner)).toBe(expected);
  });
});

test('the ranges a Write line names, with its description in parentheses left out', () => {
  expect(
    rangesInText("Summary!B3:E15 and 'Bin Notes'!A:A (totals; see Warehouse!A1 for the source)").map(
      (found) => found.text,
    ),
  ).toEqual(['Summary!B3:E15', "'Bin Notes'!A:A"]);
  expect(rangesInText('Summary!B3: (to do)')).toEqual([
    { text: 'Summary!B3:', range: 'it ends with ":"; name the last cell (A1:B2), column (A:B) or row (1:2)' },
  ]);
});

describe('a sheet name of more than one word must be quoted', () => {
  const read = (text: string) => rangesInText(text).map(({ text: said, range }) => [said, typeof range === 'string']);

  test('unquoted, its last word is not taken for a sheet of its own: the whole is said unreadable', () => {
    // A tab "Sales Summary" beside a tab "Summary": reading `Summary!B3:C5` out of it would grant the other sheet.
    expect(read('Sales Summary!B3:C5 (bin, total)')).toEqual([['Sales Summary!B3:C5', true]]);
    expect(read('2024 Summary!A:A')).toEqual([['2024 Summary!A:A', true]]);
    expect(read('Summary!B3, Q1-Q2 Notes!A1')).toEqual([
      ['Summary!B3', false],
      ['Q1-Q2 Notes!A1', true],
    ]);
    expect(rangesInText('Sales Summary!B3:C5')[0].range).toBe('quote a sheet name with spaces');
  });

  test('marks and signs before a reference are no words: backticks, bold, brackets, quotes, arrows, dashes', () => {
    for (const text of [
      '`Summary!B3:E15`',
      '**Summary!B3:E15**',
      '[Summary!B3:E15]',
      '"Summary!B3:E15"',
      '→ Summary!B3:E15',
    ])
      expect(read(text)).toEqual([['Summary!B3:E15', false]]);
    expect(read('`Summary!B3`, `Notes!A1` — `Totals!C1`')).toEqual([
      ['Summary!B3', false],
      ['Notes!A1', false],
      ['Totals!C1', false],
    ]);
  });

  test('a quoted name may hold parentheses: they are its own, not a description', () => {
    expect(read("'Sales (EU)'!A1:B2 (totals)")).toEqual([["'Sales (EU)'!A1:B2", false]]);
    expect(rangesInText("'Q1 (draft)'!A:A")[0].range).toMatchObject({ sheet: 'Q1 (draft)' });
  });

  test('quoted, or after a comma, a semicolon or "and", a reference stands alone', () => {
    expect(read("'Sales Summary'!B3:C5")).toEqual([["'Sales Summary'!B3:C5", false]]);
    expect(read('Summary!B3; Notes!A1 and Totals!C1, Extra!D1 or Other!E1')).toEqual([
      ['Summary!B3', false],
      ['Notes!A1', false],
      ['Totals!C1', false],
      ['Extra!D1', false],
      ['Other!E1', false],
    ]);
  });
});
