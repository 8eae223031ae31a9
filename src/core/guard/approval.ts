/**
 * What a person's approval covers, as the features declare it, and what an agent's change does to an approval: an
 * approved plan whose approved content changed is a draft again; a status line the agent left out stays the plan's.
 */
import type { ApprovedChange } from '../features/feature';
import { APPROVED_CHANGES, FEATURES } from '../features/registry';
import { setStatusLine } from '../rules/lifecycle';
import { outlinePlan, type PlanOutline } from '../format/parse';

/** The approved content of a plan, one JSON text: equal texts, nothing a person approved changed. */
export function approvedContent(outline: PlanOutline): string {
  return JSON.stringify(FEATURES.map((feature) => (feature.approved ? feature.approved(outline) : null)));
}

/** Whether anything a person's approval covers differs between the two plans. */
export function isSubstantiveChange(before: PlanOutline, after: PlanOutline): boolean {
  return approvedContent(before) !== approvedContent(after);
}

/** What changed of the approved content, feature by feature, in the registry's order (scope first). */
export function approvedChanges(before: PlanOutline, after: PlanOutline): ApprovedChange[] {
  return APPROVED_CHANGES.flatMap((changes) => changes(before, after));
}

/**
 * The text an agent's change leaves in the cell: an approved plan whose approved content changed is a draft; when
 * approval is held (`approvalHeld`), a status line the agent dropped is put back, and a plan with none is a draft.
 * `draftWhenMissing` is for whole documents the agent writes (replacePlan, restoreRevision): a task action on a plan
 * without a Status line leaves it without one (it reads as a draft already).
 */
export function statusAfterAgentChange(
  before: PlanOutline,
  text: string,
  approvalHeld: () => boolean,
  options: { after?: PlanOutline; draftWhenMissing?: boolean } = {},
): string {
  const after = options.after ?? outlinePlan(text);
  // A status line the agent left out is still the plan's when approval is held: it cannot be dropped.
  const claimed = after.status ?? (before.status && approvalHeld() ? before.status : undefined);
  let status = claimed;
  if (claimed === 'approved' && isSubstantiveChange(before, after)) status = 'draft';
  if (status === undefined && options.draftWhenMissing && approvalHeld()) status = 'draft';
  if (status === undefined || status === after.status) return text;
  // Put back as it was, the person's comment included, unless the approval no longer holds.
  const note = status === before.status ? before.statusNote : undefined;
  return setStatusLine(after, status, note).toString();
}
