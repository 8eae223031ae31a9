/**
 * The plan's title, goal, phases and tasks (their steps, titles and order): what a person approves first. Its rules
 * are about work: an agent moves a task into work (doing, or done, from doing too) only on a plan the person
 * approved (when they ask to approve plans first), and never starts a finished task again without reopening it
 * (another agent may have finished it since this one read the plan).
 */
import { invalidTransition } from '../errors';
import { taskClaims } from '../rules/claims';
import { requireApproved, waitsForApproval } from '../rules/lifecycle';
import { statusAfter, statusBefore, type TaskPair, type Transition } from '../guard/transition';
import { movesIntoWork } from './dependencies';
import type { PlanFeature } from './feature';
import * as rareWords from '../rare-words';
import { filled } from '../text';

function requireNotRestarted(transition: Transition, pair: TaskPair): void {
  const was = statusBefore(transition, pair);
  const now = statusAfter(transition, pair);
  if (!was?.finished || now.finished || !now.work) return;
  throw invalidTransition(filled(rareWords.finishedAlready(), { step: pair.after.step, was: was.described }));
}

/**
 * An agent's new plan (createPlan, the plan after finishPlan) has its work ahead: every task not started, nobody
 * working on one. Its tasks are new, so no rule of work pairs them with the old plan's: a task written done or
 * claimed would skip the done check, the approval and the claims (a new plan's free text, its notes, could hold one).
 */
function requireFresh({ after }: Transition): void {
  const claims = taskClaims(after);
  const task = after.tasks.find((each) => !after.statuses.definition(each.status).queue || claims.has(each.step));
  if (task) throw invalidTransition(filled(rareWords.newPlanUnderWay(), { step: task.step }));
}

/** Whether the change marks a task in progress done: finishing work is work too, held by a draft as starting it is. */
function finishesWork(transition: Transition, pair: TaskPair): boolean {
  const now = statusAfter(transition, pair);
  // Not finished before: false for a task the change adds, as for one that was finished.
  return now.work && now.finished && statusBefore(transition, pair)?.finished === false;
}

export const TASKS: PlanFeature = {
  name: 'tasks',
  approved: (outline) => [
    outline.title,
    outline.goal,
    outline.phases.map((phase) => [phase.number, phase.name, phase.tasks.map((task) => [task.step, task.title])]),
  ],
  check(transition: Transition, pairs: readonly TaskPair[]) {
    if (transition.actor.kind === 'person') return;
    if (transition.newPlan) return requireFresh(transition);
    for (const pair of pairs) requireNotRestarted(transition, pair);
    const working = pairs.filter((pair) => movesIntoWork(transition, pair) || finishesWork(transition, pair));
    if (!working.length) return;
    const { after, context } = transition;
    // The setting is read only when it decides: a plan that is not approved.
    if (!after.status || waitsForApproval(after.status, true)) requireApproved(after, context.approvalRequired());
  },
};
