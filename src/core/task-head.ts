/**
 * Task lines read by hand, where most of a plan's time goes: a few comparisons of character codes cost a fraction of
 * a regular expression's match, with no match array and no captured strings. Each reader reads exactly what the
 * expression in its comment would (test/core/task-head.test.ts holds the expressions and checks both agree).
 * patterns.ts cuts a task line into its parts with these.
 */
import { BYTE_ORDER_MARK, MAX_GAP, NO_BREAK_SPACE, SPACE, TAB, isGap } from './gaps';
import type { TaskLineParts } from './patterns';

const DASH = 0x2d;
const PLUS = 0x2b;
const CLOSE_PAREN = 0x29;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOT = 0x2e;
const ASTERISK = 0x2a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** A written step has two to nine numbers of one to nine digits (patterns.ts MAX_STEP_DEPTH). */
const MAX_NUMBERS = 9;
const MAX_DIGITS = 9;

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/** The index after the written step that starts at `at` (`1.2`, `1.2.3`), or -1 when none starts there. */
function stepEnd(line: string, at: number): number {
  let end = at;
  for (let numbers = 1; numbers <= MAX_NUMBERS; numbers++) {
    const start = end;
    while (end - start <= MAX_DIGITS && isDigit(line.charCodeAt(end))) end++;
    if (end === start || end - start > MAX_DIGITS) return -1;
    if (line.charCodeAt(end) !== DOT) return numbers >= 2 ? end : -1;
    end++;
  }
  return -1; // a tenth number, or a dot after the ninth
}

/**
 * The parts of a task line in the spec's spelling, `- [x] 1.2 Title`, or null when the line is spelt otherwise (or is
 * not a task): what `^- \[([^\]]?)\] (\d{1,9}(?:\.\d{1,9}){1,8}) (?=[^ \t\u00a0*])` reads.
 */
export function readCanonicalTask(line: string): TaskLineParts | null {
  if (line.charCodeAt(0) !== DASH || line.charCodeAt(1) !== SPACE || line.charCodeAt(2) !== OPEN_BRACKET) return null;
  // One status character or none: `[x]`, `[]`.
  const close = line.charCodeAt(3) === CLOSE_BRACKET ? 3 : 4;
  if (close === 4 && line.charCodeAt(4) !== CLOSE_BRACKET) return null;
  if (line.charCodeAt(close + 1) !== SPACE) return null;
  const end = stepEnd(line, close + 2);
  if (end < 0 || line.charCodeAt(end) !== SPACE) return null;
  const textStart = end + 1;
  const first = line.charCodeAt(textStart);
  // The title starts at once: a longer gap, `**` (bold) or nothing at all is another spelling, or no task.
  if (Number.isNaN(first) || first === SPACE || first === TAB || first === NO_BREAK_SPACE || first === ASTERISK) {
    return null;
  }
  const rest = line.charCodeAt(line.length - 1) > SPACE ? line.slice(textStart) : line.slice(textStart).trimEnd();
  return {
    bracket: 2,
    symbol: line.slice(3, close),
    textStart,
    step: line.slice(close + 2, end),
    rest,
    boldTitle: false,
    indent: 0,
    content: 2,
  };
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
