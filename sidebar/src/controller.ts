/**
 * The sidebar's state and what changes it. A change is applied at once with the core (the same
 * applyAction the server runs), sent in ONE server call that answers with the new plan, and rolled
 * back if the server refuses it. A change check polls for what the agent or a cell edit did.
 */
import { applyAction, type TaskAction } from '../../src/core/actions';
import { adoptFormat } from '../../src/core/adopt';
import { requireLine } from '../../src/core/arguments';
import { STARTER_PLAN } from '../../src/core/compose';
import { outlinePlan } from '../../src/core/parse';
import { localDate, setAnswerLine } from '../../src/core/update';
import type { HistoryEntry } from '../../src/core/plan-manager';
import type { PlanView } from './protocol';
import { actionWords } from './task-choices';
import { errorCode, errorMessage, type Server } from './server';

export interface EditorState {
  /** Changes when the editor's text is replaced (opened, or reloaded after a conflict). */
  key: number;
  /** The text the editor was loaded with, and the revision it belongs to. */
  baseText: string;
  baseRevision: number;
  baseStamp: string;
  saving: boolean;
  /** Set when a save was refused because the plan had changed: what the person had typed. */
  refusedText?: string;
}

export interface SidebarState {
  /** The plan as the server last reported it; null until the first load answers. */
  view: PlanView | null;
  /** What the sidebar shows: the server's plan, or an optimistic change on top of it. */
  markdown: string;
  /** What is in flight ("Approving 2.3"); the controls wait while it is set. */
  busy: string | null;
  error: string | null;
  /** The sidebar's session is gone: every call would be refused, so nothing is offered. */
  sessionEnded: boolean;
  /** A short line for the status bar (also read out by screen readers). */
  notice: string;
  editor: EditorState | null;
  /** The History panel: null while closed; `entries` null while they load. */
  history: { entries: HistoryEntry[] | null } | null;
}

const SOURCE_WORDS: Record<string, string> = {
  api: 'the agent',
  sidebar: 'the sidebar',
  menu: 'the menu',
  'cell edit': 'an edit in the cell',
  unknown: 'someone',
};

export function describeSource(source: string): string {
  return SOURCE_WORDS[source] ?? source;
}

export class SidebarController {
  state: SidebarState = {
    view: null,
    markdown: '',
    busy: null,
    error: null,
    sessionEnded: false,
    notice: 'Loading the plan…',
    editor: null,
    history: null,
  };
  /** Bumped whenever the shown plan is replaced, so that a change check answered meanwhile is dropped. */
  private generation = 0;
  /** Change checks in flight. */
  private checks = 0;
  private editorKeys = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly server: Server,
    private readonly today: () => string = () => localDate(),
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(changes: Partial<SidebarState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }

  private confirm(view: PlanView, notice: string, changes: Partial<SidebarState> = {}): void {
    this.generation += 1;
    this.set({ view, markdown: view.markdown, busy: null, notice, ...changes });
  }

  private refuse(error: unknown): void {
    const sessionEnded = errorCode(error) === 'NEEDS_PERSON';
    this.set({
      busy: null,
      error: errorMessage(error),
      sessionEnded: this.state.sessionEnded || sessionEnded,
      notice: sessionEnded ? 'Session ended' : this.state.notice,
    });
  }

  dismissError(): void {
    this.set({ error: null });
  }

  async load(): Promise<void> {
    this.set({ busy: 'Loading the plan' });
    try {
      this.confirm(await this.server('sidebarLoad'), 'Up to date', { error: null });
    } catch (error) {
      this.refuse(error);
    }
  }

  /**
   * The change check: one call that answers null while the plan is unchanged. Skipped while a
   * change is in flight (its answer brings the newest plan anyway). `catchUp` runs it even while
   * a poll is under way, after a refusal, so that the person sees at once what caused it.
   */
  async check(catchUp = false): Promise<void> {
    const view = this.state.view;
    if (this.state.busy || this.state.sessionEnded || (this.checks > 0 && !catchUp)) return;
    // The first load failed (a service hiccup): try it again instead.
    if (!view) return this.load();
    this.checks += 1;
    const generation = this.generation;
    try {
      const changed = await this.server('sidebarCheck', view.stamp);
      if (changed && generation === this.generation && !this.state.busy) {
        this.confirm(changed, `Updated by ${describeSource(changed.changedBy)}`);
      }
    } catch (error) {
      if (errorCode(error) === 'NEEDS_PERSON') this.refuse(error);
      else this.set({ notice: `Could not check for changes: ${errorMessage(error)}` });
    } finally {
      this.checks -= 1;
    }
  }

  /**
   * Shows `optimistic` (the change made locally) at once, then sends the change. On success the
   * server's plan replaces it; on refusal the last confirmed plan comes back, the message is shown,
   * and a change check brings in whatever made the server refuse.
   */
  private async change(
    busy: string,
    done: string,
    optimistic: () => string,
    call: () => Promise<PlanView>,
  ): Promise<boolean> {
    if (this.state.busy || !this.state.view) return false;
    let markdown: string;
    try {
      markdown = optimistic();
    } catch (error) {
      this.set({ error: errorMessage(error) });
      return false;
    }
    this.generation += 1;
    this.set({ markdown, busy, error: null, notice: `${busy}…` });
    try {
      this.confirm(await call(), done);
      return true;
    } catch (error) {
      this.generation += 1;
      this.set({ markdown: this.state.view?.markdown ?? '' });
      this.refuse(error);
      await this.check(true);
      return false;
    }
  }

  /** A task action of the core's TASK_ACTIONS; `text` is its reason, note or comment. */
  act(action: TaskAction, step: string, text?: string): Promise<boolean> {
    const given = text?.trim() ? text.trim() : undefined;
    const { busy, done } = actionWords(action);
    return this.change(
      `${busy} ${step}`,
      `${step} ${done}`,
      () =>
        applyAction(outlinePlan(this.state.markdown), action, step, given, {
          byPerson: true,
          today: this.today(),
        }).document.toString(),
      () => this.server('sidebarTaskAction', action, step, given ?? null),
    );
  }

  answer(question: number, text: string): Promise<boolean> {
    return this.change(
      `Saving the answer to question ${question}`,
      `Answer to question ${question} saved`,
      () => setAnswerLine(outlinePlan(this.state.markdown), question, requireLine(text, 'answer')).toString(),
      () => this.server('sidebarAnswerQuestion', question, text.trim()),
    );
  }

  /** Rewrites the plan in the canonical format: shown at once, confirmed by one call; the old text goes to History. */
  adopt(): Promise<boolean> {
    return this.change(
      'Rewriting the plan in the standard format',
      'Plan rewritten in the standard format; the text it replaced is in the history',
      () => adoptFormat(this.state.markdown),
      () => this.server('sidebarAdoptFormat'),
    );
  }

  initialize(): Promise<boolean> {
    return this.change(
      'Initializing the plan',
      'Plan initialized',
      () => STARTER_PLAN,
      () => this.server('sidebarInitPlan'),
    );
  }

  // ---- the Markdown editor ----

  openEditor(): void {
    const view = this.state.view;
    if (!view || this.state.busy) return;
    this.editorKeys += 1;
    this.set({
      editor: {
        key: this.editorKeys,
        baseText: view.markdown,
        baseRevision: view.revision,
        baseStamp: view.stamp,
        saving: false,
      },
      error: null,
    });
  }

  closeEditor(): void {
    this.set({ editor: null, error: null });
  }

  /** Saves the whole document; refused with CONFLICT if the plan changed since the editor was loaded. */
  async save(text: string): Promise<boolean> {
    const editor = this.state.editor;
    if (!editor || this.state.busy) return false;
    if (text === editor.baseText) {
      this.closeEditor();
      return true;
    }
    this.generation += 1;
    this.set({ busy: 'Saving the plan', error: null, notice: 'Saving the plan…', editor: { ...editor, saving: true } });
    try {
      const view = await this.server('sidebarReplacePlan', text, editor.baseRevision, editor.baseStamp);
      this.confirm(view, `Plan saved (revision ${view.revision})`, { editor: null });
      return true;
    } catch (error) {
      if (errorCode(error) !== 'CONFLICT') {
        this.set({ editor: { ...editor, saving: false } });
        this.refuse(error);
        return false;
      }
      // Reload: the editor now holds the plan as it is, and what the person typed stays at hand.
      this.set({ busy: null, editor: { ...editor, saving: false } });
      await this.check(true);
      const view = this.state.view!;
      this.editorKeys += 1;
      this.set({
        editor: {
          key: this.editorKeys,
          baseText: view.markdown,
          baseRevision: view.revision,
          baseStamp: view.stamp,
          saving: false,
          refusedText: text,
        },
        error:
          `Not saved: the plan was changed by ${describeSource(view.changedBy)} while you were editing. ` +
          'The editor now shows the current plan; your text is kept below it so you can apply your change again.',
      });
      return false;
    }
  }

  // ---- the history of whole documents ----

  /** Opens the History panel: one call that lists the saved versions with their text. */
  async openHistory(): Promise<void> {
    if (this.state.busy) return;
    this.set({
      history: { entries: null },
      editor: null,
      error: null,
      busy: 'Loading the history',
      notice: 'Loading the history…',
    });
    try {
      const entries = await this.server('sidebarHistory');
      this.set({
        history: { entries },
        busy: null,
        notice:
          entries.length === 1
            ? '1 saved version'
            : entries.length
              ? `${entries.length} saved versions`
              : 'No saved versions yet',
      });
    } catch (error) {
      this.set({ history: null });
      this.refuse(error);
    }
  }

  closeHistory(): void {
    this.set({ history: null, error: null });
  }

  /** Puts revision `revision` back (shown at once, confirmed by one call); the plan it replaces is saved first. */
  async restore(revision: number): Promise<boolean> {
    const entry = this.state.history?.entries?.find((candidate) => candidate.revision === revision);
    if (!entry || entry.text === undefined) return false;
    const text = entry.text;
    const restored = await this.change(
      `Restoring revision ${revision}`,
      `Revision ${revision} restored; the plan it replaced is in the history`,
      () => text,
      () => this.server('sidebarRestore', revision),
    );
    if (restored) this.set({ history: null });
    return restored;
  }
}
