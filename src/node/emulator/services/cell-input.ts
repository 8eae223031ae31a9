/**
 * How Sheets stores what Range.setValue / setValues and Sheet.appendRow receive. A string is read
 * as if a person typed it into the cell: that is what can turn plan text into a formula, a number
 * or a date, so every rule here errs on the side of converting (strict), to make the product
 * prove it protects its text.
 *
 * - `=…` is a formula (documented: "If a cell's content begins with =, it's interpreted as a
 *   formula", https://developers.google.com/apps-script/reference/spreadsheet/sheet#appendRow(Object)).
 * - Assumption plus-minus-formula: `+…` and `-…` that are not plain numbers are formulas too
 *   (`- item` gives #ERROR! in Sheets' cell editor); a lone `+` or `-` stays text.
 * - A leading apostrophe stores the rest as text, never converted.
 * - Assumption plain-text-keeps-apostrophe: in a cell formatted as plain text `@` the apostrophe is kept.
 * - Assumption typed-dates-and-numbers: number-, boolean- and date-like strings become numbers,
 *   booleans and Dates, unless the cell's number format is plain text `@`.
 * - Assumption plain-text-keeps-formulas: `@` does not stop formulas.
 * - Assumption lone-surrogates-replaced: half of a character (a UTF-16 surrogate without its pair) is stored as
 *   U+FFFD, the replacement character.
 * - Assumption cell-limit-counts-apostrophe: a cell holds at most 50,000 characters, counted as
 *   given, apostrophe included; longer input is refused.
 * The assumptions are listed, with the pages consulted, in ../assumptions.ts.
 */
import type { CellValue } from '../model/cell';
import { epochFromWallClock, zonedFields, type TimeZone } from '../time/time-zones';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isDateLike } from '../runtime/value-kinds';

export type CellContent =
  { readonly kind: 'value'; readonly value: CellValue } | { readonly kind: 'formula'; readonly formula: string };

export const MAX_CELL_CHARACTERS = 50_000;
export const PLAIN_TEXT_FORMAT = '@';

export interface InputSituation {
  /** The target cell's number format (undefined = automatic). */
  readonly numberFormat: string | undefined;
  /** The spreadsheet's time zone: a typed date means midnight there. */
  readonly timeZone: TimeZone;
  /** The execution clock: `1/10` means January 10 of the current year. */
  readonly now: Date;
  /** `SpreadsheetApp.Range.setValues`, for the message when a value has no cell form. */
  readonly method: string;
}

export function interpretCellInput(input: unknown, situation: InputSituation): CellContent {
  if (input === null || input === undefined) return { kind: 'value', value: '' };
  if (typeof input === 'string') return interpretText(input, situation);
  if (typeof input === 'boolean') return { kind: 'value', value: input };
  if (typeof input === 'number') {
    // Assumption non-finite-numbers-refused (Sheets would show an error value).
    if (!Number.isFinite(input)) throw new ServiceError(`Cannot store ${input} in a cell.`);
    return { kind: 'value', value: input };
  }
  if (isDateLike(input)) {
    const time = input.getTime();
    if (Number.isNaN(time)) throw new ServiceError('Cannot store an invalid Date in a cell.');
    return { kind: 'value', value: new Date(time) };
  }
  // Assumption objects-refused-in-cells: not stored as their String().
  throw signatureMismatch(situation.method, [input]);
}

function interpretText(given: string, situation: InputSituation): CellContent {
  // Assumption lone-surrogates-replaced: half of a character is stored as U+FFFD.
  const text = given.replace(/\p{Cs}/gu, '\uFFFD');
  if (text.length > MAX_CELL_CHARACTERS) {
    throw new ServiceError(
      `Your input contains more than the maximum of ${MAX_CELL_CHARACTERS} characters in a single cell.`,
    );
  }
  const plainText = situation.numberFormat === PLAIN_TEXT_FORMAT;
  if (text.startsWith("'")) return { kind: 'value', value: plainText ? text : text.slice(1) };
  if (text.startsWith('=')) return { kind: 'formula', formula: text };
  const number = parseNumberLike(text);
  if ((text.startsWith('+') || text.startsWith('-')) && text.length > 1 && number === undefined) {
    // The editor makes `-foo` the formula `=-foo`.
    return { kind: 'formula', formula: `=${text}` };
  }
  if (plainText) return { kind: 'value', value: text };
  if (number !== undefined) return { kind: 'value', value: number };
  const boolean = /^\s*(true|false)\s*$/i.exec(text);
  if (boolean) return { kind: 'value', value: boolean[1].toLowerCase() === 'true' };
  const date = parseDateLike(text, situation);
  if (date !== undefined) return { kind: 'value', value: new Date(date) };
  return { kind: 'value', value: text };
}

const NUMBER_LIKE = /^\s*([+-])?(\$)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?(%)?\s*$/;

/** `42`, `-1.5`, `1e3`, `1,000`, `3%` (0.03), `$5`: what Sheets takes for a number (en_US locale). */
export function parseNumberLike(text: string): number | undefined {
  const match = NUMBER_LIKE.exec(text);
  if (!match) return undefined;
  const [, sign, currency, digits, exponent, percent] = match;
  if (currency && percent) return undefined;
  let value = Number(`${digits.replace(/,/g, '')}e${exponent ?? '0'}`);
  if (percent) value /= 100;
  if (!Number.isFinite(value)) return undefined;
  return sign === '-' ? -value : value;
}

const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * `2026-01-10`, `2026/1/10`, `1/10/2026`, `1/10/26`, `1/10` (this year), optionally with a time
 * `13:30[:05]`, and a bare time `13:30` (on Sheets' day zero, 1899-12-30): a subset of what Sheets
 * recognises in the en_US locale, enough to catch plan text that looks like a date. Returns the
 * instant at that wall-clock time in the spreadsheet's time zone.
 */
export function parseDateLike(text: string, situation: Pick<InputSituation, 'timeZone' | 'now'>): number | undefined {
  const trimmed = text.trim();
  let wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number } | undefined;
  const iso = ISO_DATE.exec(trimmed);
  const us = US_DATE.exec(trimmed);
  const time = TIME_OF_DAY.exec(trimmed);
  if (iso) {
    wall = {
      year: +iso[1],
      month: +iso[2],
      day: +iso[3],
      hour: optional(iso[4]),
      minute: optional(iso[5]),
      second: optional(iso[6]),
    };
  } else if (us) {
    const year =
      us[3] === undefined ? zonedFields(situation.now.getTime(), situation.timeZone).year : expandYear(us[3]);
    wall = {
      year,
      month: +us[1],
      day: +us[2],
      hour: optional(us[4]),
      minute: optional(us[5]),
      second: optional(us[6]),
    };
  } else if (time) {
    wall = { year: 1899, month: 12, day: 30, hour: +time[1], minute: +time[2], second: optional(time[3]) };
  }
  if (!wall || !isRealWallClock(wall)) return undefined;
  return epochFromWallClock(wall, situation.timeZone);
}

function optional(digits: string | undefined): number | undefined {
  return digits === undefined ? undefined : Number(digits);
}

/** Assumption two-digit-years: the common 1930–2029 window. */
function expandYear(digits: string): number {
  if (digits.length === 4) return Number(digits);
  const year = Number(digits);
  return year < 30 ? 2000 + year : 1900 + year;
}

function isRealWallClock(wall: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}): boolean {
  if (wall.month < 1 || wall.month > 12 || wall.day < 1) return false;
  const daysInMonth =
    new Date(Date.UTC(2000, wall.month, 0)).getUTCDate() - (wall.month === 2 && !isLeapYear(wall.year) ? 1 : 0);
  if (wall.day > daysInMonth) return false;
  return (wall.hour ?? 0) < 24 && (wall.minute ?? 0) < 60 && (wall.second ?? 0) < 60;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
