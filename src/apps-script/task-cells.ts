/**
 * TaskCells on SpreadsheetApp (the port of src/core/done-checks.ts): the ranges each task wrote, from the write log;
 * one read of a range (getValues, and getDisplayValues for what the cells show); and the last check result per task,
 * kept in a script property (every kind of execution has them) for the sidebar's line under the task.
 */
import type { CellGrid } from '../core/checks';
import type { CheckResult, TaskCells } from '../core/done-checks';
import { readSheetRange, rowCount, columnCount, type SheetRange } from '../core/sheet-range';
import { PrefetchedCells, boundedOn } from './prefetched-cells';
import { scriptProperties } from './spreadsheet-access';
import { LOG_ROWS_LIMIT, WRITE_LOG_MARK, WriteLog } from './write-log';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The script property holding the last check result of each task (JSON, by step). */
export const CHECK_RESULTS_PROPERTY = 'sheetPlan.checkResults';
/** Results kept: the newest, so that the property stays small. */
const RESULTS_KEPT = 50;

/** The last check result of each task, by step; {} when there are none. `fresh`: as the store holds them now. */
export function checkResults(fresh = false): Record<string, CheckResult> {
  const properties = scriptProperties();
  const json = fresh
    ? properties.freshProperty(CHECK_RESULTS_PROPERTY)
    : properties.getProperty(CHECK_RESULTS_PROPERTY);
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, CheckResult>) : {};
  } catch {
    return {};
  }
}

export class SpreadsheetTaskCells implements TaskCells {
  /** What was read before the change took the lock (./prefetched-cells.ts), while it still holds. */
  private prefetched: PrefetchedCells | undefined;
  /** The write log's ranges by step, as read with it. */
  private logged: Map<string, SheetRange[]> | undefined;

  constructor(private readonly spreadsheet: () => Spreadsheet) {}

  /** Before the lock: the ranges a completion's checks read, one rectangle per sheet (TaskCells.prefetch). */
  prefetch(ranges: SheetRange[], meta: string): void {
    // The mark as this execution first read it, before any cell: a write since then moves it.
    const prefetched = new PrefetchedCells(meta, WriteLog.mark());
    prefetched.read(this.spreadsheet(), ranges);
    this.prefetched = prefetched;
  }

  /**
   * Under the lock, once the plan is read: what was read before the lock serves the checks only while the plan is at
   * the record it was read from and the write log's mark has not moved (read afresh: one property read).
   */
  confirm(meta: string): void {
    const prefetched = this.prefetched;
    if (!prefetched) return;
    if (prefetched.meta === meta && prefetched.mark === (scriptProperties().freshProperty(WRITE_LOG_MARK) ?? ''))
      return;
    this.forget();
  }

  /** Once the change is done, or what was read is stale. */
  forget(): void {
    this.prefetched = undefined;
    this.logged = undefined;
  }

  writtenRanges(): Map<string, SheetRange[]> {
    this.logged ??= this.readLog();
    return this.logged;
  }

  private readLog(): Map<string, SheetRange[]> {
    const byStep = new Map<string, SheetRange[]>();
    for (const entry of new WriteLog(this.spreadsheet()).list(LOG_ROWS_LIMIT)) {
      if (entry.kind !== 'write' || entry.undone) continue;
      const range = readSheetRange(entry.range);
      if (typeof range === 'string') continue;
      const ranges = byStep.get(entry.step);
      if (ranges) ranges.push(range);
      else byStep.set(entry.step, [range]);
    }
    return byStep;
  }

  read(requested: SheetRange): CellGrid | string {
    const served = this.prefetched?.serve(requested);
    if (served !== undefined) return served;
    const sheet = this.spreadsheet().getSheetByName(requested.sheet);
    if (!sheet) return `there is no sheet named "${requested.sheet}"`;
    const range = boundedOn(
      requested,
      () => sheet.getLastRow(),
      () => sheet.getLastColumn(),
    );
    if (rowCount(range) < 1 || columnCount(range) < 1) return { range, values: [], displayValues: [] };
    let cells: GoogleAppsScript.Spreadsheet.Range;
    try {
      cells = sheet.getRange(range.top, range.left, rowCount(range), columnCount(range));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!/outside the dimensions/i.test(message)) throw error;
      return `the range goes past the edge of ${requested.sheet}`;
    }
    return { range, values: cells.getValues(), displayValues: cells.getDisplayValues() };
  }

  keepResult(result: CheckResult): void {
    try {
      const properties = scriptProperties();
      const kept = { ...checkResults(true) };
      delete kept[result.step];
      const newest = Object.entries({ ...kept, [result.step]: result }).slice(-RESULTS_KEPT);
      properties.setProperty(CHECK_RESULTS_PROPERTY, JSON.stringify(Object.fromEntries(newest)));
      WriteLog.touchMark(); // the sidebar's change check notices the new result
    } catch {
      // The result is for the person to see; not keeping it must not change the agent's answer.
    }
  }
}
