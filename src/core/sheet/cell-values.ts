/**
 * Cell values as JSON, the form readRange answers and writeRange takes (scripts.run carries only
 * JSON: a Date would fail the whole call).
 *
 * - text is a string, written as text whatever it looks like (`=1+1`, `007`, `TRUE`, `2026-01-10`
 *   stay exactly those characters);
 * - numbers and booleans are themselves; an empty cell reads `''` and `null` writes one;
 * - a date or time is `{ "date": "2026-01-10T05:00:00.000Z" }`: the instant, in UTC (the sheet shows
 *   it in its own time zone; readRange's display values show it as the sheet does). Writing takes an
 *   ISO 8601 date-time with `Z` or an offset, so that the instant never depends on a machine's zone;
 * - a formula is `{ "formula": "=SUM(B3:B9)" }`: never a string, so that no text becomes one by
 *   accident, and only where the plan allows formulas.
 */
import { describeValue } from '../api/arguments';
import { invalidArgument, tooLarge } from '../errors';
import { filled, formatCount } from '../text';
import { digestText } from '../text';
import * as rareWords from '../rare-words';
import { isRecord } from '../own-keys';

export type DateCell = { readonly date: string };
export type FormulaCell = { readonly formula: string };
/** A cell as writeRange takes it (null empties the cell). */
export type CellInput = string | number | boolean | null | DateCell | FormulaCell;
/** A cell as it is written and recorded: an empty cell is `''`. */
export type CellJson = string | number | boolean | DateCell | FormulaCell;

/** Sheets' limit for one cell; text is written with a leading apostrophe, which we count. */
export const CELL_TEXT_LIMIT = 49_999;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function isDateCell(value: unknown): value is DateCell {
  return isRecord(value) && typeof value.date === 'string';
}

export function isFormulaCell(value: unknown): value is FormulaCell {
  return isRecord(value) && typeof value.formula === 'string';
}

/** A Date from any realm (Apps Script's getValues, a vm context, this one). */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** Date.parse rolls a day the month lacks over (2026-02-30 is read as 2 March): the day must read back as written. */
function dayExists(instant: string): boolean {
  const day = instant.slice(0, 10);
  return new Date(`${day}T12:00Z`).toISOString().startsWith(day);
}

/** One cell of writeRange's values, checked; `where` names it in the message (`values[2][0]`). */
export function requireCell(value: unknown, where: string): CellJson {
  if (value === null) return '';
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (value.length > CELL_TEXT_LIMIT) {
      const size = formatCount(value.length);
      throw invalidArgument(filled(rareWords.cellTooLong(), { where, size, most: formatCount(CELL_TEXT_LIMIT) }));
    }
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidArgument(`${where} must be a finite number`);
    return value;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && isDateCell(value)) {
      if (!INSTANT.test(value.date) || Number.isNaN(Date.parse(value.date)) || !dayExists(value.date)) {
        throw invalidArgument(filled(rareWords.notADate(), { where, got: describeValue(value.date) }));
      }
      return { date: new Date(value.date).toISOString() };
    }
    if (keys.length === 1 && isFormulaCell(value)) {
      if (!value.formula.startsWith('=') || value.formula.length < 2 || value.formula.length > CELL_TEXT_LIMIT) {
        throw invalidArgument(filled(rareWords.formulaCell(), { where, got: describeValue(value.formula) }));
      }
      return { formula: value.formula };
    }
  }
  throw invalidArgument(filled(rareWords.cellForm(), { where, got: describeValue(value) }));
}

/** writeRange's values: a non-empty rectangle (every row as long as the first) of cells. */
export function requireGrid(values: unknown, maxCells: number): CellJson[][] {
  if (!Array.isArray(values) || values.length === 0) {
    throw invalidArgument(filled(rareWords.valuesShape(), { got: describeValue(values) }));
  }
  const first = values[0];
  if (!Array.isArray(first) || first.length === 0) {
    throw invalidArgument(rareWords.firstRowEmpty());
  }
  const cells = values.length * first.length;
  if (cells > maxCells) {
    throw tooLarge(
      filled(rareWords.tooManyCells(), {
        cells: formatCount(cells),
        rows: String(values.length),
        columns: String(first.length),
        most: formatCount(maxCells),
      }),
    );
  }
  return values.map((row: unknown, r) => {
    if (!Array.isArray(row)) throw invalidArgument(`values[${r}] must be a list of cells`);
    if (row.length !== first.length) {
      throw invalidArgument(
        filled(rareWords.rowsUneven(), { row: String(r), cells: String(row.length), first: String(first.length) }),
      );
    }
    return row.map((cell: unknown, c) => requireCell(cell, `values[${r}][${c}]`));
  });
}

/** The number format of a cell formatted as plain text, as getNumberFormats gives it. */
export const PLAIN_TEXT_FORMAT = '@';

/**
 * Text that even a plain-text cell may read as a formula: `=…`, and `+…` or `-…` that is no plain number (the cell
 * editor makes `- item` the formula `=- item`). Such a cell keeps a leading apostrophe as typed, so this text cannot
 * be written to it exactly (the emulator's assumptions plain-text-keeps-formulas and plain-text-keeps-apostrophe).
 */
export function readsAsFormulaInPlainText(text: string): boolean {
  return /^(=|[+-](?!\d+(\.\d+)?$)[^])/.test(text);
}

/**
 * Whether `cell` can be written exactly to a cell of number format `format`, and put back there: anything but text a
 * plain-text cell may read as a formula (readsAsFormulaInPlainText).
 */
export function fitsCellOfFormat(cell: CellJson, format: string): boolean {
  return typeof cell !== 'string' || format !== PLAIN_TEXT_FORMAT || !readsAsFormulaInPlainText(cell);
}

/**
 * What setValues receives for a cell of number format `format`: text with a leading apostrophe (Sheets then stores
 * exactly the characters after it, never a formula, number or date), or as it is in a plain-text cell, which stores
 * text as given, an apostrophe too; a Date for a date; the formula text.
 */
export function toCellInput(cell: CellJson, format?: string): unknown {
  if (typeof cell === 'string') return cell === '' || format === PLAIN_TEXT_FORMAT ? cell : `'${cell}`;
  if (isDateCell(cell)) return new Date(cell.date);
  if (isFormulaCell(cell)) return cell.formula;
  return cell;
}

/** A value getValues returned, as JSON (dates become `{ date }`). */
export function fromCellValue(value: unknown): CellJson {
  if (isDate(value)) return { date: Number.isNaN(value.getTime()) ? '' : value.toISOString() };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return value === null || value === undefined ? '' : String(value);
}

/** A cell as read for the undo record: its formula if it has one, else its value. */
export function recordedCell(value: unknown, formula: string): CellJson {
  return formula ? { formula } : fromCellValue(value);
}

/**
 * Sheets writes function names in capitals and may respace a formula; compare what it means. Text in double quotes is
 * kept as it is, and a sheet name in single quotes keeps its spaces (`'Q 1'` is not `'Q1'`); a sheet is found
 * whatever the case of its name.
 */
function formulaKey(formula: string): string {
  return formula.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'|[^"']+/g, (part) => {
    if (part[0] === '"') return part;
    return (part[0] === "'" ? part : part.replace(/\s+/g, '')).toLowerCase();
  });
}

/** Whether the cell (value and formula as read now) still holds `cell`. */
export function holds(cell: CellJson, value: unknown, formula: string): boolean {
  if (isFormulaCell(cell)) return formula !== '' && formulaKey(formula) === formulaKey(cell.formula);
  if (formula) return false;
  if (isDateCell(cell)) return isDate(value) && value.toISOString() === cell.date;
  return fromCellValue(value) === cell;
}

/** A cell for a person: `12`, `"Total"`, `=SUM(B3:B9)`, `2026-01-10T05:00:00.000Z`, `empty`. */
export function describeCell(cell: CellJson): string {
  if (cell === '') return 'empty';
  if (isFormulaCell(cell)) return cell.formula;
  if (isDateCell(cell)) return cell.date;
  if (typeof cell === 'string') return JSON.stringify(cell.length > 40 ? `${cell.slice(0, 39)}…` : cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

/**
 * A value's mark: one of 4,096 CJK ideographs (U+4E00 on, one UTF-16 unit each, none a control character or a half),
 * by the last 12 bits of its digest, so that two values share one once in 4,096. (One hex digit shared once in 16,
 * and the digest's last 4 bits depend only on the last 4 of each character: `A-1` and `Q-1` always shared it.)
 */
function markOf(text: string): string {
  return String.fromCharCode(0x4e00 + parseInt(digestText(text).slice(-3), 16));
}

/**
 * What tells the rows of a write apart, beside it: a mark per cell, one character each, '_' in the written columns:
 * '-' for an empty cell, '=' for a formula (Sheets rewrites a formula's references when rows move elsewhere), else
 * markOf its value. A sort or an insertion above moves whole rows, so the cells beside the write then read otherwise,
 * even where the written cells hold one value in every row and still look untouched.
 */
export function cellMarks(rows: readonly CellJson[][], written: (column: number) => boolean): string[] {
  return rows.map((row) =>
    row
      .map((cell, c) =>
        written(c) ? '_' : cell === '' ? '-' : isFormulaCell(cell) ? '=' : markOf(JSON.stringify(cell)),
      )
      .join(''),
  );
}

/**
 * The columns (0-based, as in the marks) in which cells beside a write read otherwise `now` than the marks `kept`
 * when it was made: rows that were empty beside it are left out (what it replaced there belongs to no record), and
 * the cells `changedSince` names (another write of the agent's).
 */
export function movedColumns(
  kept: readonly string[],
  now: readonly string[],
  changedSince: (row: number, column: number) => boolean,
): number[] {
  const moved = new Set<number>();
  kept.forEach((marks, r) => {
    if (/^[-_]*$/.test(marks)) return;
    [...marks].forEach((mark, c) => {
      if (mark !== now[r]?.[c] && !changedSince(r, c)) moved.add(c);
    });
  });
  return [...moved].sort((one, other) => one - other);
}
