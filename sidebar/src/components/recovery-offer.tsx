/**
 * The recovery card's offer (./recovery.tsx): the last plan saved, put back in one click. Deferred code
 * (../deferred.ts): the card shows only once the saved versions have come, and its code and style come with them.
 */
import type { HistoryEntry } from '../../../src/core/write-path/results';
import type { SidebarController } from '../controller';
import { describeSource } from '../sidebar-state';
import type { PlanView } from '../protocol';
import { PersonTime } from './person-time';
import { isNotAPlan } from './recovery';

/** The newest saved version that reads as a plan. */
function lastPlan(entries: HistoryEntry[]): HistoryEntry | null {
  return entries.find((entry) => entry.text !== undefined && !isNotAPlan(entry.text)) ?? null;
}

export function RecoveryOffer({
  entries,
  view,
  controller,
  disabled,
}: {
  /** The saved versions, newest first. */
  entries: HistoryEntry[];
  view: PlanView;
  controller: SidebarController;
  disabled: boolean;
}) {
  const found = lastPlan(entries);
  if (!found) return null;
  const title = found.title || 'Untitled plan';
  return (
    <section class="recovery" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading" class="recovery-heading">
        The plan cell no longer holds a plan
      </h2>
      <p>
        It was changed by {describeSource(view.changedBy)}
        {view.changedAt && (
          <>
            , <PersonTime iso={view.changedAt} />
          </>
        )}
        . The last plan, “{title}”, was saved <PersonTime iso={found.savedAt} />. Put it back? The text now in the cell
        is kept in the history.
      </p>
      <div class="button-row">
        <button
          type="button"
          class="button primary"
          disabled={disabled}
          onClick={() => void controller.restoreVersion(found)}
        >
          Restore “{title}”
        </button>
      </div>
    </section>
  );
}
