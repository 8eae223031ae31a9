/**
 * A draft plan waiting for the person, read like a pull-request review: what the approval lets the agent touch
 * first (its Write and Read ranges, formulas, each marked NEW or REMOVED against the plan last approved), then the
 * checks and dependencies, then the task changes; progress is one line. A plan with no approved predecessor (or
 * an unrelated one) is a new plan: its scope, then the plan itself below, no diff. Approve / Send back stay in a
 * footer that sticks to the bottom while the box is on screen.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApprovalChanges } from '../../../src/core/person/approval-summary';
import { parsePlan } from '../../../src/core/format/parse';
import type { RangeChange } from '../../../src/core/format/plan-diff';
import { formatSheetRange } from '../../../src/core/sheet/sheet-range';
import { declaredRanges, formulasAllowed } from '../../../src/core/sheet/sheet-rules';
import type { SidebarController } from '../controller';
import type { Deferred } from '../deferred-globals';
import { describeError } from '../error-words';
import type { ApprovedPlanView } from '../protocol';
import { changedByAgent } from '../sidebar-state';
import { ChangeMark } from './change-mark';
import { Decision } from './decision';
import { LinkedText } from './range-links';
import './person-view.css';

type ApprovedState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; plan: ApprovedPlanView | null; code: Deferred };

/**
 * The plan the person last approved, loaded once when the box opens, with the code that compares it (deferred: see
 * ./approval-changes.tsx), fetched at the same time.
 */
function useApprovedPlan(controller: SidebarController): ApprovedState {
  const [approved, setApproved] = useState<ApprovedState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([controller.approvedPlan(), controller.deferredCode()]).then(
      ([plan, code]) => live && setApproved({ kind: 'loaded', plan, code }),
      (error: unknown) => live && setApproved({ kind: 'failed', message: describeError(error).text }),
    );
    return () => {
      live = false;
    };
  }, [controller]);
  return approved;
}

/** The Write ranges the plan declares now, as the agent's writes are checked (sheet-rules.ts), and what changed. */
function Scope({ markdown, changes }: { markdown: string; changes: ApprovalChanges | null }) {
  const plan = useMemo(() => parsePlan(markdown), [markdown]);
  const declared = declaredRanges(plan);
  const ranges = changes?.scope.ranges ?? [];
  const added = (access: 'write' | 'read', range: string) =>
    ranges.some((c) => c.change === 'added' && c.access === access && c.range === range);
  const others = ranges.filter((c) => c.change === 'removed' || (c.access === 'read' && c.change === 'added'));
  const formulas = formulasAllowed(plan);
  return (
    <section class="approval-writes approval-scope" aria-labelledby="approval-scope-heading">
      <h3 id="approval-scope-heading" class="approval-writes-heading">
        {declared.write.length ? 'Approved, the agent may write only to:' : 'It declares no Write ranges'}
      </h3>
      {declared.write.length > 0 && (
        <ul>
          {declared.write.map((range) => (
            <li key={formatSheetRange(range)}>
              <LinkedText text={formatSheetRange(range)} />
              {added('write', formatSheetRange(range)) && <ChangeMark change="added" />}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul class="scope-changes">
          {others.map((change) => (
            <ScopeChange key={`${change.change}-${change.access}-${change.range}`} change={change} />
          ))}
        </ul>
      )}
      {declared.unreadable.length > 0 && (
        <p class="approval-writes-unread">Not read as ranges: {declared.unreadable.join(', ')}</p>
      )}
      <p class="approval-formulas">
        Formulas: {formulas ? 'allowed' : 'not allowed (values only)'}
        {changes?.scope.formulas && <ChangeMark change={changes.scope.formulas} />}
      </p>
    </section>
  );
}

function ScopeChange({ change }: { change: RangeChange }) {
  const access = change.access === 'write' ? 'Write' : 'Read';
  return (
    <li class={`scope-${change.change}`}>
      {access} <code>{change.range}</code> <ChangeMark change={change.change} />
    </li>
  );
}

/** What the box says once it knows what was approved before; the scope is always shown. */
function ApprovalBody({ controller, markdown }: { controller: SidebarController; markdown: string }) {
  const approved = useApprovedPlan(controller);
  const summary = useMemo(
    () =>
      approved.kind === 'loaded' ? approved.code.summarizeForApproval(approved.plan?.markdown ?? null, markdown) : null,
    [approved, markdown],
  );
  const changes = summary?.kind === 'changes' ? summary : null;
  return (
    <>
      <Scope markdown={markdown} changes={changes} />
      {approved.kind === 'loading' && <p class="approval-changes loading">Looking for what changed…</p>}
      {approved.kind === 'failed' && (
        <p class="approval-changes">What changed since your last approval could not be loaded: {approved.message}</p>
      )}
      {approved.kind === 'loaded' && summary && (
        <approved.code.ApprovalChanges summary={summary} approved={approved.plan} />
      )}
    </>
  );
}

/** What approving a plan lets the agent touch: its Write and Read ranges and whether it may write formulas. */
function scopeOf(markdown: string): string {
  const plan = parsePlan(markdown);
  return JSON.stringify([declaredRanges(plan), formulasAllowed(plan)]);
}

export function PlanApproval({
  controller,
  disabled,
  markdown,
}: {
  controller: SidebarController;
  disabled: boolean;
  markdown: string;
}) {
  // The plan as the person read it. An approval is of that plan: when an agent changes it meanwhile (its scope may be
  // out of view above the footer), the decision waits until they have looked at it again. Their own change (an
  // answer, an edit in the cell) moves what they read along with it.
  const read = useRef(markdown);
  const shown = useRef(markdown);
  const [, lookedAgain] = useState(0);
  if (shown.current !== markdown) {
    // Theirs: shown as they make it (busy), or as the plan comes back from their change or their edit of the cell.
    const { busy, view } = controller.state;
    const theirs = busy !== null || (view !== null && !changedByAgent(view.changedBy));
    // An agent's wider scope may come back with their own change: what the approval lets it touch must be as read.
    if (read.current === shown.current && theirs && scopeOf(markdown) === scopeOf(read.current))
      read.current = markdown;
    shown.current = markdown;
  }
  const changed = read.current !== markdown;
  return (
    <li class="waiting-item plan-approval" id="needs-plan-approval">
      <p class="waiting-kind">The plan waits for your approval</p>
      <ApprovalBody controller={controller} markdown={markdown} />
      <div class="decision-footer">
        {changed && (
          <p class="field-hint warning" role="status">
            The agent changed the plan while you were reading it.{' '}
            <button
              type="button"
              class="button text"
              onClick={() => {
                read.current = markdown;
                lookedAgain((count) => count + 1);
                document.getElementById('needs-plan-approval')!.scrollIntoView();
              }}
            >
              Read it again
            </button>
          </p>
        )}
        <Decision
          groupLabel="Your decision on the plan"
          approveLabel="Approve plan"
          sendBackLabel="Send back"
          sendBackHint="Write what the agent should change, then send the plan back."
          disabled={disabled}
          held={changed}
          decide={(decision, comment) => controller.decidePlan(decision, comment, read.current)}
        />
      </div>
    </li>
  );
}
