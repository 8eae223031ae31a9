/**
 * The check vocabulary of a task's `- Check:` line: read in plain words (a bad word is refused naming the vocabulary),
 * and evaluated over cells already read, answering the first failing cells with what they hold.
 */
import {
  CHECK_VOCABULARY,
  FORMULA_ERRORS,
  describeFailures,
  evaluateChecks,
  formulaErrorIn,
  readCheck,
  taskChecksOf,
  type CellGrid,
  type DeclaredCheck,
} from '../../src/core/rules/checks';
import { readSheetRange, type SheetRange } from '../../src/core/sheet/sheet-range';
import { outlinePlan } from '../../src/core/format/parse';

function range(text: string): SheetRange {
  const read = readSheetRange(text);
  if (typeof read === 'string') throw new Error(read);
  return read;
}

function check(text: string): DeclaredCheck {
  const read = readCheck(text);
  if (typeof read === 'string') throw new Error(read);
  return read;
}

/** A grid at `at` whose display values are the values as Sheets would show them. */
function grid(at: string, values: unknown[][]): CellGrid {
  return {
    range: range(at),
    values,
    displayValues: values.map((row) => row.map((value) => (value instanceof Date ? '1/9/2026' : String(value)))),
  };
}

describe('reading a check line', () => {
  test('a range, then words of the vocabulary separated by commas', () => {
    expect(check('Summary!B3:E15 numbers, no blanks')).toEqual({
      range: range('Summary!B3:E15'),
      checks: [{ kind: 'numbers' }, { kind: 'no blanks' }],
      text: 'Summary!B3:E15 numbers, no blanks',
    });
    expect(check("'Q1 Summary'!A:A Unique, between -5 and 12.5").checks).toEqual([
      { kind: 'unique' },
      { kind: 'between', min: -5, max: 12.5 },
    ]);
  });

  test.each([
    [
      'Summary!B3:E15 numbers, positive',
      /"positive" is not a check; a check is one of: numbers, dates, text, no blanks, unique, between A and B/,
    ],
    ['Summary!B3:E15', /says nothing to check/],
    ['Summary!B3:E15 numbers,, text', /empty check between commas/],
    ['Summary!B3:E15 between 10 and 1', /the smaller number goes first \(between 1 and 10\)/],
    ['Summary!B3:E15 between ten and 20', /two numbers, as in "between 0 and 100"/],
    ['B3:E15 numbers', /names no sheet/],
    ['', /names a range first/],
  ])('%p is refused: %p', (text, message) => {
    expect(readCheck(text)).toMatch(message);
  });

  test('the vocabulary and the formula errors are listed once, as the issue names them', () => {
    expect(CHECK_VOCABULARY).toEqual(['numbers', 'dates', 'text', 'no blanks', 'unique', 'between A and B']);
    expect(FORMULA_ERRORS).toEqual(['#REF!', '#N/A', '#VALUE!', '#DIV/0!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!']);
  });

  test("a task's nested Check lines are read by step; other nested lines and other tasks' lines are not", () => {
    const plan = [
      '# Plan: Report',
      '',
      '### Phase 1: Build',
      '- [ ] 1.1 Write the figures',
      '  - Check: Summary!B3:E15 numbers, no blanks',
      '  - Note: ask Ann',
      '  - Check: Summary!A3:A15 dates',
      '- [ ] 1.2 Write the names',
      '  - check: Names!A2:A40 text, colourful',
      '- [ ] 1.3 Email the link',
      '',
      '## Notes',
      '- Check: Summary!B3 numbers',
    ].join('\n');
    const checks = taskChecksOf(plan);
    expect([...checks.keys()]).toEqual(['1.1', '1.2']);
    expect(checks.get('1.1')?.map((line) => [line.line, line.check?.checks.map((c) => c.kind)])).toEqual([
      [4, ['numbers', 'no blanks']],
      [6, ['dates']],
    ]);
    expect(checks.get('1.2')).toEqual([
      { line: 8, text: 'Names!A2:A40 text, colourful', error: expect.stringMatching(/"colourful" is not a check/) },
    ]);
  });

  test("a Check line after a task's sub-steps, indented like them, is the task's own, as an After line is", () => {
    const plan = [
      '# Plan: Report',
      '',
      '### Phase 1: Build',
      '- [ ] 1.1 Write the figures',
      '  - [ ] 1.1.1 Totals',
      '    - Check: Summary!B3 numbers',
      '  - [ ] 1.1.2 Names',
      '  - Check: Summary!B3:E15 no blanks',
      '  - After: 1.2',
      '- [ ] 1.2 Import',
    ].join('\n');
    const checks = taskChecksOf(plan);
    expect([...checks.entries()].map(([step, lines]) => [step, lines.map((line) => line.line)])).toEqual([
      ['1.1.1', [5]],
      ['1.1', [7]],
    ]);
    const outline = outlinePlan(plan);
    expect(outline.tasks.find((task) => task.step === '1.1')?.waitsFor).toEqual(['1.2']);
  });
});

describe('evaluating checks', () => {
  test('a formula error fails whatever the checks, named with the error it shows', () => {
    const cells = grid('Summary!B3:C4', [
      [10, '#REF!'],
      [12, 14],
    ]);
    expect(evaluateChecks(cells, [])).toEqual([{ cell: 'Summary!C3', holds: '#REF!', check: 'formula error' }]);
  });

  test('an error seen only in the display values is caught too', () => {
    const cells: CellGrid = { range: range('Summary!B3'), values: [['']], displayValues: [['#N/A']] };
    expect(evaluateChecks(cells, [])).toEqual([{ cell: 'Summary!B3', holds: '#N/A', check: 'formula error' }]);
    expect(formulaErrorIn('#div/0!')).toBe('#DIV/0!');
    expect(formulaErrorIn('#REFUND')).toBeNull();
  });

  test('each check in the order declared; blanks pass all but no blanks', () => {
    const at = 'Summary!B3:D3';
    expect(evaluateChecks(grid(at, [[1, 'two', '']]), check(`${at} numbers`).checks)).toEqual([
      { cell: 'Summary!C3', holds: 'two', check: 'numbers' },
    ]);
    expect(evaluateChecks(grid(at, [[1, 2, '']]), check(`${at} numbers, no blanks`).checks)).toEqual([
      { cell: 'Summary!D3', holds: '', check: 'no blanks' },
    ]);
    expect(evaluateChecks(grid(at, [[new Date(2026, 0, 9), 'x', 3]]), check(`${at} dates`).checks)).toEqual([
      { cell: 'Summary!C3', holds: 'x', check: 'dates' },
      { cell: 'Summary!D3', holds: '3', check: 'dates' },
    ]);
    expect(evaluateChecks(grid(at, [['a', 5, true]]), check(`${at} text`).checks).map((f) => f.cell)).toEqual([
      'Summary!C3',
      'Summary!D3',
    ]);
    expect(evaluateChecks(grid(at, [[0, 100, 101]]), check(`${at} between 0 and 100`).checks)).toEqual([
      { cell: 'Summary!D3', holds: '101', check: 'between 0 and 100' },
    ]);
  });

  test('unique names the cell the value repeats', () => {
    const cells = grid("'Q1 Sales'!A2:A5", [['Ann'], ['Bo'], ['Ann'], ['']]);
    expect(evaluateChecks(cells, [{ kind: 'unique' }])).toEqual([
      { cell: "'Q1 Sales'!A4", holds: 'Ann', check: "unique (same as 'Q1 Sales'!A2)" },
    ]);
  });

  test('at most five cells are named, row by row, and the sentence says what each holds', () => {
    const cells = grid('Summary!A1:C3', [
      ['#N/A', 'x', 'y'],
      ['#NAME?', 1, 'z'],
      ['#NULL!', 2, 3],
    ]);
    const failures = evaluateChecks(cells, [{ kind: 'numbers' }]);
    expect(failures.map((f) => f.cell)).toEqual(['Summary!A1', 'Summary!B1', 'Summary!C1', 'Summary!A2', 'Summary!C2']);
    expect(describeFailures(failures.slice(0, 2))).toBe(
      'Summary!A1 holds "#N/A" (formula error); Summary!B1 holds "x" (numbers)',
    );
  });
});
