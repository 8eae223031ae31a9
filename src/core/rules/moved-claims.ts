/**
 * Steps are addresses that a re-plan changes: when Beta adds a task above the one Alpha holds, Alpha's task moves
 * (1.2 becomes 1.3) and 1.2 names Beta's new task, which Alpha never read. Only the agent that re-planned is told what
 * was renumbered, so the revision record remembers the held tasks another's change moved (`moved`), and an agent's
 * action on the step its own task left is refused (CONFLICT, nothing written) rather than done to another task.
 */
import { conflict, NOTHING_WRITTEN } from '../errors';
import type { PlanOutline } from '../format/parse';
import type { PlanTask } from '../format/types';
import { sameHolder, taskClaims, type Claimant } from './claims';

/** A held task's step before a change, its step after, and who made the change ('' for the person). */
export type MovedStep = [was: string, now: string, by: string];

/** Moves remembered at most: one a held task, and there are few. */
const REMEMBERED = 20;

/**
 * The moves of held tasks for the next record: those of earlier changes, carried through this change's renumbering,
 * and this change's own (by `by`), as long as the task they moved is still held by someone; undefined for none.
 */
export function movedClaims(
  after: PlanOutline,
  renumbered: ReadonlyMap<string, string>,
  by: string,
  earlier: readonly MovedStep[] = [],
): MovedStep[] | undefined {
  const held = taskClaims(after);
  const moved: MovedStep[] = [
    ...earlier.map(([was, now, who]): MovedStep => [was, renumbered.get(now) ?? now, who]),
    ...[...renumbered].map(([was, now]): MovedStep => [was, now, by]),
  ].filter(([was, now]) => was !== now && held.has(now));
  return moved.length ? moved.slice(-REMEMBERED) : undefined;
}

function holds(outline: PlanOutline, task: PlanTask | undefined, claimant: Claimant): boolean {
  const claims = task ? taskClaims(outline).get(task.step) : undefined;
  return Boolean(claims?.some((claim) => sameHolder(claim.holder, claimant.holder)));
}

/**
 * An agent's action on `task`, which it does not hold, at the step another's change moved the agent's own task from:
 * CONFLICT, naming both. To act on that task after all, the agent starts it first (a start is never refused so).
 */
export function requireNotMovedAway(
  outline: PlanOutline,
  task: PlanTask,
  moved: readonly MovedStep[] | undefined,
  claimant: Claimant,
): void {
  if (!Array.isArray(moved) || holds(outline, task, claimant)) return;
  for (const [was, now, by] of moved) {
    if (was !== task.step || sameHolder(by, claimant.holder)) continue;
    const own = outline.tasks.find((candidate) => candidate.step === now);
    if (!holds(outline, own, claimant)) continue;
    throw conflict(
      `Task ${was} is "${task.title}" now: ${by || 'the person'} renumbered the plan, and the task you hold, ` +
        `"${own!.title}", is ${now}. Call again with ${now}; or, if you mean "${task.title}", start it first; ` +
        NOTHING_WRITTEN,
    );
  }
}
