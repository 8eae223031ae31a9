/**
 * Steps are addresses that a re-plan changes: when Beta adds a task above the one Alpha holds, Alpha's task moves
 * (1.2 becomes 1.3) and 1.2 names Beta's new task, which Alpha never read. Only the agent that re-planned is told what
 * was renumbered, so the revision record remembers the held tasks another's change moved (`moved`), and the holder's
 * next action by the step its task left (a task action, or a re-plan naming it) is refused (CONFLICT, nothing
 * written) rather than done to another task. The holder's own action on its task at the new step shows it has the
 * numbering: its moves go.
 */
import { conflict } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import type { PlanOutline } from '../format/parse';
import { sameHolder, taskClaims, type Claim, type Claimant } from './claims';

/** A held task's step before a change, its step after, who made the change ('' the person), and who held it. */
export type MovedStep = [was: string, now: string, by: string, holder: string];

/** Whether `holder` holds the task at `step`, by the plan's `claims` (taskClaims). */
function holds(claims: Map<string, Claim[]>, step: string, holder: string): boolean {
  return Boolean(claims.get(step)?.some((claim) => sameHolder(claim.holder, holder)));
}

/** The record's moves as read: a list edited by hand is believed only where each entry is four texts. */
export function readMoves(value: unknown): MovedStep[] {
  const isMove = (entry: unknown): entry is MovedStep =>
    Array.isArray(entry) && entry.length === 4 && entry.every((part) => typeof part === 'string');
  return Array.isArray(value) ? value.filter(isMove) : [];
}

/** The line of the task at `step`, as written. */
function lineOf(outline: PlanOutline, step: string): string | undefined {
  const task = outline.tasks.find((candidate) => candidate.step === step);
  return task && outline.document.lines[task.line];
}

/**
 * The moves for the next record: earlier ones carried through this change's renumbering (a task moved back to where
 * its holder saw it is moved no more), and this change's own (by `by`) of tasks another holds that had none, each
 * while its holder still holds the task and has not acted on it at its new step (which shows it has the numbers: any
 * other change of its own may have been written from its stale read).
 */
export function movedClaims(
  { outline: before }: { outline: PlanOutline },
  { outline: after }: { outline: PlanOutline },
  renumbered: ReadonlyMap<string, string>,
  by = '',
  earlier: readonly MovedStep[] = [],
): MovedStep[] | undefined {
  if (!renumbered.size && !earlier.length) return undefined; // most changes: no claims to read
  const claims = taskClaims(after);
  const tracked = new Set(earlier.map(([, now, , holder]) => `${now}\n${holder}`));
  const moved: MovedStep[] = [
    ...earlier.flatMap(([was, now, who, holder]): MovedStep[] => {
      const next = renumbered.get(now) ?? now;
      const acted = sameHolder(holder, by) && lineOf(before, now) !== lineOf(after, next);
      return acted ? [] : [[was, next, who, holder]];
    }),
    ...[...renumbered].flatMap(([was, now]) =>
      (claims.get(now) ?? [])
        .filter((claim) => !tracked.has(`${was}\n${claim.holder}`) && !sameHolder(claim.holder, by))
        .map((claim): MovedStep => [was, now, by, claim.holder]),
    ),
  ].filter(([was, now, , holder]) => was !== now && holds(claims, now, holder));
  // One a held task and its holder at most (a move of a task moved before carries its entry on): there are few.
  return moved.length ? moved : undefined;
}

/**
 * The claimant's action on `step`, a task it does not hold, where another's change moved the claimant's own task
 * from, or one of its sub-steps from (1.2.1 when 1.2 moved to 1.3 and 1.3.1 is there): CONFLICT, naming both. To act on
 * that task after all, the agent first makes a change of its own (a start of that task is never refused so, nor a
 * note on its own), which shows it has the new numbers.
 */
export function requireNotMovedAway(
  outline: PlanOutline,
  step: string,
  moved: readonly MovedStep[] | undefined,
  claimant: Claimant,
): void {
  const task = moved && outline.tasks.find((candidate) => candidate.step === step);
  const claims = task && taskClaims(outline);
  if (!claims || holds(claims, step, claimant.holder)) return;
  for (const [was, now, by, holder] of moved!) {
    const mine = step.startsWith(`${was}.`) ? now + step.slice(was.length) : was === step && now;
    const own = mine && outline.tasks.find((candidate) => candidate.step === mine);
    if (!own || !sameHolder(holder, claimant.holder) || !holds(claims, now, holder)) continue;
    throw conflict(
      filled(rareWords.movedAway(), {
        was: step,
        title: task!.title,
        by: by || 'the person',
        own: own.title,
        now: mine,
      }),
    );
  }
}
