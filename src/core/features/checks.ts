/**
 * `Check:` lines under a task (src/core/rules/checks.ts reads them): what its written cells must pass before it is
 * done. A person's approval covers them, so that an agent cannot drop or weaken a check and then finish the task; and
 * the done gate is this feature's rule: whatever path writes a task as done (complete_task, apply_commands, a rewrite
 * of the whole document), an agent's task is done only when its checks pass, and is taken out of the plan unfinished
 * only when the cells it wrote pass. A person marking a task done, or removing one, is the judge.
 */
import { PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { taskChecks } from '../rules/checks';
import { describeTaskKey, keyedTasks } from '../rules/held-items';
import type { PlanOutline } from '../format/parse';
import { removedTasks, type TaskPair, type Transition } from '../guard/transition';
import { heldByApproval, keyedChanges, type ApprovedChangesOf, type PlanFeature, type TaskItem } from './feature';

/**
 * Each task's Check lines as written (in order, one per line), under the task's key: its title, and its place among
 * tasks of that title from the second on (held-items.ts keyedTasks), so that twins each keep their own lines.
 */
function checkTexts(outline: PlanOutline): Map<string, TaskItem> {
  const checks = taskChecks(outline);
  const texts = new Map<string, TaskItem>();
  for (const [key, { step }] of keyedTasks(outline)) {
    const lines = checks.get(step);
    // A step listed twice has its lines read as one list: the first task of the step takes them.
    checks.delete(step);
    if (lines) texts.set(key, { step, text: lines.map((line) => `Check: ${line.text}`).join('\n') });
  }
  return texts;
}

/** The status a task is done in: finished work (skipping is finished without the work). */
function isDone(outline: PlanOutline, status: string): boolean {
  const definition = outline.statuses.definition(status);
  return definition.finished && definition.work;
}

/** Each task's Check lines as the approval covers them: the task's key and its lines' text. */
const approvedChecks = (outline: PlanOutline) => [...checkTexts(outline)].map(([key, item]) => [key, item.text]);

/**
 * Check lines the person approved hold the done gate until they approve again, whatever the setting (as the Write
 * ranges they approved hold writes). An agent's change of an approved plan's checks makes it a draft (which waits for
 * the person anyway when the setting is on): on such a draft no task is done while one of them is missing. So is a new
 * plan an agent writes in place of the approved one (createPlan): its record names the plan whose approval holds it
 * (heldBy, src/core/write-path/revision.ts), which context.lastApproved answers. A Check line is told by its task's
 * title, which a rename changes: so any such line missing holds every task.
 */
function requireApprovedChecks(transition: Transition): void {
  const approved = heldByApproval(transition);
  if (!approved) return;
  const now = new Set(approvedChecks(transition.after).map((check) => JSON.stringify(check)));
  const lost = approvedChecks(approved).find((check) => !now.has(JSON.stringify(check)));
  if (lost)
    throw new PlanError(
      'NEEDS_APPROVAL',
      filled(rareWords.approvedCheckGone(), { check: lost[1], task: describeTaskKey(lost[0]) }),
    );
}

export const CHECKS: PlanFeature = {
  name: 'checks',
  approved: approvedChecks,
  check(transition: Transition, pairs: readonly TaskPair[]) {
    const { actor, before, after, context } = transition;
    // A new plan (createPlan) pairs no task: every task of the plan it replaces is taken out, below.
    if (actor.kind === 'person' || !context.requireChecked) return;
    const done = pairs.filter(
      (pair) => isDone(after, pair.after.status) && !(pair.before && isDone(before, pair.before.status)),
    );
    if (done.length) requireApprovedChecks(transition);
    for (const pair of done) {
      // The task's checks as they stood before the change (a rewrite cannot drop them on the way), and the cells it
      // wrote under the step it had: a task the change adds is checked as it is written.
      if (pair.before) context.requireChecked(before, pair.before.step);
      else context.requireChecked(after, pair.after.step);
    }
    // A task taken out unfinished (a new plan takes out all) takes the cells it wrote out of every later check: they
    // must pass now, as for its completion. Its Check lines too when the change writes a new task done: that may be
    // the task itself, renamed and moved at once (which no longer pairs it), and done past its checks.
    const addsDone = done.some((pair) => !pair.before);
    for (const task of removedTasks(before, pairs)) {
      if (!before.statuses.definition(task.status).finished) context.requireChecked(before, task.step, !addsDone);
    }
  },
};

/** The approval box's changes of the Check lines, task by task. */
export const CHECK_CHANGES: ApprovedChangesOf = (before, after) =>
  keyedChanges('checks', checkTexts(before), checkTexts(after));
