/** The calls that read: the plan, its next and review tasks, progress, problems, history and archive. */
import { heldByOther, isStepOrSubStep } from '../rules/claims';
import { attentionIn, attentionOf } from '../person/attention';
import { firstReady } from '../rules/dependencies';
import { approvedAfterWaits } from '../features/dependencies';
import { notFound } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { outlinePlan, parsePlan } from '../format/parse';
import type { ArchiveEntry } from '../write-path/store';
import { STATUS_TABLE, waitsForPerson } from '../format/statuses';
import type { PlanTask } from '../format/types';
import { validateOutline } from '../rules/validate';
import { allTasks } from '../format/plan-tasks';
import type { PlanRevisions, Snapshot } from '../write-path/plan-revisions';
import type { PlanText, PlanTexts } from '../write-path/plan-texts';
import {
  withRevision,
  type ArchivedPlan,
  type HistoryEntry,
  type ProgressResult,
  type RevisedPlan,
  type TaskResult,
  type ValidationResult,
} from '../write-path/results';

/**
 * The spec's rule: the first todo task, phase by phase (blocked and review items are passed over), and of those the
 * first that waits for nothing (its `After:` steps done or skipped: src/core/rules/dependencies.ts); for an agent, also
 * passing over the tasks another agent has claimed and their sub-steps (src/core/rules/claims.ts), and those the After
 * line the person approved still holds (src/core/features/dependencies.ts approvedAfterWaits, the guard's own rule).
 * `read`: the plan `snapshot` read, or a text the call made from it.
 */
export function nextTodo(
  path: PlanRevisions,
  snapshot: Snapshot,
  claimant = path.claimant(),
  read = snapshot.read,
): PlanTask | null {
  const tasks = allTasks(read.plan);
  const approvedWaits = claimant && approvedAfterWaits({ after: read.outline, context: path.ruleContext(snapshot) });
  // Another agent's claim holds its task's sub-steps too (src/core/features/claims.ts): they are passed over with it.
  const held = tasks.filter((task) => heldByOther(task.working, claimant));
  return firstReady(
    tasks,
    STATUS_TABLE,
    (task) =>
      held.some((other) => isStepOrSubStep(task.step, other.step)) ||
      Boolean(approvedWaits && approvedWaits(task).length),
  );
}

/** The task on `line` of `text` (a text this call wrote): the answer of a task change. */
export function taskAtLine(texts: PlanTexts, text: string, line: number): PlanTask {
  const task = allTasks(texts.of(text).plan).find((candidate) => candidate.line === line);
  if (!task) throw new Error(filled(rareWords.noTaskAtLine(), { line: `${line}` }));
  return task;
}

/** The plan in the cell, with its revision; null when there is none. */
export function getPlan(path: PlanRevisions): RevisedPlan | null {
  const { text, revision, record } = path.snapshot();
  if (!text.trim()) return null;
  const plan = path.revised(text, revision);
  const agent = path.claimant()?.holder;
  return { ...plan, attention: attentionOf(plan, attentionIn(record), plan.waitingForApproval, agent) };
}

export function getNextTask(path: PlanRevisions): TaskResult | null {
  const snapshot = path.snapshot();
  const next = snapshot.text.trim() ? nextTodo(path, snapshot) : null;
  return next && withRevision(next, snapshot.revision);
}

export function getReviewTasks(path: PlanRevisions): TaskResult[] {
  const plan = getPlan(path);
  if (!plan) return [];
  return allTasks(plan)
    .filter(waitsForPerson)
    .map((task) => withRevision(task, plan));
}

/** What `of` makes of the plan as read now, with its revision (withRevision); NO_PLAN without a plan. */
function readNow<T extends object>(path: PlanRevisions, of: (read: PlanText) => T) {
  const { text, read, revision } = path.snapshot();
  path.requireText(text);
  return withRevision(of(read), revision);
}

export function getProgress(path: PlanRevisions): ProgressResult {
  return readNow(path, (read) => read.plan.progress);
}

export function validatePlan(path: PlanRevisions): ValidationResult {
  return readNow(path, (read) => validateOutline(read.outline, path.clock()));
}

export function getHistory(path: PlanRevisions, limit = 10): HistoryEntry[] {
  return path.savedVersions(limit, path.snapshot(true)).map((version) => ({
    revision: version.revision,
    savedAt: version.savedAt,
    replacedBy: version.replacedBy,
    reason: version.reason,
    title: outlinePlan(version.text).title,
    characters: version.text.length,
    text: version.text,
  }));
}

/** The archived plans, newest first, without their text. */
export function listPlans(path: PlanRevisions): ArchiveEntry[] {
  return path.store.versions.listArchive();
}

/** One archived plan, parsed. */
export function getArchivedPlan(path: PlanRevisions, id: number): ArchivedPlan {
  const archived = path.store.versions.readArchived(id);
  if (!archived) {
    const ids = path.store.versions.listArchive().map((entry) => entry.id);
    const listed = ids.length ? `ids: ${ids.join(', ')}` : 'the archive is empty';
    throw notFound(filled(rareWords.notArchived(), { id: String(id), ids: listed }));
  }
  const { text, ...entry } = archived;
  return { ...parsePlan(text), ...entry };
}
