/** Sheet Plan from Node: a typed client for the plan API of a deployment or of the local emulator. */
export { PlanClient, GOOGLE_ROOT_URL } from './plan-client';
export { OAuth2Client } from './oauth';
export type {
  AgentAction,
  AgentCommand,
  PlanClientAuth,
  PlanClientOptions,
  PlanViewRequest,
  ProgressResult,
  RetryOptions,
  ValidationResult,
} from './plan-client';
export { PlanClientError, parseScriptMessage } from './errors';
export type { PlanClientErrorCode, ScriptStackTraceElement } from './errors';
export { ENVIRONMENT_VARIABLES, authFromEnvironment, clientFromEnvironment, isLoopback } from './environment';
export type { ClientSettings } from './environment';
export type { HistoryEntry, RevisedPlan, TaskResult } from '../../core/write-path/results';
export type { CompactPlan } from '../../core/format/summary';
export type { Phase, PhaseInput, Plan, PlanDetails, PlanTask, Progress, TaskStatus } from '../../core/format/types';
export type { ValidationReport, PlanProblem } from '../../core/rules/validate';
