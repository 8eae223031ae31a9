/**
 * The plan's lifecycle as a person meets it: its Status line in the header (draft, approved, done, with the
 * person's comment), and the decision on a draft in "Waiting for you": approve it, and the agent may start;
 * send it back with a comment, which the agent reads.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parsePlan } from '../../../src/core/parse';
import { diffPlans } from '../../../src/core/plan-diff';
import { formatSheetRange } from '../../../src/core/sheet-range';
import { declaredRanges } from '../../../src/core/sheet-rules';
import { planStatusDefinition, type PlanStatus } from '../../../src/core/plan-status';
import type { SidebarController } from '../controller';
import { describeError } from '../error-words';
import type { ApprovedPlanView } from '../protocol';
import { Decision } from './decision';
import { when } from './history';
import { PlanChanges } from './plan-changes';
import { LinkedText } from './range-links';
import { TextForm } from './text-form';

export function PlanStatusLine({
  status,
  note,
  controller,
  disabled,
}: {
  status?: PlanStatus;
  note?: string;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [sendingBack, setSendingBack] = useState(false);
  if (!status) return null;
  return (
    <div class={`plan-status plan-status-${status}`}>
      <p>
        <span class="plan-status-badge">{planStatusDefinition(status).label}</span>
        {note && (
          <span class="plan-status-note">
            {' '}
            <LinkedText text={note} />
          </span>
        )}
        {status === 'approved' && !sendingBack && (
          <button type="button" class="button text" disabled={disabled} onClick={() => setSendingBack(true)}>
            Send back…
          </button>
        )}
      </p>
      {sendingBack && (
        <TextForm
          label="What should the agent change in the plan?"
          submitLabel="Send back"
          required
          disabled={disabled}
          onSubmit={async (comment) => {
            const done = await controller.decidePlan('requestChanges', comment);
            if (done) setSendingBack(false);
            return done;
          }}
          onCancel={() => setSendingBack(false)}
        />
      )}
    </div>
  );
}

/**
 * A draft plan waiting for the person: what changed since they last approved it (when they did), one comment field,
 * Approve plan or Send back.
 */
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
    <li class="waiting-item plan-approval">
      <p class="waiting-kind">The plan waits for your approval</p>
      <p class="waiting-title">
        Read the plan below. Approve it and the agent may start work; send it back with a comment and the agent revises
        it.
      </p>
      <DeclaredWrites markdown={markdown} />
      <ChangesSinceApproval controller={controller} markdown={markdown} />
      <Decision
        groupLabel="Your decision on the plan"
        approveLabel="Approve plan"
        sendBackLabel="Send back"
        sendBackHint="Write what the agent should change, then send the plan back."
        disabled={disabled}
        decide={(decision, comment) => controller.decidePlan(decision, comment)}
      />
    </li>
  );
}

/**
 * The Write ranges the plan declares, read as the agent's writes are checked (src/core/sheet-rules.ts; not from code
 * or comments), so the person sees plainly what their approval lets the agent change.
 */
function DeclaredWrites({ markdown }: { markdown: string }) {
  const declared = useMemo(() => declaredRanges(parsePlan(markdown)), [markdown]);
  const unread = declared.unreadable.length ? (
    <span class="approval-writes-unread"> (not read as ranges: {declared.unreadable.join(', ')})</span>
  ) : null;
  if (!declared.write.length) {
    return (
      <p class="approval-writes">
        It declares no Write ranges: approved, the agent may change no cell of your sheets.{unread}
      </p>
    );
  }
  return (
    <section class="approval-writes" aria-label="Where the agent may write">
      <p class="approval-writes-heading">Approved, the agent may write only to:</p>
      <ul>
        {declared.write.map((range) => (
          <li key={formatSheetRange(range)}>
            <LinkedText text={formatSheetRange(range)} />
          </li>
        ))}
      </ul>
      {unread && <p>{unread}</p>}
    </section>
  );
}

type ApprovedState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; plan: ApprovedPlanView | null };

/** The plan the person last approved, loaded once when the box opens, compared with the plan now. */
function ChangesSinceApproval({ controller, markdown }: { controller: SidebarController; markdown: string }) {
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
  const plan = approved.kind === 'loaded' ? approved.plan : null;
  const diff = useMemo(() => (plan ? diffPlans(plan.markdown, markdown) : null), [plan, markdown]);
  if (approved.kind === 'loading') return <p class="approval-changes loading">Looking for what changed…</p>;
  if (approved.kind === 'failed') {
    return (
      <p class="approval-changes">What changed since your last approval could not be loaded: {approved.message}</p>
    );
  }
  if (!plan || !diff)
    return (
      <p class="approval-changes">
        No earlier approval of yours is recorded here, so there is nothing to compare with.
      </p>
    );
  const since = plan.approvedAt ? ` (${when(plan.approvedAt)})` : '';
  return (
    <section class="approval-changes" aria-label="Changes since your last approval">
      <p class="approval-changes-heading">Changed since you approved it{since}:</p>
      <PlanChanges diff={diff} emptyText="No task, phase or range changed since you approved it." />
    </section>
  );
}
