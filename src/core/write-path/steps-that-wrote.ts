/**
 * Which steps wrote cells through writeRange, listed in the revision record beside the plan, so that the done check of
 * a task that never wrote skips the write log (a service call: the log's sheet, then its rows).
 *
 * Fail safe: only a list Sheet Plan wrote, in the record the plan cell's neighbour holds now, is believed. A record
 * without one (written before the list existed, rebuilt from the history's copy, typed over or edited by hand: its seal
 * no longer matches) says nothing, and the done check looks in the log as it always did. A person's edit of the
 * record cell (an undo or a paste can put back an older, sealed record with a shorter list) drops the list (onEdit,
 * src/apps-script/cell-edit.ts). A step listed whose writes were undone or left the log only costs that look.
 *
 * The list mirrors the log, and both follow the tasks: a change that renumbers a task that wrote (a task removed or
 * moved above it, a rewrite) relabels its rows with its new step (stepsRenumbered); else the next completion under the
 * old step would check another task's cells, and the task's own not at all. A removed task's rows keep its step: a task
 * that comes back there (a paste, an undo, a restore) is checked for them again, and one that takes the number is
 * checked for them too, the safe side. An agent cannot remove an unfinished task whose cells fail (src/core/features/
 * checks.ts).
 */
import type { SheetRange } from '../sheet/sheet-range';
import type { TaskCells } from '../rules/done-checks';
import type { PlanOutline } from '../format/parse';
import { pairTasks } from '../guard/transition';
import { digestText } from '../text';
import { readPlanRecord, writePlanRecord, type PlanRecord } from './revision';
import type { PlanCells } from './store';

/**
 * How a change moves the steps of `before`: each task the guard pairs under another step
 * (src/core/guard/transition.ts). A step listed twice is left out: its rows cannot be told apart.
 */
export function stepsRenumbered(before: PlanOutline, after: PlanOutline): Map<string, string> {
  const listedTwice = (step: string) => before.tasks.filter((task) => task.step === step).length > 1;
  const moves = pairTasks(before, after).flatMap(({ before: was, after: task }) =>
    was && was.step !== task.step && !listedTwice(was.step) ? [[was.step, task.step] as const] : [],
  );
  return new Map(moves);
}

/** The record's field: `{"stepsThatWrote": {"steps": ["3.1"], "seal": "…"}}`. */
export const STEPS_THAT_WROTE = 'stepsThatWrote';
/**
 * Steps listed at most: the write log keeps the last 100 writes, so a longer list names steps whose writes have left
 * it. Rather than grow, the list is dropped, and the next change learns it afresh from the log.
 */
export const STEPS_LISTED_AT_MOST = 100;

export interface ListedSteps {
  steps: string[];
  /** A fingerprint of the steps with the record's revision and digest: a list edited by hand no longer matches it. */
  seal: string;
}

function sealOf(record: PlanRecord, steps: readonly string[]): string {
  return digestText(JSON.stringify([record.revision, record.digest, steps]));
}

/** The steps a revision record lists as having written cells; undefined when it does not say, or cannot be believed. */
export function stepsThatWroteIn(record: PlanRecord | null): string[] | undefined {
  const listed = record?.stepsThatWrote as Partial<ListedSteps> | undefined;
  if (!record) return undefined;
  if (!listed || typeof listed !== 'object' || !Array.isArray(listed.steps)) return undefined;
  if (!listed.steps.every((step) => typeof step === 'string')) return undefined;
  return listed.seal === sealOf(record, listed.steps) ? listed.steps : undefined;
}

/**
 * The record `meta` listing `steps` (sealed with its revision and digest), or without a list when `steps` is undefined
 * (nothing is known: the done check will look in the log). `meta` unchanged when it is not a record.
 */
export function listedSteps(record: PlanRecord, steps: readonly string[] | undefined): ListedSteps | undefined {
  if (!steps) return undefined;
  const sorted = [...new Set(steps)].sort();
  return { steps: sorted, seal: sealOf(record, sorted) };
}

/** `record` listing `steps` (sealed to its revision and digest), or listing none. */
export function withStepsThatWrote(record: PlanRecord, steps: readonly string[] | undefined): PlanRecord {
  return { ...record, stepsThatWrote: listedSteps(record, steps) };
}

/**
 * The steps the record in `cells` lists as having written cells (`record`: that record, parsed); undefined, so that the
 * write log decides, for a record pasted back (its label names another: ../../apps-script/record-label.ts).
 */
export function stepsListedIn(
  cells: PlanCells | null,
  record = readPlanRecord(cells?.meta ?? ''),
): string[] | undefined {
  return cells?.pastedRecord ? undefined : stepsThatWroteIn(record);
}

/**
 * The record `meta` with `step` added to its list, for writeRange before it logs a write of `step`; null when nothing
 * needs writing: the step is listed already, or the record lists nothing (a list begun here would leave out the steps
 * that wrote before it, so the record keeps saying nothing). A full list is dropped instead (STEPS_LISTED_AT_MOST).
 */
export function recordListingStep(meta: string, step: string): string | null {
  const record = readPlanRecord(meta);
  const steps = stepsThatWroteIn(record);
  if (!record || !steps || steps.includes(step)) return null;
  return writePlanRecord(
    withStepsThatWrote(record, steps.length < STEPS_LISTED_AT_MOST ? [...steps, step] : undefined),
  );
}

/**
 * What one change knows of the steps that wrote: the list in the record it read, and the write log once it read it.
 * The log is read at most once per change (applyCommands completing two tasks reads it once), and only for a step the
 * list names, or when there is no list.
 */
export class StepsThatWrote {
  private logged?: Map<string, SheetRange[]>;

  /** `listed`: what the record read says (stepsThatWroteIn), undefined when it says nothing. */
  constructor(private listed: readonly string[] | undefined) {}

  /**
   * After the guard passed a change that moves steps (stepsRenumbered): the check results kept under the steps moved
   * from and to go (one property read), and the steps among them that wrote are relabeled in the log
   * (TaskCells.renumber, within the change) and in the list the next record carries. No call when nothing moves.
   */
  renumber(moves: ReadonlyMap<string, string>, cells: TaskCells): void {
    if (!moves.size || !cells.renumber) return;
    cells.forgetResults?.(new Set([...moves.keys(), ...moves.values()]));
    const wrote = new Map([...moves].filter(([step]) => this.rangesOf(step, cells).length > 0));
    if (!wrote.size) return;
    cells.renumber(wrote);
    // What the log said (a step that wrote was found in it), relabeled: the next record's list, without a second read.
    this.listed = [...(this.logged?.keys() ?? [])].map((step) => wrote.get(step) ?? step);
    this.logged = undefined;
  }

  /** The ranges `step` wrote, per the write log; none, without reading the log, when the list says it never wrote. */
  rangesOf(step: string, cells: TaskCells): SheetRange[] {
    if (this.listed && !this.listed.includes(step)) return [];
    this.logged ??= cells.writtenRanges();
    return this.logged.get(step) ?? [];
  }

  /**
   * The list the next record carries: the log's steps when this change read the log (exact: a record that said
   * nothing learns them, one that over-listed is trimmed), else the list read. A record that said nothing, written
   * where there are cells to look in, reads the log here, once (a record written before the list existed, or rebuilt
   * after the person cleared it), so that the changes after it skip the look. Like any read of the change, a failure
   * of that read fails the change, with nothing written.
   */
  forNextRecord(cells: TaskCells | undefined): string[] | undefined {
    if (!this.logged && !this.listed && cells) this.logged = cells.writtenRanges();
    if (this.logged) return [...this.logged.keys()];
    return this.listed ? [...this.listed] : undefined;
  }
}
