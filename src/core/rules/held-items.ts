/**
 * What only a person may change in a plan, checked in one place for every write an agent makes: the task functions,
 * createPlan, replacePlan, restoreRevision and initPlan all write through the write path's writePlan, where the guard
 * (src/core/guard/, its held-items feature) compares the held items of the document it replaces with those of the
 * document it writes.
 *
 * A kind of held item is one entry of HELD_ITEMS: how to find its items in a document (each under a key, with the value
 * the person holds, or undefined where the key is present but nothing is held), and which changes an agent may make:
 * tasks in review, answers, the plan's approval (`Status: approved`) and the person's comment on the status line.
 */
import { needsPerson } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { outlinePlan, type PlanOutline } from '../format/parse';
import { planStatusDefinition } from '../format/plan-status';
import { STATUS_TABLE, type StatusTable } from '../format/statuses';
import type { PlanTask } from '../format/types';
import { nestedItems, nestedLabelledLines } from '../format/nested-lines';
import { CLAIM_LABEL } from './claims';
import { decisionLines, isDecisionWords } from './decision-lines';
import { addToGroup } from '../groups';

/** What happened to one held item between two documents. */
export type HeldChange =
  | 'added' // a value is held where none was (a task put in review, an answer written)
  | 'released' // the key is still there, its value no longer held (a task out of review, an answer taken away)
  | 'changed' // the key holds another value (a review item's title reworded, an answer rewritten)
  | 'removed' // the key is gone from the document (the task's line, the question with its answer)
  | 'twinned'; // more tasks carry a held task's title: which of them is the item can no longer be told

export interface HeldItemKind {
  /** Names one item in a refusal: `task "Check totals" (waiting for review)`. */
  describe(key: string, value: string): string;
  /** Says what `released` does to an item of this kind (holding `value`): `would be taken out of review`. */
  released: string | ((value: string) => string);
  /** Every key of this kind in the document, with its held value (undefined: present, nothing held). */
  entries(outline: PlanOutline): Array<[key: string, held: string | undefined]>;
  /** The changes an agent may make; every other change needs a person. */
  agentMay: readonly HeldChange[];
  /** How a person makes the change, for the refusal (a function for a rare word, read only when one is refused). */
  personPath: string | (() => string);
}

/** True when `task` is in a status the table holds for a person: only a person moves it out, rewords or removes it. */
export function heldStatus(statuses: StatusTable, task: PlanTask): boolean {
  return statuses.definition(task.status).heldForPerson;
}

/**
 * The rule for one task, where an agent names it (a task action, renameTask, removeTask): NEEDS_PERSON when the task
 * is held for a person. Every write also passes requireHeldItemsKept, which holds the same rule for whole documents.
 */
export function requireTaskNotHeld(
  task: PlanTask,
  what: string,
  byPerson: boolean,
  statuses: StatusTable = STATUS_TABLE,
): void {
  if (byPerson || !heldStatus(statuses, task)) return;
  throw needsPerson(
    filled(rareWords.heldForPerson(), {
      step: task.step,
      status: statuses.definition(task.status).described,
      what,
      queue: statuses.queue.status,
    }),
  );
}

/** The first kind: a task held for a person; compared task by task when only statuses and notes changed. */
const HELD_TASKS: HeldItemKind = {
  // A task in a status the status table holds for a person (review), known by its title and which of the tasks so
  // titled it is (a copy elsewhere in the plan is another item), holding its status with what to check and the lines
  // under it: an agent may put a task there, never take one out, reword what to check or what is under it, rename or
  // remove it (re-planning may renumber it).
  describe: (key, held) => `task ${describeTaskKey(key)} (${STATUS_TABLE.definition(heldTaskStatus(held)).described})`,
  entries: (outline) => keyedTasks(outline).map(([key, task]) => [key, heldValue(outline, task)]),
  released: (held) => `would be taken out of ${heldTaskStatus(held)}`,
  agentMay: ['added'],
  personPath: rareWords.reviewDecisionPath,
};

export const HELD_ITEMS: readonly HeldItemKind[] = [
  HELD_TASKS,
  {
    // What a person's decision on a review item writes on its line (`— approved: …`, `— changes requested: …`): an
    // agent may let it go with the line (starting the task moves it to Notes), never write one. Known by its task's
    // title (tasks so titled share their decisions, as a multiset), so that the words cannot move to a task the person
    // never decided on, and another task of that title may move or go.
    describe: (key, words) => filled(rareWords.heldDecisionWords(), { words, task: describeTaskKey(key) }),
    entries: (outline) =>
      outline.tasks.flatMap((task) => (isDecisionWords(task.note) ? [[task.title, task.note]] : [])),
    released: rareWords.takenAway,
    agentMay: ['removed'],
    personPath: rareWords.reviewDecisionPath,
  },
  {
    // The dated line in Notes a person's decision writes (`2026-03-02: review of 1.1 (…) approved`, `… plan approved`):
    // an agent may leave it out of a plan it rewrites (the history keeps it), never write one, there or in Analysis,
    // which the sidebar shows too (./decision-lines.ts).
    describe: (_head, line) => `the decision line "${line}"`,
    entries: decisionLines,
    released: rareWords.dropped,
    agentMay: ['removed'],
    personPath: rareWords.decisionLinePath,
  },
  {
    // A person's answer: an agent may drop a question together with its answer (the replaced plan keeps both in the
    // history), never write, rewrite or remove an answer under a question that stays.
    describe: (question, answer) => `the answer "${answer}" to "${question}"`,
    entries: (outline) => outline.questions.map((question) => [question.text, question.answer]),
    released: rareWords.takenAway,
    agentMay: ['removed'],
    personPath: rareWords.answerPath,
  },
  {
    // The plan's approval (a status only a person writes, src/core/format/plan-status.ts): an agent's change may make
    // the plan a draft again (src/core/rules/lifecycle.ts decides when), never approve it.
    describe: (_key, status) => `the plan's approval ("Status: ${status}")`,
    entries: (outline) => [
      [
        'status',
        outline.status && planStatusDefinition(outline.status).writtenBy === 'person' ? outline.status : undefined,
      ],
    ],
    released: rareWords.withdrawn,
    agentMay: ['released', 'removed'],
    personPath: rareWords.planApprovalPath,
  },
  {
    // What the person wrote after the status (`Status: draft — changes requested: …`): an agent may leave it out of a
    // plan it rewrites, never write or change it.
    describe: (_key, note) => filled(rareWords.heldStatusNote(), { note }),
    entries: (outline) => [['status comment', outline.statusNote]],
    released: rareWords.dropped,
    agentMay: ['released', 'removed'],
    personPath: rareWords.statusNotePath,
  },
];

/**
 * Each task under a key of its title and, from the second task so titled on, its place among them (after a line
 * break, which no title holds), so that a copy elsewhere in the plan is never taken for the item.
 */
export function keyedTasks(outline: PlanOutline): Array<[string, PlanOutline['tasks'][number]]> {
  const seen = new Map<string, number>();
  return outline.tasks.map((task) => {
    const count = (seen.get(task.title) ?? 0) + 1;
    seen.set(task.title, count);
    return [count === 1 ? task.title : `${task.title}\n${count}`, task];
  });
}

/** A held task's value: its status, what to check, and the lines under it; undefined for a task not held. */
function heldValue(outline: PlanOutline, task: PlanTask): string | undefined {
  if (!heldStatus(outline.statuses, task)) return undefined;
  return `${task.status}${task.note ? `\n${task.note}` : ''}${taskDetails(outline, task)}`;
}

/** The lines the person reviews under each task, by task: read once per outline (thousands of tasks may be held). */
const reviewedLines = new WeakMap<PlanOutline, Map<PlanTask, string>>();

/**
 * What the person reviews under a task besides its line (and another agent's claim holds): every line under it that
 * is not under one of its sub-steps (its details and the lines they wrap onto, its own text, a fence, its Check
 * lines), each after a line break. Not its Working line, which a start renews, nor its After lines, which renumber
 * when tasks move (the dependencies feature compares them by their tasks' titles); nor its sub-steps, which have their
 * own status (a sub-step in review is held as itself). One pass over the lines per outline.
 */
export function taskDetails(outline: PlanOutline, task: PlanTask): string {
  let byTask = reviewedLines.get(outline);
  if (!byTask) {
    byTask = new Map();
    const skipped = new Set([
      ...outline.dependencies.map((dependency) => dependency.line),
      ...nestedLabelledLines(outline, CLAIM_LABEL).map((working) => working.line),
    ]);
    for (const { task: owner, line } of nestedItems(outline, true)) {
      if (!skipped.has(line)) byTask.set(owner, `${byTask.get(owner) ?? ''}\n${outline.document.lines[line].trim()}`);
    }
    reviewedLines.set(outline, byTask);
  }
  return byTask.get(task) ?? '';
}

/** The status part of a held task's value (`review`, then what to check on the next line). */
function heldTaskStatus(held: string): string {
  return held.split('\n')[0];
}

/** A task key in words: `"Check"`, or `"Check" (the 2nd task so titled)`. */
export function describeTaskKey(key: string): string {
  const [title, count] = key.split('\n');
  return count ? `"${title}" (task ${count} of that title)` : `"${title}"`;
}

interface Difference {
  kind: HeldItemKind;
  change: HeldChange;
  key: string;
  /** The value held before (or, for `added`, after). */
  value: string;
}

function outlineOf(plan: string | PlanOutline): PlanOutline {
  return typeof plan === 'string' ? outlinePlan(plan) : plan;
}

/** Keys with their held values, one list per key (a key may appear more than once: two questions alike). */
function heldByKey(kind: HeldItemKind, outline: PlanOutline): Map<string, Array<string | undefined>> {
  const byKey = new Map<string, Array<string | undefined>>();
  for (const [key, held] of kind.entries(outline)) addToGroup(byKey, key, held);
  return byKey;
}

/** How the held items of `before` became those of `after`, kind by kind. */
export function heldItemDifferences(
  before: string | PlanOutline,
  after: string | PlanOutline,
  kinds: readonly HeldItemKind[] = HELD_ITEMS,
): Difference[] {
  const [old, next] = [outlineOf(before), outlineOf(after)];
  const differences: Difference[] = [];
  for (const kind of kinds) {
    const byTask = kind === HELD_TASKS ? heldTaskDifferences(old, next) : undefined;
    if (byTask) {
      differences.push(...byTask);
      continue;
    }
    const found: Difference[] = [];
    const oldItems = heldByKey(kind, old);
    const newItems = heldByKey(kind, next);
    for (const key of new Set([...oldItems.keys(), ...newItems.keys()])) {
      const was = (oldItems.get(key) ?? []).filter((value) => value !== undefined).sort();
      const now = newItems.get(key) ?? [];
      const { unmatched, isHeld } = matchHeld(
        was,
        now.filter((value) => value !== undefined),
      );
      const gone = !newItems.has(key);
      unmatched.forEach((value, i) => {
        const change: HeldChange = gone ? 'removed' : i < isHeld.length ? 'changed' : 'released';
        found.push({ kind, change, key, value });
      });
      // Values held now that nothing held before under this key, beyond those that replaced an old one.
      for (const value of isHeld.slice(unmatched.length)) found.push({ kind, change: 'added', key, value });
    }
    differences.push(...(kind === HELD_TASKS ? withTwins(old, next, found) : found));
  }
  return differences;
}

/**
 * The held tasks' differences, told as twins where a held task's title is carried by more tasks after the change.
 * Keys count same-titled tasks in order, so a task of that title put before the item takes its key: the item reads
 * as taken out of review, or, when the twin copies it, as still there while the item itself is marked done. A fresh
 * task of that title (todo) put after it changes no key.
 */
function withTwins(old: PlanOutline, next: PlanOutline, found: Difference[]): Difference[] {
  const statusesOf = (outline: PlanOutline, title: string) =>
    outline.tasks.filter((task) => task.title === title).map((task) => task.status);
  const titleOf = (key: string) => key.split('\n')[0];
  const held = new Map(old.tasks.filter((task) => heldStatus(old.statuses, task)).map((task) => [task.title, task]));
  const twinned = [...held.values()].filter(({ title }) => {
    const [was, now] = [statusesOf(old, title), statusesOf(next, title)];
    if (now.length <= was.length) return false;
    if (found.some(({ key }) => titleOf(key) === title)) return true;
    for (const status of was) {
      const at = now.indexOf(status);
      if (at >= 0) now.splice(at, 1);
    }
    return now.some((status) => !next.statuses.definition(status).queue);
  });
  const titles = new Set(twinned.map(({ title }) => title));
  return [
    ...found.filter(({ key }) => !titles.has(titleOf(key))),
    ...twinned.map(({ title, status }) => ({
      kind: HELD_TASKS,
      change: 'twinned' as const,
      key: title,
      value: status,
    })),
  ];
}

/**
 * The held tasks' differences when both plans have the same tasks by title, in the same order (a status or a note
 * changed: nearly every change): each task's key is then its own, so only the tasks whose status or note changed,
 * and the held ones, are compared, with the answer the comparison of every task gives. undefined when titles or order
 * differ.
 */
function heldTaskDifferences(old: PlanOutline, next: PlanOutline): Difference[] | undefined {
  if (old.tasks.length !== next.tasks.length) return undefined;
  const differences: Difference[] = [];
  for (let index = 0; index < old.tasks.length; index++) {
    const [was, now] = [old.tasks[index], next.tasks[index]];
    if (was.title !== now.title) return undefined;
    // A held task is compared whatever changed: the lines under it are part of what the person reviews.
    const same = was.status === now.status && was.note === now.note && old.statuses === next.statuses;
    if (same && !heldStatus(old.statuses, was)) continue;
    const [before, after] = [heldValue(old, was), heldValue(next, now)];
    if (before === after) continue;
    const count = old.tasks.slice(0, index + 1).filter((task) => task.title === was.title).length;
    const key = count === 1 ? was.title : `${was.title}\n${count}`;
    if (before === undefined) differences.push({ kind: HELD_TASKS, change: 'added', key, value: after! });
    else
      differences.push({ kind: HELD_TASKS, change: after === undefined ? 'released' : 'changed', key, value: before });
  }
  return differences;
}

/**
 * Pairs the values held before with equal values held now (as multisets, in linear time: thousands of tasks may share
 * a title). Answers the old values left unpaired and the new ones left unpaired, both sorted.
 */
function matchHeld(was: string[], now: string[]): { unmatched: string[]; isHeld: string[] } {
  const available = new Map<string, number>();
  for (const value of now) available.set(value, (available.get(value) ?? 0) + 1);
  const take = (value: string): boolean => {
    const count = available.get(value) ?? 0;
    if (count > 0) available.set(value, count - 1);
    return count > 0;
  };
  const unmatched = was.filter((value) => !take(value));
  // What is left in `available` is what nothing held before paired with.
  const isHeld = now.sort().filter(take);
  return { unmatched, isHeld };
}

function releasedWords(kind: HeldItemKind, value: string): string {
  return typeof kind.released === 'string' ? kind.released : kind.released(value);
}

/** What a change does to a held item, in words read only for a refusal (`would be added`, a twin's). */
function changeWords(kind: HeldItemKind, change: HeldChange, value: string): string {
  if (change === 'released') return releasedWords(kind, value);
  return change === 'twinned' ? rareWords.heldTaskTwinned() : filled(rareWords.wouldBe(), { change });
}

/** Throws NEEDS_PERSON, naming each item, when an agent's `after` changes what only a person may change in `before`. */
export function requireHeldItemsKept(
  before: string | PlanOutline,
  after: string | PlanOutline,
  kinds: readonly HeldItemKind[] = HELD_ITEMS,
): void {
  const refused = heldItemDifferences(before, after, kinds).filter(
    ({ kind, change }) => !kind.agentMay.includes(change),
  );
  if (!refused.length) return;
  // A decision line is read twice (decision-lines.ts): each item is named once.
  const items = [
    ...new Set(
      refused.map(({ kind, change, key, value }) => `${kind.describe(key, value)} ${changeWords(kind, change, value)}`),
    ),
  ];
  const paths = [
    ...new Set(refused.map(({ kind }) => (typeof kind.personPath === 'string' ? kind.personPath : kind.personPath()))),
  ];
  const one = items.length === 1;
  throw needsPerson(
    filled(rareWords.heldItemsChanged(), {
      items: items.join('; '),
      them: one ? 'it' : 'them',
      they: one ? 'it is' : 'they are',
      paths: paths.join('; '),
    }),
  );
}
