/**
 * Recovery first: when the plan cell holds text that is not a plan (pasted over, typed over), the first thing the
 * sidebar offers is the last plan it saved, put back in one click; the text in the cell now goes to the history,
 * so nothing is lost either way. A list of "fixes" for the stranger text comes after it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryEntry } from '../../../src/core/write-path/results';
import type { SidebarController } from '../controller';
import type { Deferred } from '../deferred-globals';
import { planOf } from '../plan-read';
import type { PlanView } from '../protocol';

/** Text with neither a plan heading nor a task: not a plan with problems, but something else in the cell. */
export function isNotAPlan(markdown: string): boolean {
  const plan = planOf(markdown);
  return Boolean(markdown.trim()) && !plan.title && plan.phases.every((phase) => phase.tasks.length === 0);
}

/**
 * The card waits for the saved versions (one call), and fetches the deferred code that draws it (its offer:
 * ./recovery-offer.tsx) at the same time, so it waits no longer than it did; either failing, no card.
 */
export function Recovery({
  view,
  controller,
  disabled,
}: {
  view: PlanView;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [loaded, setLoaded] = useState<[HistoryEntry[], Deferred] | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([controller.savedVersions(), controller.deferredCode()]).then(
      (both) => live && setLoaded(both),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [controller, view.stamp]);
  if (!loaded) return null;
  const [entries, { RecoveryOffer }] = loaded;
  return <RecoveryOffer entries={entries} view={view} controller={controller} disabled={disabled} />;
}
