import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { agentAtWork, ChangeWatcher } from '../change-watcher';
import type { SidebarController, SidebarState } from '../controller';
import type { ShownError } from '../error-words';
import { KeptTexts } from './kept-text';
import { PanelButtons } from './panel-buttons';
import { PlanPanel } from './plan-panel';
import { PLAN_CELL_REFERENCE } from '../../../src/apps-script/plan-location';
import { onRangeLinkClick } from './range-links';
import { SheetZone } from './person-time';
import { TaskChecks } from './task-checks';
import { taskChecks } from '../../../src/core/rules/checks';
import { outlineOf } from '../plan-read';
import { freshCheckResults } from '../needs-you';
import { loadedDeferred } from '../deferred';
import { PanelLoading } from './panel-title';
import { focusInView } from '../focus-in-view';

function useControllerState(controller: SidebarController): SidebarState {
  const [state, setState] = useState(controller.state);
  useEffect(() => {
    setState(controller.state);
    return controller.subscribe(() => setState(controller.state));
  }, [controller]);
  return state;
}

/** What counts as the person doing something in the sidebar: the change check gets quick again. */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'focusin'] as const;

/**
 * Runs the change check (change-watcher.ts): backing off while nothing changes, stopped while the sidebar is
 * hidden, quick again when the person does something.
 */
function useChangeCheck(controller: SidebarController): void {
  useEffect(() => {
    const noticeAgent = () => {
      const { view, writes } = controller.state;
      if (view && agentAtWork(view.changedBy, view.changedAt, Date.now()))
        watcher.agentActive(Date.parse(view.changedAt!));
      const write = writes[0];
      if (write && agentAtWork(write.by, write.at, Date.now())) watcher.agentActive(Date.parse(write.at));
    };
    const watcher = new ChangeWatcher(async () => {
      const changed = await controller.check();
      // The same change read twice does not stretch the window: it counts from when the agent made it.
      noticeAgent();
      return changed;
    });
    noticeAgent();
    const onVisibility = () => (document.visibilityState === 'visible' ? watcher.show() : watcher.hide());
    const onActivity = () => watcher.activity();
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onActivity);
    for (const name of ACTIVITY_EVENTS) document.addEventListener(name, onActivity, { passive: true });
    return () => {
      watcher.hide();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onActivity);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity);
    };
  }, [controller]);
}

/**
 * Focus is never dropped to the top of the page: when the control the person used goes away with what it acted on
 * (an approved review item, an answered question, an undone write), the focus moves to the next thing that needs
 * them ("Needs you"), or to the plan's title when nothing does; when it goes from a task's row that stays, to the row.
 * A control that stays (Send back, an Undo refused) lets the focus go while it is disabled for its call, and takes it
 * back once it is enabled again.
 */
function useFocusKept(): void {
  const last = useRef<HTMLButtonElement | null>(null);
  const row = useRef<string | undefined>(undefined);
  const dropped = useRef(false);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      last.current = event.target as HTMLButtonElement;
      row.current = last.current.closest<HTMLElement>('.task-list li[data-step]')?.dataset.step;
      dropped.current = false;
    };
    // A form closed in place (Cancel, Escape) renders only itself: the focus it had is looked after once it is gone.
    const left = (event: FocusEvent) => {
      dropped.current = (event.target as HTMLButtonElement).disabled;
      requestAnimationFrame(restore);
    };
    document.addEventListener('focusin', remember);
    document.addEventListener('focusout', left);
    return () => {
      document.removeEventListener('focusin', remember);
      document.removeEventListener('focusout', left);
    };
  }, []);
  const restore = () => {
    const used = last.current;
    if (!used || (document.activeElement && document.activeElement !== document.body)) return;
    if (used.isConnected) {
      if (dropped.current && !used.disabled) focusInView(used);
      return;
    }
    // A task's own action (Start, Complete…) takes its button away, not the task: the focus stays on its row.
    const next =
      document.querySelector<HTMLElement>(`.task-list li[data-step="${row.current}"] .task-row`) ??
      document.querySelector<HTMLElement>('.needs-you .need-go') ??
      document.querySelector<HTMLElement>('.plan-title');
    if (!next) return;
    if (!next.matches('button')) next.tabIndex = -1;
    next.focus();
  };
  useEffect(restore);
}

export function App({ controller }: { controller: SidebarController }) {
  const state = useControllerState(controller);
  useChangeCheck(controller);
  useFocusKept();
  const disabled = Boolean(state.busy) || state.sessionEnded;
  const checksShown = useMemo(
    // A result an undo made stale (a write for its task undone since) is no longer shown.
    () => ({
      declared: taskChecks(outlineOf(state.markdown)),
      results: freshCheckResults(state.checkResults, state.writes),
    }),
    [state.markdown, state.checkResults, state.writes],
  );

  const panel = state.panel;
  // A panel's code comes with its first opening (../deferred.ts), which sets the panel only once it has loaded.
  const panels = loadedDeferred();
  let body;
  if (panel && !panels) {
    body = <PanelLoading kind={panel.kind} onClose={() => controller.closePanel()} />;
  } else if (panel?.kind === 'history') {
    const { History } = panels!;
    body = <History entries={panel.entries} controller={controller} disabled={disabled} />;
  } else if (panel?.kind === 'archive') {
    const { Archive } = panels!;
    body = <Archive entries={panel.entries} shown={panel.shown} controller={controller} disabled={disabled} />;
  } else if (panel?.kind === 'agents') {
    const { ConnectAgent } = panels!;
    body = <ConnectAgent view={panel.view} connected={panel.connected} controller={controller} disabled={disabled} />;
  } else if (panel?.kind === 'settings') {
    const { Settings } = panels!;
    body = <Settings values={panel.values} controller={controller} disabled={disabled} />;
  } else if (state.editor && state.view && panels) {
    const { Editor } = panels;
    body = (
      <Editor
        key={state.editor.key}
        editor={state.editor}
        view={state.view}
        controller={controller}
        disabled={disabled}
      />
    );
  } else if (state.view && state.markdown.trim()) {
    body = (
      <TaskChecks.Provider value={checksShown}>
        <PlanPanel
          markdown={state.markdown}
          view={state.view}
          writes={state.writes}
          controller={controller}
          disabled={disabled}
        />
      </TaskChecks.Provider>
    );
  } else if (state.view) {
    body = <EmptyState controller={controller} disabled={disabled} />;
  } else {
    body = state.error ? null : <p class="loading">Loading the plan…</p>;
  }

  return (
    <SheetZone.Provider value={state.sheetTimeZone}>
      <div
        class="sidebar"
        aria-busy={Boolean(state.busy)}
        onClickCapture={onRangeLinkClick((reference) => void controller.selectRange(reference))}
      >
        <div class={`busy-bar${state.busy ? ' active' : ''}`} aria-hidden="true" />
        {state.error && (
          <ErrorBanner
            error={state.error}
            sessionEnded={state.sessionEnded}
            unsentText={state.unsentText}
            onDismiss={() => controller.dismissError()}
          />
        )}
        <KeptTexts texts={state.keptTexts} onDismiss={(kept) => controller.dismissKeptText(kept)} />
        {body}
        <StatusBar notice={state.notice} />
      </div>
    </SheetZone.Provider>
  );
}

function ErrorBanner({
  error,
  sessionEnded,
  unsentText,
  onDismiss,
}: {
  error: ShownError;
  sessionEnded: boolean;
  unsentText?: string;
  onDismiss: () => void;
}) {
  return (
    <div class="error-banner" role="alert" ref={useStickyHeight<HTMLDivElement>('--error-banner-height')}>
      <p class="error-text">{error.text}</p>
      {error.code && <p class="error-code">Error code for developers: {error.code}</p>}
      {sessionEnded && unsentText && (
        <>
          <label class="field-label" for="unsent-text">
            What you typed was not sent; copy it before you reopen the sidebar
          </label>
          <textarea
            id="unsent-text"
            class="field unsent-text"
            readOnly
            rows={3}
            value={unsentText}
            onFocus={(event) => event.currentTarget.select()}
          />
        </>
      )}
      {!sessionEnded && (
        <button type="button" class="button text" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

/**
 * No plan in the cell. What a new person needs first is an agent to write one: "Connect an agent" is the main action,
 * with the three steps. The starter plan and the history (someone may have cleared the cell by mistake) come after.
 */
function EmptyState({ controller, disabled }: { controller: SidebarController; disabled: boolean }) {
  return (
    <main class="empty-state">
      <h1 class="plan-title">No plan yet</h1>
      <p>An agent writes its plan into {PLAN_CELL_REFERENCE}; you watch and steer it here.</p>
      <ol class="first-steps">
        <li>Connect an agent: give it its own address to this sheet.</li>
        <li>Ask it for a plan: it appears here for you to approve.</li>
        <li>Approve it, then answer and review as it works.</li>
      </ol>
      <div class="button-row">
        <button type="button" class="button primary" disabled={disabled} onClick={() => void controller.openAgents()}>
          Connect an agent
        </button>
        <button type="button" class="button" disabled={disabled} onClick={() => void controller.initialize()}>
          Initialize plan
        </button>
      </div>
      <p class="empty-history-hint">
        Initialize plan writes a starter plan that shows your agent how plans work. Was there a plan here before?
        Earlier versions of the plan are kept in the history, and any of them can be restored; plans the agent finished
        are in Finished plans.
      </p>
      <PanelButtons controller={controller} disabled={disabled} connect={false} />
    </main>
  );
}

/**
 * The height of a part that sticks to an edge of the page, as the CSS variable `name` while it is shown: the decision
 * footer sticks above the status bar, and a control the focus moves to scrolls clear of both sticky bars (page.css).
 * Set as the part is drawn, before an effect gives a control the focus back.
 */
function useStickyHeight<Part extends HTMLElement>(name: string) {
  const part = useRef<Part>(null);
  useLayoutEffect(() => {
    const element = part.current!;
    const { style } = document.documentElement;
    const measure = () => style.setProperty(name, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(name);
    };
  }, []);
  return part;
}

function StatusBar({ notice }: { notice: string }) {
  const bar = useStickyHeight('--status-bar-height');
  return (
    <footer class="status-bar" ref={bar}>
      <span class="notice" role="status" aria-live="polite">
        {notice}
      </span>
    </footer>
  );
}
