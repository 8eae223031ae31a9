/**
 * adoptFormat: rewrites a checklist people really have (tasks without step numbers, `**1.1: Title**`,
 * `1. [ ]` lists, `## 1. Name` or `## Tasks` sections) into the canonical PLAN.md format, keeping
 * every word. It writes the steps the parser derived, so every task keeps the address an agent
 * already holds; it never renumbers a step that is written.
 */
import type { PlanDocument } from './document';
import { invalidArgument, invalidPlan, PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { outlinePlan, type HeadingPlace, type PlanOutline } from './parse';
import { indentationOf, middleOf, phaseHeadingLine } from './patterns';
import { statusDefinition, statusForSymbol } from './statuses';
import type { PlanTask } from './types';

/** The name a phase heading gets for tasks that stood under no heading. */
export const UNNAMED_PHASE = 'Tasks';

/** What each line of the document becomes: its replacement lines ([] drops it), and lines to insert before it. */
class Rewrite {
  private readonly replaced = new Map<number, string[]>();
  private readonly before = new Map<number, string[]>();

  constructor(private readonly document: PlanDocument) {}

  replace(line: number, lines: string[]): void {
    this.replaced.set(line, lines);
  }

  insertBefore(line: number, lines: string[]): void {
    this.before.set(line, [...(this.before.get(line) ?? []), ...lines]);
  }

  toString(): string {
    const { lines } = this.document;
    const out: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      out.push(...(this.before.get(i) ?? []), ...(this.replaced.get(i) ?? [lines[i]]));
    }
    // The document's own line break (\r\n from a paste stays \r\n).
    return out.join(this.document.lineBreak);
  }
}

function headingLine(level: number, text: string): string {
  return text ? `${'#'.repeat(level)} ${text}` : '#'.repeat(level);
}

/** Replaces a heading (one line, or text and underline for a setext heading) with `line`. */
function replaceHeading(rewrite: Rewrite, heading: HeadingPlace, line: string): void {
  rewrite.replace(heading.line, [line]);
  if (heading.underline !== undefined) rewrite.replace(heading.underline, []);
}

/** The task line in canonical spelling: `- [x] 1.2 Title`, indentation and Kiro's optional `*` kept. */
function canonicalTaskLine(line: string, outline: PlanOutline, index: number): string {
  const task = outline.tasks[index];
  const parts = outline.taskLines[index];
  const { index: textAt } = indentationOf(line);
  const indentation = line.slice(0, textAt).replace(/\uFEFF/g, '');
  const known = statusForSymbol(parts.symbol);
  const symbol = known === undefined ? parts.symbol : statusDefinition(known).symbol;
  const optional = middleOf(line, parts).startsWith(']*') ? '*' : '';
  let text = parts.rest;
  if (parts.boldTitle) {
    // `**1.3: Title**` → `1.3 Title`: the bold that wrapped step and title goes with the step's spelling.
    const closer = text.indexOf('**');
    if (closer >= 0) text = `${text.slice(0, closer).trimEnd()}${text.slice(closer + 2)}`.trim();
  }
  return `${indentation}- [${symbol}]${optional} ${task.step} ${text}`;
}

/** The refusal of a rewrite that would change what the plan says: it would `change` this. */
function refusedRewrite(change: string): PlanError {
  return invalidPlan(filled(rareWords.rewriteRefused(), { change }));
}

/** What a task is, for checking that adoption changed none: step, status, title, note and date. */
function taskKey(task: PlanTask): string {
  return JSON.stringify([task.step, task.status, task.title, task.note ?? '', task.completedDate ?? '']);
}

/**
 * The document in the canonical format, or null when it is in it already (see adoptFormat). Throws INVALID_PLAN when
 * the rewrite would change how a task reads.
 */
function canonicalDocument(markdown: string, outline: PlanOutline): string | null {
  const rewrite = new Rewrite(outline.document);
  const { lines } = outline.document;

  if (outline.titleHeading && outline.title) {
    const title = `# Plan: ${outline.title}`;
    const heading = outline.titleHeading;
    if (lines[heading.line] !== title || heading.underline !== undefined) replaceHeading(rewrite, heading, title);
  }
  if (lines[0].startsWith('\uFEFF') && outline.titleHeading?.line !== 0) rewrite.replace(0, [lines[0].slice(1)]);

  for (const phase of outline.phases) {
    const canonical = phaseHeadingLine(phase.number, phase.name);
    if (phase.source === 'none') {
      const previous = lines[phase.line - 1];
      rewrite.insertBefore(phase.line, [
        ...(previous !== undefined && previous.trim() ? [''] : []),
        phaseHeadingLine(phase.number, UNNAMED_PHASE),
      ]);
      continue;
    }
    const heading = phase.heading!;
    if (lines[heading.line] !== canonical || heading.underline !== undefined) {
      replaceHeading(rewrite, heading, canonical);
    }
    // Headings inside the phase stay inside it: below level 3 once the phase heading is at level 3.
    for (const sub of phase.subHeadings) {
      const level = Math.max(4, Math.min(6, sub.level + 3 - heading.level));
      if (level !== sub.level) replaceHeading(rewrite, sub, headingLine(level, sub.text));
    }
  }

  outline.tasks.forEach((task, index) => {
    const line = lines[task.line];
    const canonical = canonicalTaskLine(line, outline, index);
    if (canonical !== line) rewrite.replace(task.line, [canonical]);
  });

  const adopted = rewrite.toString();
  if (adopted === markdown) return null;
  // Every task must read exactly as before: same step, status, title, note and date.
  const afterTasks = outlinePlan(adopted).tasks;
  const after = afterTasks.map(taskKey);
  const before = outline.tasks.map(taskKey);
  const changed = before.findIndex((key, i) => key !== after[i]);
  if (changed >= 0)
    throw refusedRewrite(filled(rareWords.adoptChangesTask(), { line: `${outline.tasks[changed].line + 1}` }));
  // A line that is no task now would read as one: it has no line of its own in the plan as it stands.
  if (after.length > before.length) {
    throw refusedRewrite(filled(rareWords.adoptMakesTask(), { title: afterTasks[before.length].title }));
  }
  return adopted;
}

/**
 * The document in the canonical format: `# Plan: Title`, every phase a `### Phase N: Name` heading
 * (headings inside a phase moved below it), every task `- [s] N.N Title` with the step it is read
 * as. Everything else is kept as written. Throws INVALID_ARGUMENT when there is nothing to change.
 * `outline`: the plan's outline when the caller has read it already.
 */
export function adoptFormat(markdown: string, outline: PlanOutline = outlinePlan(markdown)): string {
  const adopted = canonicalDocument(markdown, outline);
  if (adopted === null) throw invalidArgument(rareWords.adoptedAlready());
  return adopted;
}

/** True when adoptFormat would change the document (the sidebar offers the rewrite then). */
export function needsAdoption(markdown: string, outline: PlanOutline = outlinePlan(markdown)): boolean {
  // A plan already in the format is answered without an exception: the sidebar asks on every plan it draws, and under a
  // debugger (DevTools, the benchmarks' Playwright) the page's first new Error cost 12-20 ms of its first render, as V8
  // records where each frame of its stack is.
  try {
    return canonicalDocument(markdown, outline) !== null;
  } catch {
    return false;
  }
}
