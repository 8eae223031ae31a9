/**
 * A change of the plan as the guard sees it: the document before, the document after, who makes it, and how each task
 * of the one became a task of the other. Every path that writes the plan (task actions, re-planning, apply_commands,
 * replace_plan, restore_revision, a person's edit) arrives here as the same kind of value, so that a rule is stated
 * once over what changed, never over which tool changed it.
 */
import type { Claimant } from '../rules/claims';
import type { PlanOutline } from '../format/parse';
import type { StatusDefinition } from '../format/statuses';
import type { PlanTask } from '../format/types';
import { addToGroup } from '../groups';

/** Who makes the change: a person (the sidebar, the menu, an edit of the cell) or an agent with its clock. */
export type Actor = { kind: 'person' } | { kind: 'agent'; claimant: Claimant };

/** A task of the document after the change, with the task it was before (absent for a task the change adds). */
export interface TaskPair {
  before?: PlanTask;
  after: PlanTask;
}

/** What the rules may ask beyond the two documents: each is read only when a rule needs it (a service call). */
export interface TransitionContext {
  /** Whether the person asked to approve plans before work starts (the sheet's setting). */
  approvalRequired(): boolean;
  /** Whether an approved plan's changed content must go back to the person: the setting, or an earlier approval. */
  approvalHeld(): boolean;
  /** This plan as the person last approved it (one range read); an empty plan before they approved it. */
  lastApproved(): PlanOutline;
  /**
   * The done gate: CHECK_FAILED unless the cells `step` wrote and its Check lines (of `outline`) pass; for a `removal`,
   * the cells it wrote alone. Absent where no sheet is reachable (a store without cells), where the gate passes.
   */
  requireChecked?(outline: PlanOutline, step: string, removal?: boolean): void;
}

export interface Transition {
  before: PlanOutline;
  after: PlanOutline;
  actor: Actor;
  context: TransitionContext;
  /** A plan written in place of another (createPlan, finishPlan's next plan): its tasks are not the old ones. */
  newPlan: boolean;
}

/** What the pair's status means after the change (by the plan's own statuses, which the change may redefine). */
export function statusAfter(transition: Transition, pair: TaskPair): StatusDefinition {
  return transition.after.statuses.definition(pair.after.status);
}

/** What the pair's status meant before the change; undefined for a task the change adds. */
export function statusBefore(transition: Transition, pair: TaskPair): StatusDefinition | undefined {
  return pair.before && transition.before.statuses.definition(pair.before.status);
}

/**
 * Each task of `after` with the task of `before` it is: the same title (the first so titled with the first, the
 * second with the second), else the task at the same step that nothing else took (a task renamed in place). What
 * matches nothing was added. Steps alone would not do: a task inserted above renumbers every task below it.
 */
export function pairTasks(before: PlanOutline, after: PlanOutline): TaskPair[] {
  const byTitle = new Map<string, PlanTask[]>();
  for (const task of before.tasks) addToGroup(byTitle, task.title, task);
  const taken = new Set<PlanTask>();
  const pairs: TaskPair[] = after.tasks.map((task) => {
    const match = byTitle.get(task.title)?.shift();
    if (match) taken.add(match);
    return match ? { before: match, after: task } : { after: task };
  });
  const freeByStep = new Map(before.tasks.filter((task) => !taken.has(task)).map((task) => [task.step, task]));
  for (const pair of pairs) {
    if (pair.before) continue;
    const match = freeByStep.get(pair.after.step);
    if (match) {
      pair.before = match;
      freeByStep.delete(pair.after.step);
    }
  }
  return pairs;
}

/** The tasks of `before` that no task of `after` is: removed by the change. */
export function removedTasks(before: PlanOutline, pairs: readonly TaskPair[]): PlanTask[] {
  const kept = new Set(pairs.map((pair) => pair.before));
  return before.tasks.filter((task) => !kept.has(task));
}
