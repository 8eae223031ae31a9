import type { ArchiveEntry } from '../../../src/core/write-path/store';
import type { SidebarController } from '../controller';
import type { ArchivedPlanView } from '../protocol';
import { FinishedPlan } from './finished-plan';
import { PanelFrame } from './panel-title';
import { PersonTime } from './person-time';
import { plural } from '../words';

export interface ArchiveProps {
  entries: ArchiveEntry[] | null;
  shown: ArchivedPlanView | null;
  controller: SidebarController;
  disabled: boolean;
}

/**
 * The finished plans (finishPlan moved each one here, with the agent's summary), newest first; one of them
 * can be opened to read it as it was when it was finished.
 */
export function Archive({ entries, shown, controller, disabled }: ArchiveProps) {
  return (
    <PanelFrame kind="archive" onClose={() => controller.closePanel()}>
      <p class="hint">
        When the agent finishes a plan, it is kept here (the last 50, in a hidden sheet named AGENT_ARCHIVE), with what
        the agent said it achieved.
      </p>
      {entries === null && <p class="loading">Loading the archive…</p>}
      {entries?.length === 0 && <p class="empty-history">No finished plans yet.</p>}
      {entries && entries.length > 0 && (
        <ol class="history-list">
          {entries.map((entry) => (
            <li key={entry.id} class="history-entry archive-entry" data-archive-id={entry.id}>
              <div class="history-title">{entry.title || 'Untitled plan'}</div>
              <p class="history-meta">
                Finished <PersonTime iso={entry.finishedAt} /> · {plural(entry.tasks, 'task', 'tasks')}
              </p>
              {entry.summary && <p class="archive-summary">{entry.summary}</p>}
              {shown?.id === entry.id ? (
                <FinishedPlan title={entry.title} markdown={shown.markdown} />
              ) : (
                <button
                  type="button"
                  class="button text"
                  disabled={disabled}
                  onClick={() => void controller.showArchived(entry.id)}
                  aria-label={`Show the finished plan "${entry.title}"`}
                >
                  Show the plan
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </PanelFrame>
  );
}
