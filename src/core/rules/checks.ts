/**
 * Checks a task declares on a nested line, in plain words a person can read:
 *
 *     - [ ] 2.1 Write the figures into Summary
 *       - Check: Summary!B3:E15 numbers, no blanks
 *
 * This module is the one place that lists the vocabulary, reads a check line (bad words get an error that names the
 * vocabulary), lists the formula errors Sheets shows, and evaluates checks over cells already read: the first failing
 * cells, each with what it holds. It reads nothing itself: the caller reads the range (getValues and
 * getDisplayValues) and passes the grid.
 */
import { nestedLabelledLines } from '../format/nested-lines';
import { outlinePlan, type PlanOutline } from '../format/parse';
import { isDate } from '../sheet/cell-values';
import { cellName, quoteSheetName, readSheetRange, type SheetRange } from '../sheet/sheet-range';
import { addToGroup } from '../groups';

/** The words a check line may use, as the error for a bad one lists them. */
export const CHECK_VOCABULARY = ['numbers', 'dates', 'text', 'no blanks', 'unique', 'between A and B'] as const;

/**
 * The error values Sheets shows in a cell whose formula fails. A cell holding one reads as that text through both
 * getValues() and getDisplayValues() (emulator assumption formula-error-values).
 */
export const FORMULA_ERRORS = ['#REF!', '#N/A', '#VALUE!', '#DIV/0!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!'] as const;
export type FormulaError = (typeof FORMULA_ERRORS)[number];

export type Check =
  | { kind: 'numbers' }
  | { kind: 'dates' }
  | { kind: 'text' }
  | { kind: 'no blanks' }
  | { kind: 'unique' }
  | { kind: 'between'; min: number; max: number };

/** A check line read: the range and its checks, and the words as written (shown beside the task). */
export interface DeclaredCheck {
  range: SheetRange;
  checks: Check[];
  text: string;
}

const VOCABULARY_HELP = `a check is one of: ${CHECK_VOCABULARY.join(', ')} (separate several with commas)`;
const BETWEEN = /^between\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)$/i;

/** One word of the vocabulary, or what is wrong with it. */
function readCheckWord(word: string): Check | string {
  const text = word.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  if (lower === 'numbers' || lower === 'dates' || lower === 'text' || lower === 'no blanks' || lower === 'unique') {
    return { kind: lower };
  }
  const between = BETWEEN.exec(text);
  if (between) {
    const [min, max] = [Number(between[1]), Number(between[2])];
    return min <= max
      ? { kind: 'between', min, max }
      : `"${text}": the smaller number goes first (between ${max} and ${min})`;
  }
  if (/^between\b/i.test(text)) return `"${text}": write between with two numbers, as in "between 0 and 100"`;
  return `"${text}" is not a check; ${VOCABULARY_HELP}`;
}

/** The number of checks that keeps one line readable (and one evaluation small). */
const MAX_CHECKS = CHECK_VOCABULARY.length;

/**
 * Reads the text after `Check:`: a range (`Summary!B3:E15`, `'My Sheet'!A:A`), then checks separated by commas.
 * Answers the check, or what is wrong with it and what is allowed.
 */
export function readCheck(text: string): DeclaredCheck | string {
  const written = text.trim();
  // The range ends at the first space outside quotes: a quoted sheet name may hold spaces.
  const quoted = /^'(?:[^']|'')+'![^\s,]*/.exec(written);
  const rangeText = quoted ? quoted[0] : (/^[^\s,]+/.exec(written)?.[0] ?? '');
  if (!rangeText) return `a check names a range first, then what it checks: "Summary!B3:E15 numbers, no blanks"`;
  const range = readSheetRange(rangeText);
  if (typeof range === 'string') return `the range "${rangeText}": ${range}`;
  const words = written
    .slice(rangeText.length)
    .split(',')
    .map((word) => word.trim());
  if (words.every((word) => !word)) return `${rangeText} says nothing to check; ${VOCABULARY_HELP}`;
  const checks: Check[] = [];
  for (const word of words) {
    if (!word) return `"${written}" has an empty check between commas; ${VOCABULARY_HELP}`;
    const check = readCheckWord(word);
    if (typeof check === 'string') return check;
    if (!checks.some((known) => known.kind === check.kind)) checks.push(check);
  }
  if (checks.length > MAX_CHECKS) return `at most ${MAX_CHECKS} checks on one line`;
  return { range, checks, text: written };
}

/** A task's check line as read: the check, or why it cannot be used (the line as written either way). */
export interface TaskCheckLine {
  line: number;
  text: string;
  check?: DeclaredCheck;
  error?: string;
}

/**
 * The `- Check:` lines nested under each task (before its next task, its phase's end, or a line that is not nested
 * deeper than the task), by step. Reads the outline; the parser itself is left as it is.
 */
export function taskChecks(outline: PlanOutline): Map<string, TaskCheckLine[]> {
  const found = new Map<string, TaskCheckLine[]>();
  for (const { step, line, value } of nestedLabelledLines(outline, 'check')) {
    const check = readCheck(value);
    const entry: TaskCheckLine = { line, text: value };
    if (typeof check === 'string') entry.error = check;
    else entry.check = check;
    addToGroup(found, step, entry);
  }
  return found;
}

/** The check lines of a plan's text, by step (see taskChecks). */
export function taskChecksOf(text: string): Map<string, TaskCheckLine[]> {
  return taskChecks(outlinePlan(text));
}

// ---- evaluating ----

/** The cells of a range as read: the range's top-left cell anchors both grids, which have the same shape. */
export interface CellGrid {
  /** The sheet and the top-left cell the grids start at. */
  range: SheetRange;
  /** getValues(): strings, numbers, booleans, Dates; '' for an empty cell. */
  values: readonly (readonly unknown[])[];
  /** getDisplayValues(): what the grid shows. */
  displayValues: readonly (readonly string[])[];
}

export interface CheckFailure {
  /** `Summary!B4` */
  cell: string;
  /** What the cell holds, as shown (`#REF!`, `''` for a blank). */
  holds: string;
  /** The check it fails: `formula error`, or a word of the vocabulary (`between 0 and 100`). */
  check: string;
}

/** The formula error a cell shows, if any: through its value, or what it displays. */
export function formulaErrorIn(value: unknown, display?: string): FormulaError | null {
  for (const candidate of [value, display]) {
    if (typeof candidate !== 'string') continue;
    const text = candidate.trim();
    const error = FORMULA_ERRORS.find((known) => known === text.toUpperCase());
    if (error) return error;
  }
  return null;
}

function isBlank(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

function checkWord(check: Check): string {
  return check.kind === 'between' ? `between ${check.min} and ${check.max}` : check.kind;
}

/** Whether one cell passes one check (blanks pass every check but `no blanks`; `unique` is checked over the grid). */
function passes(check: Check, value: unknown): boolean {
  if (check.kind === 'no blanks') return !isBlank(value);
  if (isBlank(value) || check.kind === 'unique') return true;
  if (check.kind === 'numbers') return typeof value === 'number' && Number.isFinite(value);
  if (check.kind === 'dates') return isDate(value);
  if (check.kind === 'text') return typeof value === 'string';
  return typeof value === 'number' && value >= check.min && value <= check.max;
}

/** How many failing cells an answer names: enough to fix them, short enough to read. */
export const FAILURES_SHOWN = 5;

/**
 * The first failing cells of a grid, row by row: a formula error fails always, before any declared check; then each
 * check in the order declared. At most `limit` cells, each named once (with the first check it fails).
 */
export function evaluateChecks(grid: CellGrid, checks: readonly Check[], limit = FAILURES_SHOWN): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const seen = new Map<string, string>();
  const unique = checks.some((check) => check.kind === 'unique');
  const prefix = `${quoteSheetName(grid.range.sheet)}!`;
  for (let row = 0; row < grid.values.length && failures.length < limit; row++) {
    for (let column = 0; column < grid.values[row].length && failures.length < limit; column++) {
      const value = grid.values[row][column];
      const display = grid.displayValues[row]?.[column] ?? String(value ?? '');
      const cell = prefix + cellName(grid.range.top + row, grid.range.left + column);
      const error = formulaErrorIn(value, display);
      let failed: string | null = error ? 'formula error' : null;
      for (const check of checks) {
        if (failed) break;
        if (!passes(check, value)) failed = checkWord(check);
      }
      if (!failed && unique && !isBlank(value)) {
        const key = isDate(value) ? `date:${value.getTime()}` : `${typeof value}:${String(value)}`;
        const first = seen.get(key);
        if (first) failed = `unique (same as ${first})`;
        else seen.set(key, cell);
      }
      if (failed) failures.push({ cell, holds: error ?? display, check: failed });
    }
  }
  return failures;
}

/** One sentence naming the failures: `Summary!B4 holds #REF! (formula error); Summary!C5 holds "" (no blanks)`. */
export function describeFailures(failures: readonly CheckFailure[]): string {
  return failures
    .map((failure) => `${failure.cell} holds ${JSON.stringify(failure.holds)} (${failure.check})`)
    .join('; ');
}
