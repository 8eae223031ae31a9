/**
 * One sheet (tab) of an emulated spreadsheet: its grid size, its cells and its flags. This is the
 * stored state; services/sheet.ts is what scripts see of it.
 */
import { emptyCell, hasContent, isBlank, type CellRecord } from './cell';

/** Assumption new-sheet-size (../assumptions.ts): a new tab is 1000 rows by 26 columns (A to Z). */
export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_MAX_COLUMNS = 26;

export interface StoredCell {
  readonly row: number;
  readonly column: number;
  readonly cell: CellRecord;
}

export class EmulatedSheet {
  name: string;
  hidden = false;
  maxRows = DEFAULT_MAX_ROWS;
  maxColumns = DEFAULT_MAX_COLUMNS;
  /** Widths set by setColumnWidth, by 1-based column. */
  readonly columnWidths = new Map<number, number>();
  /** Columns hidden by hideColumns, 1-based. */
  readonly hiddenColumns = new Set<number>();
  /** Sparse grid: rows[row - 1][column - 1]; missing means an untouched cell. */
  #rows: Array<Array<CellRecord | undefined> | undefined> = [];

  constructor(
    readonly sheetId: number,
    name: string,
  ) {
    this.name = name;
  }

  cellAt(row: number, column: number): CellRecord | undefined {
    return this.#rows[row - 1]?.[column - 1];
  }

  /** Changes one cell in place, creating it if needed and forgetting it if it ends up blank. */
  updateCell(row: number, column: number, change: (cell: CellRecord) => void): void {
    const cells = (this.#rows[row - 1] ??= []);
    const cell = cells[column - 1] ?? emptyCell();
    change(cell);
    cells[column - 1] = isBlank(cell) ? undefined : cell;
  }

  /** Inserts `count` empty rows before `row`; the rows below move down and the grid grows. */
  insertRows(row: number, count: number): void {
    if (this.#rows.length >= row) this.#rows.splice(row - 1, 0, ...new Array<undefined>(count));
    this.maxRows += count;
  }

  /** Deletes `count` rows from `row`; the rows below move up and the grid shrinks. */
  deleteRows(row: number, count: number): void {
    this.#rows.splice(row - 1, count);
    this.maxRows -= count;
  }

  /** The last row with a value or formula, or 0 (Sheet.getLastRow). */
  lastRow(): number {
    for (let index = this.#rows.length - 1; index >= 0; index--) {
      if (this.#rows[index]?.some(hasContent)) return index + 1;
    }
    return 0;
  }

  /** The last column with a value or formula, or 0 (Sheet.getLastColumn). */
  lastColumn(): number {
    let last = 0;
    for (const { column, cell } of this.storedCells()) {
      if (hasContent(cell)) last = Math.max(last, column);
    }
    return last;
  }

  /** Empties cells: their contents (values, formulas), their formats, or both. */
  clear(what: { readonly contents: boolean; readonly formats: boolean }): void {
    for (const { row, column } of this.storedCells()) {
      this.updateCell(row, column, (cell) => clearCell(cell, what));
    }
  }

  /** Every stored cell, row by row. */
  *storedCells(): IterableIterator<StoredCell> {
    for (let rowIndex = 0; rowIndex < this.#rows.length; rowIndex++) {
      const cells = this.#rows[rowIndex];
      if (!cells) continue;
      for (let columnIndex = 0; columnIndex < cells.length; columnIndex++) {
        const cell = cells[columnIndex];
        if (cell) yield { row: rowIndex + 1, column: columnIndex + 1, cell };
      }
    }
  }
}

export function clearCell(cell: CellRecord, what: { readonly contents: boolean; readonly formats: boolean }): void {
  if (what.contents) {
    cell.value = '';
    cell.formula = '';
    delete cell.computed;
  }
  if (what.formats) {
    delete cell.numberFormat;
    delete cell.formatting;
  }
}
