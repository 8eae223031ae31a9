/** The platform-free core of Sheet Plan: the PLAN.md format, its operations and rules. */
export * from './types';
export * from './statuses';
export { parsePlan, outlinePlan, splitTaskText, readAnalysis } from './parse';
export type { PlanOutline } from './parse';
export { updateTaskStatus, rewriteTaskLine, localDate } from './update';
export { composePlan, STARTER_PLAN, recoveryPlan } from './compose';
export { validatePlan } from './validate';
export type { ValidationReport, PlanProblem } from './validate';
export { countOf, countProgress, describeProgress } from './progress';
export { PlanError, planErrorCode } from './errors';
export type { PlanErrorCode } from './errors';
export { AGENT_ACTIONS, TASK_ACTIONS, actionRules, applyAction, isTaskAction } from './actions';
export type { ActionRule, TaskAction } from './actions';
export { PLAN_STATUSES, planStatusDefinition, planStatusForWord } from './plan-status';
export type { PlanStatusDefinition } from './plan-status';
export { DEFAULT_SETTINGS, readSettings, requireSettingsChange } from './settings';
export type { PlanSettings } from './settings';
export { EDIT_ACTIONS, isEditAction, addTask, addPhase, renameTask, moveTask, removeTask } from './replan';
export type { EditAction, ReplanOutcome } from './replan';
export type {
  RevisedPlan,
  TaskResult,
  ProgressResult,
  ValidationResult,
  PlanCommand,
  HistoryEntry,
  ManagerOptions,
  EditResult,
  RemoveResult,
  PhaseResult,
  CommandResult,
  FinishResult,
  ArchivedPlan,
} from './write-path/results';
export * from './store';
export { HELD_ITEMS, heldItemDifferences, requireHeldItemsKept } from './held-items';
export type { HeldChange, HeldItemKind } from './held-items';
export { largestParts, requireFits } from './plan-size';
export {
  currentRevision,
  nextRevisionRecord,
  revisionRecord,
  revisionStamp,
  isUnrecorded,
  digestText,
  recordedRevision,
  agentNameOf,
  agentSource,
} from './revision';
export type { AgentSource, ChangeSource, RevisionInfo } from './revision';
export { matchTaskLine, matchPhaseHeading } from './patterns';
export { formatTaskLine } from './annotations';
export { shorten, escapeHtml } from './text';
