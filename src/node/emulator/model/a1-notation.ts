/**
 * A1 notation: `C2`, `C1:D2`, `A:B` (whole columns), `2:3` (whole rows), `A2:B` (to the last
 * row), with an optional sheet name in front: `AGENT_BASE!C2`, `'My Sheet'!A1`.
 *
 * The emulator keeps its own A1 code on purpose, apart from the product's (src/core/sheet/a1.ts): it plays Google's
 * side, and a mistake shared by both would pass every test.
 */

/** A rectangle of cells, 1-based like Apps Script's getRow()/getColumn(). */
export interface GridArea {
  readonly row: number;
  readonly column: number;
  readonly numRows: number;
  readonly numColumns: number;
}

export interface SheetSize {
  readonly maxRows: number;
  readonly maxColumns: number;
}

export interface RangeReference {
  /** The sheet named before `!`, unquoted; undefined when the reference names no sheet. */
  readonly sheetName: string | undefined;
  readonly a1: string;
}

/** Sheets' largest column, ZZZ. */
const MAX_COLUMN = 18278;

/**
 * Splits `Sheet!A1` into sheet name and A1 part; undefined when the quoting is malformed.
 * Assumption quoted-sheet-names (../assumptions.ts): a name needs quotes unless it is letters,
 * digits and underscores not starting with a digit, as in a Sheets formula; `My Sheet!A1` is refused.
 */
export function splitSheetName(reference: string): RangeReference | undefined {
  const bang = reference.lastIndexOf('!');
  if (bang < 0) return { sheetName: undefined, a1: reference };
  const rawName = reference.slice(0, bang);
  const a1 = reference.slice(bang + 1);
  const quoted = /^'((?:[^']|'')+)'$/.exec(rawName);
  if (quoted) return { sheetName: quoted[1].replace(/''/g, "'"), a1 };
  if (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(rawName)) return { sheetName: rawName, a1 };
  return undefined;
}

/** The area an A1 reference (without sheet name) covers; undefined if malformed or outside the sheet. */
export function parseA1Area(a1: string, size: SheetSize): GridArea | undefined {
  const parts = a1.split(':');
  if (parts.length > 2) return undefined;
  const start = parseEndpoint(parts[0]);
  if (!start) return undefined;
  if (parts.length === 1) {
    return isCell(start) ? boundedArea(start.row, start.column, start.row, start.column, size) : undefined;
  }
  const end = parseEndpoint(parts[1]);
  if (!end) return undefined;
  if (isCell(start) && isCell(end)) return boundedArea(start.row, start.column, end.row, end.column, size);
  if (isColumnOnly(start) && isColumnOnly(end)) return boundedArea(1, start.column, size.maxRows, end.column, size);
  if (isRowOnly(start) && isRowOnly(end)) return boundedArea(start.row, 1, end.row, size.maxColumns, size);
  // `A2:B`: from A2 down to the last row of columns A to B.
  if (isCell(start) && isColumnOnly(end)) return boundedArea(start.row, start.column, size.maxRows, end.column, size);
  return undefined;
}

interface Endpoint {
  readonly row: number | undefined;
  readonly column: number | undefined;
}

function isCell(endpoint: Endpoint): endpoint is { row: number; column: number } {
  return endpoint.row !== undefined && endpoint.column !== undefined;
}

function isColumnOnly(endpoint: Endpoint): endpoint is { row: undefined; column: number } {
  return endpoint.row === undefined && endpoint.column !== undefined;
}

function isRowOnly(endpoint: Endpoint): endpoint is { row: number; column: undefined } {
  return endpoint.row !== undefined && endpoint.column === undefined;
}

/** Corners may come in any order (`B2:A1` is `A1:B2`, as in Sheets). */
function boundedArea(
  row1: number,
  column1: number,
  row2: number,
  column2: number,
  size: SheetSize,
): GridArea | undefined {
  const top = Math.min(row1, row2);
  const bottom = Math.max(row1, row2);
  const left = Math.min(column1, column2);
  const right = Math.max(column1, column2);
  if (bottom > size.maxRows || right > size.maxColumns) return undefined;
  return { row: top, column: left, numRows: bottom - top + 1, numColumns: right - left + 1 };
}

function parseEndpoint(text: string): Endpoint | undefined {
  const match = /^(?:\$?([A-Za-z]{1,3}))?(?:\$?([1-9]\d*))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return undefined;
  const column = match[1] ? columnNumber(match[1]) : undefined;
  if (column !== undefined && column > MAX_COLUMN) return undefined;
  return { column, row: match[2] ? Number(match[2]) : undefined };
}

/** `A` → 1, `Z` → 26, `AA` → 27. */
export function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** 1 → `A`, 27 → `AA`. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

export function cellA1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

/** `C2` for one cell, `C1:D2` otherwise (whole-column ranges are spelled out: `A1:A1000`). */
export function formatA1Area(area: GridArea): string {
  const start = cellA1(area.row, area.column);
  if (area.numRows === 1 && area.numColumns === 1) return start;
  return `${start}:${cellA1(area.row + area.numRows - 1, area.column + area.numColumns - 1)}`;
}
