/**
 * The sidebar's state and what changes it. A change is applied at once with the core (the same
 * applyAction the server runs), sent in ONE server call that answers with the new plan, and rolled
 * back if the server refuses it. A change check polls for what the agent or a cell edit did.
 */
import { applyAction, type TaskAction } from '../../src/core/actions';
import { requireLine } from '../../src/core/arguments';
import { STARTER_PLAN } from '../../src/core/compose';
import { outlinePlan } from '../../src/core/parse';
import { localDate, setAnswerLine } from '../../src/core/update';
import type { HistoryEntry } from '../../src/core/plan-manager';
import type { WriteLogEntry } from '../../src/core/sheet-results';
import { describeError, type ShownError } from './error-words';
import type { PlanView } from './protocol';
import { actionWords } from './task-choices';
import { errorCode, type Server } from './server';

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
  /** The line (1-based) to select when the editor opens: a problem the person chose to fix. */
  selectLine?: number;
}

export interface SidebarState {
  /** The plan as the server last reported it; null until the first load answers. */
  view: PlanView | null;
  /** What the sidebar shows: the server's plan, or an optimistic change on top of it. */
  markdown: string;
  /** What is in flight ("Approving 2.3"); the controls wait while it is set. */
  busy: string | null;
  error: ShownError | null;
  /** The sidebar's session is gone and could not be renewed: every call would be refused, so nothing is offered. */
  sessionEnded: boolean;
  /** What the person typed for a change that could not be sent because the session ended: kept to copy. */
  unsentText?: string;
  /** A short line for the status bar (also read out by screen readers). */
  notice: string;
  editor: EditorState | null;
  /** The History panel: null while closed; `entries` null while they load. */
  history: { entries: HistoryEntry[] | null } | null;
  /** The agent's writes (and reads outside the plan's ranges), newest first, as the server last reported them. */
  writes: WriteLogEntry[];
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
    writes: [],
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

  /** The write log's mark as last read: kept when an answer does not carry the log (a task action's). */
  private writeMark = '';

  private confirm(view: PlanView, notice: string, changes: Partial<SidebarState> = {}): void {
    this.generation += 1;
    if (view.writeMark !== undefined) this.writeMark = view.writeMark;
    const writes = view.writes ?? this.state.writes;
    this.set({ view, markdown: view.markdown, busy: null, notice, writes, ...changes });
  }

  /** A call failed: say why in plain words, and never leave the busy line ("Completing 4.1…") standing. */
  private refuse(error: unknown, failed: string, unsentText?: string): void {
    const sessionEnded = errorCode(error) === 'NEEDS_PERSON';
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
        this.confirm(changed, `Updated by ${describeSource(changed.changedBy)}`);
        return true;
      }
      return false;
    } catch (error) {
      if (errorCode(error) === 'NEEDS_PERSON') this.refuse(error, 'Session ended');
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
  private async change(
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
    this.generation += 1;
    this.set({ markdown, busy, error: null, notice: `${busy}…` });
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
      given,
    );
  }

  answer(question: number, text: string): Promise<boolean> {
    return this.change(
      `Saving the answer to question ${question}`,
      `Answer to question ${question} saved`,
      () => setAnswerLine(outlinePlan(this.state.markdown), question, requireLine(text, 'answer')).toString(),
      () => this.server('sidebarAnswerQuestion', question, text.trim()),
      text,
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

  // ---- the agent's writes ----

  /**
   * Undoes an agent's write (one call that answers with the plan and the write log). The server puts the
   * old values back only if the cells still hold what the agent wrote; otherwise its refusal says what
   * changed since, and is shown as it is.
   */
  async undoWrite(id: string): Promise<boolean> {
    const entry = this.state.writes.find((candidate) => candidate.id === id);
    if (!entry || this.state.busy || !this.state.view) return false;
    this.set({
      busy: `Undoing the write to ${entry.range}`,
      error: null,
      notice: `Undoing the write to ${entry.range}…`,
    });
    try {
      this.confirm(await this.server('sidebarUndoWrite', id), `Write to ${entry.range} undone`);
      return true;
    } catch (error) {
      this.refuse(error, `Undoing the write to ${entry.range}: not done`);
      await this.check(true);
      return false;
    }
  }

  // ---- the Markdown editor ----

  /** Opens the Markdown editor; `selectLine` (1-based) is selected in it, for a problem the person fixes. */
  openEditor(selectLine?: number): void {
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
        ...(selectLine ? { selectLine } : {}),
      },
      history: null,
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
        this.refuse(error, 'The plan was not saved', text);
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
        error: {
          text:
            `Not saved: the plan was changed by ${describeSource(view.changedBy)} while you were editing. ` +
            'The editor now shows the current plan; your text is kept below it so you can apply your change again.',
        },
        notice: 'The plan was not saved',
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
      this.refuse(error, 'The history could not be loaded');
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

  // ---- fixes for what validation finds, and range links ----

  /** Saves a fixed document (a problem's one-click fix) as one whole-plan change, based on the plan shown. */
  fixPlan(markdown: string, done: string): Promise<boolean> {
    const view = this.state.view;
    if (!view) return Promise.resolve(false);
    return this.change(
      'Fixing the plan',
      done,
      () => markdown,
      () => this.server('sidebarReplacePlan', markdown, view.revision, view.stamp),
    );
  }

  /**
   * Selects a range link's range in the sheet: one call, and the plan is not changed, so it runs beside a
   * change in flight and leaves the busy line alone.
   */
  async selectRange(reference: string): Promise<boolean> {
    if (this.state.sessionEnded) return false;
    try {
      const selected = await this.server('sidebarSelectRange', reference);
      this.set({ notice: `Selected ${reference} in the sheet`, error: null });
      return Boolean(selected);
    } catch (error) {
      if (errorCode(error) === 'NEEDS_PERSON') this.refuse(error, 'Session ended');
      else this.set({ error: describeError(error), notice: `${reference} could not be selected` });
      return false;
    }
  }
}
