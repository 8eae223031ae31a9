/**
 * One sheet (tab) of an emulated spreadsheet: its grid size, its cells and its flags. This is the
 * stored state; services/sheet.ts is what scripts see of it.
 *
 * A script's cell writes are pending until it flushes or ends: "Spreadsheet operations are sometimes bundled
 * together" (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#flush()), and a lock is
 * released after SpreadsheetApp.flush() "to commit all pending changes to the spreadsheet before another script can
 * access it" (https://developers.google.com/apps-script/reference/lock/lock#releaseLock()).
 * Assumption unflushed-writes-unseen: another execution reads the cell as it was before, its writer its own write.
 */
import { copyValue, emptyCell, hasContent, isBlank, type CellRecord } from './cell';

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
  /** Cells an execution wrote and has not flushed, by `row:column`: the writer, and the cell as others read it. */
  readonly #pending = new Map<string, { readonly writer: object; readonly before: CellRecord | undefined }>();

  constructor(
    readonly sheetId: number,
    name: string,
  ) {
    this.name = name;
  }

  /**
   * The cell as `reader` (an execution) sees it: another writer's unflushed write is not seen. Without a reader (tests,
   * the local server, a person's edit), the cell as last written.
   */
  cellAt(row: number, column: number, reader?: object): CellRecord | undefined {
    const pending = reader === undefined ? undefined : this.#pending.get(`${row}:${column}`);
    return pending && pending.writer !== reader ? pending.before : this.#rows[row - 1]?.[column - 1];
  }

  /**
   * Changes one cell in place, creating it if needed and forgetting it if it ends up blank. A `writer`'s change is
   * pending until flushWrites(writer); a change without one (a person's edit, a test's set-up) is committed at once.
   */
  updateCell(row: number, column: number, change: (cell: CellRecord) => void, writer?: object): void {
    const key = `${row}:${column}`;
    const pending = this.#pending.get(key);
    if (writer === undefined) this.#pending.delete(key);
    else if (pending?.writer !== writer) {
      // A second writer takes the cell over; others still read what was committed.
      this.#pending.set(key, { writer, before: pending ? pending.before : copyCell(this.cellAt(row, column)) });
    }
    const cells = (this.#rows[row - 1] ??= []);
    const cell = cells[column - 1] ?? emptyCell();
    change(cell);
    cells[column - 1] = isBlank(cell) ? undefined : cell;
  }

  /** Commits `writer`'s pending writes (SpreadsheetApp.flush, the end of its execution). */
  flushWrites(writer: object): void {
    for (const [key, pending] of this.#pending) if (pending.writer === writer) this.#pending.delete(key);
  }

  /** Inserts `count` empty rows before `row`; the rows below move down and the grid grows. Commits pending writes. */
  insertRows(row: number, count: number): void {
    this.#pending.clear();
    if (this.#rows.length >= row) this.#rows.splice(row - 1, 0, ...new Array<undefined>(count));
    this.maxRows += count;
  }

  /** Deletes `count` rows from `row`; the rows below move up and the grid shrinks. Commits pending writes. */
  deleteRows(row: number, count: number): void {
    this.#pending.clear();
    this.#rows.splice(row - 1, count);
    this.maxRows -= count;
  }

  /** The last row with a value or formula, or 0 (Sheet.getLastRow), as `reader` sees the cells. */
  lastRow(reader?: object): number {
    if (this.#othersPending(reader)) return this.#cellsSeenBy(reader).reduce((last, { row }) => Math.max(last, row), 0);
    for (let index = this.#rows.length - 1; index >= 0; index--) {
      if (this.#rows[index]?.some(hasContent)) return index + 1;
    }
    return 0;
  }

  /** The last column with a value or formula, or 0 (Sheet.getLastColumn), as `reader` sees the cells. */
  lastColumn(reader?: object): number {
    if (this.#othersPending(reader)) {
      return this.#cellsSeenBy(reader).reduce((last, { column }) => Math.max(last, column), 0);
    }
    let last = 0;
    for (const { column, cell } of this.storedCells()) {
      if (hasContent(cell)) last = Math.max(last, column);
    }
    return last;
  }

  /** Empties cells: their contents (values, formulas), their formats, or both. */
  clear(what: { readonly contents: boolean; readonly formats: boolean }, writer?: object): void {
    for (const { row, column } of [...this.storedCells()]) {
      this.updateCell(row, column, (cell) => clearCell(cell, what), writer);
    }
  }

  /** Whether another writer than `reader` has writes pending here. */
  #othersPending(reader: object | undefined): boolean {
    if (reader === undefined) return false;
    for (const pending of this.#pending.values()) if (pending.writer !== reader) return true;
    return false;
  }

  /** The cells with a value or formula as `reader` sees them. */
  #cellsSeenBy(reader: object | undefined): Array<{ row: number; column: number }> {
    const places = new Set([...this.storedCells()].map(({ row, column }) => `${row}:${column}`));
    for (const key of this.#pending.keys()) places.add(key);
    return [...places]
      .map((key) => key.split(':').map(Number))
      .filter(([row, column]) => hasContent(this.cellAt(row, column, reader)))
      .map(([row, column]) => ({ row, column }));
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

/** A copy that shares nothing mutable with the cell. */
export function copyCell(cell: CellRecord | undefined): CellRecord | undefined {
  if (!cell) return undefined;
  const copy: CellRecord = { ...cell, value: copyValue(cell.value) };
  if (cell.computed !== undefined) copy.computed = copyValue(cell.computed);
  if (cell.formatting) copy.formatting = { ...cell.formatting };
  return copy;
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
