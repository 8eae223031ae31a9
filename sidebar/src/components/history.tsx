import type { HistoryEntry } from '../../../src/core/plan-manager';
import { describeSource, type SidebarController } from '../controller';

export interface HistoryProps {
  entries: HistoryEntry[] | null;
  controller: SidebarController;
  disabled: boolean;
}

/** `createPlan (api)` → `the agent (createPlan)`. */
function who(replacedBy: string): string {
  const open = replacedBy.indexOf(' (');
  if (open < 1 || !replacedBy.endsWith(')') || open + 2 >= replacedBy.length - 1) return replacedBy;
  return `${describeSource(replacedBy.slice(open + 2, -1))} (${replacedBy.slice(0, open)})`;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Every whole document Sheet Plan replaced (a new plan, an edit of the Markdown, a restore, initPlan
 * over other text), newest first. Restoring one saves the current plan first, so nothing is lost.
 */
export function History({ entries, controller, disabled }: HistoryProps) {
  return (
    <main class="history">
      <div class="title-row">
        <h1 class="plan-title">History</h1>
        <button type="button" class="button text" onClick={() => controller.closeHistory()}>
          Close
        </button>
      </div>
      <p class="hint">
        Before anything replaces the whole plan, the plan it replaces is kept here (the last 25 versions, in the hidden
        AGENT_HISTORY sheet). Restoring a version keeps the current plan here too.
      </p>
      {entries === null && <p class="loading">Loading the history…</p>}
      {entries?.length === 0 && <p class="empty-history">No saved versions yet.</p>}
      {entries && entries.length > 0 && (
        <ol class="history-list">
          {entries.map((entry, index) => (
            <li key={`${entry.revision}:${index}`} class="history-entry">
              <div class="history-title">
                <span class="revision">Revision {entry.revision}</span> {entry.title || 'Untitled plan'}
              </div>
              <p class="history-meta">
                {entry.reason} · by {who(entry.replacedBy)} · {when(entry.savedAt)} ·{' '}
                {entry.characters.toLocaleString()} characters
              </p>
              <details class="history-text">
                <summary>Show the text</summary>
                <pre>{entry.text}</pre>
              </details>
              <button
                type="button"
                class="button"
                disabled={disabled}
                aria-label={`Restore revision ${entry.revision}`}
                onClick={() => void controller.restore(entry.revision)}
              >
                Restore
              </button>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
