import { useEffect, useState } from 'preact/hooks';
import type { SidebarController, SidebarState } from '../controller';
import { Editor } from './editor';
import { History } from './history';
import { PlanPanel } from './plan-panel';
import { PLAN_CELL_REFERENCE } from '../../../src/apps-script/plan-location';

/** How often the sidebar asks whether the plan changed, while it is visible. */
export const CHECK_INTERVAL_MS = 3000;

function useControllerState(controller: SidebarController): SidebarState {
  const [state, setState] = useState(controller.state);
  useEffect(() => {
    setState(controller.state);
    return controller.subscribe(() => setState(controller.state));
  }, [controller]);
  return state;
}

/** Polls the change check while the sidebar is visible, and at once when it becomes visible again. */
function useChangeCheck(controller: SidebarController): void {
  useEffect(() => {
    const checkIfVisible = () => {
      if (document.visibilityState === 'visible') void controller.check();
    };
    const timer = setInterval(checkIfVisible, CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', checkIfVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', checkIfVisible);
    };
  }, [controller]);
}

export function App({ controller }: { controller: SidebarController }) {
  const state = useControllerState(controller);
  useChangeCheck(controller);
  const disabled = Boolean(state.busy) || state.sessionEnded;

  let body;
  if (state.history) {
    body = <History entries={state.history.entries} controller={controller} disabled={disabled} />;
  } else if (state.editor && state.view) {
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
      <PlanPanel
        markdown={state.markdown}
        view={state.view}
        writes={state.writes}
        controller={controller}
        disabled={disabled}
      />
    );
  } else if (state.view) {
    body = <EmptyState controller={controller} disabled={disabled} />;
  } else {
    body = state.error ? null : <p class="loading">Loading the plan…</p>;
  }

  return (
    <div class="sidebar" aria-busy={Boolean(state.busy)}>
      <div class={`busy-bar${state.busy ? ' active' : ''}`} aria-hidden="true" />
      {state.error && (
        <ErrorBanner
          message={state.error}
          sessionEnded={state.sessionEnded}
          onDismiss={() => controller.dismissError()}
        />
      )}
      {body}
      <StatusBar notice={state.notice} />
    </div>
  );
}

function ErrorBanner({
  message,
  sessionEnded,
  onDismiss,
}: {
  message: string;
  sessionEnded: boolean;
  onDismiss: () => void;
}) {
  return (
    <div class="error-banner" role="alert">
      <p class="error-text">{message}</p>
      {!sessionEnded && (
        <button type="button" class="button text" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

function EmptyState({ controller, disabled }: { controller: SidebarController; disabled: boolean }) {
  return (
    <main class="empty-state">
      <h1 class="plan-title">No plan yet</h1>
      <p>
        {PLAN_CELL_REFERENCE} holds no plan. Start with the starter plan, which shows your agent how plans work, or ask
        your agent to create one.
      </p>
      <button type="button" class="button primary" disabled={disabled} onClick={() => void controller.initialize()}>
        Initialize plan
      </button>
    </main>
  );
}

function StatusBar({ notice }: { notice: string }) {
  return (
    <footer class="status-bar">
      <span class="notice" role="status" aria-live="polite">
        {notice}
      </span>
    </footer>
  );
}
