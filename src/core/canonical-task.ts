/**
 * The spec's own spelling of a task line, `- [x] 1.2 Title`, read by hand: most lines of most plans are in it, and a
 * few comparisons of character codes cost a fraction of a regular expression's match (no match array, no captures).
 * It reads what `^- \[([^\]]?)\] (\d{1,9}(?:\.\d{1,9}){1,8}) (?=[^ \t\u00a0*])` would; patterns.ts reads every other
 * spelling of a task line.
 */
import { NO_BREAK_SPACE, SPACE, TAB } from './gaps';
import type { TaskLineParts } from './patterns';

const DASH = 0x2d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOT = 0x2e;
const ASTERISK = 0x2a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** A written step has two to nine numbers of one to nine digits (patterns.ts MAX_STEP_DEPTH). */
const MAX_NUMBERS = 9;
const MAX_DIGITS = 9;

/** The index after the written step that starts at `at` (`1.2`, `1.2.3`), or -1 when none starts there. */
function stepEnd(line: string, at: number): number {
  let end = at;
  for (let numbers = 1; numbers <= MAX_NUMBERS; numbers++) {
    const start = end;
    for (let code = line.charCodeAt(end); code >= DIGIT_0 && code <= DIGIT_9; code = line.charCodeAt(end)) end++;
    if (end === start || end - start > MAX_DIGITS) return -1;
    if (line.charCodeAt(end) !== DOT) return numbers >= 2 ? end : -1;
    end++;
  }
  return -1; // a tenth number, or a dot after the ninth
}

/** The parts of a task line in the spec's spelling, or null when the line is spelt otherwise (or is not a task). */
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
