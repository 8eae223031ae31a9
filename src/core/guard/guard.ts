/**
 * The guard: every change of the plan text, by any path (a task action, re-planning, apply_commands, replace_plan,
 * restore_revision, a new plan), agent or person, is checked here as a transition from the document before to the
 * document after, before anything is written. It asks every feature of the registry (src/core/features/registry.ts)
 * for its rule; a refusal is a PlanError that says which rule and what to do, and nothing is written. The task
 * actions are convenient ways to make a change; the rules live here.
 */
import { checkAgentStatusChange } from '../rules/lifecycle';
import { FEATURES } from '../features/registry';
import type { PlanOutline } from '../format/parse';
import { statusAfterAgentChange } from './approval';
import { pairTasks, type Actor, type TransitionContext } from './transition';

export interface GuardedChange {
  before: PlanOutline;
  /** The text the change would write. */
  text: string;
  actor: Actor;
  context: TransitionContext;
  /** A plan written in place of another (createPlan, the plan after finishPlan): its tasks are not the old ones. */
  newPlan?: boolean;
  /** A whole document the agent wrote: without a Status line, a draft when approval is held. */
  wholeDocument?: boolean;
  /** The outline of a text: the write path's, which parses each text once. */
  outline(text: string): PlanOutline;
}

/**
 * The text to write for `change`, or a PlanError. For an agent: first what only a person may change (an approval it
 * wrote is refused, not quietly made a draft), then what its change does to the plan's approval (approved content
 * changed: a draft again), then every feature's rule on the plan as it will be written.
 */
export function guardChange(change: GuardedChange): string {
  const { before, actor, context } = change;
  const newPlan = Boolean(change.newPlan);
  const written = change.outline(change.text);
  const pairs = newPlan ? [] : pairTasks(before, written);
  const asWritten = { before, after: written, actor, context, newPlan };
  for (const feature of FEATURES) if (feature.onWrittenText) feature.check?.(asWritten, pairs);
  if (actor.kind === 'agent') checkAgentStatusChange(before, written);
  const text =
    actor.kind === 'agent' && !newPlan
      ? statusAfterAgentChange(before, change.text, () => context.approvalHeld(), {
          after: written,
          draftWhenMissing: change.wholeDocument,
        })
      : change.text;
  // The approval adjustment rewrites the status line only: the tasks, and so their pairs, are the same.
  const transition = text === change.text ? asWritten : { ...asWritten, after: change.outline(text) };
  const laterPairs = text === change.text ? pairs : newPlan ? [] : pairTasks(before, transition.after);
  for (const feature of FEATURES) if (!feature.onWrittenText) feature.check?.(transition, laterPairs);
  return text;
}
