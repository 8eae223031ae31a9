/**
 * The write log's bounds: writes and reads each keep their own, so reads never push a write (and its undo) out, and a
 * write the person can still undo is never dropped.
 */
import { rowsBeyondBounds, type LoggedRow } from '../../src/apps-script/write-log-bounds';

/**
 * `w` an undoable write, `s` a settled write (undone), `r` a read, `x` a refused write, `-` a row of another kind,
 * `_` a row emptied when its change was put back.
 */
const rows = (shape: string): LoggedRow[] =>
  [...shape].map((mark) => ({
    kind: mark === 'r' ? 'read' : mark === 'x' ? 'refused' : mark === '-' || mark === '_' ? '' : 'write',
    undoable: mark === 'w',
    blank: mark === '_',
  }));

test('reads beyond their bound go, the oldest first; the write stays', () => {
  expect(rowsBeyondBounds(rows('srrr'), { write: 1, read: 2 })).toEqual([3]);
});

test('settled writes beyond their bound go, the oldest first; reads stay', () => {
  expect(rowsBeyondBounds(rows('srss'), { write: 2, read: 2 })).toEqual([2]);
});

test('a write the person can still undo is never dropped: the oldest settled ones go instead', () => {
  expect(rowsBeyondBounds(rows('wswsw'), { write: 2, read: 2 })).toEqual([3, 5]);
  expect(rowsBeyondBounds(rows('www'), { write: 1, read: 1 })).toEqual([]);
});

test('refused writes beyond their bound go, the oldest first; writes and reads stay', () => {
  expect(rowsBeyondBounds(rows('xrxwx'), { write: 1, read: 1, refused: 2 })).toEqual([2]);
  expect(rowsBeyondBounds(rows('xxxxx'))).toEqual([]);
});

test('a row of another kind is never dropped', () => {
  expect(rowsBeyondBounds(rows('-ss'), { write: 1, read: 1 })).toEqual([3]);
});

test('a row emptied when its change was put back goes, whatever the bounds', () => {
  expect(rowsBeyondBounds(rows('w_r_'), { write: 5, read: 5 })).toEqual([3, 5]);
  expect(rowsBeyondBounds(rows('-_s'), { write: 1, read: 1 })).toEqual([3]);
});

describe("a sheet's newest read goes last", () => {
  /** Reads, one per letter: the letter names the sheet read (lower case, as the log's rows give it). */
  const reads = (sheets: string): LoggedRow[] => [...sheets].map((sheet) => ({ kind: 'read', undoable: false, sheet }));

  test('reads of other sheets push out the reads of a sheet read again first, however many they are', () => {
    expect(rowsBeyondBounds(reads('abbbb'), { read: 2 })).toEqual([3, 4, 5]);
    expect(rowsBeyondBounds(reads('abbab'), { read: 2 })).toEqual([2, 3, 4]);
  });

  test("a newer read of the same sheet lets the older one go: the sheet's newest stays", () => {
    expect(rowsBeyondBounds(reads('aab'), { read: 2 })).toEqual([2]);
    expect(rowsBeyondBounds(reads('aaaa'), { read: 1 })).toEqual([2, 3, 4]);
  });

  test('reads stay bounded: with more sheets than the bound, the oldest newest-of-their-sheet reads go', () => {
    expect(rowsBeyondBounds(reads('abcd'), { read: 2 })).toEqual([2, 3]);
    expect(rowsBeyondBounds(reads('aabcd'), { read: 2 })).toEqual([2, 3, 4]);
  });

  test('writes and refusals keep their own bounds beside it; an emptied row goes as before', () => {
    const log: LoggedRow[] = [
      { kind: 'write', undoable: false },
      ...reads('ab'),
      { kind: '', undoable: false, blank: true },
      ...reads('b'),
      { kind: 'write', undoable: false },
    ];
    expect(rowsBeyondBounds(log, { write: 1, read: 2 })).toEqual([2, 4, 5]);
  });
});
