/**
 * What the use cases answer and take: the types the API, the client, the MCP server and the sidebar share.
 */
import type { Attention } from '../person/attention';
import type { TaskAction } from '../rules/actions';
import type { PlanStatus } from '../format/plan-status';
import type { EditAction } from '../replan/replan';
import type { ChangeRequest } from './request-ids';
import type { ChangeSource, RevisionInfo } from './revision';
import type { ArchiveEntry } from './store';
import type { Plan, PlanTask, Progress } from '../format/types';
import type { ValidationReport } from '../rules/validate';

/** A plan with its revision, who changed it last, and the stamp to pass to replacePlan. */
export type RevisedPlan = Plan &
  RevisionInfo & {
    stamp: string;
    /**
     * True while the plan is a draft the person asked to approve before work starts (a plan without a Status line is
     * one then): work answers NEEDS_APPROVAL.
     */
    waitingForApproval: boolean;
    /**
     * getPlan only: what waits for the person and since when, and what the person decided since the agent's last
     * change (src/core/person/attention.ts).
     */
    attention?: Attention;
  };
/** A task with the plan's revision after the call and who made the plan's last change. */
export type TaskResult = PlanTask & { revision: number; changedBy: ChangeSource };

/** What getProgress and validatePlan answer: the figures, with the plan's revision and who changed it last. */
export type ProgressResult = Progress & { revision: number; changedBy: ChangeSource };
export type ValidationResult = ValidationReport & { revision: number; changedBy: ChangeSource };

/** `value` (a task, figures, a result) with the plan's revision and who made its last change, after its own fields. */
export function withRevision<T extends object>(
  value: T,
  info: RevisionInfo,
): T & { revision: number; changedBy: ChangeSource } {
  return { ...value, revision: info.revision, changedBy: info.changedBy };
}

/**
 * What initializePlan answers: the plan, or why the sheet could not be set up with the spec's recovery plan
 * (returned to agents by initPlan, never written).
 */
export type InitOutcome =
  { initialized: true; plan: RevisedPlan } | { initialized: false; reason: string; recoveryPlan: RevisedPlan };

/** The result of a re-planning operation: the task it added, renamed, moved or removed, and what it renumbered. */
export type EditResult = TaskResult & {
  /** Every step (and phase) number the operation changed, old → new; {} when none did. */
  renumbered: Record<string, string>;
  /** The plan's status after the change, if it has one (an agent's re-plan makes an approved plan a draft). */
  planStatus?: PlanStatus;
  /** Steps that no longer wait for a removed task (src/core/replan/dependency-carry.ts); also noted in the plan's
   * Notes. */
  droppedDependencies?: string[];
};

/** removeTask's result: the task as it was, and every step it took out (its sub-steps too). */
export type RemoveResult = EditResult & { removedSteps: string[] };

export interface PhaseResult {
  phase: number;
  name: string;
  tasks: PlanTask[];
  renumbered: Record<string, string>;
  planStatus?: PlanStatus;
  revision: number;
  changedBy: ChangeSource;
}

/** One command's result in applyCommands: the task as that command left it (re-planning commands say more). */
export type CommandResult = TaskResult & {
  renumbered?: Record<string, string>;
  removed?: true;
  droppedDependencies?: string[];
  /** A re-planning command's: the plan's status after it, if it has one (a re-plan makes an approved plan a draft). */
  planStatus?: PlanStatus;
};

export interface PlanCommand {
  action: TaskAction | EditAction;
  /** The task (every action but add and addPhase). */
  step?: string;
  /**
   * The reason (block, skip), note (review, note), comment (approve, requestChanges), title (add, rename) or
   * phase name (addPhase).
   */
  text?: string;
  /** add: the phase to add the task to. */
  phase?: number | string;
  /** add: the step to put the new task after; addPhase: the phase to put the new one after; move: a step or a phase. */
  after?: string | number;
  /** add: the step the new task is a sub-step of. */
  under?: string;
  /** add: the steps the new task waits for (its `  - After: 1.2, 1.3` line). */
  waitsFor?: string[];
  /** addPhase: the titles of its tasks. */
  steps?: string[];
}

/** finishPlan's answer: where the plan went, and what the cell holds now. */
export interface FinishResult extends ArchiveEntry {
  /** The plan now in the cell: a fresh starter, or null when the person chose an empty cell. */
  plan: RevisedPlan | null;
  revision: number;
  changedBy: ChangeSource;
}

/** An archived plan, parsed, with its place in the archive. */
export type ArchivedPlan = Plan & ArchiveEntry;

export interface HistoryEntry {
  revision: number;
  savedAt: string;
  replacedBy: string;
  reason: string;
  title: string;
  characters: number;
  text?: string;
}

export interface ManagerOptions {
  /** Who is acting: decides who is recorded as the author, and whether person-only actions are allowed. */
  source: ChangeSource;
  /** True only for a person acting through the sidebar or the menu. */
  byPerson?: boolean;
  /** The agent's request id for this call: a repeat answers the first answer and writes nothing (request-ids.ts). */
  request?: ChangeRequest;
}
