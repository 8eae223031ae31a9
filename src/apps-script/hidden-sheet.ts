/**
 * One of Sheet Plan's hidden sheets (the history, the archive): rows under a header, oldest first, at most `limit` of
 * them. Every write registers how to put it back (`onWrite`), so that a change that fails leaves the sheet as it was;
 * the oldest rows beyond the limit are dropped only once the change is committed, so a failure never loses one.
 */
import { entriesToDrop } from '../core/person/person-words';
import { cellA1 } from '../core/sheet/a1';
import { cellReference } from './plan-location';
import { warn } from './warn';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

/** Deletes rows (ascending), one deleteRows per run of neighbours, the last run first so that row numbers hold. */
export function deleteRows(sheet: Sheet, rows: readonly number[]): void {
  const runs: Array<{ first: number; count: number }> = [];
  for (const row of rows) {
    const run = runs[runs.length - 1];
    if (run && run.first + run.count === row) run.count++;
    else runs.push({ first: row, count: 1 });
  }
  for (const run of runs.reverse()) sheet.deleteRows(run.first, run.count);
}

/**
 * A hidden sheet of Sheet Plan's, found by name, or, when `create` is set, made with its header row and hidden
 * (`made` hears of it first, so that a change that fails next can take it back); null when it does not exist and is
 * not to be made.
 */
export function hiddenSheet(
  spreadsheet: Spreadsheet,
  name: string,
  header: readonly string[],
  create: boolean,
  made?: (sheet: Sheet) => void,
): Sheet | null {
  const existing = spreadsheet.getSheetByName(name);
  if (existing || !create) return existing;
  const sheet = spreadsheet.insertSheet(name);
  made?.(sheet);
  sheet.getRange(1, 1, 1, header.length).setValues([[...header]]);
  sheet.hideSheet();
  return sheet;
}

export class HiddenSheet {
  /** undefined until looked up. */
  private sheet: Sheet | null | undefined;
  /** The sheet was made by the change under way: putting the change back deletes it. */
  private createdNow = false;
  /** Rows were appended by the change under way: the oldest may have to go once it is committed. */
  private appended = false;

  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    readonly name: string,
    private readonly header: readonly string[],
    private readonly limit: number,
    private readonly onWrite: (undo: () => void) => void,
  ) {}

  find(): Sheet | null {
    if (this.sheet === undefined) this.sheet = this.spreadsheet().getSheetByName(this.name);
    return this.sheet;
  }

  /** The sheet, made (with its header, hidden) when there is none. */
  findOrCreate(): Sheet {
    const existing = this.find();
    if (existing) return existing;
    const spreadsheet = this.spreadsheet();
    return hiddenSheet(spreadsheet, this.name, this.header, true, (made) => {
      this.onWrite(() => spreadsheet.deleteSheet(made));
      this.sheet = made;
      this.createdNow = true;
    })!;
  }

  /**
   * A range of the sheet in one call: by its A1 from the spreadsheet while the sheet was not looked up yet, else from
   * the sheet. When the sheet does not exist (Sheets answers "Range not found"), it is made if `create` is set, or
   * null answered.
   */
  range(row: number, column: number, numRows: number, numColumns: number, create: boolean): Range | null {
    if (this.sheet === undefined) {
      const last = { row: row + numRows - 1, column: column + numColumns - 1 };
      try {
        const range = this.spreadsheet().getRange(
          cellReference(`${cellA1({ row, column })}:${cellA1(last)}`, this.name),
        );
        if (range) return range;
      } catch {
        // No such sheet, or the service failed: looking the sheet up by name tells (and throws again if it failed).
      }
    }
    const sheet = create ? this.findOrCreate() : this.find();
    return sheet ? sheet.getRange(row, column, numRows, numColumns) : null;
  }

  /** Registers how to put back a write to the sheet; nothing to do for a sheet the change made (it goes). */
  registerUndo(undo: () => void): void {
    if (!this.createdNow) this.onWrite(undo);
  }

  /** Appends rows (oldest first) in one range write. */
  append(rows: unknown[][], lastRow: number): void {
    if (!rows.length) return;
    const range = this.findOrCreate().getRange(lastRow + 1, 1, rows.length, this.header.length);
    this.registerUndo(() => range.clearContent());
    range.setValues(rows);
    this.appended = true;
  }

  /** Rows 2 and below, every column of the header; [] when there is no sheet or no row. */
  rows(columns = this.header.length): unknown[][] {
    const sheet = this.find();
    const lastRow = sheet?.getLastRow() ?? 0;
    if (!sheet || lastRow < 2) return [];
    return sheet.getRange(2, 1, lastRow - 1, columns).getValues();
  }

  /**
   * Once the change is committed: drops the oldest rows beyond the limit, those `persons` says are a person's (given
   * the row count, oldest first) only beyond `limit` of a person's (src/core/person/person-words.ts). If that fails,
   * the next change that appends drops them (the rows stay, which loses nothing).
   */
  trimAfterCommit(persons?: (sheet: Sheet, count: number) => boolean[]): void {
    const sheet = this.sheet;
    this.createdNow = false;
    if (!this.appended || !sheet) return;
    this.appended = false;
    try {
      const kept = sheet.getLastRow() - 1;
      if (kept > this.limit) {
        const drop = persons
          ? entriesToDrop(persons(sheet, kept), this.limit)
          : Array.from({ length: kept - this.limit }, (_, index) => index);
        deleteRows(
          sheet,
          drop.map((index) => index + 2),
        );
        SpreadsheetApp.flush();
      }
    } catch (error) {
      warn(`the oldest rows of ${this.name} beyond ${this.limit} stay until the next change`, error);
    }
  }

  /** The change under way was put back: a sheet it made is gone. */
  reset(): void {
    if (this.createdNow) this.sheet = undefined;
    this.createdNow = false;
    this.appended = false;
  }
}
