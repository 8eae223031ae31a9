/**
 * What the person saw when they decided: the sidebar sends the task (its title, status and note) or the question
 * with every decision it makes by step or by question number, and the decision is refused (CONFLICT) when the item at
 * that number is no longer what they saw — an agent moved another task into the step, or put a question above theirs,
 * between the sidebar's last check and the person's click. The refusal says what the item is now.
 */
import { taskClaims } from '../rules/claims';
import { conflict } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import type { PlanOutline } from '../format/parse';
import { STATUS_TABLE } from '../format/statuses';
import type { PlanTask } from '../format/types';

/** A task as the person saw it. */
export interface SeenTask {
  title: string;
  status: string;
  /** The `— …` annotation, when the task had one. */
  note?: string;
  /**
   * Who held the task (its `Working:` line), when someone did: a person's Release lands only on the claim they saw,
   * never on another agent's that took the task since.
   */
  working?: string;
}

/** A question as the person saw it. */
export interface SeenQuestion {
  text: string;
}

/** What the sidebar sends for a task it shows. */
export function seenTask(task: Pick<PlanTask, 'title' | 'status' | 'note' | 'working'>): SeenTask {
  const seen: SeenTask = { title: task.title, status: task.status };
  if (task.note !== undefined) seen.note = task.note;
  if (task.working) seen.working = task.working.by;
  return seen;
}

/** `"Check totals" (in review — right?)`. */
function describeTask(task: SeenTask): string {
  const status = STATUS_TABLE.definitions.find((definition) => definition.status === task.status)?.described;
  const working = task.working ? `, held by ${task.working}` : '';
  return `"${task.title}" (${status ?? task.status}${task.note ? ` — ${task.note}` : ''}${working})`;
}

/**
 * CONFLICT unless the task at `step` is the one the person saw: the same title, status, note and holder. `seen`
 * undefined checks nothing (an agent's call, which decides nothing for a person).
 */
export function requireSeenTask(outline: PlanOutline, step: string, saw: SeenTask | null | undefined): void {
  if (!saw) return;
  const matches = outline.tasks.filter((task) => task.step === step);
  if (matches.length !== 1) {
    const now = matches.length ? `step ${step} is now listed ${matches.length} times` : `there is no step ${step} now`;
    throw conflict(filled(rareWords.taskNotSeenGone(), { step, saw: describeTask(saw), now }));
  }
  const now = seenTask(matches[0]);
  // The outline's tasks carry no claim (the parsed plan's do): read it from the task's Working line.
  const holder = taskClaims(outline).get(step)?.[0]?.holder;
  if (holder) now.working = holder;
  const sameHolder = (now.working ?? '').toLowerCase() === (saw.working ?? '').toLowerCase();
  if (now.title === saw.title && now.status === saw.status && now.note === saw.note && sameHolder) return;
  throw conflict(filled(rareWords.taskNotSeen(), { step, saw: describeTask(saw), now: describeTask(now) }));
}

/** CONFLICT unless question `number` is the one the person saw. `seen` undefined checks nothing. */
export function requireSeenQuestion(outline: PlanOutline, number: number, seen: SeenQuestion | null | undefined): void {
  if (!seen) return;
  const question = outline.questions.find((candidate) => candidate.number === number);
  if (question?.text === seen.text) return;
  const now = question ? `it is now "${question.text}"` : `there is no question ${number} now`;
  throw conflict(filled(rareWords.questionNotSeen(), { number: String(number), saw: seen.text, now }));
}

/** The outline, once the task at `step` is the one the person saw (when `seen` is given): a re-plan by step. */
export function seenAt(outline: PlanOutline, step: string, seen: SeenTask | null | undefined): PlanOutline {
  requireSeenTask(outline, step.trim(), seen);
  return outline;
}
