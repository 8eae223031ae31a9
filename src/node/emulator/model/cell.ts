/** What one cell of an emulated sheet holds. */

/** A cell's value as Apps Script reads it: `''` is an empty cell. Dates are kept as host-realm Dates. */
export type CellValue = string | number | boolean | Date;

/** Formatting a script applied (background, font weight, wrap, …): recorded, never rendered. */
export type CellFormatting = Record<string, string | number | boolean | null>;

export interface CellRecord {
  /** The typed or written value; `''` when the cell is empty or holds a formula. */
  value: CellValue;
  /** The formula text (`=…`), or `''`. */
  formula: string;
  /**
   * What Sheets computed for the formula, given by a test (EmulatedSpreadsheet.setFormulaResult): the emulator has no
   * formula engine. Absent, a formula cell reads `#ERROR!`. Any write to the cell drops it.
   */
  computed?: CellValue;
  /** `'@'` is plain text; undefined is Sheets' automatic format. */
  numberFormat?: string;
  formatting?: CellFormatting;
}

export function emptyCell(): CellRecord {
  return { value: '', formula: '' };
}

/** Whether the cell has content in the sense of Sheet.getLastRow(): a value or a formula. */
export function hasContent(cell: CellRecord | undefined): boolean {
  return cell !== undefined && (cell.value !== '' || cell.formula !== '');
}

/** Whether nothing at all is left in the cell, so the sheet can forget it. */
export function isBlank(cell: CellRecord): boolean {
  return (
    !hasContent(cell) &&
    cell.numberFormat === undefined &&
    (cell.formatting === undefined || Object.keys(cell.formatting).length === 0)
  );
}

/** A copy that shares nothing mutable (Dates are objects). */
export function copyValue(value: CellValue): CellValue {
  return value instanceof Date ? new Date(value.getTime()) : value;
}
