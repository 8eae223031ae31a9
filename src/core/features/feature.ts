/**
 * A feature of the plan: one kind of nested line (`Working:`, `After:`, `Check:`), one plan-level setting (the
 * `Write:`/`Read:` ranges, `Formulas:`), or one thing a person holds (review items, answers, the approval). Each is one
 * module that says, in one place, what a person's approval of the plan covers of it, how that changed between two
 * plans (the approval box's "changed since you approved"), and the rule a change of the plan must keep (who may make
 * which change). The guard (src/core/guard/guard.ts) asks every feature of the registry about every change.
 *
 * How a feature reads its lines is the one reader's (src/core/format/nested-lines.ts: every labelled line under a task,
 * read once per document); a feature never parses the document itself.
 */
import type { PlanOutline } from '../format/parse';
import type { TaskPair, Transition } from '../guard/transition';

/** One change of what a person approved, in words the approval box lists (scope first, then checks, then tasks). */
export interface ApprovedChange {
  /** The feature's name: `scope`, `checks`, `dependencies`, `tasks`. */
  feature: string;
  change: 'added' | 'removed' | 'changed';
  /** The task it is under, for a nested line. */
  step?: string;
  /** What it was and what it is (absent for an added or a removed item). */
  before?: string;
  after?: string;
}

export interface PlanFeature {
  readonly name: string;
  /**
   * What a person's approval covers of this feature in `outline`, as a value compared by its JSON; absent when
   * approval does not cover the feature (a claim, a status mark).
   */
  approved?(outline: PlanOutline): unknown;
  /** The feature's rule on a change: throws a PlanError, and nothing is written, when the change breaks it. */
  check?(transition: Transition, pairs: readonly TaskPair[]): void;
  /**
   * The rule looks at the text as the agent wrote it, before what the change does to the plan's approval (a draft
   * again) is applied: an approval the agent wrote itself is refused, not quietly made a draft.
   */
  readonly onWrittenText?: boolean;
}

/**
 * How a feature's approved part changed from `before` to `after`, item by item (the approval box's "changed since you
 * approved"). The feature's module exports it beside the feature, not as a member: only the sidebar lists changes
 * (./registry.ts APPROVED_CHANGES), and dist/Code.js, which carries every member of the features it checks, leaves it
 * out.
 */
export type ApprovedChangesOf = (before: PlanOutline, after: PlanOutline) => ApprovedChange[];

/**
 * The plan whose approval holds what the change leaves (context.lastApproved): when it leaves a draft and the person
 * does not ask to approve plans first, which a draft does not stop. What the person approved of that plan (Check and
 * After lines) holds until they approve again. Undefined otherwise.
 */
export function heldByApproval({ after, context }: Pick<Transition, 'after' | 'context'>): PlanOutline | undefined {
  return after.status === 'draft' && !context.approvalRequired() ? context.lastApproved() : undefined;
}

/** A nested line's text under a task, with the step the task has in its plan. */
export interface TaskItem {
  step: string;
  text: string;
}

/**
 * The changes between two sets of a task's items, keyed by the task's title (a renumbering is no change): each item
 * added, removed, or (under a task in both) changed; `compared` is what counts as the same (the text by default).
 */
export function keyedChanges(
  feature: string,
  before: ReadonlyMap<string, TaskItem & { compared?: string }>,
  after: ReadonlyMap<string, TaskItem & { compared?: string }>,
): ApprovedChange[] {
  const changes: ApprovedChange[] = [];
  for (const [key, item] of after) {
    const was = before.get(key);
    if (!was) changes.push({ feature, change: 'added', step: item.step, after: item.text });
    else if ((was.compared ?? was.text) !== (item.compared ?? item.text))
      changes.push({ feature, change: 'changed', step: item.step, before: was.text, after: item.text });
  }
  for (const [key, item] of before) {
    if (!after.has(key)) changes.push({ feature, change: 'removed', step: item.step, before: item.text });
  }
  return changes;
}
