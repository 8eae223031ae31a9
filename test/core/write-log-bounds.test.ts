/** The write log's bounds: writes and reads each keep their own, so reads never push a write (and its undo) out. */
import { rowsBeyondBounds } from '../../src/apps-script/write-log';

test('reads beyond their bound go, the oldest first; the write stays', () => {
  expect(rowsBeyondBounds(['write', 'read', 'read', 'read'], { write: 1, read: 2 })).toEqual([3]);
});

test('writes beyond their bound go, the oldest first; reads stay', () => {
  expect(rowsBeyondBounds(['write', 'read', 'write', 'write'], { write: 2, read: 2 })).toEqual([2]);
});

test('a row of another kind is never dropped', () => {
  expect(rowsBeyondBounds(['', 'write', 'write'], { write: 1, read: 1 })).toEqual([3]);
});
