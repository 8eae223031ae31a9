import type { PlanStatus } from './plan-status';
import type { TaskStatus } from './statuses';

export type { TaskStatus } from './statuses';
export type { PlanStatus } from './plan-status';

export interface PlanTask {
  /** Index of the task's line in the document (0-based, as split on line breaks). */
  line: number;
  /** Number of the phase the task is listed under. */
  phase: number;
  /** `1.1`, `2.3`, `2.1.1`: as written in the document, or derived from its place when it has none. */
  step: string;
  /**
   * True when the line has no step number and `step` was derived from its position: it changes when
   * a task or section is added, removed or moved above it (docs/format.md); adoptFormat() writes it.
   */
  derived?: boolean;
  status: TaskStatus;
  /** The task's text without its done date and annotation. */
  title: string;
  /** `YYYY-MM-DD` from `✅ YYYY-MM-DD`. */
  completedDate?: string;
  /** The `— …` annotation of a blocked task (spec field). */
  blockedReason?: string;
  /** The `— …` annotation of a task in review (spec field). */
  reviewNote?: string;
  /** The `— …` annotation of a skipped task. */
  skipReason?: string;
  /** The `— …` annotation, whatever the status. */
  note?: string;
  /** Who works on it, from its `- Working: … until …` line (src/core/rules/claims.ts); the claim may have ended. */
  working?: { by: string; until?: string };
  /** The steps a nested `  - After: 1.2, 1.3` line names: the task starts once they are done or skipped. */
  waitsFor?: string[];
}

export interface Phase {
  number: number;
  name: string;
  tasks: PlanTask[];
  /** True when the section has no phase number (`## Tasks`, or tasks before any heading) and one was derived. */
  derived?: boolean;
}

export interface PlanAnalysis {
  spreadsheet: string;
  keySheets: string[];
  targetRanges: { read: string[]; write: string[] };
  currentState?: string;
  /** Every top-level `Label: value` item of the section, in order, including the ones above. */
  fields: Array<{ label: string; value: string }>;
}

export interface PlanQuestion {
  /** 1-based position in the Questions section. */
  number: number;
  line: number;
  text: string;
  /** From a nested `  - Answer: …` line. */
  answer?: string;
}

/**
 * How many tasks are in each status (one count per status of the table: `todo`, `doing`, …), how
 * many in all, and the finished ones as a whole percentage (0 for a plan without tasks).
 */
export type Progress = Record<TaskStatus, number> & { total: number; percent: number };

export interface Plan {
  title: string;
  goal: string;
  /** The `Status:` line under the goal: draft, approved (by a person) or done; absent when the plan has none. */
  status?: PlanStatus;
  /** The comment on the status line: what the person said when they sent the plan back, or approved it. */
  statusNote?: string;
  /** The Analysis section's text, nested lines included. */
  analysis?: string;
  /** The Analysis section read as fields. */
  analysisDetails?: PlanAnalysis;
  /** The questions' texts (spec shape). */
  questions?: string[];
  /** The questions with their position and answers. */
  questionDetails?: PlanQuestion[];
  phases: Phase[];
  notes: string;
  progress: Progress;
  raw: string;
}

export interface PhaseInput {
  name: string;
  steps: string[];
}

/** Optional sections for createPlan; a section without details keeps its heading and labels, with no placeholder. */
export interface PlanDetails {
  analysis?: {
    spreadsheet?: string;
    keySheets?: string[];
    read?: string[];
    write?: string[];
    currentState?: string;
  };
  questions?: string[];
  notes?: string;
}

/** Where addTask puts the task (`after` a step, or `under` one), and the steps it waits for. */
export interface AddTaskOptions {
  after?: string;
  under?: string;
  waitsFor?: string[];
}
