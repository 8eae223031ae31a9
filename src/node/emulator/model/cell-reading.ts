/** What reading a cell gives a script: Range.getValue(s) and getDisplayValue(s). */
import { copyValue, type CellRecord, type CellValue } from './cell';
import { formatSimpleDate } from '../time/simple-date-format';
import { zonedFields, type TimeZone } from '../time/time-zones';

/**
 * Assumption formulas-not-evaluated (../assumptions.ts): the emulator does not evaluate formulas.
 * A formula cell reads as the text `#ERROR!`, which is also what Sheets shows for the formulas
 * plan text accidentally becomes (`=- item`), unless a test gave it the result Sheets would compute.
 */
export const FORMULA_RESULT = '#ERROR!';

/**
 * The value as getValue returns it: a string, number, boolean or Date; `''` for an empty cell.
 * Assumption formula-error-values: a formula whose result is an error (`#REF!`, `#N/A`, …) reads as that text, through
 * getValue(s) and getDisplayValue(s) alike.
 */
export function readCellValue(cell: CellRecord | undefined): CellValue {
  if (!cell) return '';
  if (cell.formula !== '') return cell.computed === undefined ? FORMULA_RESULT : copyValue(cell.computed);
  return copyValue(cell.value);
}

/**
 * The value as shown in the grid (getDisplayValue). Assumption display-values: number formats
 * other than plain text are not applied: numbers show as JavaScript prints them, dates as
 * `M/d/yyyy` (with ` H:mm:ss` when they have a time of day), booleans as `TRUE`/`FALSE`.
 */
export function displayCellValue(cell: CellRecord | undefined, timeZone: TimeZone): string {
  const value = readCellValue(cell);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  const time = value.getTime();
  const fields = zonedFields(time, timeZone);
  const hasTimeOfDay = fields.hour !== 0 || fields.minute !== 0 || fields.second !== 0;
  return formatSimpleDate(time, timeZone, hasTimeOfDay ? 'M/d/yyyy H:mm:ss' : 'M/d/yyyy');
}
