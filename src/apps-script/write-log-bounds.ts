/**
 * The write log's bounds (./write-log.ts): how many writes, reads and refusals it keeps, and which of its rows go
 * beyond them.
 */
import type { WriteLogEntry } from '../core/sheet/sheet-results';
import { SHEET_LIMITS } from '../core/sheet/sheet-rules';

/**
 * Writes kept. Beyond it the oldest settled writes go; undoable ones never do, and at most this many are kept (the
 * next write is refused). Reads never count toward it.
 */
export const WRITE_LOG_LIMIT = SHEET_LIMITS.undoableWrites;
/** Reads outside the plan's ranges kept; the oldest are dropped, a sheet's newest read last (rowsBeyondBounds). */
export const READ_LOG_LIMIT = 100;
/**
 * Refused writes kept, the oldest dropped: enough for the person to see what an agent tried, few enough that an agent
 * retrying a refused write again and again cannot fill the log.
 */
export const REFUSED_LOG_LIMIT = 20;
/** The most rows the log holds: what the sidebar lists. */
export const LOG_ROWS_LIMIT = WRITE_LOG_LIMIT + READ_LOG_LIMIT + REFUSED_LOG_LIMIT;

/** A row of the log as its bounds see it: its kind, and whether it is a write the person can still undo. */
export interface LoggedRow {
  kind: string;
  undoable: boolean;
  /** Emptied: the row of a change that was put back (its id gone with the rest). */
  blank?: boolean;
  /** A read's sheet, as its Range column names it (`'Bin Notes'` quoted, before the `!`), in lower case. */
  sheet?: string;
}

/**
 * The rows (2 and below) to drop so that at most `limits` of each kind stay, the oldest first, and every emptied row. A
 * write the person can still undo is never dropped, nor a row of a kind `limits` does not bound. A read that is the
 * newest of its sheet goes only after every other read beyond the bound: reads of other sheets, however many, push a
 * sheet's last read out only if they are reads of `limits.read` other sheets, each of them then in the log itself.
 */
export function rowsBeyondBounds(
  rows: readonly LoggedRow[],
  limits: Readonly<Partial<Record<WriteLogEntry['kind'], number>>> = {
    write: WRITE_LOG_LIMIT,
    read: READ_LOG_LIMIT,
    refused: REFUSED_LOG_LIMIT,
  },
): number[] {
  const bounded = (kind: string): kind is WriteLogEntry['kind'] => kind in limits;
  const left: Record<WriteLogEntry['kind'], number> = { write: 0, read: 0, refused: 0 };
  rows.forEach(({ kind }) => {
    if (bounded(kind)) left[kind]++;
  });
  const newest = new Map<string | undefined, number>();
  rows.forEach(({ kind, sheet }, index) => {
    if (kind === 'read') newest.set(sheet, index);
  });
  const drop: number[] = [];
  // First every row but a sheet's newest read, then those: the oldest first each time.
  for (const last of [false, true]) {
    rows.forEach(({ kind, undoable, blank, sheet }, index) => {
      if ((kind === 'read' && newest.get(sheet) === index) !== last) return;
      if (blank) drop.push(index + 2);
      else if (bounded(kind) && !undoable && left[kind] > limits[kind]!) {
        left[kind]--;
        drop.push(index + 2);
      }
    });
  }
  return drop.sort((a, b) => a - b);
}
