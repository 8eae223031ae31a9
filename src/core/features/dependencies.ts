/**
 * `After:` lines under a task (src/core/rules/dependencies.ts reads them): the steps it waits for. A person's approval
 * covers them, and their rule holds on every path: an agent's task that waits for unfinished steps does not move into
 * work (doing, or done straight away), whether by start_task or by writing `[/]` in a rewrite of the document. The
 * After lines the person approved hold until they approve again, whatever the setting (as their Check lines do).
 */
import {
  describeUnfinished,
  tasksByStep,
  type Unfinished,
  unfinishedDependencies,
  waitingWords,
} from '../rules/dependencies';
import { PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import type { PlanOutline } from '../format/parse';
import type { PlanTask } from '../format/types';
import { statusAfter, statusBefore, type TaskPair, type Transition } from '../guard/transition';
import { heldByApproval, keyedChanges, type ApprovedChangesOf, type PlanFeature, type TaskItem } from './feature';

/**
 * Each task's After steps, by the task's title; compared by the titles of the tasks they name, so that a renumbering
 * (which rewrites the steps in the line) is no change.
 */
function waitTexts(outline: PlanOutline): Map<string, TaskItem & { compared: string }> {
  const byStep = tasksByStep(outline.tasks);
  const texts = new Map<string, TaskItem & { compared: string }>();
  for (const task of outline.tasks) {
    if (!task.waitsFor?.length) continue;
    const compared = task.waitsFor.map((step) => byStep.get(step)?.title ?? `step ${step}`).join('\n');
    texts.set(task.title, { step: task.step, text: `After: ${task.waitsFor.join(', ')}`, compared });
  }
  return texts;
}

/**
 * What the After lines the person approved make a task (of `after`) wait for still: they hold until the person approves
 * again, whatever the setting (as their Check lines do), so on a draft the setting does not stop (heldByApproval) a
 * task waits also for the tasks its approved line names, each told by its title (waitTexts), while they are unfinished;
 * one the plan no longer has holds it too. A line is told by the title of the task it is under: a line whose task the
 * plan no longer has by that title (renamed, or taken out) holds every task but those it names. The guard refuses a
 * move into work (WAITING), and the next task passes such a task over (src/core/use-cases/reading.ts nextTodo): one
 * rule for both. The approved plan is read, and its lines gathered, once for all the tasks asked about.
 */
export function approvedAfterWaits(
  transition: Pick<Transition, 'after' | 'context'>,
): (task: PlanTask) => Unfinished[] {
  const { after } = transition;
  const approved = heldByApproval(transition);
  const waits = approved ? waitTexts(approved) : [];
  const titles = new Set(after.tasks.map((task) => task.title));
  return (task) => {
    const held: Unfinished[] = [];
    // The line under the task, and a line whose task the plan no longer has by its title (renamed, or taken out): that
    // holds every task, as a missing approved Check line does, since the task renamed may be any of them.
    for (const [owner, line] of waits)
      if (owner === task.title || !titles.has(owner))
        for (const title of line.compared.split('\n')) {
          const now = after.tasks.find((other) => other.title === title);
          const step = now?.step ?? `"${title}"`;
          // A task never waits for itself (a lost line names tasks the plan still has), and is told each task once.
          if (title !== task.title && !(now && after.statuses.definition(now.status).finished))
            if (!held.some((other) => other.step === step)) held.push({ step, task: now });
        }
    return held;
  };
}

/** Whether the change moves a task into work: it was neither doing nor done, and is one of them now. */
export function movesIntoWork(transition: Transition, pair: TaskPair): boolean {
  if (!statusAfter(transition, pair).work) return false;
  return !statusBefore(transition, pair)?.work;
}

export const DEPENDENCIES: PlanFeature = {
  name: 'dependencies',
  approved: (outline) => [...waitTexts(outline)].map(([title, item]) => [title, item.compared]),
  check(transition: Transition, pairs: readonly TaskPair[]) {
    if (transition.actor.kind === 'person' || transition.newPlan) return;
    const { before, after } = transition;
    const afterByStep = tasksByStep(after.tasks);
    const beforeByStep = tasksByStep(before.tasks);
    const afterOf = new Map(pairs.filter((pair) => pair.before).map((pair) => [pair.before!, pair.after]));
    let approvedWaits: ReturnType<typeof approvedAfterWaits> | undefined; // asked when a task moves into work
    for (const pair of pairs) {
      if (!movesIntoWork(transition, pair)) continue;
      const unfinished = unfinishedDependencies(pair.after, afterByStep, after.statuses);
      // What it waited for before the change counts too, as those tasks are now: dropping the After line in the same
      // write does not help (a renumbering moves the steps, so each is followed to the task it names).
      for (const step of pair.before?.waitsFor ?? []) {
        const now = afterOf.get(beforeByStep.get(step)!);
        if (!now || after.statuses.definition(now.status).finished) continue;
        if (!unfinished.some((known) => known.task === now)) unfinished.push({ step: now.step, task: now });
      }
      if (unfinished.length)
        throw new PlanError('WAITING', filled(rareWords.waitingChange(), waitingWords(pair.after, unfinished, 'its')));
      const held = (approvedWaits ??= approvedAfterWaits(transition))(pair.after);
      if (held.length) {
        const words = { step: pair.after.step, unfinished: describeUnfinished(held) };
        throw new PlanError('WAITING', filled(rareWords.approvedWaits(), words));
      }
    }
  },
};

/** The approval box's changes of the After lines, task by task (a renumbering is no change). */
export const DEPENDENCY_CHANGES: ApprovedChangesOf = (before, after) =>
  keyedChanges('dependencies', waitTexts(before), waitTexts(after));
