/** The platform-free core of Sheet Plan: the PLAN.md format, its operations and rules. */
export * from './format/types';
export * from './format/statuses';
export { parsePlan, outlinePlan, splitTaskText, readAnalysis } from './format/parse';
export type { PlanOutline } from './format/parse';
export { updateTaskStatus, rewriteTaskLine, localDate } from './format/update';
export { composePlan, STARTER_PLAN, recoveryPlan } from './format/compose';
export { validatePlan } from './rules/validate';
export type { ValidationReport, PlanProblem } from './rules/validate';
export { countOf, countProgress, describeProgress } from './format/progress';
export { PlanError, planErrorCode } from './errors';
export type { PlanErrorCode } from './errors';
export { AGENT_ACTIONS, TASK_ACTIONS, actionRules, applyAction, isTaskAction } from './rules/actions';
export type { ActionRule, TaskAction } from './rules/actions';
export { PLAN_STATUSES, planStatusDefinition, planStatusForWord } from './format/plan-status';
export type { PlanStatusDefinition } from './format/plan-status';
export { DEFAULT_SETTINGS, readSettings, requireSettingsChange } from './person/settings';
export type { PlanSettings } from './person/settings';
export { EDIT_ACTIONS, isEditAction, addTask, addPhase, renameTask, moveTask, removeTask } from './replan/replan';
export type { EditAction, ReplanOutcome } from './replan/replan';
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
export * from './write-path/store';
export { HELD_ITEMS, heldItemDifferences, requireHeldItemsKept } from './rules/held-items';
export type { HeldChange, HeldItemKind } from './rules/held-items';
export { largestParts, requireFits } from './rules/plan-size';
export {
  currentRevision,
  nextRevisionRecord,
  revisionRecord,
  revisionStamp,
  isUnrecorded,
  recordedRevision,
  agentNameOf,
  agentSource,
} from './write-path/revision';
export type { AgentSource, ChangeSource, RevisionInfo } from './write-path/revision';
export { matchTaskLine, matchPhaseHeading } from './format/patterns';
export { formatTaskLine } from './format/annotations';
export { shorten, escapeHtml, digestText } from './text';
