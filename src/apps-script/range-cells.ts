/**
 * A range's cells as a write or an undo reads and writes them (./sheet-work.ts): their values, formulas and number
 * formats, read with the rest of their rows, and written so that the change under way can put them back.
 */
import {
  cellMarks,
  describeCell,
  fitsCellOfFormat,
  recordedCell,
  toCellInput,
  type CellJson,
} from '../core/sheet/cell-values';
import { invalidArgument, messageOf, notFound } from '../core/errors';
import { cellName, columnCount, formatSheetRange, rowCount, type SheetRange } from '../core/sheet/sheet-range';
import { filled } from '../core/text';
import type { SpreadsheetPlanStore } from './spreadsheet-store';
import * as rareRefusals from './rare-refusals';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

export function sheetNamed(spreadsheet: Spreadsheet, name: string): Sheet {
  const sheet = spreadsheet.getSheetByName(name);
  if (!sheet) throw notFound(filled(rareRefusals.noSheetNamed(), { name }));
  return sheet;
}

/** The range on its sheet; a range past the sheet's grid is the caller's mistake, said plainly. */
export function gridRange(spreadsheet: Spreadsheet, range: SheetRange): Range {
  return rangeOn(sheetNamed(spreadsheet, range.sheet), range);
}

/** The range on `sheet`, or what `pastTheEdge` makes of Sheets' message when the range goes past the sheet's grid. */
export function rangeOr<T>(sheet: Sheet, range: SheetRange, pastTheEdge: (message: string) => T): Range | T {
  try {
    return sheet.getRange(range.top, range.left, rowCount(range), columnCount(range));
  } catch (error) {
    const message = messageOf(error);
    if (!/outside the dimensions/i.test(message)) throw error;
    return pastTheEdge(message);
  }
}

function rangeOn(sheet: Sheet, range: SheetRange): Range {
  return rangeOr(sheet, range, (message) => {
    throw invalidArgument(
      filled(rareRefusals.pastTheEdge(), { range: formatSheetRange(range), sheet: range.sheet, message }),
    );
  });
}

/** Cells as read, and as the write log records them (a formula as its formula), with their number formats. */
export interface CellsRead {
  values: unknown[][];
  formulas: string[][];
  recorded: CellJson[][];
  formats: string[][];
}

/** One getValues, one getFormulas, one getNumberFormats: a plain-text cell takes text as it is (toCellInput). */
function readCells(cells: Range): CellsRead {
  const values = cells.getValues();
  const formulas = cells.getFormulas();
  return {
    values,
    formulas,
    recorded: values.map((row, r) => row.map((value, c) => recordedCell(value, formulas[r][c]))),
    formats: cells.getNumberFormats(),
  };
}

/** The read of `range`'s columns in `wide`, a read of the same rows from column `from`. */
function columnsOf(wide: CellsRead, range: SheetRange, from: number): CellsRead {
  const slice = ([name, grid]: [string, unknown[][]]) => [
    name,
    grid.map((row) => row.slice(range.left - from, range.right - from + 1)),
  ];
  return Object.fromEntries(Object.entries(wide).map(slice)) as CellsRead;
}

/** Columns a write reads on each side of its target, to tell its rows by: a sort or an insertion moves whole rows. */
const COLUMNS_BESIDE = 5;

/** A write's marks of the cells beside it (cellMarks), from column `from`. */
export interface MarksBeside {
  from: number;
  rows: string[];
}

/**
 * The target's cells, read with the rest of their rows: what the write replaces, and what its undo tells the rows by
 * (cellMarks). A write reads COLUMNS_BESIDE columns on each side, up to the sheet's last (two calls more than the
 * target alone: that column, the wider range); an undo reads the columns its write `kept` marks of (a write logged
 * before writes kept them: its own).
 */
export function readRows(sheet: Sheet, target: SheetRange, kept?: MarksBeside) {
  const from = kept ? kept.from : Math.max(1, target.left - COLUMNS_BESIDE);
  const to = kept ? from + kept.rows[0].length - 1 : Math.min(sheet.getLastColumn(), target.right + COLUMNS_BESIDE);
  // The target first: a target past the sheet's edge is refused by its own name, not the wider range's.
  const cells = rangeOn(sheet, target);
  const wide = readCells(rangeOn(sheet, { ...target, left: from, right: Math.max(to, target.right) }));
  const rows = cellMarks(wide.recorded, (c) => c + from >= target.left && c + from <= target.right);
  return { read: columnsOf(wide, target, from), beside: { from, rows }, cells };
}

/** Writes `values` to the cells read as `before`, registering with the change how to put back what they held. */
export function writeCells(store: SpreadsheetPlanStore, cells: Range, values: CellJson[][], before: CellsRead): void {
  const inputs = (grid: CellJson[][]) =>
    grid.map((row, r) => row.map((cell, c) => toCellInput(cell, before.formats[r][c])));
  store.registerPutBack(() => cells.setValues(inputs(before.recorded)));
  cells.setValues(inputs(values));
}

/**
 * Refuses a change that would write a value its cell cannot hold exactly (fitsCellOfFormat: text a plain-text cell
 * may read as a formula): `grids` are the values the change writes, then those it puts back if it fails. `refusal`
 * makes the error from its text's places: the cell, its sheet, the text, and which grid.
 */
export function requireTextsFit(
  grids: CellJson[][][],
  { formats }: CellsRead,
  target: SheetRange,
  refusal: (places: Record<string, string>, grid: number) => Error,
): void {
  grids.forEach((grid, index) =>
    grid.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!fitsCellOfFormat(cell, formats[r][c])) {
          const cellOf = { cell: cellName(target.top + r, target.left + c), sheet: target.sheet };
          throw refusal({ ...cellOf, text: describeCell(cell), value: `values[${r}][${c}]` }, index);
        }
      }),
    ),
  );
}
