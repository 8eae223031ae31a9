/**
 * A1 notation for the product's code: column letters ↔ numbers, single cells, and sheet names as Sheets quotes them.
 * Plans' ranges (./sheet-range.ts), the plan's cells (src/apps-script/plan-location.ts) and the sheet work all use
 * these. The emulator (src/node/emulator/model/a1-notation.ts) keeps its own on purpose: it plays Google's side, and
 * shares no code with what it checks.
 */

/** A cell's place, 1-based like Apps Script's getRow()/getColumn(). */
export interface CellAddress {
  readonly row: number;
  /** A is 1. */
  readonly column: number;
}

/** `A` → 1, `AA` → 27. */
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

/** `C2` → row 2, column 3. */
export function cellAddress(a1: string): CellAddress {
  const match = /^([A-Z]{1,3})([1-9]\d*)$/.exec(a1);
  if (!match) throw new Error(`Not a single cell in A1 notation: ${a1}`);
  return { row: Number(match[2]), column: columnNumber(match[1]) };
}

/** Row 2, column 3 → `C2`. */
export function cellA1(cell: CellAddress): string {
  return `${columnLetters(cell.column)}${cell.row}`;
}

/** A sheet name that needs no quotes: letters, digits and underscores, not starting with a digit. */
export const PLAIN_SHEET_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** The name as it goes before `!`: quoted unless it is a plain word (and does not read as a cell, like `AB12`). */
export function quoteSheetName(name: string): string {
  return PLAIN_SHEET_NAME.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
