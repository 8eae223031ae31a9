/**
 * Re-planning without rewriting the document: add a task or a phase, rename, move or remove a task.
 * Each operation changes only the lines it must and keeps every other character.
 *
 * Step numbers an agent holds keep their meaning: appending takes the next free number and renumbers
 * nothing; an operation that puts a task between others (add after a step, move, remove) renumbers the
 * tasks that follow it in the same list, and their sub-steps, and says so in `renumbered` (old → new).
 * A sub-step (`1.2.1`) belongs to the task whose step it extends, and moves and is removed with it.
 */
import { describeValue, givenStep, requireLine } from '../api/arguments';
import type { PlanDocument } from '../format/document';
import { invalidArgument, invalidTransition } from '../errors';
import { requireTaskNotHeld } from '../rules/held-items';
import { STEP_ID, withPhaseNumber } from '../format/patterns';
import type { OutlinePhase, PlanOutline } from '../format/parse';
import { statusDefinition } from '../format/statuses';
import type { PlanTask } from '../format/types';
import { allTasks } from '../format/plan-tasks';
import { changeTaskLine, findTask, rewriteTaskStep } from '../format/update';
import {
  TrackedLines,
  indentWidth,
  withoutLeadingSpaces,
  parentStep,
  lastNumber,
  phaseOf,
  PhaseTree,
  blockEnd,
  isLoose,
  endWithGap,
  phaseContentEnd,
  bulletOf,
  reindent,
  taskLine,
  renumber,
  renumberFrom,
  requireUniqueSteps,
  requirePhaseNumber,
  findPhase,
  requireTitle,
  requireInPhase,
} from './replan-shape';
import type { EditAction } from '../api/api-names';
import { hasOwn } from '../own-keys';
import * as rareWords from '../rare-words';
import { filled } from '../text';

export interface ReplanContext {
  /** A person in the sidebar: may rename or remove any task, not only the agent's todo tasks. */
  byPerson: boolean;
}

export interface ReplanOutcome {
  document: PlanDocument;
  /** Lines, in the new document, of the tasks the operation added, renamed or moved (none for a removal). */
  lines: number[];
  /** Every step and phase number that changed, old → new (`{ "1.3": "1.4", "2": "3" }`). */
  renumbered: Record<string, string>;
  /** What a removal took out, as it was. */
  removed?: PlanTask[];
}

// ---- the operations ----

function optionalStep(value: string | undefined, name: string): string | undefined {
  return value === undefined || value === null ? undefined : givenStep(value, name);
}

/**
 * Adds a todo task: at the end of a phase with the next free number; right after step `after` (its sibling:
 * the tasks after it are renumbered); or as the last sub-step of step `under` (`1.2` → `1.2.3`).
 */
export function addTask(
  outline: PlanOutline,
  phaseValue: number | string | undefined,
  titleValue: string | undefined,
  afterValue?: string,
  underValue?: string,
  waitsForValue?: string[],
): ReplanOutcome {
  const phaseNumber = requirePhaseNumber(phaseValue, 'phase');
  const title = requireTitle(titleValue);
  const options = { after: optionalStep(afterValue, 'after'), under: optionalStep(underValue, 'under') };
  if (options.after && options.under) throw invalidArgument('Give after or under, not both');
  requireUniqueSteps(outline);
  // Named as the plan numbers them now: runEdit carries the line over any renumbering this call makes.
  const waitsFor = requireWaitsFor(outline, waitsForValue);
  const withDependencies = (taskLineText: string, bullet: string) =>
    waitsFor.length ? [taskLineText, dependencyLine(bullet, waitsFor)] : [taskLineText];
  const phase = findPhase(outline, phaseNumber);
  const tree = new PhaseTree(phase);
  const tracked = TrackedLines.of(outline);
  const lines = outline.document.lines;

  if (options.after) {
    const after = findTask(outline, options.after);
    requireInPhase(after, phase, 'after');
    const parent = tree.parentOf(after);
    const step = `${parentStep(after.step)}.${lastNumber(after.step) + 1}`;
    const bullet = bulletOf(lines[after.line]);
    const added = withDependencies(taskLine(bullet, step, title, !after.derived), bullet);
    const gap = isLoose(lines, tree.childrenOf(parent)) ? [''] : [];
    const at = blockEnd(outline, phase, after) + gap.length;
    tracked.insert(at - gap.length, [...gap, ...added]);
    const renumbered = renumber(tracked, [renumberFrom(phase, parent, at)]);
    return { document: tracked.document, lines: [at], renumbered };
  }

  const parent = options.under ? findTask(outline, options.under) : undefined;
  if (parent) requireInPhase(parent, phase, 'under');
  const siblings = tree.childrenOf(parent);
  const last = siblings[siblings.length - 1];
  const number = siblings.reduce((highest, sibling) => Math.max(highest, lastNumber(sibling.step)), 0) + 1;
  const step = `${parent ? parent.step : phase.number}.${number}`;
  // Among tasks without written steps the new one has none either: its place numbers it.
  const numbered = !last?.derived;
  let bullet = '- ';
  let at = phase.line + 1;
  if (last) {
    bullet = bulletOf(lines[last.line]);
    at = blockEnd(outline, phase, last);
  } else if (parent) {
    bullet = reindent(bulletOf(lines[parent.line]), indentWidth(lines[parent.line]) + 2);
    at = blockEnd(outline, phase, parent);
  }
  const gap = isLoose(lines, siblings) ? [''] : [];
  tracked.insert(at, [...gap, ...withDependencies(taskLine(bullet, step, title, numbered), bullet)]);
  return { document: tracked.document, lines: [at + gap.length], renumbered: {} };
}

/** addTask's `waitsFor` (the descriptor checked its shape): steps of the plan, each once; none when not given. */
function requireWaitsFor(outline: PlanOutline, value: string[] | undefined): string[] {
  const steps = [...new Set((value ?? []).map((step) => step.trim()))];
  for (const step of steps) findTask(outline, step);
  return steps;
}

/** `  - After: 1.2, 1.3` under a task written with `bullet`: nested one level under it. */
function dependencyLine(bullet: string, steps: readonly string[]): string {
  return `${bullet.replace(/\S/g, ' ')}- After: ${steps.join(', ')}`;
}

/** The last line that is not blank, plus one: where content added at the end of a document goes. */
function contentEnd(lines: readonly string[]): number {
  let end = lines.length;
  while (end > 0 && !lines[end - 1].trim()) end--;
  return end;
}

/** Adds a phase of todo tasks: after the last phase (next free number), or after phase `after`. */
export function addPhase(
  outline: PlanOutline,
  nameValue: string | undefined,
  stepsValue: string[] | undefined,
  afterValue: number | string | undefined,
): ReplanOutcome & { phase: { number: number; name: string } } {
  const name = requireLine(nameValue, 'name', { maxLength: 200 });
  if (!stepsValue?.length) {
    throw invalidArgument(filled(rareWords.noSteps(), { got: stepsValue ? 'an empty list' : 'nothing' }));
  }
  const titles = stepsValue.map((title, i) => requireTitle(title, `steps[${i}]`));
  requireUniqueSteps(outline);
  const phases = outline.phases.filter((phase) => !phase.implicit);
  const after =
    afterValue === undefined || afterValue === null
      ? undefined
      : findPhase(outline, requirePhaseNumber(afterValue, 'after'));
  const previous = after ?? phases[phases.length - 1];
  const number = after ? after.number + 1 : phases.reduce((highest, phase) => Math.max(highest, phase.number), 0) + 1;
  const lines = outline.document.lines;
  let at: number;
  if (previous) at = phaseContentEnd(outline, previous);
  else at = outline.sections.notes?.heading ?? contentEnd(lines);

  const firstTask = allTasks({ phases })[0];
  const bullet = firstTask ? reindent(bulletOf(lines[firstTask.line]), 0) : '- ';
  const heading = `### Phase ${number}: ${name}`;
  const block = [heading, ...titles.map((title, i) => taskLine(bullet, `${number}.${i + 1}`, title))];
  if (at > 0 && lines[at - 1].trim()) block.unshift('');
  if (at < lines.length && lines[at].trim()) block.push('');

  const tracked = TrackedLines.of(outline);
  // The phases after the new one move up a number, with their steps, until one already has its number.
  const renumbered: Record<string, string> = {};
  if (after) {
    let next = number;
    for (const phase of phases.filter((candidate) => candidate.line > after.line)) {
      next += 1;
      if (phase.number >= next) break;
      renumbered[String(phase.number)] = String(next);
      tracked.replace(phase.line, withPhaseNumber(lines[phase.line], next));
      for (const task of phase.tasks) {
        if (!task.step.startsWith(`${phase.number}.`)) continue;
        const step = `${next}${task.step.slice(String(phase.number).length)}`;
        renumbered[task.step] = step;
        tracked.replace(task.line, rewriteTaskStep(lines[task.line], step));
      }
    }
  }
  tracked.insert(at, block);
  const headingLine = at + block.indexOf(heading);
  return {
    document: tracked.document,
    lines: titles.map((_, i) => headingLine + 1 + i),
    renumbered,
    phase: { number, name },
  };
}

/** Gives a task another title; its status, done date and note stay. */
export function renameTask(
  outline: PlanOutline,
  stepValue: string | undefined,
  titleValue: string | undefined,
  context: ReplanContext,
): ReplanOutcome {
  const step = givenStep(stepValue);
  const title = requireTitle(titleValue);
  const task = findTask(outline, step);
  requireTaskNotHeld(task, 'rename', context.byPerson, outline.statuses);
  if (task.title === title) {
    throw invalidArgument(filled(rareWords.calledAlready(), { step, title }));
  }
  const { document } = changeTaskLine(outline, task, {
    status: task.status,
    annotation: { kind: 'keep' },
    today: task.completedDate ?? '',
    keepDate: true,
    title,
  });
  return { document, lines: [task.line], renumbered: {} };
}

/** Where a task moves: a phase number (2 or "2"), or the step it goes right after. */
function requireMoveTarget(value: string | number | undefined): string | number {
  if (value === undefined || value === null) {
    throw invalidArgument(rareWords.noMoveTarget());
  }
  if (typeof value === 'number' || /^\s*\d+\s*$/.test(value)) return requirePhaseNumber(value, 'after');
  return value.trim();
}

/**
 * Moves a task, with its sub-steps and the lines under it, right after another task (becoming that task's
 * sibling), or to the top of a phase when `after` is a phase number.
 */
export function moveTask(
  outline: PlanOutline,
  stepValue: string | undefined,
  afterValue: string | number | undefined,
): ReplanOutcome {
  const step = givenStep(stepValue);
  const destination = requireMoveTarget(afterValue);
  const text = outline.document.toString();
  requireUniqueSteps(outline);
  const task = findTask(outline, step);
  const source = phaseOf(outline, task);
  const sourceParent = new PhaseTree(source).parentOf(task);
  const lines = outline.document.lines;
  const start = task.line;
  const end = blockEnd(outline, source, task);

  let target: OutlinePhase;
  let targetParent: PlanTask | undefined;
  let at: number;
  let indent: number;
  let provisional: string;
  let first: PlanTask | undefined;
  if (typeof destination === 'number') {
    target = findPhase(outline, destination);
    first = new PhaseTree(target).childrenOf(undefined)[0];
    at = first ? first.line : target.line + 1;
    indent = first ? indentWidth(lines[first.line]) : 0;
    provisional = `${target.number}.1`;
  } else {
    const after = findTask(outline, destination);
    if (after === task || after.step.startsWith(`${step}.`)) {
      throw invalidArgument(filled(rareWords.afterItself(), { step }));
    }
    target = phaseOf(outline, after);
    targetParent = new PhaseTree(target).parentOf(after);
    at = blockEnd(outline, target, after);
    indent = indentWidth(lines[after.line]);
    provisional = `${parentStep(after.step)}.${lastNumber(after.step) + 1}`;
  }
  const looseTarget = isLoose(lines, new PhaseTree(target).childrenOf(targetParent));

  const tracked = TrackedLines.of(outline);
  const derived = new Set(outline.tasks.filter((candidate) => candidate.derived).map((candidate) => candidate.step));
  // The blank line that parted the task from its neighbours leaves with it.
  const removedEnd = endWithGap(lines, start, end);
  const taken = tracked.remove(start, removedEnd);
  let insertAt = at;
  if (at >= removedEnd) insertAt = at - (removedEnd - start);
  else if (at > start) insertAt = start;
  const shift = indent - indentWidth(taken.lines[0]);
  const moved = taken.lines.slice(0, end - start).map((line, i) => {
    let shifted = line;
    if (line.trim() && shift > 0) shifted = ' '.repeat(shift) + line;
    else if (line.trim() && shift < 0) shifted = withoutLeadingSpaces(line, -shift);
    const origin = taken.origins[i];
    // Sub-steps follow their task; renumbering below gives the moved task its final number. A task without
    // a written step gets none: its new place numbers it.
    if (origin === undefined || derived.has(origin)) return shifted;
    return rewriteTaskStep(shifted, provisional + origin.slice(step.length));
  });
  const origins = taken.origins.slice(0, end - start);
  // In a loose list the moved task is parted from its new neighbours by a blank line too.
  let inserted = { lines: moved, origins };
  if (looseTarget && first) inserted = { lines: [...moved, ''], origins: [...origins, undefined] };
  else if (looseTarget) inserted = { lines: ['', ...moved], origins: [undefined, ...origins] };
  tracked.insert(insertAt, inserted.lines, inserted.origins);
  const movedAt = tracked.lineOf(step);
  // Where the task was: the tasks after that point in its old list close the gap.
  const leftAt = insertAt <= start ? start + inserted.lines.length : start;
  const renumbered = renumber(tracked, [
    renumberFrom(target, targetParent, movedAt),
    renumberFrom(source, sourceParent, leftAt),
  ]);
  if (tracked.document.toString() === text) throw invalidArgument(filled(rareWords.thereAlready(), { step }));
  return { document: tracked.document, lines: [movedAt], renumbered };
}

/** Removes a todo task (an agent) or any task (a person), with its sub-steps; the tasks after it are renumbered. */
export function removeTask(outline: PlanOutline, stepValue: string | undefined, context: ReplanContext): ReplanOutcome {
  const step = givenStep(stepValue);
  requireUniqueSteps(outline);
  const task = findTask(outline, step);
  const phase = phaseOf(outline, task);
  const end = blockEnd(outline, phase, task);
  const removed = phase.tasks.filter((candidate) => candidate.line >= task.line && candidate.line < end);
  for (const candidate of removed) requireTaskNotHeld(candidate, 'remove', context.byPerson, outline.statuses);
  const started = removed.filter((candidate) => !statusDefinition(candidate.status).queue);
  if (!context.byPerson && started.length) {
    const list = started.map((candidate) => `${candidate.step} is ${candidate.status}`).join(', ');
    throw invalidTransition(filled(rareWords.onlyTodoRemoved(), { started: list }));
  }
  const lines = outline.document.lines;
  const parent = new PhaseTree(phase).parentOf(task);
  const tracked = TrackedLines.of(outline);
  // The blank line that parted the task from its neighbours goes with it.
  tracked.remove(task.line, endWithGap(lines, task.line, end));
  const renumbered = renumber(tracked, [renumberFrom(phase, parent, task.line)]);
  return { document: tracked.document, lines: [], renumbered, removed };
}

// ---- as commands (applyCommands) ----

/** The re-planning commands, named in the descriptor's leaf (../api/api-names.ts): EDIT_ACTIONS has one of each. */
export type { EditAction } from '../api/api-names';

/** A re-planning command's fields, as applyCommands receives them (checked by each operation). */
/** A re-planning command's fields, as the descriptor checked them (../api/api-shapes.ts agentCommand). */
export interface EditCommand {
  step?: string;
  text?: string;
  phase?: number | string;
  after?: string | number;
  under?: string;
  steps?: string[];
  waitsFor?: string[];
}

/** An add command's `after` is a step: a command's `after` may also be a phase number, for move and addPhase. */
function stepAfter(value: string | number | undefined): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && STEP_ID.test(value.trim()))) return value;
  throw invalidArgument(filled(rareWords.addAfterStep(), { got: describeValue(value) }));
}

export const EDIT_ACTIONS: Record<
  EditAction,
  (outline: PlanOutline, command: EditCommand, context: ReplanContext) => ReplanOutcome
> = {
  add: (outline, command) =>
    addTask(outline, command.phase, command.text, stepAfter(command.after), command.under, command.waitsFor),
  addPhase: (outline, command) => addPhase(outline, command.text, command.steps, command.after),
  rename: (outline, command, context) => renameTask(outline, command.step, command.text, context),
  move: (outline, command) => moveTask(outline, command.step, command.after),
  remove: (outline, command, context) => removeTask(outline, command.step, context),
};

export function isEditAction(value: unknown): value is EditAction {
  return typeof value === 'string' && hasOwn(EDIT_ACTIONS, value);
}
