/**
 * PlanManager, a test helper: the spec's API as methods over a PlanStore, each calling the use case
 * (src/core/use-cases/) the product's entry points call (src/apps-script/api.ts, sidebar.ts), so that the core's tests
 * read as the spec's do. The product has no such facade: an entry point calls its use case directly.
 */
import type { TaskAction } from '../../src/core/rules/actions';
import type { SeenQuestion, SeenTask } from '../../src/core/person/seen';
import type { AddTaskOptions, PhaseInput, PlanDetails } from '../../src/core/format/types';
import type { RevisionInfo } from '../../src/core/write-path/revision';
import type { PlanSettings } from '../../src/core/person/settings';
import type { ArchiveEntry, PlanStore } from '../../src/core/write-path/store';
import { releaseClaim } from '../../src/core/use-cases/claims';
import { applyCommands } from '../../src/core/use-cases/commands';
import {
  adoptFormat,
  answerQuestion,
  createPlan,
  replacePlan,
  restoreRevision,
} from '../../src/core/use-cases/documents';
import { approvePlan, finishPlan, requestPlanChanges, saveSettings } from '../../src/core/use-cases/plan-lifecycle';
import { initPlan, initializePlan, recordCellEdit } from '../../src/core/use-cases/plan-setup';
import { BUILT_IN_PLANS } from '../../src/core/format/compose';
import * as reading from '../../src/core/use-cases/reading';
import { addPhase, addTask, moveTask, removeTask, renameTask } from '../../src/core/use-cases/replanning';
import { act, advanceTask, startNextTask } from '../../src/core/use-cases/task-actions';
import { PlanRevisions } from '../../src/core/write-path/plan-revisions';
import type {
  ArchivedPlan,
  CommandResult,
  EditResult,
  FinishResult,
  HistoryEntry,
  InitOutcome,
  ManagerOptions,
  PhaseResult,
  PlanCommand,
  ProgressResult,
  RemoveResult,
  RevisedPlan,
  TaskResult,
  ValidationResult,
} from '../../src/core/write-path/results';

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
  getHistory(limit = 10): HistoryEntry[] {
    return reading.getHistory(this.path, limit);
  }
  /** The archived plans, newest first, without their text. */
  listPlans(): ArchiveEntry[] {
    return reading.listPlans(this.path);
  }
  /** One archived plan, parsed. */
  getArchivedPlan(id: number): ArchivedPlan {
    return reading.getArchivedPlan(this.path, id);
  }

  // ---- task actions ----

  /** Any task action (the sidebar's way in; `seen`: the task the person saw); the methods below are the API's names. */
  act(action: TaskAction, step: string, text?: string | null, seen?: SeenTask | null): TaskResult {
    return act(this.path, action, step, text, seen);
  }
  startTask(step: string): TaskResult {
    return act(this.path, 'start', step);
  }
  completeTask(step: string): TaskResult {
    return act(this.path, 'complete', step);
  }
  blockTask(step: string, reason: string): TaskResult {
    return act(this.path, 'block', step, reason);
  }
  reviewTask(step: string, note: string): TaskResult {
    return act(this.path, 'review', step, note);
  }
  skipTask(step: string, reason: string): TaskResult {
    return act(this.path, 'skip', step, reason);
  }
  reopenTask(step: string): TaskResult {
    return act(this.path, 'reopen', step);
  }
  /** Sets the `— note` of any task; null or '' removes it. */
  setTaskNote(step: string, note?: string | null): TaskResult {
    return act(this.path, 'note', step, note);
  }
  /** A person approves a review item: it goes back to todo with `— approved: comment`, and Notes gets a dated line. */
  approveReview(step: string, comment?: string | null): TaskResult {
    return act(this.path, 'approve', step, comment);
  }
  /** A person sends a review item back: todo with `— changes requested: comment`, and a dated line in Notes. */
  requestChanges(step: string, comment: string): TaskResult {
    return act(this.path, 'requestChanges', step, comment);
  }
  /** A person frees a task an agent claimed: its Working lines go (src/core/rules/claims.ts). */
  releaseClaim(step: string, seen?: SeenTask | null): TaskResult {
    return releaseClaim(this.path, step, seen);
  }
  /** Starts the first todo task (the one getNextTask returns) and returns it; null when none is left. */
  startNextTask(): TaskResult | null {
    return startNextTask(this.path);
  }
  /** Completes `step` and starts the next todo task, in one read and one write; returns that task or null. */
  advanceTask(step: string): TaskResult | null {
    return advanceTask(this.path, step);
  }
  /** Task changes and re-planning commands in order, atomically: nothing is written if any is refused. */
  applyCommands(commands: PlanCommand[]): CommandResult[] {
    return applyCommands(this.path, commands);
  }

  // ---- re-planning ----

  addTask(phase: number | string, title: string, options?: AddTaskOptions | null): EditResult {
    return addTask(this.path, phase, title, options);
  }
  addPhase(name: string, steps: string[], after?: number | string | null): PhaseResult {
    return addPhase(this.path, name, steps, after);
  }
  renameTask(step: string, title: string, seen?: SeenTask | null): EditResult {
    return renameTask(this.path, step, title, seen);
  }
  moveTask(step: string, after: string | number, seen?: SeenTask | null): EditResult {
    return moveTask(this.path, step, after, seen);
  }
  removeTask(step: string, seen?: SeenTask | null): RemoveResult {
    return removeTask(this.path, step, seen);
  }

  // ---- whole documents ----

  answerQuestion(number: number, answer: string, seen?: SeenQuestion | null): RevisedPlan {
    return answerQuestion(this.path, number, answer, seen);
  }
  createPlan(title: string, goal: string, phases: PhaseInput[], details?: PlanDetails | null): RevisedPlan {
    return createPlan(this.path, title, goal, phases, details);
  }
  replacePlan(markdown: string, base: string | number): RevisedPlan {
    return replacePlan(this.path, markdown, base);
  }
  adoptFormat(): RevisedPlan {
    return adoptFormat(this.path);
  }
  restoreRevision(revision: number): RevisedPlan {
    return restoreRevision(this.path, revision);
  }

  // ---- the lifecycle ----

  approvePlan(comment?: string | null, seen?: string): RevisedPlan {
    return approvePlan(this.path, comment, seen);
  }
  requestPlanChanges(comment: string): RevisedPlan {
    return requestPlanChanges(this.path, comment);
  }
  getSettings(): PlanSettings {
    return { ...this.path.settings() };
  }
  saveSettings(change: Partial<PlanSettings>): PlanSettings {
    return saveSettings(this.path, change);
  }
  finishPlan(summary: string): FinishResult {
    return finishPlan(this.path, summary, BUILT_IN_PLANS);
  }

  // ---- the plan's place ----

  recordCellEdit(edit: { oldValue?: string; value?: string } = {}): RevisionInfo | null {
    return recordCellEdit(this.path, edit);
  }
  /** The spec's initPlan: the plan, or (having written nothing) the recovery plan that names a service's failure. */
  initPlan(): RevisedPlan {
    return initPlan(this.path, BUILT_IN_PLANS);
  }
  /** initPlan as a typed result, for callers (the menu, the sidebar) that must tell a failure from a plan. */
  initializePlan(): InitOutcome {
    return initializePlan(this.path, BUILT_IN_PLANS);
  }
}
