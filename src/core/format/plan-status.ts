/**
 * The plan's lifecycle as data, beside the task statuses of ./statuses: the `Status:` line under the
 * goal says whether a person has approved the plan. A plan without the line has no lifecycle and works
 * as the spec's plans do.
 */

export type PlanStatus = 'draft' | 'approved' | 'done';

export interface PlanStatusDefinition {
  readonly status: PlanStatus;
  /** The word written after `Status:`. */
  readonly word: string;
  readonly label: string;
  /** When the person asked to approve plans first, no task may be started or completed in this status. */
  readonly waitsForApproval: boolean;
  /** Who may write this status: only a person (approval), only finishPlan, or anyone. */
  readonly writtenBy: 'person' | 'finishPlan' | 'anyone';
}

export const PLAN_STATUSES: readonly PlanStatusDefinition[] = [
  { status: 'draft', word: 'draft', label: 'Draft', waitsForApproval: true, writtenBy: 'anyone' },
  { status: 'approved', word: 'approved', label: 'Approved', waitsForApproval: false, writtenBy: 'person' },
  { status: 'done', word: 'done', label: 'Done', waitsForApproval: false, writtenBy: 'finishPlan' },
];

export function planStatusDefinition(status: PlanStatus): PlanStatusDefinition {
  const definition = PLAN_STATUSES.find((candidate) => candidate.status === status);
  if (!definition) throw new Error(`Unknown plan status "${status}"`);
  return definition;
}

/** The status a `Status:` word stands for (any case), or undefined for a word that is not the lifecycle's. */
export function planStatusForWord(word: string): PlanStatus | undefined {
  const lower = word.toLowerCase();
  return PLAN_STATUSES.find((definition) => definition.word === lower)?.status;
}
