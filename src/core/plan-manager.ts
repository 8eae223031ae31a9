/**
 * PlanManager: the spec's API plus Sheet Plan's extensions, synchronous, over a PlanStore. A facade: each method is
 * a use case (src/core/use-cases/) over the write path (src/core/write-path/plan-revisions.ts), where every change is
 * one read and one write under the document lock; bad input or a refused change throws a PlanError before anything
 * is written.
 */
import type { TaskAction } from './actions';
import type { RevisionInfo } from './revision';
import type { PlanSettings } from './settings';
import type { ArchiveEntry, PlanStore } from './store';
import { releaseClaim } from './use-cases/claims';
import { applyCommands } from './use-cases/commands';
import { adoptFormat, answerQuestion, createPlan, replacePlan, restoreRevision } from './use-cases/documents';
import { approvePlan, finishPlan, requestPlanChanges, saveSettings } from './use-cases/plan-lifecycle';
import { initializePlan, recordCellEdit } from './use-cases/plan-setup';
import * as reading from './use-cases/reading';
import { addPhase, addTask, moveTask, removeTask, renameTask } from './use-cases/replanning';
import { act, advanceTask, startNextTask } from './use-cases/task-actions';
import { PlanRevisions } from './write-path/plan-revisions';
import type {
  ArchivedPlan,
  CommandResult,
  EditResult,
  FinishResult,
  HistoryEntry,
  InitOutcome,
  ManagerOptions,
  PhaseResult,
  ProgressResult,
  RemoveResult,
  RevisedPlan,
  TaskResult,
  ValidationResult,
} from './write-path/results';

export type * from './write-path/results';

export class PlanManager {
  private readonly path: PlanRevisions;

  constructor(store: PlanStore, options: ManagerOptions = { source: 'api' }) {
    this.path = new PlanRevisions(store, options);
  }

  // ---- reading ----

  /** The plan in the cell, with its revision; null when there is none. */
  getPlan(): RevisedPlan | null {
    return reading.getPlan(this.path);
  }
  getNextTask(): TaskResult | null {
    return reading.getNextTask(this.path);
  }
  getReviewTasks(): TaskResult[] {
    return reading.getReviewTasks(this.path);
  }
  getProgress(): ProgressResult {
    return reading.getProgress(this.path);
  }
  validatePlan(): ValidationResult {
    return reading.validatePlan(this.path);
  }
  getHistory(limit: unknown = 10): HistoryEntry[] {
    return reading.getHistory(this.path, limit);
  }
  /** The archived plans, newest first, without their text. */
  listPlans(): ArchiveEntry[] {
    return reading.listPlans(this.path);
  }
  /** One archived plan, parsed. */
  getArchivedPlan(id: unknown): ArchivedPlan {
    return reading.getArchivedPlan(this.path, id);
  }

  // ---- task actions ----

  /** Any task action (the sidebar's way in; `seen`: the task the person saw); the methods below are the API's names. */
  act(action: TaskAction, step: unknown, text?: unknown, seen?: unknown): TaskResult {
    return act(this.path, action, step, text, seen);
  }
  startTask(step: unknown): TaskResult {
    return act(this.path, 'start', step);
  }
  completeTask(step: unknown): TaskResult {
    return act(this.path, 'complete', step);
  }
  blockTask(step: unknown, reason: unknown): TaskResult {
    return act(this.path, 'block', step, reason);
  }
  reviewTask(step: unknown, note: unknown): TaskResult {
    return act(this.path, 'review', step, note);
  }
  skipTask(step: unknown, reason: unknown): TaskResult {
    return act(this.path, 'skip', step, reason);
  }
  reopenTask(step: unknown): TaskResult {
    return act(this.path, 'reopen', step);
  }
  /** Sets the `— note` of any task; null or '' removes it. */
  setTaskNote(step: unknown, note: unknown): TaskResult {
    return act(this.path, 'note', step, note);
  }
  /** A person approves a review item: it goes back to todo with `— approved: comment`, and Notes gets a dated line. */
  approveReview(step: unknown, comment?: unknown): TaskResult {
    return act(this.path, 'approve', step, comment);
  }
  /** A person sends a review item back: todo with `— changes requested: comment`, and a dated line in Notes. */
  requestChanges(step: unknown, comment: unknown): TaskResult {
    return act(this.path, 'requestChanges', step, comment);
  }
  /** A person frees a task an agent claimed: its Working lines go (src/core/claims.ts). */
  releaseClaim(step: unknown, seen?: unknown): TaskResult {
    return releaseClaim(this.path, step, seen);
  }
  /** Starts the first todo task (the one getNextTask returns) and returns it; null when none is left. */
  startNextTask(): TaskResult | null {
    return startNextTask(this.path);
  }
  /** Completes `step` and starts the next todo task, in one read and one write; returns that task or null. */
  advanceTask(step: unknown): TaskResult | null {
    return advanceTask(this.path, step);
  }
  /** Task changes and re-planning commands in order, atomically: nothing is written if any is refused. */
  applyCommands(commands: unknown): CommandResult[] {
    return applyCommands(this.path, commands);
  }

  // ---- re-planning ----

  addTask(phase: unknown, title: unknown, options?: unknown): EditResult {
    return addTask(this.path, phase, title, options);
  }
  addPhase(name: unknown, steps: unknown, after?: unknown): PhaseResult {
    return addPhase(this.path, name, steps, after);
  }
  renameTask(step: unknown, title: unknown, seen?: unknown): EditResult {
    return renameTask(this.path, step, title, seen);
  }
  moveTask(step: unknown, after: unknown, seen?: unknown): EditResult {
    return moveTask(this.path, step, after, seen);
  }
  removeTask(step: unknown, seen?: unknown): RemoveResult {
    return removeTask(this.path, step, seen);
  }

  // ---- whole documents ----

  answerQuestion(number: unknown, answer: unknown, seen?: unknown): RevisedPlan {
    return answerQuestion(this.path, number, answer, seen);
  }
  createPlan(title: unknown, goal: unknown, phases: unknown, details?: unknown): RevisedPlan {
    return createPlan(this.path, title, goal, phases, details);
  }
  replacePlan(markdown: unknown, base: unknown): RevisedPlan {
    return replacePlan(this.path, markdown, base);
  }
  adoptFormat(): RevisedPlan {
    return adoptFormat(this.path);
  }
  restoreRevision(revision: unknown): RevisedPlan {
    return restoreRevision(this.path, revision);
  }

  // ---- the lifecycle ----

  approvePlan(comment?: unknown, seen?: unknown): RevisedPlan {
    return approvePlan(this.path, comment, seen);
  }
  requestPlanChanges(comment: unknown): RevisedPlan {
    return requestPlanChanges(this.path, comment);
  }
  getSettings(): PlanSettings {
    return { ...this.path.settings() };
  }
  saveSettings(change: unknown): PlanSettings {
    return saveSettings(this.path, change);
  }
  finishPlan(summary: unknown): FinishResult {
    return finishPlan(this.path, summary);
  }

  // ---- the plan's place ----

  recordCellEdit(edit: { oldValue?: string; value?: string } = {}): RevisionInfo | null {
    return recordCellEdit(this.path, edit);
  }
  /** The spec's initPlan: the plan, or (having written nothing) the recovery plan that names a service's failure. */
  initPlan(): RevisedPlan {
    const outcome = this.initializePlan();
    return outcome.initialized ? outcome.plan : outcome.recoveryPlan;
  }
  /** initPlan as a typed result, for callers (the menu, the sidebar) that must tell a failure from a plan. */
  initializePlan(): InitOutcome {
    return initializePlan(this.path);
  }
}
