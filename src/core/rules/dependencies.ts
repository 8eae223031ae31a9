/**
 * Dependencies: a task says what it waits for on a nested line, in words a person reads:
 *
 *     - [ ] 2.1 Write the summary
 *       - After: 1.2, 1.3
 *
 * This module reads those lines (also `After: 1.2 and 1.3`, `Depends on: 1.2`, `Waits for: 1.2`, `after 1.2`;
 * the label's words are in patterns.ts), tells which tasks wait and for what, refuses an agent's start of a
 * waiting task with WAITING, and lists what validatePlan reports: lines it cannot read, unknown steps, cycles.
 * Keeping the references right when re-planning renumbers is dependency-carry.ts.
 */
import { PlanError } from '../errors';
import { GAP } from '../format/gaps';
import { matchDependencyLabel, matchListItem } from '../format/patterns';
import type { PlanOutline } from '../format/plan-reader';
import type { StatusTable } from '../format/statuses';
import type { PlanTask } from '../format/types';
import { MAX_DEPENDENCIES } from '../api/api-names';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { problemOnLine } from './problem-on-line';

/** One step named on a dependency line, and where it stands in the line (for rewriting it in place). */
export interface DependencyReference {
  step: string;
  start: number;
  end: number;
}

/** A dependency line as read: the task it is under, its steps, or why it cannot be read. */
export interface DependencyLine {
  /** The step of the task the line is nested under. */
  step: string;
  line: number;
  /** Where the list of steps starts in the line (after `- After: `). */
  valueStart: number;
  references: DependencyReference[];
  /** Set when the line has a label with a colon but its text is not a list of steps. */
  error?: string;
}

const HELP = 'write the steps the task waits for, like "After: 1.2, 1.3" or "After: 1.2 and 1.3"';
/** `step 1.2`, `tasks 1.2 and 1.3`: a word people put before a step. */
const STEP_WORD = new RegExp(`(?:steps?|tasks?)${GAP}{1,8}`, 'iy');
/** The characters a dependency line's text can start with (patterns.ts matchDependencyLabel). */
const LABEL_STARTS = new Set(['a', 'd', 'w', '*', '_']);
const STEP = /\d{1,9}(?:\.\d{1,9}){1,8}(?!\d)/y;
/** Between steps: a comma, `&`, `;` or `and` (`1.2, 1.3 and 1.4`, `1.2, and 1.3`). */
const SEPARATOR = new RegExp(`${GAP}{0,8}(?:[,;&]${GAP}{0,8}(?:and${GAP}{1,8})?|and${GAP}{1,8})`, 'iy');
const TRAILING = new RegExp(`${GAP}{0,8}\\.?${GAP}{0,8}$`, 'y');

function stickyMatch(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/**
 * Reads the steps of a dependency line's value (`1.2, 1.3`, `1.2 and 1.3`, `steps 1.2 & 1.3.`), with their places
 * in `value`; or what is wrong and what is allowed.
 */
export function readStepList(value: string): DependencyReference[] | string {
  const references: DependencyReference[] = [];
  let at = 0;
  for (;;) {
    const afterWord = stickyMatch(STEP_WORD, value, at);
    if (afterWord >= 0) at = afterWord;
    const end = stickyMatch(STEP, value, at);
    if (end < 0) {
      const found = value.slice(at).trim();
      if (!found) return `"${value}" names no step; ${HELP}`;
      if (/^phase\b/i.test(found)) return `"${found}" is a phase, not a step: name its last step (After: 1.4); ${HELP}`;
      return `"${value}" names "${found}", which is not a step; ${HELP}`;
    }
    references.push({ step: value.slice(at, end), start: at, end });
    if (references.length > MAX_DEPENDENCIES) return `at most ${MAX_DEPENDENCIES} steps on one After line`;
    if (stickyMatch(TRAILING, value, end) >= 0) return references;
    const next = stickyMatch(SEPARATOR, value, end);
    if (next < 0) return `"${value}" has "${value.slice(end).trim()}" after step ${value.slice(at, end)}; ${HELP}`;
    at = next;
  }
}

/**
 * A nested list item's dependency line, or null when the item is not one. Without a colon (`after 1.2`) the rest
 * must be steps only: `after lunch, call Ann` is a note, not a dependency.
 */
function readDependencyItem(step: string, line: number, text: string): DependencyLine | null {
  const item = matchListItem(text);
  // The first letters of the labels (a, d, w) or of emphasis (* _): every other item costs one look.
  if (!item || !LABEL_STARTS.has(item.text.charAt(0).toLowerCase())) return null;
  const label = matchDependencyLabel(item.text);
  if (!label) return null;
  const valueStart = item.textStart + label.valueStart;
  const references = readStepList(item.text.slice(label.valueStart));
  if (typeof references === 'string') {
    return label.colon ? { step, line, valueStart, references: [], error: references } : null;
  }
  const placed = references.map((reference) => ({
    step: reference.step,
    start: reference.start + valueStart,
    end: reference.end + valueStart,
  }));
  return { step, line, valueStart, references: placed };
}

/**
 * The dependency lines nested under each task, as the plan reader calls it once it has read the tasks; sets each
 * task's `waitsFor`. Which task a line belongs to is nested-lines.ts's rule, the same for every nested line.
 */
export function readDependencies(outline: PlanOutline): DependencyLine[] {
  const found: DependencyLine[] = [];
  const waits = new Map<PlanTask, Set<string>>();
  for (const { task, line } of outline.nested) {
    const read = readDependencyItem(task.step, line, outline.document.lines[line]);
    if (!read) continue;
    found.push(read);
    if (read.error) continue;
    // Several lines add up, each step once (a Set, so that many lines under one task cost linear time).
    const steps = waits.get(task) ?? new Set<string>();
    for (const reference of read.references) steps.add(reference.step);
    waits.set(task, steps);
  }
  for (const [task, steps] of waits) task.waitsFor = [...steps];
  return found;
}

/**
 * A dependency line (`text`, read as `read`) with each of its steps replaced by `steps[i]`, or taken out where that is
 * null: the steps are renumbered in place (the rest of the line as written); a list that loses a step is written
 * again, comma-separated, after the line's own label; null when no step is left (the line goes).
 */
export function rewriteDependencyLine(
  text: string,
  read: DependencyLine,
  steps: ReadonlyArray<string | null>,
): string | null {
  const kept = steps.filter((step): step is string => step !== null);
  if (!kept.length) return null;
  if (kept.length < steps.length) return text.slice(0, read.valueStart) + kept.join(', ');
  let line = text;
  for (let i = read.references.length - 1; i >= 0; i--) {
    const { start, end } = read.references[i];
    line = line.slice(0, start) + kept[i] + line.slice(end);
  }
  return line;
}

// ---- what waits ----

/** A step a task waits for that is not finished: its task, or none when the plan has no such step. */
export interface Unfinished {
  step: string;
  task?: PlanTask;
}

/** The tasks by step (the first of a step listed twice: validatePlan reports that). */
export function tasksByStep(tasks: readonly PlanTask[]): Map<string, PlanTask> {
  const byStep = new Map<string, PlanTask>();
  for (const task of tasks) if (!byStep.has(task.step)) byStep.set(task.step, task);
  return byStep;
}

/** What `task` still waits for: its dependencies that are neither done nor skipped (finished), or not in the plan. */
export function unfinishedDependencies(
  task: PlanTask,
  byStep: ReadonlyMap<string, PlanTask>,
  statuses: StatusTable,
): Unfinished[] {
  if (!task.waitsFor) return [];
  return task.waitsFor
    .map((step) => ({ step, task: byStep.get(step) }))
    .filter((dependency) => !dependency.task || !statuses.definition(dependency.task.status).finished)
    .map((dependency) => (dependency.task ? dependency : { step: dependency.step }));
}

/**
 * The first task of the queue (todo), in plan order, that waits for nothing: the next one to start. `passOver` leaves
 * out tasks for another reason (another agent's claim: src/core/rules/claims.ts); they still count as dependencies.
 */
export function firstReady(
  tasks: readonly PlanTask[],
  statuses: StatusTable,
  passOver: (task: PlanTask) => boolean = () => false,
): PlanTask | null {
  const waits = tasks.some((task) => task.waitsFor);
  const byStep = waits ? tasksByStep(tasks) : new Map<string, PlanTask>();
  for (const task of tasks) {
    if (!statuses.definition(task.status).queue || passOver(task)) continue;
    if (!waits || unfinishedDependencies(task, byStep, statuses).length === 0) return task;
  }
  return null;
}

/** `1.2 (todo), 1.3 (doing), 1.9 (not in the plan)`: what a task waits for, in words. */
export function describeUnfinished(unfinished: readonly Unfinished[]): string {
  return unfinished
    .map((dependency) => `${dependency.step} (${dependency.task ? dependency.task.status : 'not in the plan'})`)
    .join(', ');
}

/**
 * Before an agent starts `task` (or completes it straight from todo): every step it waits for is done or skipped, or
 * WAITING names them. A person in the sidebar decides for themselves and is not stopped.
 */
export function requireNotWaiting(outline: PlanOutline, task: PlanTask, byPerson: boolean): void {
  if (byPerson || !task.waitsFor) return;
  const unfinished = unfinishedDependencies(task, tasksByStep(outline.tasks), outline.statuses);
  if (!unfinished.length) return;
  throw new PlanError('WAITING', filled(rareWords.waitingTask(), waitingWords(task, unfinished, "the task's")));
}

/** The places of a WAITING refusal (rareWords.waitingTask, waitingChange): `whose` names the After line to fix. */
export function waitingWords(task: PlanTask, unfinished: readonly Unfinished[], whose: string): Record<string, string> {
  const unknown = unfinished.some((dependency) => !dependency.task);
  return {
    step: task.step,
    unfinished: describeUnfinished(unfinished),
    fix: unknown ? filled(rareWords.stepNeverDone(), { whose }) : '',
  };
}

// ---- what validatePlan reports ----

/**
 * Steps that wait for each other in a circle (`["1.2", "2.1"]`: 1.2 waits for 2.1, which waits for 1.2), each circle
 * once. A depth-first walk with its own stack: a long chain of After lines cannot overflow the call stack.
 */
export function dependencyCycles(tasks: readonly PlanTask[]): string[][] {
  const byStep = tasksByStep(tasks);
  const state = new Map<string, 'open' | 'closed'>();
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const root of tasks) {
    if (!root.waitsFor || state.has(root.step)) continue;
    const path = [root.step];
    const stack = [{ step: root.step, next: 0 }];
    state.set(root.step, 'open');
    while (stack.length) {
      const frame = stack[stack.length - 1];
      const waitsFor = byStep.get(frame.step)?.waitsFor ?? [];
      if (frame.next === waitsFor.length) {
        stack.pop();
        path.pop();
        state.set(frame.step, 'closed');
        continue;
      }
      const next = waitsFor[frame.next++];
      // A step not in the plan, or the task itself: reported on their own.
      if (!byStep.has(next) || next === frame.step) continue;
      const reached = state.get(next);
      if (reached === 'open') {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort().join(' ');
        if (!seen.has(key)) cycles.push(cycle);
        seen.add(key);
      } else if (!reached) {
        state.set(next, 'open');
        path.push(next);
        stack.push({ step: next, next: 0 });
      }
    }
  }
  return cycles;
}

/** A problem of a dependency line, for validatePlan (1-based lines). */
export interface DependencyProblem {
  code: 'dependency-unreadable' | 'dependency-unknown-step' | 'dependency-on-itself' | 'dependency-cycle';
  message: string;
  line: number;
}

/** What validatePlan reports: unreadable lines, steps the plan does not have, a task waiting for itself, cycles. */
export function dependencyProblems(outline: PlanOutline, lines: readonly DependencyLine[]): DependencyProblem[] {
  const problems: DependencyProblem[] = [];
  const byStep = tasksByStep(outline.tasks);
  for (const { step: waiting, line, error, references } of lines) {
    if (error) problems.push(problemOnLine('dependency-unreadable', `Step ${waiting}'s After line: ${error}`, line));
    for (const { step } of references) {
      if (step === waiting) {
        problems.push(problemOnLine('dependency-on-itself', `Step ${waiting} waits for itself`, line));
      } else if (!byStep.has(step)) {
        const message = filled(rareWords.waitsForNoStep(), { step: waiting, other: step });
        problems.push(problemOnLine('dependency-unknown-step', message, line));
      }
    }
  }
  for (const cycle of dependencyCycles(outline.tasks)) {
    const circle = [...cycle, cycle[0]].join(' → ');
    const message = filled(rareWords.waitInCircle(), { circle });
    problems.push(problemOnLine('dependency-cycle', message, byStep.get(cycle[0])!.line));
  }
  return problems;
}
