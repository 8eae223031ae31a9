/**
 * Changes to a plan document. Each returns a new document in which only the lines that had to
 * change are different; every other character (line breaks included) is kept.
 */
import type { PlanDocument } from './document';
import { invalidPlan, notFound } from '../errors';
import { ANNOTATION_DASH, DONE_MARK, annotationText } from './annotations';
import { fencedAfter } from './code-spans';
import { matchListItem, middleOf, readTaskLine, type TaskLineParts } from './patterns';
import { isDecisionWords } from '../rules/decision-lines';
import { outlinePlan, splitTaskText, type PlanOutline, type TaskText } from './parse';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable, type TaskStatus } from './statuses';
import type { PlanTask } from './types';
import * as rareWords from '../rare-words';
import { filled } from '../text';

/** Today's date in the runtime's local time zone; the write path passes the spreadsheet's date instead. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * What happens to the annotation after the title (`— reason`): kept as written, removed, replaced
 * by new text, or new text appended after everything the line already says.
 */
export type AnnotationChange =
  { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; text: string } | { kind: 'append'; text: string };

export interface LineChange {
  status: string;
  annotation: AnnotationChange;
  /** The date a dated status (done) writes: `YYYY-MM-DD`. */
  today: string;
  /** The task keeps its status (a note): the done date on the line stays, and none is added. */
  keepDate?: boolean;
  /** A new title (renameTask); the line's own title otherwise. */
  title?: string;
}

/** Statuses whose annotation belongs to the status (a reason, a review note): it goes when the status does. */
export function ownsAnnotation(status: string, statuses: StatusTable = STATUS_TABLE): boolean {
  return ANNOTATION_ROLES[statuses.definition(status).annotation].required;
}

/**
 * The rule for a status change, in one place: words a person wrote are never dropped. Text given
 * with the change replaces the annotation the old status owned (a reason) or is appended after
 * everything else; without text, a status that owned its annotation takes it along, and any other
 * text after the title (prose with a dash, an approval) stays.
 */
export function annotationChange(
  from: string,
  to: string,
  text?: string,
  statuses: StatusTable = STATUS_TABLE,
): AnnotationChange {
  const owned = ownsAnnotation(from, statuses);
  if (text !== undefined && statuses.definition(to).annotation !== 'none') {
    return owned ? { kind: 'replace', text } : { kind: 'append', text };
  }
  return owned && from !== to ? { kind: 'remove' } : { kind: 'keep' };
}

export interface RewrittenLine {
  line: string;
  /** The annotation the change took off the line, if any: it must be kept somewhere (see applyAction). */
  removed?: string;
}

/** The parts of a line the caller found to be a task line (one that is not is a defect of the caller). */
function taskLineParts(line: string): TaskLineParts {
  const parts = readTaskLine(line);
  if (!parts) throw new Error(`Not a task line: ${line}`);
  return parts;
}

/**
 * Rewrites one task line: the status character, the done date and the annotation. Indentation,
 * list marker, spacing, step spelling and title stay as they were written.
 */
export function rewriteTaskLine(line: string, change: LineChange, statuses: StatusTable = STATUS_TABLE): RewrittenLine {
  const parts = taskLineParts(line);
  const definition = statuses.definition(change.status);
  const written = statuses.forSymbol(parts.symbol);
  // A status that stays keeps the character it was written with (`[X]` stays `[X]`).
  const symbol = written?.status === change.status ? parts.symbol : definition.symbol;
  const head = line.slice(0, parts.bracket + 1) + symbol + middleOf(line, parts);
  // Trailing spaces are the person's too: two of them are a Markdown hard line break.
  const trailing = line.slice(parts.textStart + parts.rest.length);
  const current = splitTaskText(parts.rest);
  // New text after a person's decision (`— changes requested: …`) takes its place: only a person writes those words,
  // so they may not be extended; taken off the line, they are kept in Notes like every removed note.
  const annotation: AnnotationChange =
    change.annotation.kind === 'append' && isDecisionWords(current.note)
      ? { kind: 'replace', text: change.annotation.text }
      : change.annotation;
  if (change.title !== undefined && annotation.kind === 'keep') {
    // A rename: only the title's words change; a done date, a note and their spelling stay where they were.
    return { line: head + retitled(parts, current, change.title) + trailing };
  }
  if (change.title !== undefined) {
    const separator = current.note === undefined ? '' : current.body.slice(current.title.length);
    current.title = change.title;
    current.body = change.title + separator;
  }
  // The date on the line stays when the task keeps its status (a note), or when a person wrote it on a line that was
  // not done and the task does not move into done; a done task's date goes when the task leaves done, and a move into
  // done writes today's date in place of any old one (a task unticked by hand and done again is done today).
  const keptDate = change.keepDate || !(written?.dated || definition.dated) ? current.completedDate : undefined;
  const added =
    annotation.kind === 'replace' || annotation.kind === 'append'
      ? fencedAfter(annotation.kind === 'append' ? current.body : current.title, annotationText(annotation.text))
      : '';
  let rest: string;
  if (annotation.kind === 'keep') rest = keptDate ? parts.rest : current.body;
  else {
    if (annotation.kind === 'remove') rest = current.title;
    else if (annotation.kind === 'replace') rest = `${current.title} ${ANNOTATION_DASH} ${added}`;
    else rest = appendedNote(current, added);
    // A kept date goes right after the title, where a done task's stands.
    if (keptDate) rest = `${current.title} ${DONE_MARK} ${keptDate}${rest.slice(current.title.length)}`;
  }
  // A move into done dates the task after what the person wrote; a note on a task done without a date adds none.
  if (definition.dated && !keptDate && !change.keepDate) rest += ` ${DONE_MARK} ${change.today}`;
  const removedNote = annotation.kind === 'remove' || annotation.kind === 'replace' ? current.note : undefined;
  const rewritten: RewrittenLine = { line: head + rest + trailing };
  if (removedNote && removedNote !== added) rewritten.removed = removedNote;
  return rewritten;
}

/**
 * New text after a note the line already has joins that note (`— agent note; waiting on Dana`): a second
 * separator would make the first note part of the title. Without a note it becomes the note.
 */
function appendedNote(current: TaskText, added: string): string {
  if (current.note === undefined) return `${current.body} ${ANNOTATION_DASH} ${added}`;
  const joiner = /[.;:!?,]$/.test(current.note) ? ' ' : '; ';
  return `${current.body}${joiner}${added}`;
}

/** The task's text with another title: what follows the title (date, separator, note) is kept byte for byte. */
function retitled(parts: TaskLineParts, current: TaskText, title: string): string {
  const { rest } = parts;
  // `**1.3: Title**`: the `**` that closes the bold after the title stays.
  const closer = parts.boldTitle ? current.title.indexOf('**') : -1;
  const written = closer < 0 ? current.title : current.title.slice(0, closer);
  if (rest.startsWith(written)) return title + rest.slice(written.length);
  // The title does not come first (a done date before it): the parts are written again in the usual order.
  const note = current.note === undefined ? '' : ` ${ANNOTATION_DASH} ${current.note}`;
  const date = current.completedDate ? ` ${DONE_MARK} ${current.completedDate}` : '';
  return `${title}${closer < 0 ? '' : current.title.slice(closer)}${date}${note}`;
}

/** Writes another step number on a task line (or its first, when it had none); every other character stays. */
export function rewriteTaskStep(line: string, step: string): string {
  const parts = taskLineParts(line);
  if (parts.step === undefined) return withStepBefore(line, parts.textStart, step);
  const at = line.indexOf(parts.step, parts.bracket);
  return line.slice(0, at) + step + line.slice(at + parts.step.length);
}

/** A line without a step with `step` written before its title, which starts at `textStart`. */
function withStepBefore(line: string, textStart: number, step: string): string {
  return `${line.slice(0, textStart)}${step} ${line.slice(textStart)}`;
}

export function stepList(tasks: readonly PlanTask[], limit = 40): string {
  const steps = tasks.map((task) => task.step);
  if (steps.length === 0) return 'the plan has no steps';
  const shown = steps.slice(0, limit).join(', ');
  return steps.length > limit ? `steps: ${shown}, … ${steps.length - limit} more` : `steps: ${shown}`;
}

/** The one task with this step, or a NOT_FOUND / INVALID_PLAN error naming what there is. */
export function findTask(outline: PlanOutline, step: string): PlanTask {
  const matches = outline.tasks.filter((task) => task.step === step);
  if (matches.length === 0) throw notFound(`Task ${step} not found (${stepList(outline.tasks)})`);
  if (matches.length > 1) {
    const lines = matches.map((task) => task.line + 1).join(', ');
    throw invalidPlan(filled(rareWords.stepListedTwice(), { step, count: String(matches.length), lines }));
  }
  return matches[0];
}

export function changeTaskLine(
  outline: PlanOutline,
  task: PlanTask,
  change: LineChange,
): { document: PlanDocument; removed?: string } {
  const written = outline.document.lines[task.line];
  const rewritten = rewriteTaskLine(written, change, outline.statuses);
  let { line } = rewritten;
  // A new title that starts like a step (`3.11 upgrade`) on a line without one would be read as its step, moving the
  // task and its neighbours: the task's own step goes before it, as a numbered list writes `1.2 3.11 upgrade`.
  if (task.derived && readTaskLine(line)?.step !== undefined)
    line = withStepBefore(line, readTaskLine(written)!.textStart, task.step);
  return { document: outline.document.replaceLine(task.line, line), removed: rewritten.removed };
}

/**
 * The spec's function: sets a task's status (with a done date, or a reason/note for blocked and
 * review) and returns the new document; the document comes back unchanged when the step is not there.
 * A pure text function: the text before the change is the caller's (the write path keeps a removed
 * reason in Notes, see applyAction).
 */
export function updateTaskStatus(
  markdown: string,
  step: string,
  status: TaskStatus,
  annotation?: string,
  today = localDate(),
): string {
  const outline = outlinePlan(markdown);
  const task = outline.tasks.find((candidate) => candidate.step === step);
  if (!task) return markdown;
  const text = annotation?.trim() ? annotation.trim() : undefined;
  const change = annotationChange(task.status, status, text, outline.statuses);
  return changeTaskLine(outline, task, { status, annotation: change, today }).document.toString();
}

/** Last line of a section's content, ignoring trailing blank lines; the heading when it has none. */
function lastContentLine(outline: PlanOutline, start: number, end: number): number {
  let last = start;
  for (let i = start + 1; i < end; i++) if (outline.document.lines[i].trim()) last = i;
  return last;
}

/**
 * Adds `- …` lines at the end of the Notes section (`notes`, from the outline), creating the
 * section at the end if it is missing. Says where the lines went, so callers can follow a line
 * that moved down.
 */
export function appendNoteLines(
  document: PlanDocument,
  notes: PlanOutline['sections']['notes'],
  texts: string[],
): { document: PlanDocument; at: number; count: number } {
  const items = texts.map((text) => `- ${text}`);
  if (notes) {
    let last = notes.heading;
    for (let i = notes.heading + 1; i < notes.end; i++) if (document.lines[i].trim()) last = i;
    // Right under a bullet at the margin, a new item, unless a quote above it holds it (the sidebar keeps the lines
    // after a quote's in the quote); under anything else (Notes' heading, a paragraph, a table), after a blank line.
    let quoted = false;
    for (let line = last; document.lines[line]?.trim() && line > notes.heading; line--)
      quoted ||= /^\s*>/.test(document.lines[line]);
    const added = /^[-*+]\s/.test(document.lines[last]) && !quoted ? items : ['', ...items];
    return { document: document.insertLines(last + 1, added), at: last + 1, count: added.length };
  }
  const lines = document.lines;
  let end = lines.length;
  while (end > 0 && !lines[end - 1].trim()) end--;
  const added = ['', '## Notes', '', ...items];
  return { document: document.insertLines(end, added), at: end, count: added.length };
}

/** Adds a `- …` line at the end of the Notes section, creating the section at the end if it is missing. */
export function appendNoteLine(outline: PlanOutline, text: string): PlanDocument {
  return appendNoteLines(outline.document, outline.sections.notes, [text]).document;
}

/** Sets or replaces the `  - Answer: …` line under a question. */
export function setAnswerLine(outline: PlanOutline, questionNumber: number, answer: string): PlanDocument {
  const question = outline.questions.find((candidate) => candidate.number === questionNumber);
  if (!question) {
    const count = outline.questions.length;
    throw notFound(
      `Question ${questionNumber} not found ` +
        `(${count ? `questions are numbered 1 to ${count}` : 'the plan has no questions'})`,
    );
  }
  const document = outline.document;
  if (question.answerLine !== undefined) {
    const existing = matchListItem(document.lines[question.answerLine]);
    const indent = existing?.indent ?? '  ';
    const marker = existing?.marker ?? '-';
    return document.replaceLine(question.answerLine, `${indent}${marker} Answer: ${answer}`);
  }
  const questionItem = matchListItem(document.lines[question.line]);
  const indent = `${questionItem?.indent ?? ''}  `;
  const last = lastContentLine(outline, question.line, question.itemEnd);
  return document.insertLines(last + 1, [`${indent}- Answer: ${answer}`]);
}
