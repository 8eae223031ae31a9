/**
 * What waits for the person, in the order they act on it: the plan's approval, review items, questions, failed
 * checks, refused writes, blocked tasks. Each names the cells it is about (the first range its text names), so the
 * "Needs you" strip can select them in the sheet, and where in the sidebar the item itself is.
 *
 * What waits for the person is the core's one answer (src/core/person/waiting.ts: the e-mail, get_plan and this strip
 * agree); the strip adds what the person may want to act on besides: failed checks, refused writes (the write log's,
 * while their task is in progress), blocked tasks.
 * A draft waits for approval; a plan without a Status line does when the person asked to approve plans first (the
 * view says so: a new sheet asks it by default, and a plan typed into the cell has no Status line).
 */
import type { CheckResult } from '../../src/core/rules/done-checks';
import { findRangeReferences } from '../../src/core/format/range-references';
import type { WriteLogEntry } from '../../src/core/sheet/sheet-results';
import { SHEET_LIMITS } from '../../src/core/sheet/sheet-rules';
import { STATUS_TABLE } from '../../src/core/format/statuses';
import type { Plan, PlanTask } from '../../src/core/format/types';
import { waitingSourceOfPlan, whatWaitsForPerson, type WaitingThing } from '../../src/core/person/waiting';
import { describeSource } from './sidebar-state';

export type NeedKind =
  'approval' | 'review' | 'question' | 'failed-check' | 'refused-write' | 'writes-full' | 'blocked';

export interface NeedItem {
  kind: NeedKind;
  /** The task's step, or the question's number; '' for the plan's approval. */
  step: string;
  /** One short line after the kind's word: `2.3: Identify variance`, `3.1: Discrepancies!B2 holds …`. */
  label: string;
  /** The cells it is about, as written (`Staging!E2:E500`); absent when it names none. */
  range?: string;
  /** The id of the element that holds the item in the sidebar (where "go to" moves the focus). */
  target: string;
}

/** A write the sheet rules refused (the write log's `refused` entries), as the strip shows it: one line a range. */
export interface RefusedWrite {
  step: string;
  range: string;
  /** Why, in a few plain words: "outside the plan's Write ranges". */
  reason: string;
  /** Who tried, in the person's words (the agent's name). */
  by: string;
  /** How many refusals of this range, for this task, the log holds. */
  times: number;
}

/** Refused writes the strip lists at most; the write log view lists every one the log keeps. */
const REFUSED_SHOWN = 5;

/**
 * The refused writes that still matter to the person: this plan's, for a task still in progress (the agent is still
 * working at it, and may be stuck, or working around the plan's ranges; the person can widen the ranges or tell it).
 * Once the task moves on, a refusal is history, kept in the write log view. One line per task and range, the newest
 * first, with how many times it was refused.
 */
export function refusedWrites(plan: Plan, writes: readonly WriteLogEntry[]): RefusedWrite[] {
  const doing = new Set(
    plan.phases
      .flatMap((phase) => phase.tasks)
      .filter((task) => STATUS_TABLE.inProgress(task.status))
      .map((task) => task.step),
  );
  const lines = new Map<string, RefusedWrite>();
  for (const entry of writes) {
    if (entry.kind !== 'refused' || entry.earlierPlan || !doing.has(entry.step)) continue;
    const key = `${entry.step}\n${entry.range}`;
    const seen = lines.get(key);
    if (seen) seen.times++;
    else {
      const reason = entry.refused?.reason || 'refused';
      lines.set(key, { step: entry.step, range: entry.range, reason, by: describeSource(entry.by), times: 1 });
    }
  }
  return [...lines.values()].slice(0, REFUSED_SHOWN);
}

const firstRange = (text: string) => findRangeReferences(text)[0]?.reference;

/** The element id of a task's row, of a review item, of a question: needs-you.tsx and the panels agree on them. */
export const needTargets = {
  approval: 'needs-plan-approval',
  review: (step: string) => `needs-review-${step.replace(/\W/g, '-')}`,
  question: (number: number | string) => `needs-question-${number}`,
  keepWrites: 'keep-writes',
  task: (step: string) => `task-row-${step.replace(/\W/g, '-')}`,
};

function short(title: string): string {
  return title.length > 60 ? `${title.slice(0, 57).trimEnd()}…` : title;
}

function reviewNeed(review: WaitingThing): NeedItem {
  const step = review.step ?? '';
  return {
    kind: 'review',
    step,
    label: `${step}: ${short(review.text)}`,
    range: firstRange(review.text),
    target: needTargets.review(step),
  };
}

function taskNeeds(tasks: PlanTask[], checkResults: Record<string, CheckResult>): NeedItem[] {
  const failed = tasks
    .filter((task) => checkResults[task.step] && !checkResults[task.step].passed)
    .map((task) => ({
      kind: 'failed-check' as const,
      step: task.step,
      label: `${task.step}: ${short(checkResults[task.step].failures)}`,
      range: firstRange(checkResults[task.step].checked.join(' ')) ?? firstRange(task.title),
      target: needTargets.task(task.step),
    }));
  const blocked = tasks
    .filter((task) => task.status === 'blocked')
    .map((task) => ({
      kind: 'blocked' as const,
      step: task.step,
      label: `${task.step}: ${short(task.blockedReason || task.title)}`,
      range: firstRange(`${task.title} ${task.blockedReason ?? ''}`),
      target: needTargets.task(task.step),
    }));
  return [...failed, ...blocked];
}

/**
 * Everything that waits for the person, in the order they act on it. `undoableWrites`: the writes the log keeps that
 * can still be undone; at its bound (SHEET_LIMITS.undoableWrites) the agent's next write waits for the person.
 */
export function needsYou(
  plan: Plan,
  checkResults: Record<string, CheckResult>,
  refused: readonly RefusedWrite[] = [],
  undoableWrites = 0,
  approvalRequired = false,
): NeedItem[] {
  const tasks = plan.phases.flatMap((phase) => phase.tasks);
  const waiting = whatWaitsForPerson(waitingSourceOfPlan(plan), plan.status !== undefined || approvalRequired);
  const items: NeedItem[] = [];
  if (waiting.some((thing) => thing.what === 'approval')) {
    items.push({
      kind: 'approval',
      step: '',
      label: 'Approve the plan, or send it back',
      target: needTargets.approval,
    });
  }
  items.push(...waiting.filter((thing) => thing.what === 'review').map(reviewNeed));
  for (const question of waiting.filter((thing) => thing.what === 'question')) {
    const number = question.number ?? 0;
    items.push({
      kind: 'question',
      step: String(number),
      label: `${number}: ${short(question.text)}`,
      range: firstRange(question.text),
      target: needTargets.question(number),
    });
  }
  const rest = taskNeeds(tasks, checkResults);
  const [failed, blocked] = partition(rest, (item) => item.kind === 'failed-check');
  items.push(...failed);
  for (const write of refused) {
    const times = write.times > 1 ? `, ${write.times} times` : '';
    items.push({
      kind: 'refused-write',
      step: write.step,
      label: `${write.step}: ${short(write.reason)} (${write.by}${times})`,
      range: write.range,
      target: needTargets.task(write.step),
    });
  }
  if (undoableWrites >= SHEET_LIMITS.undoableWrites) {
    items.push({
      kind: 'writes-full',
      step: '',
      label: `${undoableWrites} writes you can undo: keep them or undo some, and the agent can write again`,
      target: needTargets.keepWrites,
    });
  }
  items.push(...blocked);
  return items;
}

function partition<T>(list: T[], test: (item: T) => boolean): [T[], T[]] {
  return [list.filter(test), list.filter((item) => !test(item))];
}

/**
 * The check results that still say something true: a result is dropped once a write made for its task was undone
 * after it (the cells it checked no longer hold what it saw).
 */
export function freshCheckResults(
  results: Record<string, CheckResult>,
  writes: readonly WriteLogEntry[],
): Record<string, CheckResult> {
  const fresh: Record<string, CheckResult> = {};
  for (const [step, result] of Object.entries(results)) {
    const checked = Date.parse(result.at);
    const undoneSince = writes.some(
      (write) => write.step === step && write.undone && Date.parse(write.undone.at) >= checked,
    );
    if (!undoneSince) fresh[step] = result;
  }
  return fresh;
}
