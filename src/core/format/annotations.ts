/**
 * What follows a task's title: the done date (`✅ 2026-01-10`) and the annotation after a separator
 * (` — note`, or ` -- note` as people type it), read and written (docs/format.md, "Annotations").
 */
import { codeSpans } from './code-spans';
import { OPTIONAL_GAPS, isGap } from './gaps';

/** `✅ 2026-01-10`: the done date (an emoji variation selector is tolerated), read where a `✅` stands. */
const DONE_DATE = new RegExp(`^✅\\uFE0F?${OPTIONAL_GAPS}(\\d{4}-\\d{2}-\\d{2})`);
const DONE_DATE_LONGEST = 80;

/**
 * The first done date in the text: where it stands, its length and the date; null when there is none. `first` is the
 * text's first `✅`, when the caller has looked for it.
 */
export function findDoneDate(
  text: string,
  first = text.indexOf('✅'),
): { index: number; length: number; date: string } | null {
  for (let at = first; at >= 0; at = text.indexOf('✅', at + 1)) {
    const match = DONE_DATE.exec(text.slice(at, at + DONE_DATE_LONGEST));
    if (match) return { index: at, length: match[0].length, date: match[1] };
  }
  return null;
}

/** What we write: the spec's characters. */
export const DONE_MARK = '✅';
export const ANNOTATION_DASH = '—';

/** The parts of a task's text after its step. */
export interface TaskTextParts {
  title: string;
  /** `YYYY-MM-DD`, written as `✅ YYYY-MM-DD`. */
  completedDate?: string;
  /** Written as `— note`. */
  note?: string;
}

/** A task's text as we write it after the step: `Title ✅ 2026-01-10 — note`. */
export function formatTaskText({ title, completedDate, note }: TaskTextParts): string {
  let text = title;
  if (completedDate) text += ` ${DONE_MARK} ${completedDate}`;
  if (note) text += ` ${ANNOTATION_DASH} ${note}`;
  return text;
}

/**
 * A whole task line as we write it: `- [x] 1.2 Title ✅ 2026-01-10 — note`; `bullet` is what comes before
 * the checkbox (indentation and list marker, `  - ` for a sub-step written like its neighbours).
 */
export function formatTaskLine(symbol: string, step: string, text: TaskTextParts, bullet = '- '): string {
  return `${bullet}[${symbol}] ${step} ${formatTaskText(text)}`;
}

function isDash(code: number): boolean {
  return code === 0x2014 || code === 0x2d;
}

/**
 * A separator before an annotation is ` — `, or ` -- ` as people type `—` in a cell editor: the
 * dash alone between spaces (or a space before it and the end of the text after it), outside
 * inline code. An en dash (`Jan – Mar`), a hyphen, a longer run of dashes, and dashes inside code
 * (`npm test -- --coverage`) or words (`--legacy`) never separate. Given the dash run [start, end):
 */
function isSeparator(text: string, start: number, end: number): boolean {
  const width = end - start;
  const dash = text.charCodeAt(start) === 0x2014 ? width === 1 : width === 2 && text.charCodeAt(start + 1) === 0x2d;
  return dash && start > 0 && isGap(text.charCodeAt(start - 1)) && (end === text.length || isGap(text.charCodeAt(end)));
}

/**
 * Where a task's annotation starts: the last separator outside code spans (of those that start before `before`).
 * Returns the dash's [start, end), or null when there is none; the title is what comes before, trimmed, and the
 * annotation what comes after. Searches from the end, where annotations are; `emDash` is the last `—` before
 * `before`, when the caller knows it.
 */
export function lastSeparator(
  text: string,
  before = text.length,
  emDash = text.lastIndexOf('—', before - 1),
): [number, number] | null {
  let spans: number[] | null = null;
  let span = -1; // the last code span that does not start after the dash: both move backward only
  // `--` is rare, and `includes` says so faster than `lastIndexOf`, a call into the engine's runtime.
  const hyphens = text.includes('--');
  for (let start = before; start > 0; emDash = text.lastIndexOf('—', start - 1)) {
    const at = Math.max(emDash, hyphens && start > 1 ? text.lastIndexOf('--', start - 2) : -1);
    if (at < 0) break;
    start = at;
    while (start > 0 && isDash(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && isDash(text.charCodeAt(end))) end++;
    if (isSeparator(text, start, end)) {
      if (!spans) {
        spans = text.includes('`') ? codeSpans(text) : [];
        span = spans.length - 2;
      }
      while (span >= 0 && spans[span] > start) span -= 2;
      if (!(span >= 0 && start < spans[span + 1])) return [start, end];
    }
  }
  return null;
}

/**
 * An annotation as we write it: a separator of its own would read back as the start of the
 * annotation, so its dash is written as an en dash ` – `, which never separates. Code spans are kept.
 */
export function annotationText(text: string): string {
  const padded = ` ${text}`; // written after " — ": a dash at its start has a space before it
  let result = padded;
  // From the end, so that the separators still to replace keep their places.
  for (let separator = lastSeparator(padded); separator;) {
    const [start, end] = separator;
    result = `${result.slice(0, start)}–${result.slice(end)}`;
    separator = lastSeparator(padded, start);
  }
  return result.slice(1);
}
