import { useMemo, useState } from 'preact/hooks';
import { diffPlans } from '../../../src/core/format/plan-diff';
import type { HistoryEntry } from '../../../src/core/write-path/results';
import { PLAN_LOCATION } from '../../../src/apps-script/plan-location';
import { Confirm } from './confirm';
import { PersonTime } from './person-time';
import { PlanChanges } from './plan-changes';
import { PanelFrame } from './panel-title';
import type { SidebarController } from '../controller';
import { describeSource } from '../sidebar-state';

export interface HistoryProps {
  entries: HistoryEntry[] | null;
  controller: SidebarController;
  disabled: boolean;
}

/**
 * `createPlan (api)` → `the agent`: who, in a person's words. The call's name is for the agent's developer only; it
 * stays in the tooltip (`whichCall`).
 */
export function who(replacedBy: string): string {
  const open = replacedBy.indexOf(' (');
  if (open < 1 || !replacedBy.endsWith(')') || open + 2 >= replacedBy.length - 1) return replacedBy;
  return describeSource(replacedBy.slice(open + 2, -1));
}

/** `createPlan (api)` → `createPlan`, for the tooltip; '' when `replacedBy` names no call. */
function whichCall(replacedBy: string): string {
  const open = replacedBy.indexOf(' (');
  return open < 1 || !replacedBy.endsWith(')') ? '' : replacedBy.slice(0, open);
}

/** An ISO time as the person reads it: `Jan 9, 2026, 3:04 PM`. */
export function when(iso: string): string {
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
    <PanelFrame kind="history" onClose={() => controller.closePanel()}>
      <p class="hint">
        Before anything replaces the whole plan, the plan it replaces is kept here (the last 25 versions, in a hidden
        sheet named {PLAN_LOCATION.historySheet}), and so is what you typed (in the cell or the editor) when an agent
        first changes it. Restoring a version keeps the current plan here too.
      </p>
      {entries === null && <p class="loading">Loading the history…</p>}
      {entries?.length === 0 && <p class="empty-history">No saved versions yet.</p>}
      {entries && entries.length > 0 && (
        <ol class="history-list">
          {entries.map((entry, index) => (
            <li key={`${entry.revision}:${index}`} class="history-entry">
              <div class="history-title">
                <span class="revision">Version {entry.revision}</span> {entry.title || 'Untitled plan'}
              </div>
              <p class="history-meta">
                {entry.reason} · by <span title={whichCall(entry.replacedBy)}>{who(entry.replacedBy)}</span> ·{' '}
                <PersonTime iso={entry.savedAt} /> · {entry.characters.toLocaleString()} characters
              </p>
              <HistoryChanges entry={entry} before={entries[index + 1]} />
              <details class="history-text">
                <summary>Show the text</summary>
                <pre>{entry.text}</pre>
              </details>
              <RestoreButton revision={entry.revision} controller={controller} disabled={disabled} />
            </li>
          ))}
        </ol>
      )}
    </PanelFrame>
  );
}

/**
 * Restore, then a confirmation in place (no browser dialog): restoring replaces the plan on screen, so the
 * person says so twice. The plan it replaces is kept in the history either way.
 */
function RestoreButton({
  revision,
  controller,
  disabled,
}: {
  revision: number;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        class="button"
        disabled={disabled}
        aria-label={`Restore version ${revision}`}
        onClick={() => setAsking(true)}
      >
        Restore
      </button>
    );
  }
  return (
    <Confirm
      label={`Confirm restoring version ${revision}`}
      question={`Replace the current plan with version ${revision}? The current plan is kept in the history.`}
      yes={`Yes, restore version ${revision}`}
      disabled={disabled}
      onYes={() => void controller.restore(revision)}
      onCancel={() => setAsking(false)}
    />
  );
}

/**
 * "Show the changes": what changed from the version saved before this one to this one, worked out only when the
 * person opens it (a version is up to 50,000 characters, and the list holds up to 25).
 */
function HistoryChanges({ entry, before }: { entry: HistoryEntry; before?: HistoryEntry }) {
  const [open, setOpen] = useState(false);
  const diff = useMemo(
    () => (open && before ? diffPlans(before.text ?? '', entry.text ?? '') : null),
    [open, before, entry],
  );
  return (
    <div class="history-changes">
      <button
        type="button"
        class="button text history-changes-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the changes' : 'Show the changes'}
      </button>
      {open && !before && (
        <p class="plan-changes-empty">The oldest saved version: there is no earlier one to compare with.</p>
      )}
      {diff && before && (
        <>
          <p class="history-changes-heading">Since version {before.revision}:</p>
          <PlanChanges diff={diff} emptyText="No task, phase or range changed from the version before." />
        </>
      )}
    </div>
  );
}
