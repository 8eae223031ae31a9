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
  // Most tasks are a bare title: nothing to split, and the reader already trimmed it (includes is the fastest look).
  const hasDate = rest.includes('✅');
  if (!hasDate && !rest.includes('—') && !rest.includes('--')) return { title: rest, body: rest };
  const dateMatch = hasDate ? findDoneDate(rest) : null;
  let body = rest;
  if (dateMatch) {
    // A date in the middle of the text leaves one space, not two.
    const before = rest.slice(0, dateMatch.index).trimEnd();
    const after = rest.slice(dateMatch.index + dateMatch.length).trim();
    body = !after ? before : !before ? after : `${before} ${after}`;
  }
  const separator = lastSeparator(body);
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

/** The task a task line stands for, in phase 0 until the reader places it. */
export function taskFromLine(line: number, parts: TaskLineParts, status: StatusDefinition): PlanTask {
  const { title, completedDate, note } = splitTaskText(parts.rest);
  const task: PlanTask = {
    line,
    phase: 0,
    step: parts.step ?? '',
    // A table built in a test may name statuses beyond TaskStatus; the table checked them when it was built.
    status: status.status as TaskStatus,
    title: displayTitle(title, parts.boldTitle),
  };
  if (completedDate) task.completedDate = completedDate;
  if (note !== undefined) {
    task.note = note;
    if (status.specField) task[status.specField] = note;
  }
  return task;
}
