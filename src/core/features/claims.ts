/**
 * `Working:` lines under a task (src/core/rules/claims.ts reads and writes them): which agent works on it, until when.
 * The rule holds on every path, since a claim is only worth anything if no agent can forge, take over or wipe one:
 * - only the holder's own start or renewal writes a claim, for that holder, ending at most a lease from now;
 * - another agent's live claim stays as it is, and so does the task under it: its line, what is written under it
 *   (details, Check and After lines) and its sub-steps (no status, title or note change, no removal, no move to
 *   another phase); only a person releases it (the sidebar's Release, which names the claim the person saw);
 * - a claim nobody could have written so (ending past a lease from now) is not honoured: src/core/rules/claims.ts.
 * Approval does not cover claims: who works on a task is not what the person approved.
 */
import {
  LEASE_MINUTES,
  claimEnd,
  claimedError,
  describeClaim,
  isHonoured,
  sameHolder,
  taskClaims,
  type Claim,
  type Claimant,
} from '../rules/claims';
import { comparedName } from '../person/source-words';
import { invalidArgument, invalidTransition, PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { STATUS_TABLE } from '../format/statuses';
import type { PlanTask } from '../format/types';
import type { PlanOutline } from '../format/parse';
import { taskDetails } from '../rules/held-items';
import type { TaskPair, Transition } from '../guard/transition';
import { movesIntoWork } from './dependencies';
import type { PlanFeature } from './feature';

function claimsOf(claims: Map<string, Claim[]>, task: PlanTask | undefined): Claim[] {
  return task ? (claims.get(task.step) ?? []) : [];
}

/** A claim as a value: its holder (case and spacing aside) and its end. */
function signature(claim: Claim): string {
  return `${comparedName(claim.holder)}|${claim.until ?? ''}`;
}

function othersLiveClaim(claims: readonly Claim[], claimant: Claimant): Claim | undefined {
  return claims.find((claim) => isHonoured(claim, claimant) && !sameHolder(claim.holder, claimant.holder));
}

/** A task's line as a claim holds it: its status, title and note. */
function lineWords(task: PlanTask): string {
  return `${task.status}\n${task.title}\n${task.note ?? ''}`;
}

/**
 * What a claim holds of a task besides its line: the lines under it (details, Check lines), the steps it waits for,
 * and its sub-steps the same way (by their words: they renumber with it), but for a sub-step with a claim of its own,
 * which holds it. Steps are written as `stepOf` maps them: the plan before a change is compared in its renumbering.
 */
function linesUnder(outline: PlanOutline, task: PlanTask, stepOf: (step: string) => string, own: Set<string>): string {
  return outline.tasks
    .filter((other) => other === task || (other.step.startsWith(`${task.step}.`) && !own.has(stepOf(other.step))))
    .map((held) =>
      [held === task ? '' : lineWords(held), taskDetails(outline, held), ...(held.waitsFor ?? []).map(stepOf)].join(
        '\n',
      ),
    )
    .join('\n\n');
}

/**
 * What the change does to a claimed task, as a refusal names it: `complete it`, `change its note`; '' for nothing.
 * `claims`: the plan's before the change, `claimant`'s who makes it.
 */
function changeWords(
  [transition, pairs, claims, claimant]: [Transition, readonly TaskPair[], Map<string, Claim[]>, Claimant],
  before: PlanTask,
  after: PlanTask,
): string {
  if (before.status !== after.status) {
    const action = STATUS_TABLE.definitions.find((definition) => definition.status === after.status)?.move.action;
    return `${action ?? 'change'} it`;
  }
  if (before.title !== after.title) return 'rename it';
  if (before.note !== after.note) return 'change its note';
  const renumbered = new Map(pairs.flatMap((pair) => (pair.before ? [[pair.before.step, pair.after.step]] : [])));
  const stepOf = (step: string) => renumbered.get(step) ?? step;
  // A sub-step is its own holder's while that holder's claim lives (honoured): one lapsed, or a line that holds
  // nothing, leaves it the parent's.
  const own = new Set<string>();
  for (const [step, held] of claims) if (held.some((claim) => isHonoured(claim, claimant))) own.add(stepOf(step));
  return linesUnder(transition.before, before, stepOf, own) === linesUnder(transition.after, after, (s) => s, own)
    ? ''
    : rareWords.changeUnder();
}

/** A claim the change writes: the holder's own, on a task it starts or already held, ending within a lease. */
function requireWritable(claim: Claim, pair: TaskPair, held: readonly Claim[], transition: Transition): void {
  const claimant = (transition.actor as { claimant: Claimant }).claimant;
  const step = pair.after.step;
  if (!sameHolder(claim.holder, claimant.holder)) {
    throw new PlanError(
      'CLAIMED',
      filled(rareWords.claimForged(), { holder: claim.holder, step, you: claimant.holder }),
    );
  }
  const end = claimEnd(claim, claimant.now());
  if (!end || end > claimant.leaseEnd()) {
    throw invalidArgument(
      filled(rareWords.claimTooLong(), {
        minutes: String(LEASE_MINUTES),
        end: claimant.leaseEnd(),
        claim: describeClaim(claim),
        step,
      }),
    );
  }
  const renews = held.some((own) => sameHolder(own.holder, claimant.holder));
  if (!renews && !movesIntoWork(transition, pair)) {
    throw invalidTransition(filled(rareWords.claimNotStarted(), { step }));
  }
}

function checkPair(
  pair: TaskPair,
  transition: Transition,
  pairs: readonly TaskPair[],
  before: Map<string, Claim[]>,
  after: Map<string, Claim[]>,
) {
  const claimant = (transition.actor as { claimant: Claimant }).claimant;
  const was = claimsOf(before, pair.before);
  const now = claimsOf(after, pair.after);
  const other = othersLiveClaim(was, claimant);
  if (other && pair.before) {
    const change = changeWords([transition, pairs, before, claimant], pair.before, pair.after);
    if (change) throw claimedError(pair.after.step, other, claimant, change);
    const kept = now.some((claim) => signature(claim) === signature(other));
    if (!kept) throw claimedError(pair.after.step, other, claimant, rareWords.takeOverClaim());
    if (!keptInPhase(transition, pair.before, pair.after))
      throw claimedError(pair.after.step, other, claimant, rareWords.moveToPhase());
  }
  const known = new Set(was.map(signature));
  for (const claim of now) if (!known.has(signature(claim))) requireWritable(claim, pair, was, transition);
}

/** The name of the phase a task is listed under. */
function phaseName(outline: Transition['before'], task: PlanTask): string | undefined {
  return outline.phases.find((phase) => phase.number === task.phase)?.name;
}

/**
 * Whether the task is in the phase it was in: another agent's claimed task stays there, on every path (moveTask,
 * apply_commands, replace_plan), since its holder works on it where it is. Its order among the phase's other tasks may
 * change, as it does when another task moves past it. A phase renamed by the same change is compared by its number.
 */
function keptInPhase(transition: Transition, before: PlanTask, after: PlanTask): boolean {
  const was = phaseName(transition.before, before);
  return transition.after.phases.some((phase) => phase.name === was)
    ? phaseName(transition.after, after) === was
    : after.phase === before.phase;
}

export const CLAIMS: PlanFeature = {
  name: 'claims',
  check(transition: Transition, pairs: readonly TaskPair[]) {
    // A new plan (createPlan) pairs no task: another agent's live claim refuses it as it would the task's removal.
    if (transition.actor.kind === 'person') return;
    const claimant = transition.actor.claimant;
    const before = taskClaims(transition.before);
    const after = taskClaims(transition.after);
    if (!before.size && !after.size) return;
    for (const pair of pairs) checkPair(pair, transition, pairs, before, after);
    const kept = new Set(pairs.map((pair) => pair.before));
    for (const task of transition.before.tasks) {
      // A finished task's Working line holds nothing (a person ticked it in the cell): finishPlan drops it.
      if (kept.has(task) || transition.before.statuses.definition(task.status).finished) continue;
      const other = othersLiveClaim(claimsOf(before, task), claimant);
      if (other) throw claimedError(task.step, other, claimant, 'remove it');
    }
  },
};
