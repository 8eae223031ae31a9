/**
 * The head of a task line in any spelling (indentation, list marker, box), read by hand: where the spec's own
 * spelling (`- [x] 1.2 Title`, patterns.ts CANONICAL_TASK) does not match, as for indented sub-steps, numbered lists
 * and tasks without a step, this is read for every task line. A few comparisons of character codes cost less than a
 * regular expression's match once the code is warm, with no match array and no captured strings; cold (a fresh Apps
 * Script execution), a loop over characters costs more than a pattern, which is why the spec's spelling, most lines of
 * most plans, stays a pattern. It reads exactly what the expression in its comment would (test/core/task-head.test.ts
 * holds the expression and checks that both agree).
 */
import { BYTE_ORDER_MARK, MAX_GAP, isGap } from './gaps';

const DASH = 0x2d;
const PLUS = 0x2b;
const CLOSE_PAREN = 0x29;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOT = 0x2e;
const ASTERISK = 0x2a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** A list number has at most nine digits. */
const MAX_DIGITS = 9;

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/** A task line's head: its bullet (indentation, list marker, gap), box, optional `*` and the gap after them. */
export interface TaskHead {
  /** The bullet's length: where the box's `[` stands. */
  bracket: number;
  /** The character in the box, or `` for `[]`. */
  symbol: string;
  /** The length of the gap after the box (and `*`), read up to MAX_GAP characters. */
  gap: number;
  /** Where the head ends. */
  end: number;
}

function isIndentation(code: number): boolean {
  return isGap(code) || code === BYTE_ORDER_MARK;
}

/** The index after the list marker at `at` (`-`, `*`, `+`, or up to 9 digits and `.` or `)`), or -1. */
function markerEnd(line: string, at: number): number {
  const code = line.charCodeAt(at);
  if (code === DASH || code === ASTERISK || code === PLUS) return at + 1;
  let end = at;
  while (end - at <= MAX_DIGITS && isDigit(line.charCodeAt(end))) end++;
  if (end === at || end - at > MAX_DIGITS) return -1;
  const after = line.charCodeAt(end);
  return after === DOT || after === CLOSE_PAREN ? end + 1 : -1;
}

/**
 * The head of a task line in any spelling, or null when the line has none: what
 * `^([ \t\u00a0\ufeff]{0,64}(?:[-*+]|\d{1,9}[.)])[ \t\u00a0]{1,64})\[([^\]]?)\](\*?)([ \t\u00a0]{0,64})` reads.
 */
export function readTaskHead(line: string): TaskHead | null {
  let at = 0;
  // Each run is read one character past its limit at most: a longer run is plain text, however long.
  while (at <= MAX_GAP && isIndentation(line.charCodeAt(at))) at++;
  if (at > MAX_GAP) return null;
  at = markerEnd(line, at);
  if (at < 0) return null;
  const gapStart = at;
  while (at - gapStart <= MAX_GAP && isGap(line.charCodeAt(at))) at++;
  if (at === gapStart || at - gapStart > MAX_GAP || line.charCodeAt(at) !== OPEN_BRACKET) return null;
  const bracket = at;
  // One character in the box or none: `[x]`, `[]`.
  const close = line.charCodeAt(at + 1) === CLOSE_BRACKET ? at + 1 : at + 2;
  if (close === at + 2 && line.charCodeAt(close) !== CLOSE_BRACKET) return null;
  at = close + 1;
  if (line.charCodeAt(at) === ASTERISK) at++;
  const boxEnd = at;
  while (at - boxEnd < MAX_GAP && isGap(line.charCodeAt(at))) at++;
  return { bracket, symbol: line.slice(bracket + 1, close), gap: at - boxEnd, end: at };
}
