import type { ComponentChildren } from 'preact';
import type { Panel } from '../sidebar-state';

/** Each panel's title and its `<main>`'s class: the panel (deferred) and its loading placeholder show the same. */
const PANEL_TITLES: Record<Panel['kind'], [title: string, className: string]> = {
  history: ['History', 'history'],
  archive: ['Finished plans', 'archive'],
  settings: ['Settings', 'settings'],
  agents: ['Connect an agent', 'connect-agent'],
};

/** A panel: its title row, with the Close button that goes back to the plan, above what it shows. */
export function PanelFrame({
  kind,
  onClose,
  children,
}: {
  kind: Panel['kind'];
  onClose: () => void;
  children: ComponentChildren;
}) {
  const [title, className] = PANEL_TITLES[kind];
  return (
    <main class={className}>
      <div class="title-row">
        <h1 class="plan-title">{title}</h1>
        <button type="button" class="button text" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </main>
  );
}

/** A panel whose code is still loading (../deferred.ts): its title and Close, as the panel shows them when it opens. */
export function PanelLoading({ kind, onClose }: { kind: Panel['kind']; onClose: () => void }) {
  return (
    <PanelFrame kind={kind} onClose={onClose}>
      <p class="loading">Loading…</p>
    </PanelFrame>
  );
}
