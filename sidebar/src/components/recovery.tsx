/**
 * Recovery first: when the plan cell holds text that is not a plan (pasted over, typed over), the first thing the
 * sidebar offers is the last plan it saved, put back in one click; the text in the cell now goes to the history,
 * so nothing is lost either way. A list of "fixes" for the stranger text comes after it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryEntry } from '../../../src/core/write-path/results';
import type { SidebarController } from '../controller';
import { describeSource } from '../sidebar-state';
import { planOf } from '../plan-read';
import type { PlanView } from '../protocol';
import { PersonTime } from './person-time';

/** Text with neither a plan heading nor a task: not a plan with problems, but something else in the cell. */
export function isNotAPlan(markdown: string): boolean {
  const plan = planOf(markdown);
  return Boolean(markdown.trim()) && !plan.title && plan.phases.every((phase) => phase.tasks.length === 0);
}

/** The newest saved version that reads as a plan. */
function lastPlan(entries: HistoryEntry[]): HistoryEntry | null {
  return entries.find((entry) => entry.text !== undefined && !isNotAPlan(entry.text)) ?? null;
}

export function Recovery({
  view,
  controller,
  disabled,
}: {
  view: PlanView;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [found, setFound] = useState<HistoryEntry | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    controller.savedVersions().then(
      (entries) => live && setFound(lastPlan(entries)),
      () => live && setFound(null),
    );
    return () => {
      live = false;
    };
  }, [controller, view.stamp]);
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
