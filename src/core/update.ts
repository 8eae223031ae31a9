/**
 * Changes to a plan document. Each returns a new document in which only the lines that had to
 * change are different; every other character (line breaks included) is kept.
 */
import type { PlanDocument } from './document';
import { PlanError } from './errors';
import { LIST_ITEM, formatTaskText, matchTaskLine } from './patterns';
import { outlinePlan, splitTaskText, type PlanOutline } from './parse';
import { STATUS_TABLE, type StatusTable, type TaskStatus } from './statuses';
import type { PlanTask } from './types';

/** Today's date in the runtime's local time zone; PlanManager passes the spreadsheet's date instead. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface LineChange {
  status: string;
  /** The `— …` text; undefined removes it. */
  note?: string;
  /** The date a dated status (done) writes: `YYYY-MM-DD`. */
  today: string;
  /** Keep the done date already on the line (a note added to a done task). */
  keepDate?: boolean;
  /** A new title (renameTask); the line's own title otherwise. */
  title?: string;
}

/**
 * Rewrites one task line: the status character, the done date and the annotation.
 * Indentation, list marker, spacing, step and title stay as they were written.
 */
export function rewriteTaskLine(line: string, change: LineChange, statuses: StatusTable = STATUS_TABLE): string {
  const parts = matchTaskLine(line);
  if (!parts) throw new Error(`Not a task line: ${line}`);
  const definition = statuses.definition(change.status);
  const current = splitTaskText(parts.rest);
  const date = change.keepDate && current.completedDate ? current.completedDate : change.today;
  const text = formatTaskText({
    title: change.title ?? current.title,
    completedDate: definition.dated ? date : undefined,
    note: change.note,
  });
  return parts.head + definition.symbol + parts.middle + text;
}

/** Writes another step number on a task line; every other character stays. */
export function rewriteTaskStep(line: string, step: string): string {
  const parts = matchTaskLine(line);
  if (!parts) throw new Error(`Not a task line: ${line}`);
  const at = parts.head.length + parts.symbol.length + parts.middle.indexOf(parts.step);
  return line.slice(0, at) + step + line.slice(at + parts.step.length);
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
  if (matches.length === 0) throw new PlanError('NOT_FOUND', `Task ${step} not found (${stepList(outline.tasks)})`);
  if (matches.length > 1) {
    throw new PlanError(
      'INVALID_PLAN',
      `Step ${step} is listed ${matches.length} times (lines ${matches.map((task) => task.line + 1).join(', ')}); ` +
        `renumber the plan first`,
    );
  }
  return matches[0];
}

export function changeTaskLine(outline: PlanOutline, task: PlanTask, change: LineChange): PlanDocument {
  const line = outline.document.lines[task.line];
  return outline.document.replaceLine(task.line, rewriteTaskLine(line, change, outline.statuses));
}

/**
 * The spec's function: sets a task's status (with a done date, or a reason/note for blocked and
 * review) and returns the new document; the document comes back unchanged when the step is not there.
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
  const note = STATUS_TABLE.definition(status).annotation === 'none' ? undefined : annotation;
  return changeTaskLine(outline, task, { status, note, today }).toString();
}

/** Last line of a section's content, ignoring trailing blank lines; the heading when it has none. */
function lastContentLine(outline: PlanOutline, start: number, end: number): number {
  let last = start;
  for (let i = start + 1; i < end; i++) if (outline.document.lines[i].trim()) last = i;
  return last;
}

/** Adds a `- …` line at the end of the Notes section, creating the section at the end if it is missing. */
export function appendNoteLine(outline: PlanOutline, text: string): PlanDocument {
  const notes = outline.sections.notes;
  const document = outline.document;
  if (notes) {
    const last = lastContentLine(outline, notes.heading, notes.end);
    const added = last === notes.heading ? ['', `- ${text}`] : [`- ${text}`];
    return document.insertLines(last + 1, added);
  }
  const lines = document.lines;
  let end = lines.length;
  while (end > 0 && !lines[end - 1].trim()) end--;
  return document.insertLines(end, ['', '## Notes', '', `- ${text}`]);
}

/** Sets or replaces the `  - Answer: …` line under a question. */
export function setAnswerLine(outline: PlanOutline, questionNumber: number, answer: string): PlanDocument {
  const question = outline.questions.find((candidate) => candidate.number === questionNumber);
  if (!question) {
    const count = outline.questions.length;
    throw new PlanError(
      'NOT_FOUND',
      `Question ${questionNumber} not found ` +
        `(${count ? `questions are numbered 1 to ${count}` : 'the plan has no questions'})`,
    );
  }
  const document = outline.document;
  if (question.answerLine !== undefined) {
    const existing = LIST_ITEM.exec(document.lines[question.answerLine]);
    const indent = existing?.groups?.indent ?? '  ';
    const marker = existing?.groups?.marker ?? '-';
    return document.replaceLine(question.answerLine, `${indent}${marker} Answer: ${answer}`);
  }
  const questionItem = LIST_ITEM.exec(document.lines[question.line]);
  const indent = `${questionItem?.groups?.indent ?? ''}  `;
  const last = lastContentLine(outline, question.line, question.itemEnd);
  return document.insertLines(last + 1, [`${indent}- Answer: ${answer}`]);
}
