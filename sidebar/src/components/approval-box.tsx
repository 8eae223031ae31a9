/**
 * A draft plan waiting for the person, read like a pull-request review: what the approval lets the agent touch
 * first (its Write and Read ranges, formulas, each marked NEW or REMOVED against the plan last approved), then the
 * checks and dependencies, then the task changes; progress is one line. A plan with no approved predecessor (or
 * an unrelated one) is a new plan: its scope, then the plan itself below, no diff. Approve / Send back stay in a
 * footer that sticks to the bottom while the box is on screen.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  summarizeForApproval,
  type ApprovalChanges,
  type TaskLineChange,
} from '../../../src/core/person/approval-summary';
import { parsePlan } from '../../../src/core/format/parse';
import type { RangeChange } from '../../../src/core/format/plan-diff';
import { formatSheetRange } from '../../../src/core/sheet/sheet-range';
import { declaredRanges, formulasAllowed } from '../../../src/core/sheet/sheet-rules';
import type { SidebarController } from '../controller';
import { describeError } from '../error-words';
import { plural } from '../words';
import type { ApprovedPlanView } from '../protocol';
import { Decision } from './decision';
import { PersonTime } from './person-time';
import { phaseLine, taskLine, textLine } from './plan-changes';
import { LinkedText } from './range-links';
import './person-view.css';

type ApprovedState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; plan: ApprovedPlanView | null };

/** The plan the person last approved, loaded once when the box opens. */
function useApprovedPlan(controller: SidebarController): ApprovedState {
  const [approved, setApproved] = useState<ApprovedState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    controller.approvedPlan().then(
      (plan) => live && setApproved({ kind: 'loaded', plan }),
      (error: unknown) => live && setApproved({ kind: 'failed', message: describeError(error).text }),
    );
    return () => {
      live = false;
    };
  }, [controller]);
  return approved;
}

function Mark({ change }: { change: 'added' | 'removed' }) {
  return <span class={`change-mark mark-${change}`}>{change === 'added' ? 'NEW' : 'REMOVED'}</span>;
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
              {added('write', formatSheetRange(range)) && <Mark change="added" />}
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
        {changes?.scope.formulas && <Mark change={changes.scope.formulas} />}
      </p>
    </section>
  );
}

function ScopeChange({ change }: { change: RangeChange }) {
  const access = change.access === 'write' ? 'Write' : 'Read';
  return (
    <li class={`scope-${change.change}`}>
      {access} <code>{change.range}</code> <Mark change={change.change} />
    </li>
  );
}

function LineChanges({ title, changes, what }: { title: string; changes: TaskLineChange[]; what: string }) {
  if (changes.length === 0) return null;
  return (
    <>
      <h3 class="approval-group-heading">{title}</h3>
      <ul class="plan-changes">
        {changes.map((change) => (
          <li key={`${change.change}-${change.step}-${change.text}`} class={`change line-${change.change}`}>
            {change.step} {what} {change.text} <Mark change={change.change} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Title, goal, phase and task changes, and the tasks that only progressed as one line. */
function TaskChanges({ changes }: { changes: ApprovalChanges }) {
  const { plan, tasks, progressed } = changes;
  const lines = [
    plan.title && <li class="change change-title">{textLine('Title', plan.title)}</li>,
    plan.goal && <li class="change change-goal">{textLine('Goal', plan.goal)}</li>,
    ...plan.phases.map((change) => (
      <li key={`phase-${change.change}-${change.number}`} class={`change phase-${change.change}`}>
        {phaseLine(change)}
      </li>
    )),
    ...tasks.map((change) => (
      <li key={`task-${change.change}-${change.step}`} class={`change task-${change.change}`} data-step={change.step}>
        {taskLine(change)}
      </li>
    )),
  ].filter(Boolean);
  return (
    <>
      {lines.length > 0 && (
        <>
          <h3 class="approval-group-heading">Tasks</h3>
          <ul class="plan-changes">{lines}</ul>
        </>
      )}
      {progressed.length > 0 && (
        <details class="progressed">
          <summary>{plural(progressed.length, 'task progressed', 'tasks progressed')}</summary>
          <ul class="plan-changes">
            {progressed.map((change) => (
              <li key={change.step} class="change">
                {taskLine(change)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function Changes({ changes, approvedAt }: { changes: ApprovalChanges; approvedAt: string }) {
  return (
    <section class="approval-changes" aria-label="Changes since your last approval">
      <p class="approval-changes-heading">
        Changed since you approved it
        {approvedAt && (
          <>
            {' '}
            (<PersonTime iso={approvedAt} />)
          </>
        )}
        :
      </p>
      {changes.unchanged ? (
        <p class="plan-changes-empty">No task, phase or range changed since you approved it.</p>
      ) : (
        <>
          <LineChanges title="Checks" changes={changes.checks} what="check" />
          <LineChanges title="Dependencies" changes={changes.dependencies} what="waits for" />
          <TaskChanges changes={changes} />
        </>
      )}
    </section>
  );
}

function NewPlan({ replaces }: { replaces: string | null }) {
  return (
    <p class="approval-changes approval-new">
      <span class="change-mark mark-added">NEW PLAN</span>{' '}
      {replaces !== null
        ? `It replaces “${replaces || 'an untitled plan'}”, which you approved before; read the new plan below.`
        : 'No earlier approval of yours is recorded here, so there is nothing to compare with. Read the plan below.'}
    </p>
  );
}

/** What the box says once it knows what was approved before; the scope is always shown. */
function ApprovalBody({ controller, markdown }: { controller: SidebarController; markdown: string }) {
  const approved = useApprovedPlan(controller);
  const plan = approved.kind === 'loaded' ? approved.plan : null;
  const summary = useMemo(
    () => (approved.kind === 'loaded' ? summarizeForApproval(plan?.markdown ?? null, markdown) : null),
    [approved, plan, markdown],
  );
  const changes = summary?.kind === 'changes' ? summary : null;
  return (
    <>
      <Scope markdown={markdown} changes={changes} />
      {approved.kind === 'loading' && <p class="approval-changes loading">Looking for what changed…</p>}
      {approved.kind === 'failed' && (
        <p class="approval-changes">What changed since your last approval could not be loaded: {approved.message}</p>
      )}
      {summary?.kind === 'new' && (
        <NewPlan replaces={summary.replacesOther && plan ? parsePlan(plan.markdown).title : null} />
      )}
      {changes && <Changes changes={changes} approvedAt={plan?.approvedAt ?? ''} />}
    </>
  );
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
  return (
    <li class="waiting-item plan-approval" id="needs-plan-approval">
      <p class="waiting-kind">The plan waits for your approval</p>
      <ApprovalBody controller={controller} markdown={markdown} />
      <div class="decision-footer">
        <Decision
          groupLabel="Your decision on the plan"
          approveLabel="Approve plan"
          sendBackLabel="Send back"
          sendBackHint="Write what the agent should change, then send the plan back."
          disabled={disabled}
          decide={(decision, comment) => controller.decidePlan(decision, comment)}
        />
      </div>
    </li>
  );
}
