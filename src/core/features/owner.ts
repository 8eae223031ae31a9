/**
 * `Owner:` lines under a task (`  - Owner: Ana`): who in the team answers for it. A trial of the feature registry:
 * approval covers the owner, and only a person sets or changes it.
 */
import { PlanError } from '../errors';
import { nestedLabelledLines } from '../nested-lines';
import type { PlanOutline } from '../parse';
import type { Transition } from '../guard/transition';
import { keyedChanges, type PlanFeature, type TaskItem } from './feature';

function owners(outline: PlanOutline): Map<string, TaskItem> {
  const titles = new Map(outline.tasks.map((task) => [task.step, task.title]));
  const found = new Map<string, TaskItem>();
  for (const line of nestedLabelledLines(outline, 'owner'))
    found.set(titles.get(line.step) ?? line.step, { step: line.step, text: `Owner: ${line.value}` });
  return found;
}

export const OWNER: PlanFeature = {
  name: 'owner',
  approved: (outline) => [...owners(outline)].map(([title, item]) => [title, item.text]),
  approvedChanges: (before, after) => keyedChanges('owner', owners(before), owners(after)),
  check(transition: Transition) {
    if (transition.actor.kind === 'person') return;
    const [changed] = keyedChanges('owner', owners(transition.before), owners(transition.after));
    if (!changed) return;
    throw new PlanError(
      'NEEDS_PERSON',
      `Only a person sets who owns a task: the change would make task ${changed.step} "${changed.after ?? 'no owner'}". ` +
        'Leave Owner lines as they are; nothing was written',
    );
  },
};
