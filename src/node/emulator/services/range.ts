/**
 * SpreadsheetApp's Range (https://developers.google.com/apps-script/reference/spreadsheet/range):
 * a rectangle of one sheet. Reads return new arrays each call; writes interpret their input as
 * cell-input.ts describes and either write every cell or, when one cell is refused, none.
 */
import { formatA1Area, type GridArea } from '../model/a1-notation';
import type { CellRecord } from '../model/cell';
import { displayCellValue, readCellValue } from '../model/cell-reading';
import { clearCell, type EmulatedSheet } from '../model/emulated-sheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { newArray, newDate } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { interpretCellInput, type CellContent } from './cell-input';
import type { Sheet } from './sheet';
import type { SpreadsheetObjects } from './spreadsheet-objects';

/**
 * What getNumberFormat returns for a cell in the automatic format. Assumption automatic-number-format: this is what
 * scripts report for untouched cells; the reference does not say.
 */
export const AUTOMATIC_NUMBER_FORMAT = '0.###############';

const OUTSIDE_SHEET = 'The coordinates of the range are outside the dimensions of the sheet.';

export class Range {
  readonly #scope: ExecutionScope;
  readonly #objects: SpreadsheetObjects;
  readonly #sheet: EmulatedSheet;
  readonly #area: GridArea;

  constructor(scope: ExecutionScope, objects: SpreadsheetObjects, sheet: EmulatedSheet, area: GridArea) {
    this.#scope = scope;
    this.#objects = objects;
    this.#sheet = sheet;
    this.#area = area;
  }

  // ---- where the range is ----

  getA1Notation(): string {
    return formatA1Area(this.#area);
  }

  getRow(): number {
    return this.#area.row;
  }

  getColumn(): number {
    return this.#area.column;
  }

  getNumRows(): number {
    return this.#area.numRows;
  }

  getNumColumns(): number {
    return this.#area.numColumns;
  }

  getLastRow(): number {
    return this.#area.row + this.#area.numRows - 1;
  }

  getLastColumn(): number {
    return this.#area.column + this.#area.numColumns - 1;
  }

  getSheet(): Sheet {
    return this.#objects.sheet(this.#sheet);
  }

  /**
   * "Sets the specified range as the active range, with the top left cell in the range as the current cell"
   * (https://developers.google.com/apps-script/reference/spreadsheet/range#activate()); its sheet becomes the
   * active sheet. In a 'ui' execution (a menu item, google.script.run from a sidebar) that is the person's
   * selection in their Sheets window, which the model records. Assumption activate-without-window: elsewhere
   * (scripts.run, triggers) there is no window, so no one's selection changes.
   */
  activate(): this {
    this.#scope.activeSheet = this.#sheet;
    if (this.#scope.settings.context === 'ui') {
      this.#scope.spreadsheet.selections.set(this.#scope.settings.user, { sheet: this.#sheet, area: this.#area });
    }
    return this;
  }

  // ---- reading ----

  /** The top-left cell's value: a string, number, boolean or Date; `''` when empty. */
  getValue(): unknown {
    return this.#toScript(readCellValue(this.#topLeft()));
  }

  getValues(): unknown[][] {
    return this.#grid((cell) => this.#toScript(readCellValue(cell)));
  }

  getDisplayValue(): string {
    return displayCellValue(this.#topLeft(), this.#scope.spreadsheet.zone);
  }

  getDisplayValues(): string[][] {
    return this.#grid((cell) => displayCellValue(cell, this.#scope.spreadsheet.zone));
  }

  getFormula(): string {
    return this.#topLeft()?.formula ?? '';
  }

  getFormulas(): string[][] {
    return this.#grid((cell) => cell?.formula ?? '');
  }

  getNumberFormat(): string {
    return this.#topLeft()?.numberFormat ?? AUTOMATIC_NUMBER_FORMAT;
  }

  getNumberFormats(): string[][] {
    return this.#grid((cell) => cell?.numberFormat ?? AUTOMATIC_NUMBER_FORMAT);
  }

  // ---- writing ----

  /** Sets every cell of the range to the value (one value for the whole rectangle). */
  setValue(value: unknown): this {
    if (arguments.length !== 1) throw signatureMismatch('SpreadsheetApp.Range.setValue', [...arguments]);
    const contents = this.#mapCells((row, column) =>
      this.#interpret(value, row, column, 'SpreadsheetApp.Range.setValue'),
    );
    this.#writeAll(contents);
    return this;
  }

  /**
   * Sets each cell from a 2-D array of exactly the range's size ("The dimensions must match the
   * size of the range", https://developers.google.com/apps-script/reference/spreadsheet/range#setValues(Object)).
   */
  setValues(values: unknown): this {
    const rows = this.#requireGrid(values, 'SpreadsheetApp.Range.setValues');
    const contents = this.#mapCells((row, column) =>
      this.#interpret(
        rows[row - this.#area.row][column - this.#area.column],
        row,
        column,
        'SpreadsheetApp.Range.setValues',
      ),
    );
    this.#writeAll(contents);
    return this;
  }

  /** Assumption set-formula-without-equals: text without a leading `=` is written as setValue would. */
  setFormula(formula: unknown): this {
    if (typeof formula !== 'string') throw signatureMismatch('SpreadsheetApp.Range.setFormula', [formula]);
    return this.setValue(formula);
  }

  setNumberFormat(numberFormat: unknown): this {
    if (typeof numberFormat !== 'string')
      throw signatureMismatch('SpreadsheetApp.Range.setNumberFormat', [numberFormat]);
    this.#requireInsideSheet();
    this.#forEachCell((row, column) =>
      this.#sheet.updateCell(
        row,
        column,
        (cell) => {
          cell.numberFormat = numberFormat;
        },
        this.#scope,
      ),
    );
    return this;
  }

  setNumberFormats(numberFormats: unknown): this {
    const rows = this.#requireGrid(numberFormats, 'SpreadsheetApp.Range.setNumberFormats');
    if (rows.some((row) => row.some((format) => typeof format !== 'string'))) {
      throw signatureMismatch('SpreadsheetApp.Range.setNumberFormats', [numberFormats]);
    }
    this.#forEachCell((row, column) =>
      this.#sheet.updateCell(
        row,
        column,
        (cell) => {
          cell.numberFormat = rows[row - this.#area.row][column - this.#area.column] as string;
        },
        this.#scope,
      ),
    );
    return this;
  }

  /** Clears values and formulas, keeping formats. */
  clearContent(): this {
    return this.#clear({ contents: true, formats: false });
  }

  /** Clears values, formulas and formats (or only one of them: `{ contentsOnly }` / `{ formatOnly }`). */
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): this {
    const contentsOnly = options?.contentsOnly === true;
    const formatOnly = options?.formatOnly === true;
    return this.#clear({ contents: !formatOnly || contentsOnly, formats: !contentsOnly || formatOnly });
  }

  // ---- formatting: recorded, never rendered ----

  setVerticalAlignment(alignment: unknown): this {
    return this.#format('verticalAlignment', alignment, 'string', 'setVerticalAlignment');
  }

  // ---- helpers ----

  #topLeft(): CellRecord | undefined {
    return this.#sheet.cellAt(this.#area.row, this.#area.column, this.#scope);
  }

  /** A new script-realm 2-D array of the range's size. */
  #grid<T>(read: (cell: CellRecord | undefined) => T): T[][] {
    const realm = this.#scope.realm;
    const rows: T[][] = [];
    for (let row = this.#area.row; row <= this.getLastRow(); row++) {
      const values: T[] = [];
      for (let column = this.#area.column; column <= this.getLastColumn(); column++) {
        values.push(read(this.#sheet.cellAt(row, column, this.#scope)));
      }
      rows.push(newArray(realm, values));
    }
    return newArray(realm, rows);
  }

  /** Dates go to the script as Dates of its own realm. */
  #toScript(value: unknown): unknown {
    return value instanceof Date ? newDate(this.#scope.realm, value.getTime()) : value;
  }

  #forEachCell(visit: (row: number, column: number) => void): void {
    for (let row = this.#area.row; row <= this.getLastRow(); row++) {
      for (let column = this.#area.column; column <= this.getLastColumn(); column++) visit(row, column);
    }
  }

  #mapCells<T>(make: (row: number, column: number) => T): Array<{ row: number; column: number; item: T }> {
    const cells: Array<{ row: number; column: number; item: T }> = [];
    this.#forEachCell((row, column) => cells.push({ row, column, item: make(row, column) }));
    return cells;
  }

  #interpret(input: unknown, row: number, column: number, method: string): CellContent {
    return interpretCellInput(input, {
      numberFormat: this.#sheet.cellAt(row, column, this.#scope)?.numberFormat,
      timeZone: this.#scope.spreadsheet.zone,
      now: this.#scope.now(),
      method,
    });
  }

  /** Writes after every cell was interpreted, so a refused cell leaves the whole range untouched. */
  #writeAll(contents: ReadonlyArray<{ row: number; column: number; item: CellContent }>): void {
    this.#requireInsideSheet();
    for (const { row, column, item } of contents) {
      this.#sheet.updateCell(row, column, (cell) => writeContent(cell, item), this.#scope);
    }
  }

  /** The 2-D array a set…s method received, checked against the range's size with Google's messages. */
  #requireGrid(values: unknown, method: string): unknown[][] {
    if (!Array.isArray(values) || !values.every(Array.isArray)) throw signatureMismatch(method, [values]);
    const rows = values as unknown[][];
    if (rows.length !== this.#area.numRows) {
      throw new ServiceError(
        `The number of rows in the data does not match the number of rows in the range. The data has ` +
          `${rows.length} but the range has ${this.#area.numRows}.`,
      );
    }
    const misfit = rows.find((row) => row.length !== this.#area.numColumns);
    if (misfit) {
      throw new ServiceError(
        `The number of columns in the data does not match the number of columns in the range. The data has ` +
          `${misfit.length} but the range has ${this.#area.numColumns}.`,
      );
    }
    return rows;
  }

  /** Rows may have been deleted since the range was made. */
  #requireInsideSheet(): void {
    if (this.getLastRow() > this.#sheet.maxRows || this.getLastColumn() > this.#sheet.maxColumns) {
      throw new ServiceError(OUTSIDE_SHEET);
    }
  }

  #clear(what: { contents: boolean; formats: boolean }): this {
    this.#requireInsideSheet();
    this.#forEachCell((row, column) =>
      this.#sheet.updateCell(row, column, (cell) => clearCell(cell, what), this.#scope),
    );
    return this;
  }

  #format(attribute: string, value: unknown, type: 'string' | 'boolean', method: string): this {
    if (value !== null && typeof value !== type) throw signatureMismatch(`SpreadsheetApp.Range.${method}`, [value]);
    this.#requireInsideSheet();
    this.#forEachCell((row, column) =>
      this.#sheet.updateCell(
        row,
        column,
        (cell) => {
          const formatting = (cell.formatting ??= {});
          if (value === null) delete formatting[attribute];
          else formatting[attribute] = value as string | boolean;
          if (Object.keys(formatting).length === 0) delete cell.formatting;
        },
        this.#scope,
      ),
    );
    return this;
  }
}

function writeContent(cell: CellRecord, content: CellContent): void {
  delete cell.computed;
  if (content.kind === 'formula') {
    cell.value = '';
    cell.formula = content.formula;
  } else {
    cell.value = content.value;
    cell.formula = '';
  }
}
