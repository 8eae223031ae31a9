/**
 * "Done" that was checked: before an agent completes a task, the cells it wrote through writeRange (per the write log)
 * and the ranges its `- Check:` lines name are read, and a formula error or a failed check refuses the completion
 * with CHECK_FAILED (nothing written). The judgement is here, pure; reading the cells is the port `TaskCells`, which
 * the Apps Script adapter implements (src/apps-script/task-cells.ts).
 */
import {
  FAILURES_SHOWN,
  describeFailures,
  evaluateChecks,
  taskChecks,
  type CellGrid,
  type Check,
  type CheckFailure,
  type TaskCheckLine,
} from './checks';
import { PlanError } from '../errors';
import type { PlanOutline } from '../format/parse';
import { formatSheetRange, type SheetRange } from '../sheet/sheet-range';
import * as rareWords from '../rare-words';
import { filled } from '../text';

/** What a task's checks last found, kept for the person (a line under the task in the sidebar). */
export interface CheckResult {
  step: string;
  /** ISO time of the check. */
  at: string;
  passed: boolean;
  /** What was checked: `Summary!B3:C5 (written)`, `Summary!B3:E15 numbers, no blanks`. */
  checked: string[];
  /** The failures in one sentence; '' when it passed. */
  failures: string;
}

/** The port to the cells: where the task wrote, and one read of each range. */
export interface TaskCells {
  /**
   * The ranges writeRange wrote and nobody undid, by step, as the write log lists them (one read of the log): a step
   * with none is not a key.
   */
  writtenRanges(): Map<string, SheetRange[]>;
  /** Each range read once (an open end stops at the sheet's last row or column), or why it cannot be read. */
  read(range: SheetRange): CellGrid | string;
  /** Keeps the result for the person; a failure to keep it never changes the answer. */
  keepResult(result: CheckResult): void;
  /**
   * Optional: reads now, in bulk, what checks will ask for (`ranges`), before the change takes the lock; `meta` is the
   * revision record of the plan they were found in. A read under the lock is then served from what was read here,
   * as long as the plan is still at that record (the adapter compares): completing a task holds the lock for the
   * plan's read and write alone, whatever the task wrote.
   */
  prefetch?(ranges: SheetRange[], meta: string): void;
  /**
   * Optional: within the change under way (put back if it fails), relabels the write log's rows of each step in `steps`
   * with the step its task has now (src/core/write-path/steps-that-wrote.ts).
   */
  renumber?(steps: ReadonlyMap<string, string>): void;
  /**
   * Optional: within the change under way, drops the check results kept under `steps` (a result is shown by step: a
   * task that takes the number must not show another's).
   */
  forgetResults?(steps: ReadonlySet<string>): void;
}

interface RangeToCheck {
  range: SheetRange;
  checks: Check[];
  label: string;
}

/** The written ranges (formula errors only) and the declared ones (with their checks), each range read once. */
function rangesToCheck(written: SheetRange[], declared: RangeToCheck[]): RangeToCheck[] {
  const byRange = new Map<string, RangeToCheck>();
  for (const range of written) {
    const key = formatSheetRange(range);
    if (!byRange.has(key)) byRange.set(key, { range, checks: [], label: `${key} (written)` });
  }
  for (const entry of declared) {
    const key = formatSheetRange(entry.range);
    const known = byRange.get(key);
    if (known) byRange.set(key, { ...entry, checks: [...known.checks, ...entry.checks] });
    else byRange.set(key, entry);
  }
  return [...byRange.values()];
}

/** The ranges the Check lines name, with their checks (a line that could not be read names none). */
function declaredTargets(lines: TaskCheckLine[]): RangeToCheck[] {
  return lines.flatMap((line) =>
    line.check ? [{ range: line.check.range, checks: line.check.checks, label: line.text }] : [],
  );
}

/**
 * The ranges completing `step` reads (those it wrote, and those its Check lines name), each once: what a store may read
 * before the change takes the lock (TaskCells.prefetch). None for a task that wrote nothing and declares no checks.
 */
export function rangesNeededToCheck(
  outline: PlanOutline,
  step: string,
  writtenBy: (step: string) => SheetRange[],
): SheetRange[] {
  const declared = declaredTargets(taskChecks(outline).get(step) ?? []);
  return rangesToCheck(writtenBy(step), declared).map((target) => target.range);
}

/**
 * Refuses (CHECK_FAILED, before anything is written) the completion of `step` when a cell it wrote shows a formula
 * error, a declared check fails, or a check line cannot be read. A task with no writes and no checks reads nothing.
 * `writtenBy` answers the ranges a step wrote (src/core/write-path/steps-that-wrote.ts: from the write log, unless the
 * revision record says the step never wrote). `removal`: the task is taken out of the plan unfinished, and only the
 * cells it wrote are checked (its Check lines are about finishing it).
 */
export function requireTaskChecked(
  outline: PlanOutline,
  step: string,
  cells: TaskCells,
  now: () => string,
  writtenBy: (step: string) => SheetRange[],
  removal = false,
): void {
  const lines = removal ? [] : (taskChecks(outline).get(step) ?? []);
  const unreadable = lines.find((line) => line.error);
  if (unreadable) {
    throw new PlanError(
      'CHECK_FAILED',
      filled(rareWords.checkLineUnreadable(), { step, line: unreadable.text, why: unreadable.error! }),
    );
  }
  const declared = declaredTargets(lines);
  const written = writtenBy(step);
  const targets = rangesToCheck(written, declared);
  if (!targets.length) return;
  const failures: CheckFailure[] = [];
  const problems: string[] = [];
  for (const target of targets) {
    if (failures.length >= FAILURES_SHOWN) break;
    const grid = cells.read(target.range);
    if (typeof grid === 'string') problems.push(`${target.label}: ${grid}`);
    else failures.push(...evaluateChecks(grid, target.checks, FAILURES_SHOWN - failures.length));
  }
  const said = [describeFailures(failures), ...problems].filter(Boolean).join('; ');
  const result: CheckResult = {
    step,
    at: now(),
    passed: !said,
    checked: targets.map((target) => target.label),
    failures: said,
  };
  cells.keepResult(result);
  if (result.passed) return;
  const refusal = removal ? rareWords.checksFailedRemoval() : rareWords.checksFailed();
  throw new PlanError('CHECK_FAILED', filled(refusal, { step, failures: said }));
}
