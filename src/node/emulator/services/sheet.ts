/**
 * SpreadsheetApp's Sheet (https://developers.google.com/apps-script/reference/spreadsheet/sheet).
 * The grid starts at 1000 x 26 and grows only through insertRows… and appendRow, as in Sheets.
 */
import { parseA1Area, splitSheetName, type GridArea } from '../model/a1-notation';
import type { EmulatedSheet } from '../model/emulated-sheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { interpretCellInput, type CellContent } from './cell-input';
import type { Range } from './range';
import type { SpreadsheetObjects } from './spreadsheet-objects';
import { requireRoomForCells } from './cell-limit';

const ROWS_OUT_OF_BOUNDS = 'Those rows are out of bounds.';

export class Sheet {
  readonly #scope: ExecutionScope;
  readonly #objects: SpreadsheetObjects;
  readonly #sheet: EmulatedSheet;

  constructor(scope: ExecutionScope, objects: SpreadsheetObjects, sheet: EmulatedSheet) {
    this.#scope = scope;
    this.#objects = objects;
    this.#sheet = sheet;
  }

  getName(): string {
    return this.#sheet.name;
  }

  getSheetId(): number {
    return this.#sheet.sheetId;
  }

  /** getRange('C1:D2'), or getRange(row, column, numRows?, numColumns?) with 1-based numbers. */
  getRange(...args: unknown[]): Range {
    const [first, column, numRows = 1, numColumns = 1] = args;
    if (args.length === 1 && typeof first === 'string')
      return this.#objects.range(this.#sheet, areaFromA1(this.#sheet, first));
    if (args.length < 2 || args.length > 4 || !args.every((arg) => typeof arg === 'number')) {
      throw signatureMismatch('SpreadsheetApp.Sheet.getRange', args);
    }
    const area = {
      row: first as number,
      column: column as number,
      numRows: numRows as number,
      numColumns: numColumns as number,
    };
    return this.#objects.range(this.#sheet, checkedArea(this.#sheet, area));
  }

  /** From A1 to the last row and column with content (A1 alone on an empty sheet). */
  getDataRange(): Range {
    return this.#objects.range(this.#sheet, {
      row: 1,
      column: 1,
      numRows: Math.max(1, this.#sheet.lastRow(this.#scope)),
      numColumns: Math.max(1, this.#sheet.lastColumn(this.#scope)),
    });
  }

  getLastRow(): number {
    return this.#sheet.lastRow(this.#scope);
  }

  getLastColumn(): number {
    return this.#sheet.lastColumn(this.#scope);
  }

  getMaxRows(): number {
    return this.#sheet.maxRows;
  }

  getMaxColumns(): number {
    return this.#sheet.maxColumns;
  }

  /**
   * Writes the values in the row below the last row with content, interpreting them as setValues
   * does ("Appends a row to the bottom of the current data region in the sheet. If a cell's
   * content begins with =, it's interpreted as a formula."). The grid grows when the row or the
   * values go past its edge. Assumption append-empty-row: an empty array is refused.
   */
  appendRow(rowContents: unknown): this {
    if (!Array.isArray(rowContents)) throw signatureMismatch('SpreadsheetApp.Sheet.appendRow', [rowContents]);
    const values: unknown[] = rowContents;
    if (values.length === 0) throw new ServiceError('appendRow needs at least one value.');
    const row = this.#sheet.lastRow(this.#scope) + 1;
    const rows = Math.max(this.#sheet.maxRows, row);
    const columns = Math.max(this.#sheet.maxColumns, values.length);
    requireRoomForCells(this.#scope.spreadsheet, rows * columns - this.#sheet.maxRows * this.#sheet.maxColumns);
    const contents: CellContent[] = values.map((value, index) =>
      interpretCellInput(value, {
        numberFormat: this.#sheet.cellAt(row, index + 1, this.#scope)?.numberFormat,
        timeZone: this.#scope.spreadsheet.zone,
        now: this.#scope.now(),
        method: 'SpreadsheetApp.Sheet.appendRow',
      }),
    );
    this.#sheet.maxRows = rows;
    this.#sheet.maxColumns = columns;
    contents.forEach((content, index) =>
      this.#sheet.updateCell(
        row,
        index + 1,
        (cell) => {
          cell.value = content.kind === 'value' ? content.value : '';
          cell.formula = content.kind === 'formula' ? content.formula : '';
        },
        this.#scope,
      ),
    );
    return this;
  }

  /** Assumption inserted-rows-empty (../assumptions.ts): inserted rows start empty. */
  insertRowBefore(beforePosition: unknown): this {
    return this.#insertRows(beforePosition, 1, 'insertRowBefore');
  }

  insertRowsBefore(beforePosition: unknown, howMany: unknown): this {
    return this.#insertRows(beforePosition, howMany, 'insertRowsBefore');
  }

  insertRowAfter(afterPosition: unknown): this {
    return this.#insertRows(
      typeof afterPosition === 'number' ? afterPosition + 1 : afterPosition,
      1,
      'insertRowAfter',
      1,
    );
  }

  insertRowsAfter(afterPosition: unknown, howMany: unknown): this {
    return this.#insertRows(
      typeof afterPosition === 'number' ? afterPosition + 1 : afterPosition,
      howMany,
      'insertRowsAfter',
      1,
    );
  }

  deleteRow(rowPosition: unknown): this {
    return this.#deleteRows(rowPosition, 1, 'deleteRow');
  }

  deleteRows(rowPosition: unknown, howMany: unknown): this {
    return this.#deleteRows(rowPosition, howMany, 'deleteRows');
  }

  hideSheet(): this {
    const othersVisible = this.#scope.spreadsheet.sheets.some((sheet) => sheet !== this.#sheet && !sheet.hidden);
    if (!othersVisible) throw new ServiceError('Sorry, it is not possible to hide all the sheets in a document.');
    this.#sheet.hidden = true;
    return this;
  }

  showSheet(): this {
    this.#sheet.hidden = false;
    return this;
  }

  isSheetHidden(): boolean {
    return this.#sheet.hidden;
  }

  setColumnWidth(columnPosition: unknown, width: unknown): this {
    if (typeof columnPosition !== 'number' || typeof width !== 'number') {
      throw signatureMismatch('SpreadsheetApp.Sheet.setColumnWidth', [columnPosition, width]);
    }
    checkedArea(this.#sheet, { row: 1, column: columnPosition, numRows: 1, numColumns: 1 });
    this.#sheet.columnWidths.set(columnPosition, width);
    return this;
  }

  /**
   * hideColumns(columnIndex) or hideColumns(columnIndex, numColumns): the columns stay readable and writable by
   * scripts; a person no longer sees them (https://developers.google.com/apps-script/reference/spreadsheet/sheet#hidecolumnscolumnindex).
   */
  hideColumns(columnIndex: unknown, numColumns: unknown = 1): void {
    if (typeof columnIndex !== 'number' || typeof numColumns !== 'number') {
      throw signatureMismatch('SpreadsheetApp.Sheet.hideColumns', [columnIndex, numColumns]);
    }
    checkedArea(this.#sheet, { row: 1, column: columnIndex, numRows: 1, numColumns });
    for (let column = columnIndex; column < columnIndex + numColumns; column++) this.#sheet.hiddenColumns.add(column);
  }

  /** showColumns(columnIndex) or showColumns(columnIndex, numColumns): unhides them (https://developers.google.com/apps-script/reference/spreadsheet/sheet#showcolumnscolumnindex). */
  showColumns(columnIndex: unknown, numColumns: unknown = 1): void {
    if (typeof columnIndex !== 'number' || typeof numColumns !== 'number') {
      throw signatureMismatch('SpreadsheetApp.Sheet.showColumns', [columnIndex, numColumns]);
    }
    checkedArea(this.#sheet, { row: 1, column: columnIndex, numRows: 1, numColumns });
    for (let column = columnIndex; column < columnIndex + numColumns; column++)
      this.#sheet.hiddenColumns.delete(column);
  }

  /** Whether hideColumns hid the column (https://developers.google.com/apps-script/reference/spreadsheet/sheet#iscolumnhiddenbyusercolumnposition). */
  isColumnHiddenByUser(columnPosition: unknown): boolean {
    if (typeof columnPosition !== 'number') {
      throw signatureMismatch('SpreadsheetApp.Sheet.isColumnHiddenByUser', [columnPosition]);
    }
    checkedArea(this.#sheet, { row: 1, column: columnPosition, numRows: 1, numColumns: 1 });
    return this.#sheet.hiddenColumns.has(columnPosition);
  }

  /** Clears contents and formats (or one of them: `{ contentsOnly }` / `{ formatOnly }`). */
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): this {
    const contentsOnly = options?.contentsOnly === true;
    const formatOnly = options?.formatOnly === true;
    this.#sheet.clear({ contents: !formatOnly || contentsOnly, formats: !contentsOnly || formatOnly }, this.#scope);
    return this;
  }

  clearContents(): this {
    this.#sheet.clear({ contents: true, formats: false }, this.#scope);
    return this;
  }

  clearFormats(): this {
    this.#sheet.clear({ contents: false, formats: true }, this.#scope);
    return this;
  }

  #insertRows(position: unknown, howMany: unknown, method: string, extraAllowed = 0): this {
    if (!isWholeNumber(position) || !isWholeNumber(howMany)) {
      throw signatureMismatch(`SpreadsheetApp.Sheet.${method}`, [position, howMany]);
    }
    // After the last row is allowed (insertRowAfter(maxRows)); before a row past the end is not.
    if (position < 1 || position > this.#sheet.maxRows + extraAllowed || howMany < 1)
      throw new ServiceError(ROWS_OUT_OF_BOUNDS);
    requireRoomForCells(this.#scope.spreadsheet, howMany * this.#sheet.maxColumns);
    this.#sheet.insertRows(position, howMany);
    return this;
  }

  #deleteRows(position: unknown, howMany: unknown, method: string): this {
    if (!isWholeNumber(position) || !isWholeNumber(howMany)) {
      throw signatureMismatch(`SpreadsheetApp.Sheet.${method}`, [position, howMany]);
    }
    if (position < 1 || howMany < 1 || position + howMany - 1 > this.#sheet.maxRows)
      throw new ServiceError(ROWS_OUT_OF_BOUNDS);
    if (howMany >= this.#sheet.maxRows)
      throw new ServiceError('Sorry, it is not possible to delete all non-frozen rows.');
    this.#sheet.deleteRows(position, howMany);
    return this;
  }
}

/** The area of an A1 reference on this sheet; a sheet name in it must be this sheet's. */
export function areaFromA1(sheet: EmulatedSheet, a1: string): GridArea {
  const reference = splitSheetName(a1);
  const area =
    reference && (reference.sheetName === undefined || reference.sheetName === sheet.name)
      ? parseA1Area(reference.a1, sheet)
      : undefined;
  if (!area) throw new ServiceError('Range not found');
  return area;
}

/** Checks getRange(row, column, numRows, numColumns) as Apps Script does, with its messages. */
function checkedArea(sheet: EmulatedSheet, area: GridArea): GridArea {
  const { row, column, numRows, numColumns } = area;
  if (![row, column, numRows, numColumns].every(Number.isInteger)) {
    throw new ServiceError(
      `Range coordinates must be whole numbers (got ${row}, ${column}, ${numRows}, ${numColumns}).`,
    );
  }
  if (row < 1) throw new ServiceError('The starting row of the range is too small.');
  if (column < 1) throw new ServiceError('The starting column of the range is too small.');
  if (numRows < 1) throw new ServiceError('The number of rows in the range must be at least 1.');
  if (numColumns < 1) throw new ServiceError('The number of columns in the range must be at least 1.');
  if (row + numRows - 1 > sheet.maxRows || column + numColumns - 1 > sheet.maxColumns) {
    throw new ServiceError('The coordinates of the range are outside the dimensions of the sheet.');
  }
  return area;
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
