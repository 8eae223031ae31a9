/**
 * The plan's lifecycle as a person meets it: its Status line in the header (draft, approved, done, with the
 * person's comment), and the decision on a draft in "Waiting for you": approve it, and the agent may start;
 * send it back with a comment, which the agent reads.
 */
import { useState } from 'preact/hooks';
import { planStatusDefinition, type PlanStatus } from '../../../src/core/plan-status';
import type { SidebarController } from '../controller';
import { Decision } from './decision';
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

/** A draft plan waiting for the person: one comment field, Approve plan or Send back. */
export function PlanApproval({ controller, disabled }: { controller: SidebarController; disabled: boolean }) {
  return (
    <li class="waiting-item plan-approval">
      <p class="waiting-kind">The plan waits for your approval</p>
      <p class="waiting-title">
        Read the plan below. Approve it and the agent may start work; send it back with a comment and the agent revises
        it.
      </p>
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
