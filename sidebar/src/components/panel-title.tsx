import type { Panel } from '../sidebar-state';

/** Each panel's title and its `<main>`'s class, as its own component (deferred) has them: for PanelLoading. */
export const PANEL_TITLES: Record<Panel['kind'], [title: string, className: string]> = {
  history: ['History', 'history'],
  archive: ['Finished plans', 'archive'],
  settings: ['Settings', 'settings'],
  agents: ['Connect an agent', 'connect-agent'],
};

/** A panel's title row, with the Close button that goes back to the plan. */
export function PanelTitle({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div class="title-row">
      <h1 class="plan-title">{title}</h1>
      <button type="button" class="button text" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** A panel whose code is still loading (../deferred.ts): its title and Close, as the panel shows them when it opens. */
export function PanelLoading({ kind, onClose }: { kind: Panel['kind']; onClose: () => void }) {
  const [title, className] = PANEL_TITLES[kind];
  return (
    <main class={className}>
      <PanelTitle title={title} onClose={onClose} />
      <p class="loading">Loading…</p>
    </main>
  );
}
