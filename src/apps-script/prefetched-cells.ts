/**
 * What a completion's checks read (src/core/rules/done-checks.ts), read before the change takes the lock: for each
 * sheet, one lookup by name and one read (values and display values) of the rectangle that bounds every range the
 * checks read there. A task that wrote 10 ranges on one sheet is 4 calls, not 40, and none of them is made while the
 * lock is held.
 *
 * Under the lock the reads are served from here while nothing the checks read can have changed: the plan is at the
 * revision record it was read from (its Check lines, the steps that wrote), and the write log's mark is where it was
 * (every writeRange and every undo moves it). Otherwise the checks read afresh, under the lock, as before. A sheet
 * whose rectangle could not be read (past its edge, or far larger than the ranges in it) is read range by range.
 */
import type { CellGrid } from '../core/rules/checks';
import {
  cellCount,
  clippedTo,
  columnCount,
  containsRange,
  isBounded,
  rowCount,
  type SheetRange,
} from '../core/sheet/sheet-range';
import { addToGroup } from '../core/groups';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** A bounding rectangle is read when it holds at most this many cells more than its ranges together. */
const SPARE_CELLS = 5_000;

interface SheetCells {
  /** null: the spreadsheet had no sheet of that name. */
  readonly sheet: Sheet | null;
  /** Whether the last row and column were asked (a range with an open end was among those read). */
  readonly open: boolean;
  readonly lastRow: number;
  readonly lastColumn: number;
  readonly grid?: CellGrid;
}

/** The range as a read asks for it: an open end cut at the sheet's last row or column. */
export function boundedOn(requested: SheetRange, lastRow: () => number, lastColumn: () => number): SheetRange {
  return isBounded(requested) ? requested : clippedTo(requested, lastRow(), lastColumn());
}

const isEmpty = (range: SheetRange) => rowCount(range) < 1 || columnCount(range) < 1;

function boundingRange(ranges: readonly SheetRange[]): SheetRange {
  return {
    sheet: ranges[0].sheet,
    top: Math.min(...ranges.map((range) => range.top)),
    left: Math.min(...ranges.map((range) => range.left)),
    bottom: Math.max(...ranges.map((range) => range.bottom)),
    right: Math.max(...ranges.map((range) => range.right)),
  };
}

function slice(grid: CellGrid, range: SheetRange): CellGrid {
  const rows = (table: readonly (readonly unknown[])[]) =>
    table
      .slice(range.top - grid.range.top, range.bottom - grid.range.top + 1)
      .map((row) => row.slice(range.left - grid.range.left, range.right - grid.range.left + 1));
  return {
    range,
    values: rows(grid.values),
    displayValues: rows(grid.displayValues) as string[][],
  };
}

export class PrefetchedCells {
  private readonly sheets = new Map<string, SheetCells>();

  /** `meta`: the revision record the ranges were found in; `mark`: the write log's mark before anything was read. */
  constructor(
    readonly meta: string,
    readonly mark: string,
  ) {}

  /** Reads `ranges`, one rectangle per sheet; a sheet that fails is left to be read under the lock. */
  read(spreadsheet: Spreadsheet, ranges: readonly SheetRange[]): void {
    const bySheet = new Map<string, SheetRange[]>();
    for (const range of ranges) addToGroup(bySheet, range.sheet, range);
    for (const [name, wanted] of bySheet) {
      try {
        this.readSheet(spreadsheet, name, wanted);
      } catch {
        // Read again under the lock, range by range, where a failure is the change's to report.
      }
    }
  }

  private readSheet(spreadsheet: Spreadsheet, name: string, wanted: readonly SheetRange[]): void {
    const sheet = spreadsheet.getSheetByName(name);
    if (!sheet) return void this.sheets.set(name, { sheet: null, open: true, lastRow: 0, lastColumn: 0 });
    const open = wanted.some((range) => !isBounded(range));
    const lastRow = open ? sheet.getLastRow() : 0;
    const lastColumn = open ? sheet.getLastColumn() : 0;
    const ranges = wanted
      .map((range) =>
        boundedOn(
          range,
          () => lastRow,
          () => lastColumn,
        ),
      )
      .filter((r) => !isEmpty(r));
    const entry: SheetCells = { sheet, open, lastRow, lastColumn };
    if (!ranges.length) return void this.sheets.set(name, entry);
    const box = boundingRange(ranges);
    const cells = ranges.reduce((sum, range) => sum + cellCount(range), 0);
    if (cellCount(box) > cells + SPARE_CELLS) return;
    const range = sheet.getRange(box.top, box.left, rowCount(box), columnCount(box));
    this.sheets.set(name, {
      ...entry,
      grid: { range: box, values: range.getValues(), displayValues: range.getDisplayValues() },
    });
  }

  /** The read of `requested` from what was read, as TaskCells.read answers; undefined when it was not read. */
  serve(requested: SheetRange): CellGrid | string | undefined {
    const entry = this.sheets.get(requested.sheet);
    if (!entry) return undefined;
    if (!entry.sheet) return `there is no sheet named "${requested.sheet}"`;
    const range = boundedOn(
      requested,
      () => entry.lastRow,
      () => entry.lastColumn,
    );
    if (!isBounded(requested) && !entry.open) return undefined;
    if (isEmpty(range)) return { range, values: [], displayValues: [] };
    return entry.grid && containsRange(entry.grid.range, range) ? slice(entry.grid, range) : undefined;
  }
}
