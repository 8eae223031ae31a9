/**
 * Ranges as plans and agents name them: `Warehouse!A2:F500`, `'My Sheet'!A:A` (whole columns),
 * `Sales!2:3` (whole rows), `Data!A2:B` (from row 2 down to the end), `Summary!B3` (one cell).
 * Sheet names are quoted as Sheets writes them: in single quotes, a quote inside doubled, unless
 * the name is only letters, digits and underscores not starting with a digit. A range here always
 * names its sheet: without one, "the active sheet" means something different in every execution.
 */
import { PLAIN_SHEET_NAME, cellA1, columnLetters, columnNumber, quoteSheetName } from './a1';
import { describeValue } from '../api/arguments';
import { invalidArgument } from '../errors';
import { formatCount } from '../text';

/** Rows and columns are 1-based; an open end (`A:A`, `A2:B`, `2:3`) is OPEN_END. */
export interface SheetRange {
  readonly sheet: string;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export { columnLetters, columnNumber, quoteSheetName };

export const OPEN_END = Number.POSITIVE_INFINITY;
/** Column ZZZ, the last column Sheets has. */
export const MAX_COLUMN = 18_278;
/** A spreadsheet holds at most 10 million cells, so no row number is larger. */
export const MAX_ROW = 10_000_000;

/** `$A$1`, `A1`, `A`, `1`: one end of an A1 range (absolute markers allowed, as people copy them). */
const ENDPOINT = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/;

const FORM = "Sheet!A1:B2 (or 'My Sheet'!A:A, Sheet!2:3, Sheet!A2:B, Sheet!B3)";

/** Splits `Sheet!A1` at its `!`; the quoting must be well formed. */
function splitReference(text: string): { sheet: string; a1: string } | string {
  const quoted = /^'((?:[^']|'')+)'!(.*)$/s.exec(text);
  if (quoted) return { sheet: quoted[1].replace(/''/g, "'"), a1: quoted[2] };
  const bang = text.indexOf('!');
  if (bang < 0) return `it names no sheet; write it as ${FORM}`;
  const sheet = text.slice(0, bang);
  if (sheet.startsWith("'")) return `the sheet name's quotes are not closed; write it as 'My Sheet'!A1`;
  if (!PLAIN_SHEET_NAME.test(sheet)) {
    return `a sheet name with spaces or signs goes in single quotes, as Sheets writes it: '${sheet.replace(/'/g, "''")}'!${text.slice(bang + 1)}`;
  }
  return { sheet, a1: text.slice(bang + 1) };
}

interface Endpoint {
  column?: number;
  row?: number;
}

function readEndpoint(text: string): Endpoint | string {
  const match = ENDPOINT.exec(text);
  if (!text || !match || (!match[1] && !match[2])) return `"${text}" is not a cell, column or row`;
  const endpoint: Endpoint = {};
  if (match[1]) {
    endpoint.column = columnNumber(match[1]);
    if (endpoint.column > MAX_COLUMN) return `column ${match[1].toUpperCase()} is past ZZZ, the last column`;
  }
  if (match[2]) {
    endpoint.row = Number(match[2]);
    if (endpoint.row < 1) return 'rows are numbered from 1';
    if (endpoint.row > MAX_ROW) return `row ${match[2]} is past ${formatCount(MAX_ROW)}`;
  }
  return endpoint;
}

/** The area of the part after `!`; a string says what is wrong with it. */
function readArea(a1: string): Omit<SheetRange, 'sheet'> | string {
  if (!a1) return `nothing follows the "!"; write it as ${FORM}`;
  const parts = a1.split(':');
  if (parts.length > 2) return `it has ${parts.length - 1} colons; a range has at most one`;
  if (parts.length === 2 && !parts[1]) return `it ends with ":"; name the last cell (A1:B2), column (A:B) or row (1:2)`;
  const start = readEndpoint(parts[0]);
  if (typeof start === 'string') return start;
  if (parts.length === 1) {
    if (start.column === undefined || start.row === undefined) return `"${a1}" alone is not a range; write A:A or 2:2`;
    return { top: start.row, left: start.column, bottom: start.row, right: start.column };
  }
  const end = readEndpoint(parts[1]);
  if (typeof end === 'string') return end;
  const order = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);
  if (start.column !== undefined && end.column !== undefined) {
    const [left, right] = order(start.column, end.column);
    if (start.row !== undefined && end.row !== undefined) {
      const [top, bottom] = order(start.row, end.row);
      return { top, left, bottom, right };
    }
    // `A:B` (whole columns) or `A2:B` (from row 2 down).
    if (end.row === undefined) return { top: start.row ?? 1, left, bottom: OPEN_END, right };
    return `"${a1}" puts a row on its last end only; write ${parts[0]}1:${parts[1]} or ${parts[0]}:${parts[1].replace(/^(\D*)\d+$/, '$1')}`;
  }
  if (start.column === undefined && end.column === undefined && start.row !== undefined && end.row !== undefined) {
    const [top, bottom] = order(start.row, end.row);
    return { top, left: 1, bottom, right: OPEN_END };
  }
  return `"${a1}" mixes a column and a row; write a cell range (A1:B2), columns (A:B) or rows (1:2)`;
}

/** Reads a range reference, or says what is wrong with it. */
export function readSheetRange(text: string): SheetRange | string {
  const reference = splitReference(text.trim());
  if (typeof reference === 'string') return reference;
  const area = readArea(reference.a1.trim());
  return typeof area === 'string' ? area : { sheet: reference.sheet, ...area };
}

/** An argument that must be a range reference; INVALID_ARGUMENT says what is wrong and what is allowed. */
export function requireSheetRange(value: unknown, name = 'a1'): SheetRange {
  if (typeof value !== 'string' || !value.trim()) {
    throw invalidArgument(`${name} must be a range like ${FORM} (got ${describeValue(value)})`);
  }
  const range = readSheetRange(value);
  if (typeof range === 'string') {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    throw invalidArgument(`${name} ${shown}: ${range}`);
  }
  return range;
}

/** How Sheets writes the range: `Summary!B3:E15`, `'My Sheet'!A:A`, `Sales!2:3`, `Data!A2:B`, `Summary!B3`. */
export function formatSheetRange(range: SheetRange): string {
  const prefix = `${quoteSheetName(range.sheet)}!`;
  const openRows = range.bottom === OPEN_END;
  const openColumns = range.right === OPEN_END;
  if (openColumns) return `${prefix}${range.top}:${range.bottom}`;
  const left = columnLetters(range.left);
  const right = columnLetters(range.right);
  if (openRows) return range.top === 1 ? `${prefix}${left}:${right}` : `${prefix}${left}${range.top}:${right}`;
  const start = `${left}${range.top}`;
  if (range.top === range.bottom && range.left === range.right) return `${prefix}${start}`;
  return `${prefix}${start}:${right}${range.bottom}`;
}

export function isBounded(range: SheetRange): boolean {
  return range.bottom !== OPEN_END && range.right !== OPEN_END;
}

export function rowCount(range: SheetRange): number {
  return range.bottom - range.top + 1;
}

export function columnCount(range: SheetRange): number {
  return range.right - range.left + 1;
}

export function cellCount(range: SheetRange): number {
  return rowCount(range) * columnCount(range);
}

/** Whether `inner` lies wholly inside `outer`: on one sheet (isSameSheetNameStrictly), every edge within. */
export function containsRange(outer: SheetRange, inner: SheetRange): boolean {
  return (
    isSameSheetNameStrictly(outer.sheet, inner.sheet) &&
    inner.top >= outer.top &&
    inner.bottom <= outer.bottom &&
    inner.left >= outer.left &&
    inner.right <= outer.right
  );
}

/**
 * Two ways to tell whether two names name one sheet, since Sheets finds a sheet whatever the case of its name
 * (assumption sheet-names) but does not say how it folds case. A rule that refuses takes the loose one (Sheet Plan's
 * own sheets, writes that overlap), a rule that grants the strict one (what a Write range allows).
 *
 * Loose: equal in lower case or in upper case (Straße and STRASSE are one: ß upper-cases to SS), or in lower case
 * with Turkish İ and ı read as i, as a letter-by-letter fold (Java's equalsIgnoreCase) reads them.
 */
export function isSameSheetName(a: string, b: string): boolean {
  const lower = (name: string) => name.toLowerCase().replace(/\u0307|ı/g, (mark) => (mark === 'ı' ? 'i' : ''));
  return lower(a) === lower(b) || a.toUpperCase() === b.toUpperCase();
}

/** Strict: equal in lower case and in upper case (Summary and SUMMARY are one; Straße and STRASSE are two). */
function isSameSheetNameStrictly(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase() && a.toUpperCase() === b.toUpperCase();
}

/** Whether the two share at least one cell (of one sheet, however its name is spelled). */
export function overlaps(a: SheetRange, b: SheetRange): boolean {
  return (
    isSameSheetName(a.sheet, b.sheet) &&
    a.top <= b.bottom &&
    b.top <= a.bottom &&
    a.left <= b.right &&
    b.left <= a.right
  );
}

/** The rectangle of `rows` × `columns` cells whose top-left cell is the range's. */
export function anchoredAt(range: SheetRange, rows: number, columns: number): SheetRange {
  return {
    sheet: range.sheet,
    top: range.top,
    left: range.left,
    bottom: range.top + rows - 1,
    right: range.left + columns - 1,
  };
}

/** The range cut to the sheet's last row and column (an open end stops there). */
export function clippedTo(range: SheetRange, lastRow: number, lastColumn: number): SheetRange {
  return {
    ...range,
    bottom: range.bottom === OPEN_END ? Math.max(lastRow, range.top - 1) : range.bottom,
    right: range.right === OPEN_END ? Math.max(lastColumn, range.left - 1) : range.right,
  };
}

/** `B4`: the address of the cell at (row, column) of the sheet. */
export function cellName(row: number, column: number): string {
  return cellA1({ row, column });
}

/**
 * The range references in a plan's text (an Analysis `Write:` value such as
 * `Summary!B3:E15 (metric, value)`), each read or said wrong. Text in parentheses is description.
 */
export function rangesInText(text: string): Array<{ text: string; range: SheetRange | string }> {
  const found: Array<{ text: string; range: SheetRange | string }> = [];
  // Sheet names are at most 100 characters (Sheets' limit): bounded runs keep the search linear on any text.
  const reference = /(?<![\p{L}\p{N}_'])(?:'(?:[^'\n]|''){1,100}'|[\p{L}_][\p{L}\p{N}_]{0,99})![$A-Za-z0-9:]{0,40}/gu;
  const outsideParentheses = text.replace(/\([^()]*\)/g, (inside) => ' '.repeat(inside.length));
  let end = 0;
  for (const match of outsideParentheses.matchAll(reference)) {
    // Words before an unquoted reference, since the last one or a separator, may be the start of its sheet's name:
    // read alone, the last word of `Sales Summary!B3` would name another sheet (Summary). Only "and" or "or" may stand
    // there (marks and signs are no words: `…`, **…**, →); else the whole is unreadable. The reference is read from
    // the text itself: a quoted name may hold parentheses, which are its own.
    const before = outsideParentheses.slice(end, match.index).split(/[,;:]/).pop()!.trimStart();
    const said = text.slice(match.index, (end = match.index + match[0].length));
    const alone = match[0][0] === "'" || !/[\p{L}\p{N}]/u.test(before.replace(/^(and|or)\s/i, ''));
    found.push(
      alone
        ? { text: said, range: readSheetRange(said) }
        : {
            text: text.slice(match.index - before.length, end),
            range: 'quote a sheet name with spaces',
          },
    );
  }
  return found;
}
