/**
 * The marks a write keeps of the cells beside it, and how its undo compares them (src/core/sheet/cell-values.ts):
 * what tells a moved row from one that stayed, and what is left out.
 */
import { cellMarks, movedColumns, type CellJson } from '../../src/core/sheet/cell-values';

const writtenB = (column: number) => column === 1;
const never = () => false;

test('a cell beside the write is marked empty, formula, or by its value; the written column is left out', () => {
  const [row] = cellMarks([['A-1', 'x', '', { formula: '=B2*2' }, 12]], writtenB);
  expect(row).toHaveLength(5);
  expect([row[1], row[2], row[3]]).toEqual(['_', '-', '=']);
  expect(row[0]).toMatch(/[\u4e00-\u5dff]/);
  expect(row[4]).toMatch(/[\u4e00-\u5dff]/);
});

test('values a weak digit would confuse get marks of their own: letter case, characters 16 apart, 1 and "1"', () => {
  const marks = (values: CellJson[]) => cellMarks([values], never)[0];
  const [a, q, lower, one, text] = marks(['A-1', 'Q-1', 'a-1', 1, '1']);
  expect(new Set([a, q, lower, one, text]).size).toBe(5);
});

test('a sort of the rows reads otherwise in the columns that tell them apart', () => {
  const kept = cellMarks(
    [
      ['A-1', 'x', 'Ana'],
      ['B-7', 'x', 'Ana'],
    ],
    writtenB,
  );
  const sorted = cellMarks(
    [
      ['B-7', 'x', 'Ana'],
      ['A-1', 'x', 'Ana'],
    ],
    writtenB,
  );
  expect(movedColumns(kept, sorted, never)).toEqual([0]);
  expect(movedColumns(kept, kept, never)).toEqual([]);
});

test('rows empty beside the write, and cells another write changed, tell nothing', () => {
  const kept = cellMarks(
    [
      ['', 'x', ''],
      ['C-3', 'x', 'Bo'],
    ],
    writtenB,
  );
  const now = cellMarks(
    [
      ['Z-9', 'x', 'new'],
      ['C-3', 'x', 'Cy'],
    ],
    writtenB,
  );
  expect(movedColumns(kept, now, never)).toEqual([2]);
  expect(movedColumns(kept, now, (row, column) => row === 1 && column === 2)).toEqual([]);
});

test('columns are named in their order, and a row read shorter (columns gone) reads otherwise', () => {
  const kept = cellMarks([['A-1', 'x', 'Ana', 'Bo']], writtenB);
  expect(movedColumns(kept, cellMarks([['B-7', 'x', 'Ana', 'Cy']], writtenB), never)).toEqual([0, 3]);
  expect(movedColumns(kept, cellMarks([['A-1', 'x', 'Ana']], writtenB), never)).toEqual([3]);
});
