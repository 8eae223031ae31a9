/**
 * The plan's lifecycle rules: the `Status:` line under the goal (draft, approved, done), who may write
 * which status, when an agent's change returns an approved plan to draft, and when work waits for the
 * person's approval. PlanManager asks these functions; the table of statuses is ./plan-status.
 */
import type { PlanDocument } from '../format/document';
import { invalidArgument, invalidTransition, PlanError } from '../errors';
import { matchStatusLine } from '../format/patterns';
import { ANNOTATION_DASH } from '../format/annotations';
import { outlinePlan, type PlanOutline } from '../format/parse';
import { planStatusDefinition, type PlanStatus } from '../format/plan-status';
import { appendNoteLine } from '../format/update';
import * as rareWords from '../rare-words';
import { filled } from '../text';

/** `Status: draft — changes requested: …`: the line as Sheet Plan writes it. */
function statusText(status: PlanStatus, note: string | undefined): string {
  const word = planStatusDefinition(status).word;
  return note ? `${word} ${ANNOTATION_DASH} ${note}` : word;
}

/**
 * Sets the plan's status: rewrites the `Status:` line where it is (its `**Status:**` spelling kept), or
 * adds `Status: …` as a paragraph of its own under the goal (under the title without a goal).
 */
export function setStatusLine(outline: PlanOutline, status: PlanStatus, note?: string): PlanDocument {
  const document = outline.document;
  if (outline.statusLine !== undefined) {
    const parts = matchStatusLine(document.lines[outline.statusLine]);
    if (!parts) throw new Error(`Not a status line: ${document.lines[outline.statusLine]}`);
    return document.replaceLine(outline.statusLine, parts.head + statusText(status, note));
  }
  const line = `Status: ${statusText(status, note)}`;
  const above = outline.goalLine ?? outline.titleLine;
  if (above === undefined) return document.insertLines(0, [line, '']);
  const next = document.lines[above + 1];
  return document.insertLines(above + 1, next !== undefined && next.trim() ? ['', line, ''] : ['', line]);
}

/** The same document with its status set, as text. */
export function withStatus(text: string, status: PlanStatus, note?: string): string {
  return setStatusLine(outlinePlan(text), status, note).toString();
}

/**
 * Only finishPlan marks a plan done: an agent's whole-document write (replacePlan, restoreRevision) that says so is
 * refused, writing nothing. (That only a person approves a plan or writes the comment on its status line is one of
 * the person-held items, checked for every agent write in one place: src/core/rules/held-items.ts.)
 */
export function checkAgentStatusChange(before: PlanOutline, after: PlanOutline): void {
  if (after.status && after.status !== before.status) {
    const writer = planStatusDefinition(after.status).writtenBy;
    if (writer === 'finishPlan') {
      throw invalidArgument(filled(rareWords.doneByFinishPlan(), { status: after.status }));
    }
  }
}

/**
 * An agent's change of an approved plan's tasks makes it a draft again (the person approved other tasks); so does its
 * change of a plan without a Status line when `approvalHeld` (the person asked to approve plans first): the draft is
 * what the sidebar offers them to approve.
 */
export function afterAgentReplan(
  document: PlanDocument,
  read: (text: string) => PlanOutline = outlinePlan,
  approvalHeld: () => boolean = () => false,
): PlanDocument {
  const outline = read(document.toString());
  const draft = outline.status === 'approved' || (outline.status === undefined && approvalHeld());
  return draft ? setStatusLine(outline, 'draft') : document;
}

/** Whether the plan waits for the person's approval: a draft, or (approval required) a plan without a status. */
export function waitsForApproval(status: PlanStatus | undefined, approvalRequired: boolean): boolean {
  if (!approvalRequired) return false;
  return status === undefined || planStatusDefinition(status).waitsForApproval;
}

/**
 * Refuses work (starting or completing tasks) on a plan that waits for the person's approval: a draft, or a plan
 * without a Status line once the person asked to approve plans first (it is a draft until they approve it).
 */
export function requireApproved(outline: PlanOutline, approvalRequired: boolean): void {
  if (!waitsForApproval(outline.status, approvalRequired)) return;
  // The two refusals differ only in how the plan is a draft: no Status line (re-planning then writes one), or one.
  const said = outline.statusNote ? ` The person said: "${outline.statusNote}".` : '';
  throw new PlanError(
    'NEEDS_APPROVAL',
    filled(outline.status ? rareWords.planIsDraft() : rareWords.planHasNoStatus(), {
      said,
      path: rareWords.planApprovalPath(),
    }),
  );
}

export type PlanDecision = 'approve' | 'requestChanges';

/** A person's decision on the whole plan: the status line says it, and Notes keeps a dated line. */
export function decidePlan(outline: PlanOutline, decision: PlanDecision, comment: string | undefined, today: string) {
  if (outline.status === 'done') {
    throw invalidTransition(rareWords.doneNotDecided());
  }
  if (decision === 'approve' && outline.status === 'approved') {
    throw invalidTransition(rareWords.approvedAlready());
  }
  const note = decision === 'approve' ? comment : `changes requested: ${comment}`;
  const status: PlanStatus = decision === 'approve' ? 'approved' : 'draft';
  const decided = setStatusLine(outline, status, note);
  const what = decision === 'approve' ? 'approved' : 'sent back';
  return appendNoteLine(outlinePlan(decided.toString()), `${today}: plan ${what}${comment ? `: ${comment}` : ''}`);
}
