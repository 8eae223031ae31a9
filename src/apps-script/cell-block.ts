/**
 * A few cells of one sheet read and written together: the smallest block holding them is read with one getValues,
 * and written with one setValues when the cells fill it exactly (otherwise one setValue per cell, so that nothing
 * else in the block is touched).
 */
import { cellA1, type CellAddress } from '../core/sheet/a1';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export class CellBlock {
  readonly row: number;
  readonly column: number;
  readonly numRows: number;
  readonly numColumns: number;
  /** Every cell of the block is one of the cells it was made around. */
  readonly exact: boolean;

  constructor(readonly cells: readonly CellAddress[]) {
    this.row = Math.min(...cells.map((cell) => cell.row));
    this.column = Math.min(...cells.map((cell) => cell.column));
    this.numRows = Math.max(...cells.map((cell) => cell.row)) - this.row + 1;
    this.numColumns = Math.max(...cells.map((cell) => cell.column)) - this.column + 1;
    const distinct = new Set(cells.map((cell) => `${cell.row}:${cell.column}`)).size;
    this.exact = distinct === cells.length && distinct === this.numRows * this.numColumns;
  }

  /** The block in A1 notation: `C1:D2`. */
  get a1(): string {
    const last = { row: this.row + this.numRows - 1, column: this.column + this.numColumns - 1 };
    return `${cellA1(this)}:${cellA1(last)}`;
  }

  /** One getValues of the block. */
  read(sheet: Sheet): unknown[][] {
    return sheet.getRange(this.row, this.column, this.numRows, this.numColumns).getValues();
  }

  /** A cell's value in what `read` returned. */
  valueAt(values: unknown[][], cell: CellAddress): unknown {
    return values[cell.row - this.row][cell.column - this.column];
  }

  /** Writes one value per cell of the block (in the order of `cells`). */
  write(sheet: Sheet, values: readonly unknown[]): void {
    if (!this.exact) {
      this.cells.forEach((cell, i) => sheet.getRange(cell.row, cell.column).setValue(values[i]));
      return;
    }
    const grid = Array.from({ length: this.numRows }, () => new Array<unknown>(this.numColumns).fill(''));
    this.cells.forEach((cell, i) => (grid[cell.row - this.row][cell.column - this.column] = values[i]));
    sheet.getRange(this.row, this.column, this.numRows, this.numColumns).setValues(grid);
  }
}
