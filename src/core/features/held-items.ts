/**
 * What a person holds: review items and their decisions, answers to questions, the plan's approval and the person's
 * comment on it (the kinds are src/core/rules/held-items.ts's table). The rule: an agent's change never writes, rewords
 * or takes away what waits for or came from a person; the same rule for a start, a rewrite or a restored version.
 */
import { requireHeldItemsKept } from '../rules/held-items';
import type { Transition } from '../guard/transition';
import type { PlanFeature } from './feature';

export const HELD_ITEMS_FEATURE: PlanFeature = {
  name: 'held items',
  onWrittenText: true,
  check(transition: Transition) {
    if (transition.actor.kind === 'agent') requireHeldItemsKept(transition.before, transition.after);
  },
};
