/**
 * Re-planning without rewriting the document: add a task or a phase, rename, move or remove a task.
 * Each operation changes only the lines it must and keeps every other character.
 *
 * Step numbers an agent holds keep their meaning: appending takes the next free number and renumbers
 * nothing; an operation that puts a task between others (add after a step, move, remove) renumbers the
 * tasks that follow it in the same list, and their sub-steps, and says so in `renumbered` (old → new).
 * A sub-step (`1.2.1`) belongs to the task whose step it extends, and moves and is removed with it.
 */
import { describeValue, requireLine, requireStep } from './arguments';
import type { PlanDocument } from './document';
import { PlanError } from './errors';
import { requireTaskNotHeld } from './held-items';
import { formatTaskLine } from './annotations';
import { matchTaskLine, withPhaseNumber } from './patterns';
import { outlinePlan, type OutlinePhase, type PlanOutline } from './parse';
import { STATUS_TABLE, statusDefinition } from './statuses';
import { shorten } from './text';
import type { PlanTask } from './types';
import { changeTaskLine, findTask, rewriteTaskStep } from './update';
import { validateOutline } from './validate';

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

// ---- the document's lines, each remembering which step or phase it was ----

/** Lines being edited, with what each line was before the edit: a task's step, or `#N` for phase N's heading. */
class TrackedLines {
  constructor(
    public document: PlanDocument,
    public origins: Array<string | undefined>,
  ) {}

  static of(outline: PlanOutline): TrackedLines {
    const origins: Array<string | undefined> = outline.document.lines.map(() => undefined);
    for (const task of outline.tasks) origins[task.line] = task.step;
    for (const phase of outline.phases) if (!phase.implicit) origins[phase.line] = `#${phase.number}`;
    return new TrackedLines(outline.document, origins);
  }

  insert(at: number, lines: string[], origins: Array<string | undefined> = lines.map(() => undefined)): void {
    this.document = this.document.insertLines(at, lines);
    this.origins.splice(at, 0, ...origins);
  }

  remove(start: number, end: number): { lines: string[]; origins: Array<string | undefined> } {
    const taken = { lines: this.document.lines.slice(start, end), origins: this.origins.slice(start, end) };
    this.document = this.document.removeLines(start, end);
    this.origins.splice(start, end - start);
    return taken;
  }

  replace(index: number, line: string): void {
    this.document = this.document.replaceLine(index, line);
  }

  lineOf(origin: string): number {
    return this.origins.indexOf(origin);
  }
}

// ---- the shape of a phase: blocks, parents, siblings ----

function indentWidth(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ' || character === '\u00a0') width += 1;
    else if (character === '\t') width += 4;
    else break;
  }
  return width;
}

/** `line` without up to `count` of its leading spaces. */
function withoutLeadingSpaces(line: string, count: number): string {
  let at = 0;
  while (at < count && line.charCodeAt(at) === 32) at++;
  return line.slice(at);
}

function parentStep(step: string): string {
  return step.slice(0, step.lastIndexOf('.'));
}

function lastNumber(step: string): number {
  return Number(step.slice(step.lastIndexOf('.') + 1));
}

function phaseOf(outline: PlanOutline, task: PlanTask): OutlinePhase {
  const phase = outline.phases.find((candidate) => candidate.tasks.includes(task));
  if (!phase || phase.implicit) {
    throw new PlanError(
      'INVALID_PLAN',
      `Task ${task.step} is not under a "### Phase N: Name" heading; adoptFormat() writes one for its section`,
    );
  }
  return phase;
}

/**
 * The phase's tasks as a tree: a task's parent is the nearest task above it in the phase whose step its
 * own extends (`1.2` for `1.2.1`); tasks without one are the phase's top level (key undefined).
 */
class PhaseTree {
  private readonly parents = new Map<PlanTask, PlanTask | undefined>();
  private readonly children = new Map<PlanTask | undefined, PlanTask[]>();

  constructor(readonly phase: OutlinePhase) {
    const latest = new Map<string, PlanTask>();
    for (const task of phase.tasks) {
      const parent = latest.get(parentStep(task.step));
      this.parents.set(task, parent);
      const list = this.children.get(parent) ?? [];
      list.push(task);
      this.children.set(parent, list);
      latest.set(task.step, task);
    }
  }

  parentOf(task: PlanTask): PlanTask | undefined {
    return this.parents.get(task);
  }

  childrenOf(parent: PlanTask | undefined): PlanTask[] {
    return this.children.get(parent) ?? [];
  }
}

/**
 * The lines a task owns: its own line, then its sub-steps and the lines indented under it (details, blank
 * lines between them), up to the next line that is not; trailing blank lines stay outside.
 */
function blockEnd(outline: PlanOutline, phase: OutlinePhase, task: PlanTask): number {
  const lines = outline.document.lines;
  const indent = indentWidth(lines[task.line]);
  const taskAt = new Map(phase.tasks.map((candidate) => [candidate.line, candidate]));
  let end = task.line + 1;
  for (let i = task.line + 1; i < phase.end; i++) {
    const line = lines[i];
    const other = taskAt.get(i);
    if (other) {
      if (!other.step.startsWith(`${task.step}.`)) break;
    } else if (line.trim() && indentWidth(line) <= indent) {
      break;
    }
    if (line.trim()) end = i + 1;
  }
  return end;
}

/** A list whose items are separated by blank lines (a "loose" list): an item added to it gets one too. */
function isLoose(lines: readonly string[], siblings: readonly PlanTask[]): boolean {
  return siblings.some((sibling, i) => i > 0 && !lines[sibling.line - 1].trim());
}

/** Where a block's removal ends: with the blank line after it when that line only parted it from its neighbours. */
function endWithGap(lines: readonly string[], start: number, end: number): number {
  return end < lines.length && !lines[end].trim() && (start === 0 || !lines[start - 1].trim()) ? end + 1 : end;
}

/** The last line of a phase that is not blank, plus one: where appended content goes. */
function phaseContentEnd(outline: PlanOutline, phase: OutlinePhase): number {
  let end = phase.line + 1;
  for (let i = phase.line + 1; i < phase.end; i++) if (outline.document.lines[i].trim()) end = i + 1;
  return end;
}

/** `- [` of a task line: its indentation and bullet, to write a new line the same way. */
function bulletOf(line: string): string {
  const head = matchTaskLine(line)?.head ?? '- [';
  return head.slice(0, -1);
}

function reindent(bullet: string, width: number): string {
  return ' '.repeat(width) + bullet.trimStart();
}

/** A new task: todo, written like its neighbours (without a step among tasks that have none). */
function taskLine(bullet: string, step: string, title: string, numbered = true): string {
  if (!numbered) return `${bullet}[${STATUS_TABLE.queue.symbol}] ${title}`;
  return formatTaskLine(STATUS_TABLE.queue.symbol, step, { title }, bullet);
}

// ---- renumbering ----

/** Renumber the children of `parent` (an origin, or undefined for the phase's top level) from `fromLine` on. */
interface RenumberRequest {
  phaseOrigin: string;
  parentOrigin?: string;
  /** Tasks of the list at or below this line (in the edited document) get sequential numbers. */
  fromLine: number;
}

/**
 * Gives each requested list sequential numbers from its line on, and every sub-step its parent's new
 * number; rewrites only the lines whose step changes. Answers old → new for the tasks that had a step.
 */
function renumber(tracked: TrackedLines, requests: RenumberRequest[]): Record<string, string> {
  const outline = outlinePlan(tracked.document.toString());
  const renumbered: Record<string, string> = {};
  const phaseLines = new Set(requests.map((request) => tracked.lineOf(request.phaseOrigin)));
  for (const phase of outline.phases.filter((candidate) => phaseLines.has(candidate.line))) {
    const mine = requests.filter((request) => tracked.lineOf(request.phaseOrigin) === phase.line);
    const tree = new PhaseTree(phase);
    const newStep = new Map<PlanTask, string>();
    const numberList = (parent: PlanTask | undefined, prefix: string) => {
      const parentLine = parent ? parent.line : -1;
      const from = Math.min(
        ...mine
          .filter((request) => (request.parentOrigin ? tracked.lineOf(request.parentOrigin) : -1) === parentLine)
          .map((request) => request.fromLine),
      );
      let previous = 0;
      for (const child of tree.childrenOf(parent)) {
        const number = child.line >= from ? previous + 1 : lastNumber(child.step);
        previous = number;
        const step = `${prefix}.${number}`;
        newStep.set(child, step);
        numberList(child, step);
      }
    };
    numberList(undefined, String(phase.number));
    for (const [task, step] of newStep) {
      // A task without a written step is numbered by its place: nothing to write.
      if (step !== task.step && !task.derived) {
        tracked.replace(task.line, rewriteTaskStep(tracked.document.lines[task.line], step));
      }
      // A moved task may already carry its final number in the text; what counts is the number it had.
      const origin = tracked.origins[task.line];
      if (origin !== undefined && origin !== step) renumbered[origin] = step;
    }
  }
  return renumbered;
}

// ---- arguments and preconditions ----

/** Re-planning relies on each step and phase being listed once, under its own phase. */
function requireUniqueSteps(outline: PlanOutline): void {
  const problems = validateOutline(outline).errors.filter((problem) =>
    ['duplicate-step', 'duplicate-phase', 'misnumbered-step'].includes(problem.code),
  );
  if (problems.length) {
    throw new PlanError(
      'INVALID_PLAN',
      `The plan must be fixed before tasks are added, moved or removed: ${problems
        .map((problem) => `${problem.message}${problem.line ? ` (line ${problem.line})` : ''}`)
        .join('; ')}`,
    );
  }
}

function requirePhaseNumber(value: unknown, name: string): number {
  // `## Phase 0: Safety net` is a phase: 0 is a phase number.
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new PlanError('INVALID_ARGUMENT', `${name} must be a phase number like 2 (got ${describeValue(value)})`);
  }
  return value;
}

function findPhase(outline: PlanOutline, number: number): OutlinePhase {
  const phase = outline.phases.find((candidate) => candidate.number === number);
  if (phase?.implicit) {
    const name = phase.name ? ` ("${shorten(phase.name, 60)}")` : '';
    throw new PlanError(
      'INVALID_PLAN',
      `Phase ${number}${name} is read from a section without a "### Phase N: Name" heading, so tasks cannot be ` +
        `added to or moved into it; adoptFormat() writes that heading for every phase (every task keeps its step)`,
    );
  }
  if (!phase) {
    const numbers = outline.phases.map((candidate) => candidate.number);
    throw new PlanError(
      'NOT_FOUND',
      `Phase ${number} not found (${numbers.length ? `phases: ${numbers.join(', ')}` : 'the plan has no phases'})`,
    );
  }
  return phase;
}

function requireTitle(value: unknown, name = 'title'): string {
  return requireLine(value, name, { plainTitle: true });
}

function requireInPhase(task: PlanTask, phase: OutlinePhase, name: string): void {
  if (task.phase !== phase.number || !phase.tasks.includes(task)) {
    throw new PlanError('INVALID_ARGUMENT', `${name} ${task.step} is not in phase ${phase.number}`);
  }
}

// ---- the operations ----

function optionalStep(value: unknown, name: string): string | undefined {
  return value === undefined || value === null ? undefined : requireStep(value, name);
}

/**
 * Adds a todo task: at the end of a phase with the next free number; right after step `after` (its sibling:
 * the tasks after it are renumbered); or as the last sub-step of step `under` (`1.2` → `1.2.3`).
 */
export function addTask(
  outline: PlanOutline,
  phaseValue: unknown,
  titleValue: unknown,
  afterValue?: unknown,
  underValue?: unknown,
): ReplanOutcome {
  const phaseNumber = requirePhaseNumber(phaseValue, 'phase');
  const title = requireTitle(titleValue);
  const options = { after: optionalStep(afterValue, 'after'), under: optionalStep(underValue, 'under') };
  if (options.after && options.under) throw new PlanError('INVALID_ARGUMENT', 'Give after or under, not both');
  requireUniqueSteps(outline);
  const phase = findPhase(outline, phaseNumber);
  const tree = new PhaseTree(phase);
  const tracked = TrackedLines.of(outline);
  const lines = outline.document.lines;

  if (options.after) {
    const after = findTask(outline, options.after);
    requireInPhase(after, phase, 'after');
    const parent = tree.parentOf(after);
    const step = `${parentStep(after.step)}.${lastNumber(after.step) + 1}`;
    const added = taskLine(bulletOf(lines[after.line]), step, title, !after.derived);
    const gap = isLoose(lines, tree.childrenOf(parent)) ? [''] : [];
    const at = blockEnd(outline, phase, after) + gap.length;
    tracked.insert(at - gap.length, [...gap, added]);
    const renumbered = renumber(tracked, [
      { phaseOrigin: `#${phase.number}`, parentOrigin: parent?.step, fromLine: at },
    ]);
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
  tracked.insert(at, [...gap, taskLine(bullet, step, title, numbered)]);
  return { document: tracked.document, lines: [at + gap.length], renumbered: {} };
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
  nameValue: unknown,
  stepsValue: unknown,
  afterValue: unknown,
): ReplanOutcome & { phase: { number: number; name: string } } {
  const name = requireLine(nameValue, 'name', { maxLength: 200 });
  if (!Array.isArray(stepsValue) || stepsValue.length === 0) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `steps must be a non-empty list of task titles like ["Read Data!A1:C10 (ids)"] (got ` +
        `${describeValue(stepsValue)})`,
    );
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

  const firstTask = phases.flatMap((phase) => phase.tasks)[0];
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
  stepValue: unknown,
  titleValue: unknown,
  context: ReplanContext,
): ReplanOutcome {
  const step = requireStep(stepValue);
  const title = requireTitle(titleValue);
  const task = findTask(outline, step);
  requireTaskNotHeld(task, 'rename', context.byPerson, outline.statuses);
  if (task.title === title) {
    throw new PlanError('INVALID_ARGUMENT', `Task ${step} is already called "${title}"; nothing to change`);
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

function requireMoveTarget(value: unknown): string | number {
  if (typeof value === 'number') return requirePhaseNumber(value, 'after');
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  if (typeof value === 'string') return requireStep(value, 'after');
  throw new PlanError(
    'INVALID_ARGUMENT',
    `after must be a step like "2.1" (the task goes right after it) or a phase number like 2 (the task goes ` +
      `first in that phase) (got ${describeValue(value)})`,
  );
}

/**
 * Moves a task, with its sub-steps and the lines under it, right after another task (becoming that task's
 * sibling), or to the top of a phase when `after` is a phase number.
 */
export function moveTask(outline: PlanOutline, stepValue: unknown, afterValue: unknown): ReplanOutcome {
  const step = requireStep(stepValue);
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
      throw new PlanError('INVALID_ARGUMENT', `Task ${step} cannot go after itself or one of its own sub-steps`);
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
    { phaseOrigin: `#${target.number}`, parentOrigin: targetParent?.step, fromLine: movedAt },
    { phaseOrigin: `#${source.number}`, parentOrigin: sourceParent?.step, fromLine: leftAt },
  ]);
  if (tracked.document.toString() === text)
    throw new PlanError('INVALID_ARGUMENT', `Task ${step} is already there; nothing to change`);
  return { document: tracked.document, lines: [movedAt], renumbered };
}

/** Removes a todo task (an agent) or any task (a person), with its sub-steps; the tasks after it are renumbered. */
export function removeTask(outline: PlanOutline, stepValue: unknown, context: ReplanContext): ReplanOutcome {
  const step = requireStep(stepValue);
  requireUniqueSteps(outline);
  const task = findTask(outline, step);
  const phase = phaseOf(outline, task);
  const end = blockEnd(outline, phase, task);
  const removed = phase.tasks.filter((candidate) => candidate.line >= task.line && candidate.line < end);
  for (const candidate of removed) requireTaskNotHeld(candidate, 'remove', context.byPerson, outline.statuses);
  const started = removed.filter((candidate) => !statusDefinition(candidate.status).queue);
  if (!context.byPerson && started.length) {
    throw new PlanError(
      'INVALID_TRANSITION',
      `Only a todo task can be removed: ` +
        `${started.map((candidate) => `${candidate.step} is ${candidate.status}`).join(', ')}. Skip it instead ` +
        `(skipTask with the reason), which keeps it in the plan`,
    );
  }
  const lines = outline.document.lines;
  const parent = new PhaseTree(phase).parentOf(task);
  const tracked = TrackedLines.of(outline);
  // The blank line that parted the task from its neighbours goes with it.
  tracked.remove(task.line, endWithGap(lines, task.line, end));
  const renumbered = renumber(tracked, [
    { phaseOrigin: `#${phase.number}`, parentOrigin: parent?.step, fromLine: task.line },
  ]);
  return { document: tracked.document, lines: [], renumbered, removed };
}

// ---- as commands (applyCommands) ----

export type EditAction = 'add' | 'addPhase' | 'rename' | 'move' | 'remove';

/** A re-planning command's fields, as applyCommands receives them (checked by each operation). */
export interface EditCommand {
  step?: unknown;
  text?: unknown;
  phase?: unknown;
  after?: unknown;
  under?: unknown;
  steps?: unknown;
}

export const EDIT_ACTIONS: Record<
  EditAction,
  (outline: PlanOutline, command: EditCommand, context: ReplanContext) => ReplanOutcome
> = {
  add: (outline, command) => addTask(outline, command.phase, command.text, command.after, command.under),
  addPhase: (outline, command) => addPhase(outline, command.text, command.steps, command.after),
  rename: (outline, command, context) => renameTask(outline, command.step, command.text, context),
  move: (outline, command) => moveTask(outline, command.step, command.after),
  remove: (outline, command, context) => removeTask(outline, command.step, context),
};

export function isEditAction(value: unknown): value is EditAction {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EDIT_ACTIONS, value);
}
