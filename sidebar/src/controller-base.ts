/**
 * The sidebar controller's foundation: its state and listeners, the plan's load and change check, and how a change is
 * made (shown at once, sent in ONE server call that answers with the new plan, rolled back if refused). The jobs built
 * on it: ./panel-controller.ts (history, archive, settings, agents) and ./controller.ts (the plan's own changes).
 */
import { newlyWaitingIn } from '../../src/core/person/notifications';
import { STARTER_HEADING } from '../../src/core/format/compose';
import { localDate } from '../../src/core/format/update';
import { describeError } from './error-words';
import { outlineOf } from './plan-read';
import type { PlanView } from './protocol';
import { sessionRefused, type Server } from './server';
import { changedByAgent, describeSource, initialState, type KeptText, type SidebarState } from './sidebar-state';

export class SidebarControllerBase {
  state: SidebarState = initialState();
  /** Bumped whenever the shown plan is replaced, so that a change check answered meanwhile is dropped. */
  protected generation = 0;
  /** Change checks in flight. */
  private checks = 0;
  /** Counts the editor's loads, for its key. */
  protected editorKeys = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    protected readonly server: Server,
    protected readonly today: () => string = () => localDate(),
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected set(changes: Partial<SidebarState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }

  /** The write log's mark as last read: kept when an answer does not carry the log (a task action's). */
  private writeMark = '';

  protected confirm(view: PlanView, notice: string, changes: Partial<SidebarState> = {}): void {
    this.generation += 1;
    if (view.writeMark !== undefined) this.writeMark = view.writeMark;
    const writes = view.writes ?? this.state.writes;
    const checkResults = view.checkResults ?? this.state.checkResults;
    const sheetTimeZone = view.timeZone ?? this.state.sheetTimeZone;
    this.set({ view, markdown: view.markdown, busy: null, notice, writes, checkResults, sheetTimeZone, ...changes });
  }

  /**
   * A change of the plan (or of what it depends on) starts: shown at once, and a change check already under way answers
   * from before it, so its answer and notice are dropped.
   */
  protected begin(changes: Partial<SidebarState>): void {
    this.generation += 1;
    this.set(changes);
  }

  /** A call failed: say why in plain words, and never leave the busy line ("Completing 4.1…") standing. */
  protected refuse(error: unknown, failed: string, unsentText?: string): void {
    const sessionEnded = sessionRefused(error);
    this.set({
      busy: null,
      error: describeError(error),
      sessionEnded: this.state.sessionEnded || sessionEnded,
      notice: sessionEnded ? 'Session ended' : failed,
      ...(sessionEnded && unsentText?.trim() ? { unsentText } : {}),
    });
  }

  dismissError(): void {
    this.set({ error: null });
  }

  /** Keeps what the person typed in a form that closed because its item changed (kept-text.tsx). */
  keepText(kept: KeptText): void {
    this.set({ keptTexts: [...this.state.keptTexts, kept] });
  }

  dismissKeptText(kept: KeptText): void {
    this.set({ keptTexts: this.state.keptTexts.filter((shown) => shown !== kept) });
  }

  /** The plan the page was served with (showPlanSidebar writes sidebarLoad's answer into it): shown as loaded. */
  opened(view: PlanView): void {
    this.confirm(view, 'Up to date', { error: null });
  }

  async load(): Promise<void> {
    this.set({ busy: 'Loading the plan' });
    try {
      this.confirm(await this.server('sidebarLoad'), 'Up to date', { error: null });
    } catch (error) {
      this.refuse(error, 'The plan could not be loaded');
    }
  }

  /**
   * The change check: one call that answers null while the plan is unchanged; resolves true when a change
   * came in. Skipped while a change is in flight (its answer brings the newest plan anyway). `catchUp` runs
   * it even while a poll is under way, after a refusal, so that the person sees at once what caused it.
   */
  async check(catchUp = false): Promise<boolean> {
    const view = this.state.view;
    if (this.state.busy || this.state.sessionEnded || (this.checks > 0 && !catchUp)) return false;
    // The first load failed (a service hiccup): try it again instead.
    if (!view) {
      await this.load();
      return this.state.view !== null;
    }
    this.checks += 1;
    const generation = this.generation;
    try {
      const changed = await this.server('sidebarCheck', view.stamp, this.writeMark);
      if (changed && generation === this.generation && !this.state.busy) {
        this.confirm(changed, changeNotice(changed, view.markdown));
        return true;
      }
      return false;
    } catch (error) {
      if (sessionRefused(error)) this.refuse(error, 'Session ended');
      else this.set({ notice: `Could not check for changes: ${describeError(error).text}` });
      return false;
    } finally {
      this.checks -= 1;
    }
  }

  /**
   * Shows `optimistic` (the change made locally) at once, then sends the change. On success the
   * server's plan replaces it; on refusal the last confirmed plan comes back, the message is shown,
   * and a change check brings in whatever made the server refuse. `typed` is what the person wrote for it,
   * kept for them if the session has ended.
   */
  protected async change(
    busy: string,
    done: string,
    optimistic: () => string,
    call: () => Promise<PlanView>,
    typed?: string,
  ): Promise<boolean> {
    if (this.state.busy || !this.state.view) return false;
    let markdown: string;
    try {
      markdown = optimistic();
    } catch (error) {
      this.set({ error: describeError(error) });
      return false;
    }
    this.begin({ markdown, busy, error: null, notice: `${busy}…` });
    try {
      this.confirm(await call(), done);
      return true;
    } catch (error) {
      this.generation += 1;
      this.set({ markdown: this.state.view?.markdown ?? '' });
      this.refuse(error, `${busy}: not done`, typed);
      await this.check(true);
      return false;
    }
  }
}

/**
 * The notice for a change the check brought in; when something newly waits for the person (a review, a question, a
 * draft to approve), it says what: the in-sheet twin of the e-mail (docs/notifications.md).
 */
function changeNotice(changed: PlanView, before: string): string {
  const updated = `Updated by ${describeSource(changed.changedBy)}`;
  // An agent leaves the cell empty, or holding the starter plan, only by finishing its plan: say where that went.
  const title = before && outlineOf(before).title;
  const byAgent = changedByAgent(changed.changedBy);
  const left = changed.markdown;
  if (title && byAgent && (!left || left.split('\n')[0] === STARTER_HEADING))
    return `${updated} · “${title}” is finished: it is in Finished plans`;
  const fresh = newlyWaitingIn(before, changed.markdown);
  if (fresh.length === 0) return updated;
  const first = fresh[0]!.text;
  return `${updated} · For you: ${first}${fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : ''}`;
}
