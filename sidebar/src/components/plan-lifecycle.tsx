/**
 * The plan's lifecycle as a person meets it: its Status line in the header (draft, approved, done, with the
 * person's comment). The decision on a draft is the approval box (./approval-box.tsx).
 */
import { useState } from 'preact/hooks';
import { planStatusDefinition, type PlanStatus } from '../../../src/core/format/plan-status';
import type { SidebarController } from '../controller';
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
