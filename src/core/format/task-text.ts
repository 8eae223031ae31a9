/**
 * A task line's text, read: title, done date and annotation (docs/format.md, "Annotations"), and the
 * task a line stands for.
 */
import { findDoneDate, lastSeparator } from './annotations';
import type { TaskLineParts } from './patterns';
import type { StatusDefinition, TaskStatus } from './statuses';
import type { PlanTask } from './types';

export interface TaskText {
  title: string;
  completedDate?: string;
  note?: string;
  /** The text without its done date: title, separator and note as written. */
  body: string;
}

/**
 * Splits a task's text into title, done date and annotation. The done date (`✅ YYYY-MM-DD`) may
 * stand anywhere; the annotation is what follows the last separator (see `lastSeparator`).
 */
export function splitTaskText(rest: string): TaskText {
  // The `✅` a done date starts with, and the last `—`, where most annotations start: each looked for once.
  const mark = rest.indexOf('✅');
  const emDash = mark < 0 ? rest.lastIndexOf('—') : -1;
  // Most tasks are a bare title: nothing to split, and the reader already trimmed it.
  if (mark < 0 && emDash < 0 && !rest.includes('--')) return { title: rest, body: rest };
  const dateMatch = mark < 0 ? null : findDoneDate(rest, mark);
  let body = rest;
  if (dateMatch) {
    // A date in the middle of the text leaves one space, not two.
    const before = rest.slice(0, dateMatch.index).trimEnd();
    const after = rest.slice(dateMatch.index + dateMatch.length).trim();
    body = !after ? before : !before ? after : `${before} ${after}`;
  }
  // Without a done date the body is the text, whose last `—` is known.
  const separator = mark < 0 ? lastSeparator(body, body.length, emDash) : lastSeparator(body);
  const text: TaskText = { title: separator ? body.slice(0, separator[0]).trimEnd() : body, body };
  if (dateMatch) text.completedDate = dateMatch.date;
  const note = separator ? body.slice(separator[1]).trim() : '';
  if (note) text.note = note;
  return text;
}

/** The title a person sees: for `**1.3: Title**` the `**` that closes the bold is not part of it. */
function displayTitle(title: string, boldTitle: boolean): string {
  if (!boldTitle) return title;
  const closer = title.indexOf('**');
  return closer < 0 ? title : `${title.slice(0, closer)}${title.slice(closer + 2)}`.trim();
}

/** Whether a text holds a character a done date or an annotation starts with: without one, no title needs a split. */
export function mayHoldDateOrNote(text: string): boolean {
  // `includes` answers at once for `✅` and `—` in a text of Latin-1 characters only, and stops at the first find.
  return text.includes('✅') || text.includes('—') || text.includes('--');
}

/**
 * The task a task line stands for, in phase 0 until the reader places it. `plainTitles`: the document holds no `✅`,
 * `—` or `--` at all (mayHoldDateOrNote), so each title is its text as it stands.
 */
export function taskFromLine(
  line: number,
  parts: TaskLineParts,
  status: StatusDefinition,
  plainTitles = false,
): PlanTask {
  const text = plainTitles ? null : splitTaskText(parts.rest);
  const task: PlanTask = {
    line,
    phase: 0,
    step: parts.step ?? '',
    // A table built in a test may name statuses beyond TaskStatus; the table checked them when it was built.
    status: status.status as TaskStatus,
    title: displayTitle(text ? text.title : parts.rest, parts.boldTitle),
  };
  if (!text) return task;
  if (text.completedDate) task.completedDate = text.completedDate;
  if (text.note !== undefined) {
    task.note = text.note;
    if (status.specField) task[status.specField] = text.note;
  }
  return task;
}
