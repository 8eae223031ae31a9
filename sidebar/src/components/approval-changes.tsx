/**
 * The approval box's "what changed since you approved it" (./approval-box.tsx): the checks, dependencies and task
 * changes against the plan last approved, or "new plan". Deferred code (../deferred.ts): it comes with the call that
 * fetches the approved plan, so the box's scope and decision are drawn without it.
 */
import { parsePlan } from '../../../src/core/format/parse';
import {
  summarizeForApproval,
  type ApprovalChanges,
  type ApprovalSummary,
  type TaskLineChange,
} from '../../../src/core/person/approval-summary';
import type { ApprovedPlanView } from '../protocol';
import { plural } from '../words';
import { ChangeMark } from './change-mark';
import { PersonTime } from './person-time';
import { phaseLine, taskLine, textLine } from './plan-changes';

export { summarizeForApproval };

function LineChanges({ title, changes, what }: { title: string; changes: TaskLineChange[]; what: string }) {
  if (changes.length === 0) return null;
  return (
    <>
      <h3 class="approval-group-heading">{title}</h3>
      <ul class="plan-changes">
        {changes.map((change) => (
          <li key={`${change.change}-${change.step}-${change.text}`} class={`change line-${change.change}`}>
            {change.step} {what} {change.text} <ChangeMark change={change.change} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Title, goal, phase and task changes, and the tasks whose status alone changed as one line. */
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
          <summary>{plural(progressed.length, 'task changed status', 'tasks changed status')}</summary>
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

/** The changes since the plan `approved` (null: none recorded), or that this is a new plan. */
export function ApprovalChanges({
  summary,
  approved,
}: {
  summary: ApprovalSummary;
  approved: ApprovedPlanView | null;
}) {
  if (summary.kind === 'new')
    return <NewPlan replaces={summary.replacesOther && approved ? parsePlan(approved.markdown).title : null} />;
  return <Changes changes={summary} approvedAt={approved?.approvedAt ?? ''} />;
}
