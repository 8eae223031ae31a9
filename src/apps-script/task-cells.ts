/**
 * TaskCells on SpreadsheetApp (the port of src/core/rules/done-checks.ts): the ranges each task wrote, from the write
 * log; one read of a range (getValues, and getDisplayValues for what the cells show); and the last check result per
 * task, kept in a script property (every kind of execution has them) for the sidebar's line under the task.
 *
 * A check reads under read_range's rules (src/core/sheet/sheet-rules.ts): Sheet Plan's own sheets and oversized ranges
 * are not read at all (the check fails with why, and no cell value), and a read outside the plan's declared ranges is
 * logged as read_range logs it. That row is kept even when the completion is refused: the cells were read, and the
 * refusal's message shows what they hold.
 */
import type { CellGrid } from '../core/rules/checks';
import type { CheckResult, TaskCells } from '../core/rules/done-checks';
import { PlanError } from '../core/errors';
import {
  anchoredAt,
  columnCount,
  formatSheetRange,
  isBounded,
  readSheetRange,
  rowCount,
  type SheetRange,
} from '../core/sheet/sheet-range';
import { enforceSheetRules, readIsDeclared, ruleContext } from '../core/sheet/sheet-rules';
import { agentCaller } from './agent-identity';
import { OWN_SHEETS } from './plan-location';
import { PrefetchedCells, boundedOn } from './prefetched-cells';
import { rangeOr } from './range-cells';
import { scriptProperties } from './spreadsheet-access';
import { KEPT_ROW, WRITE_LOG_MARK, WriteLog, type LogChange } from './write-log';
import { addToGroup } from '../core/groups';
import { parsedJson } from '../core/text';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The script property holding the last check result of each task (JSON, by step). */
export const CHECK_RESULTS_PROPERTY = 'sheetPlan.checkResults';
/** Results kept: the newest, so that the property stays small. */
const RESULTS_KEPT = 50;

/** A result as kept: with the plan it was checked under (absent in results kept before plans had ids: ''). */
type KeptResult = CheckResult & { plan?: string };

/** The results as kept; `fresh`: as the store holds them now (a read under the lock), not as the execution began. */
function keptResults(fresh = false): Record<string, KeptResult> {
  const properties = scriptProperties();
  const json = fresh
    ? properties.freshProperty(CHECK_RESULTS_PROPERTY)
    : properties.getProperty(CHECK_RESULTS_PROPERTY);
  if (!json) return {};
  const parsed = parsedJson(json);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, KeptResult>) : {};
}

/**
 * The last check result of each task, by step; {} when there are none. Given the plan now in the cell, only its own:
 * an earlier plan's 1.1 is not this plan's 1.1.
 */
export function checkResults(currentPlan?: string): Record<string, CheckResult> {
  const results: Record<string, CheckResult> = {};
  for (const [step, { plan, ...result }] of Object.entries(keptResults())) {
    if (currentPlan === undefined || (plan ?? '') === currentPlan) results[step] = result;
  }
  return results;
}

/** Rules that need no plan (own sheets, size): read_range's, checked before anything is read. */
const READ_RULES = ruleContext('', { approvalRequired: true }, OWN_SHEETS);

/** Why read_range would refuse `range`, without its code (no cell is read for it); null when it may be read. */
function readRefusal(range: SheetRange): string | null {
  try {
    enforceSheetRules({ call: 'read', range }, READ_RULES, false);
    return null;
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    return `a check reads what read_range may read, and ${error.message.replace(/^[A-Z_]+: /, '')}`;
  }
}

export class SpreadsheetTaskCells implements TaskCells {
  /** What was read before the change took the lock (./prefetched-cells.ts), while it still holds. */
  private prefetched: PrefetchedCells | undefined;
  /** The write log's ranges by step, as read with it. */
  private logged: Map<string, SheetRange[]> | undefined;

  /**
   * `planCells`: the plan the change read (its declared ranges, its id); `now`: the change's time, for the log.
   */
  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    private readonly planCells: () => { text: string; plan: string } | null = () => null,
    private readonly now: () => string = () => new Date().toISOString(),
    /** The change under way (the store's exclusive), for renumber's writes. */
    private readonly change?: LogChange,
  ) {}

  /** The plan the change read: its id, which the task's writes were logged under. */
  private planId(): string | undefined {
    return this.planCells()?.plan;
  }

  /**
   * Before the lock: the ranges a completion's checks read, one rectangle per sheet (TaskCells.prefetch). Ranges
   * read_range would refuse are left out: the check refuses them without reading.
   */
  prefetch(ranges: SheetRange[], meta: string): void {
    // The mark as this execution first read it, before any cell: a write since then moves it.
    const prefetched = new PrefetchedCells(meta, WriteLog.mark());
    prefetched.read(
      this.spreadsheet(),
      ranges.filter((range) => readRefusal(isBounded(range) ? range : anchoredAt(range, 1, 1)) === null),
    );
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
    // Only this plan's writes: an earlier plan's step 1.1 is not this plan's 1.1.
    for (const entry of new WriteLog(this.spreadsheet()).standingWrites(this.planId())) {
      const range = readSheetRange(entry.range);
      if (typeof range === 'string') continue;
      addToGroup(byStep, entry.step, range);
    }
    return byStep;
  }

  read(requested: SheetRange): CellGrid | string {
    const refused = readRefusal(isBounded(requested) ? requested : anchoredAt(requested, 1, 1));
    if (refused) return refused;
    const served = this.prefetched?.serve(requested);
    if (served !== undefined) {
      if (typeof served !== 'string') this.logUndeclaredRead(served.range);
      return served;
    }
    const sheet = this.spreadsheet().getSheetByName(requested.sheet);
    if (!sheet) return `there is no sheet named "${requested.sheet}"`;
    const range = boundedOn(
      requested,
      () => sheet.getLastRow(),
      () => sheet.getLastColumn(),
    );
    if (rowCount(range) < 1 || columnCount(range) < 1) return { range, values: [], displayValues: [] };
    const tooLarge = readRefusal(range);
    if (tooLarge) return tooLarge;
    const cells = rangeOr(sheet, range, () => `the range goes past the edge of ${requested.sheet}`);
    if (typeof cells === 'string') return cells;
    const grid = { range, values: cells.getValues(), displayValues: cells.getDisplayValues() };
    this.logUndeclaredRead(range);
    return grid;
  }

  /** A read outside the plan's declared ranges goes in the log, as read_range's does. */
  private logUndeclaredRead(range: SheetRange): void {
    const text = this.planCells()?.text ?? '';
    if (readIsDeclared(range, ruleContext(text, { approvalRequired: false }, OWN_SHEETS).plan)) return;
    new WriteLog(this.spreadsheet(), KEPT_ROW, this.planId()).append({
      kind: 'read',
      at: this.now(),
      by: agentCaller(),
      step: '',
      range: formatSheetRange(range),
      rows: rowCount(range),
      columns: columnCount(range),
    });
  }

  /**
   * The log's rows of each step in `steps` under the step its task has now, and the last check result kept under each
   * of those steps dropped (the sidebar would show it under whichever task has the step now); put back with the change
   * if it fails.
   */
  renumber(steps: ReadonlyMap<string, string>): void {
    new WriteLog(this.spreadsheet(), this.change, this.planId()).renumberSteps(steps);
    this.logged = undefined;
  }

  forgetResults(steps: ReadonlySet<string>): void {
    const kept = keptResults(true);
    const left = Object.entries(kept).filter(([step]) => !steps.has(step));
    if (left.length === Object.keys(kept).length) return;
    const properties = scriptProperties();
    const before = JSON.stringify(kept);
    this.change?.registerPutBack(() => properties.setProperty(CHECK_RESULTS_PROPERTY, before));
    properties.setProperty(CHECK_RESULTS_PROPERTY, JSON.stringify(Object.fromEntries(left)));
  }

  keepResult(result: CheckResult): void {
    try {
      const properties = scriptProperties();
      const kept = { ...keptResults(true) };
      delete kept[result.step];
      const newest = Object.entries({ ...kept, [result.step]: { ...result, plan: this.planId() ?? '' } }).slice(
        -RESULTS_KEPT,
      );
      properties.setProperty(CHECK_RESULTS_PROPERTY, JSON.stringify(Object.fromEntries(newest)));
      WriteLog.touchMark(); // the sidebar's change check notices the new result
    } catch {
      // The result is for the person to see; not keeping it must not change the agent's answer.
    }
  }
}
