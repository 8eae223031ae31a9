/**
 * What re-planning (./replan.ts) works with: the document's lines remembering which step or phase they were, the shape
 * of a phase (blocks, parents, siblings), renumbering, and the preconditions of every operation.
 */
import { requireLine } from '../api/arguments';
import type { PlanDocument } from '../format/document';
import { invalidArgument, invalidPlan, notFound } from '../errors';
import { formatTaskLine } from '../format/annotations';
import { matchTaskLine, readTaskLine } from '../format/patterns';
import { outlinePlan, type OutlinePhase, type PlanOutline } from '../format/parse';
import { STATUS_TABLE } from '../format/statuses';
import { filled, shorten } from '../text';
import * as rareWords from '../rare-words';
import type { PlanTask } from '../format/types';
import { rewriteTaskStep } from '../format/update';
import { describeProblem, validateOutline } from '../rules/validate';
import { addToGroup } from '../groups';

// ---- the document's lines, each remembering which step or phase it was ----

/** Lines being edited, with what each line was before the edit: a task's step, or `#N` for phase N's heading. */
export class TrackedLines {
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

export function indentWidth(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ' || character === '\u00a0') width += 1;
    else if (character === '\t') width += 4;
    else break;
  }
  return width;
}

/** `line` without up to `count` of its leading spaces. */
export function withoutLeadingSpaces(line: string, count: number): string {
  let at = 0;
  while (at < count && line.charCodeAt(at) === 32) at++;
  return line.slice(at);
}

export function parentStep(step: string): string {
  return step.slice(0, step.lastIndexOf('.'));
}

export function lastNumber(step: string): number {
  return Number(step.slice(step.lastIndexOf('.') + 1));
}

export function phaseOf(outline: PlanOutline, task: PlanTask): OutlinePhase {
  const phase = outline.phases.find((candidate) => candidate.tasks.includes(task));
  if (!phase || phase.implicit) {
    throw invalidPlan(filled(rareWords.noPhaseHeading(), { step: task.step }));
  }
  return phase;
}

/**
 * The phase's tasks as a tree: a task's parent is the nearest task above it in the phase whose step its
 * own extends (`1.2` for `1.2.1`); tasks without one are the phase's top level (key undefined).
 */
export class PhaseTree {
  private readonly parents = new Map<PlanTask, PlanTask | undefined>();
  private readonly children = new Map<PlanTask | undefined, PlanTask[]>();

  constructor(readonly phase: OutlinePhase) {
    const latest = new Map<string, PlanTask>();
    for (const task of phase.tasks) {
      const parent = latest.get(parentStep(task.step));
      this.parents.set(task, parent);
      addToGroup(this.children, parent, task);
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
export function blockEnd(outline: PlanOutline, phase: OutlinePhase, task: PlanTask): number {
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
export function isLoose(lines: readonly string[], siblings: readonly PlanTask[]): boolean {
  return siblings.some((sibling, i) => i > 0 && !lines[sibling.line - 1].trim());
}

/** Where a block's removal ends: with the blank line after it when that line only parted it from its neighbours. */
export function endWithGap(lines: readonly string[], start: number, end: number): number {
  return end < lines.length && !lines[end].trim() && (start === 0 || !lines[start - 1].trim()) ? end + 1 : end;
}

/** The last line of a phase that is not blank, plus one: where appended content goes. */
export function phaseContentEnd(outline: PlanOutline, phase: OutlinePhase): number {
  let end = phase.line + 1;
  for (let i = phase.line + 1; i < phase.end; i++) if (outline.document.lines[i].trim()) end = i + 1;
  return end;
}

/**
 * `- ` of a task line, before its box: its indentation and bullet, to write a new line the same way (a task with no
 * written step too: a sub-step under it is indented like it).
 */
export function bulletOf(line: string): string {
  const parts = readTaskLine(line);
  return parts ? line.slice(0, parts.bracket) : '- ';
}

export function reindent(bullet: string, width: number): string {
  return ' '.repeat(width) + bullet.trimStart();
}

/**
 * A new task: todo, written like its neighbours (without a step among tasks that have none, unless its title starts
 * like one: `3.11 upgrade` would be read as step 3.11).
 */
export function taskLine(bullet: string, step: string, title: string, numbered = true): string {
  const unnumbered = `${bullet}[${STATUS_TABLE.queue.symbol}] ${title}`;
  if (!numbered && matchTaskLine(unnumbered)?.step === undefined) return unnumbered;
  return formatTaskLine(STATUS_TABLE.queue.symbol, step, { title }, bullet);
}

// ---- renumbering ----

/** Renumber the children of `parent` (an origin, or undefined for the phase's top level) from `fromLine` on. */
export interface RenumberRequest {
  phaseOrigin: string;
  parentOrigin?: string;
  /** Tasks of the list at or below this line (in the edited document) get sequential numbers. */
  fromLine: number;
}

/** The request to renumber `parent`'s children (the phase's top level without one) from `fromLine` on. */
export function renumberFrom(phase: OutlinePhase, parent: PlanTask | undefined, fromLine: number): RenumberRequest {
  return { phaseOrigin: `#${phase.number}`, parentOrigin: parent?.step, fromLine };
}

/**
 * Gives each requested list sequential numbers from its line on, and every sub-step its parent's new
 * number; rewrites only the lines whose step changes. Answers old → new for the tasks that had a step.
 */
export function renumber(tracked: TrackedLines, requests: RenumberRequest[]): Record<string, string> {
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
export function requireUniqueSteps(outline: PlanOutline): void {
  const problems = validateOutline(outline).errors.filter((problem) =>
    ['duplicate-step', 'duplicate-phase', 'misnumbered-step'].includes(problem.code),
  );
  if (problems.length) {
    throw invalidPlan(filled(rareWords.fixFirst(), { problems: problems.map(describeProblem).join('; ') }));
  }
}

/**
 * A phase number: 2, or "2" as agents often send it (a phase number has no trailing zeros to lose, unlike a step); the
 * descriptor checked which of the two it is, a command's phase may be missing.
 */
export function requirePhaseNumber(value: number | string | undefined, name: string): number {
  if (value === undefined || value === null)
    throw invalidArgument(`${name} must be a phase number like 2 (got nothing)`);
  return Number(value);
}

export function findPhase(outline: PlanOutline, number: number): OutlinePhase {
  const phase = outline.phases.find((candidate) => candidate.number === number);
  if (phase?.implicit) {
    const name = phase.name ? ` ("${shorten(phase.name, 60)}")` : '';
    throw invalidPlan(filled(rareWords.phaseWithoutHeading(), { phase: `${number}${name}` }));
  }
  if (!phase) {
    const numbers = outline.phases.map((candidate) => candidate.number);
    throw notFound(
      `Phase ${number} not found (${numbers.length ? `phases: ${numbers.join(', ')}` : 'the plan has no phases'})`,
    );
  }
  return phase;
}

export function requireTitle(value: unknown, name = 'title'): string {
  return requireLine(value, name, { plainTitle: true });
}

export function requireInPhase(task: PlanTask, phase: OutlinePhase, name: string): void {
  if (task.phase !== phase.number || !phase.tasks.includes(task)) {
    throw invalidArgument(`${name} ${task.step} is not in phase ${phase.number}`);
  }
}
