/**
 * The sidebar's state and what changes it. A change is applied at once with the core (the same
 * applyAction the server runs), sent in ONE server call that answers with the new plan, and rolled
 * back if the server refuses it. A change check polls for what the agent or a cell edit did.
 */
import { applyAction, type TaskAction } from '../../src/core/actions';
import { adoptFormat } from '../../src/core/adopt';
import { requireLine } from '../../src/core/arguments';
import { STARTER_PLAN } from '../../src/core/compose';
import { decidePlan, type PlanDecision } from '../../src/core/lifecycle';
import { newlyWaitingIn } from '../../src/core/notifications';
import { outlinePlan } from '../../src/core/parse';
import type { HistoryEntry } from '../../src/core/plan-manager';
import { EDIT_ACTIONS, type EditAction, type EditCommand, type ReplanOutcome } from '../../src/core/replan';
import { releaseClaim } from '../../src/core/claims';
import { agentNameOf } from '../../src/core/revision';
import type { SeenQuestion, SeenTask } from '../../src/core/seen';
import type { PlanSettings } from '../../src/core/settings';
import type { CheckResult } from '../../src/core/done-checks';
import type { WriteLogEntry } from '../../src/core/sheet-results';
import type { ArchiveEntry } from '../../src/core/store';
import { localDate, setAnswerLine } from '../../src/core/update';
import { describeError, type ShownError } from './error-words';
import type { AgentsView, ApprovedPlanView, ArchivedPlanView, ConnectedAgentView, PlanView } from './protocol';
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
  /** Text the person typed for an item that changed or went away before they sent it: kept to copy, never lost. */
  keptTexts: KeptText[];
  /** A short line for the status bar (also read out by screen readers). */
  notice: string;
  editor: EditorState | null;
  /** The agent's writes (and reads outside the plan's ranges), newest first, as the server last reported them. */
  writes: WriteLogEntry[];
  /** Each task's last check result, by step, as the server last reported them. */
  checkResults: Record<string, CheckResult>;
  /** A panel shown instead of the plan (history, archive, settings): null while closed. */
  panel: Panel | null;
}

/** Unsent text of a form that closed because its item changed (`about`: `task 4.1 "Check totals"`). */
export interface KeptText {
  about: string;
  text: string;
}

/** What a panel shows once its one call has answered (null while it loads). */
export type Panel =
  | { kind: 'history'; entries: HistoryEntry[] | null }
  | { kind: 'archive'; entries: ArchiveEntry[] | null; shown: ArchivedPlanView | null }
  | { kind: 'settings'; values: PlanSettings | null }
  /** Connect an agent: the agents (null while loading) and a key just made, shown until the person is done with it. */
  | { kind: 'agents'; view: AgentsView | null; connected: ConnectedAgentView | null };

const PLAN_DECISION_WORDS: Record<PlanDecision, [busy: string, done: string]> = {
  approve: ['Approving the plan', 'Plan approved: the agent may start work'],
  requestChanges: ['Sending the plan back', 'Plan sent back to the agent with your comment'],
};

/** How many of something: `1 saved version`, `3 saved versions`, `No saved versions yet`. */
function count(n: number, one: string, many: string, none: string): string {
  return n === 1 ? `1 ${one}` : n ? `${n} ${many}` : none;
}

const SOURCE_WORDS: Record<string, string> = {
  api: 'the agent',
  sidebar: 'the sidebar',
  menu: 'the menu',
  'cell edit': 'an edit in the cell',
  unknown: 'someone',
};

export function describeSource(source: string): string {
  return agentNameOf(source) ?? SOURCE_WORDS[source] ?? source;
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
    panel: null,
    writes: [],
    checkResults: {},
    keptTexts: [],
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
    const checkResults = view.checkResults ?? this.state.checkResults;
    this.set({ view, markdown: view.markdown, busy: null, notice, writes, checkResults, ...changes });
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

  /** Keeps what the person typed in a form that closed because its item changed (kept-text.tsx). */
  keepText(kept: KeptText): void {
    this.set({ keptTexts: [...this.state.keptTexts, kept] });
  }

  dismissKeptText(kept: KeptText): void {
    this.set({ keptTexts: this.state.keptTexts.filter((shown) => shown !== kept) });
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

  /**
   * A task action of the core's TASK_ACTIONS; `text` is its reason, note or comment. `seen` is the task as the
   * person saw it when they opened its form or clicked its card (src/core/seen.ts): never the latest state, so a
   * task the agent put at `step` since is refused (CONFLICT) instead of decided on.
   */
  act(action: TaskAction, step: string, seen: SeenTask, text?: string): Promise<boolean> {
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
      () => this.server('sidebarTaskAction', action, step, given ?? null, seen),
      given,
    );
  }

  /** Releases an agent's claim on a task: its Working line goes (src/core/claims.ts); any agent may take it then. */
  releaseClaim(step: string, seen: SeenTask): Promise<boolean> {
    return this.change(
      `Releasing ${step}`,
      `${step} released: any agent may take it`,
      () => releaseClaim(outlinePlan(this.state.markdown), step).document.toString(),
      () => this.server('sidebarReleaseClaim', step, seen),
    );
  }

  /** Answers question `question`; `seen` is the question as it was when the person opened the answer form. */
  answer(question: number, seen: SeenQuestion, text: string): Promise<boolean> {
    return this.change(
      `Saving the answer to question ${question}`,
      `Answer to question ${question} saved`,
      () => setAnswerLine(outlinePlan(this.state.markdown), question, requireLine(text, 'answer')).toString(),
      () => this.server('sidebarAnswerQuestion', question, text.trim(), seen),
      text,
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
      panel: null,
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
      this.confirm(view, `Plan saved (version ${view.revision})`, { editor: null });
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

  // ---- panels: the history, the archive, the settings ----

  /** Opens a panel and fills it with what one call answers. */
  private async openPanel<T>(
    loading: Panel,
    busy: string,
    call: () => Promise<T>,
    loaded: (value: T) => [Panel, string],
  ): Promise<boolean> {
    if (this.state.busy) return false;
    this.set({ panel: loading, editor: null, error: null, busy, notice: `${busy}…` });
    try {
      const [panel, notice] = loaded(await call());
      this.set({ panel, busy: null, notice });
      return true;
    } catch (error) {
      this.set({ panel: null });
      this.refuse(error, `${busy}: not done`);
      return false;
    }
  }

  closePanel(): void {
    this.set({ panel: null, error: null });
  }

  /** The History panel: one call that lists the saved versions with their text. */
  openHistory(): Promise<boolean> {
    return this.openPanel(
      { kind: 'history', entries: null },
      'Loading the history',
      () => this.server('sidebarHistory'),
      (entries) => [
        { kind: 'history', entries },
        count(entries.length, 'saved version', 'saved versions', 'No saved versions yet'),
      ],
    );
  }

  /**
   * The plan as the person last approved it, for the approval box's "what changed" (one call; null before any
   * approval). It does not touch the sidebar's state: the box shows its own loading and error lines.
   */
  approvedPlan(): Promise<ApprovedPlanView | null> {
    return this.server('sidebarApprovedPlan');
  }

  /** The Archive panel: the finished plans, newest first (one call; a plan's text comes with a second). */
  openArchive(): Promise<boolean> {
    return this.openPanel(
      { kind: 'archive', entries: null, shown: null },
      'Loading the archive',
      () => this.server('sidebarArchive'),
      (entries) => [
        { kind: 'archive', entries, shown: null },
        count(entries.length, 'finished plan', 'finished plans', 'No finished plans yet'),
      ],
    );
  }

  /** Shows one finished plan's Markdown in the Archive panel. */
  async showArchived(id: number): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'archive' || this.state.busy) return false;
    this.set({ busy: 'Loading the finished plan', notice: 'Loading the finished plan…', error: null });
    try {
      const shown = await this.server('sidebarArchivedPlan', id);
      this.set({ panel: { ...panel, shown }, busy: null, notice: `Finished plan ${id}: ${shown.title}` });
      return true;
    } catch (error) {
      this.refuse(error, 'The finished plan could not be loaded');
      return false;
    }
  }

  /** The Settings panel: one call for the sheet's settings. */
  openSettings(): Promise<boolean> {
    return this.openPanel(
      { kind: 'settings', values: null },
      'Loading the settings',
      () => this.server('sidebarSettings'),
      (values) => [{ kind: 'settings', values }, 'Settings'],
    );
  }

  // ---- Connect an agent: keys the person creates, sees once and revokes ----

  /** The Connect panel: one call for the agents and the web app's URL. */
  openAgents(): Promise<boolean> {
    return this.openPanel(
      { kind: 'agents', view: null, connected: null },
      'Loading the agents',
      () => this.server('sidebarListAgents'),
      (view) => [
        { kind: 'agents', view, connected: null },
        count(view.agents.length, 'agent connected', 'agents connected', 'No agent connected yet'),
      ],
    );
  }

  /** Makes a key for an agent named `name`: its URL is shown until the person says they are done with it. */
  async connectAgent(name: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || this.state.busy) return false;
    this.set({ busy: `Connecting ${name}`, notice: `Connecting ${name}…`, error: null });
    try {
      const { agent, key, url, ...view } = await this.server('sidebarConnectAgent', name);
      this.set({
        panel: { kind: 'agents', view, connected: { ...view, agent, key, url } },
        busy: null,
        notice: `Copy ${agent.name}'s address now: it is shown only once`,
      });
      return true;
    } catch (error) {
      this.refuse(error, 'Connecting the agent: not done', name);
      return false;
    }
  }

  /** Hides a new key for good: the server keeps only its hash, so it cannot be shown again. */
  forgetNewKey(): void {
    const panel = this.state.panel;
    if (panel?.kind === 'agents') this.set({ panel: { ...panel, connected: null }, notice: 'Key hidden' });
  }

  /** Revokes an agent: its next call is refused. */
  async revokeAgent(id: string, name: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || this.state.busy) return false;
    this.set({ busy: `Revoking ${name}`, notice: `Revoking ${name}…`, error: null });
    try {
      const view = await this.server('sidebarRevokeAgent', id);
      const connected = panel.connected?.agent.id === id ? null : panel.connected;
      this.set({
        panel: { kind: 'agents', view, connected },
        busy: null,
        notice: `${name} can no longer reach the plan`,
      });
      return true;
    } catch (error) {
      this.refuse(error, `Revoking ${name}: not done`);
      return false;
    }
  }

  /** Changes one setting in one call: shown at once, then what the server answers (or back as it was). */
  async saveSettings(change: Partial<PlanSettings>, done: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'settings' || !panel.values || this.state.busy) return false;
    const before = panel.values;
    this.set({
      panel: { kind: 'settings', values: { ...before, ...change } },
      busy: 'Saving the settings',
      notice: 'Saving the settings…',
      error: null,
    });
    try {
      const values = await this.server('sidebarSaveSettings', change);
      this.set({ panel: { kind: 'settings', values }, busy: null, notice: done });
      return true;
    } catch (error) {
      this.set({ panel: { kind: 'settings', values: before } });
      this.refuse(error, 'Saving the settings: not done');
      return false;
    }
  }

  /** Puts revision `revision` back (shown at once, confirmed by one call); the plan it replaces is saved first. */
  async restore(revision: number): Promise<boolean> {
    const panel = this.state.panel;
    const entry =
      panel?.kind === 'history' ? panel.entries?.find((candidate) => candidate.revision === revision) : null;
    if (!entry || entry.text === undefined) return false;
    const text = entry.text;
    const restored = await this.change(
      `Restoring revision ${revision}`,
      `Version ${revision} restored; the plan it replaced is in the history`,
      () => text,
      () => this.server('sidebarRestore', revision),
    );
    if (restored) this.set({ panel: null });
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

  // ---- the plan's lifecycle: the person's decision on the whole plan ----

  /**
   * Approves the plan as shown (its stamp: a plan the agent changed since is refused), or sends it back with
   * the comment the agent reads.
   */
  decidePlan(decision: PlanDecision, comment: string): Promise<boolean> {
    const view = this.state.view;
    if (!view) return Promise.resolve(false);
    const given = comment.trim() ? comment.trim() : undefined;
    const [busy, done] = PLAN_DECISION_WORDS[decision];
    return this.change(
      busy,
      done,
      () => {
        const said = decision === 'requestChanges' ? requireLine(comment, 'comment') : given;
        return decidePlan(outlinePlan(this.state.markdown), decision, said, this.today()).toString();
      },
      () =>
        decision === 'approve'
          ? this.server('sidebarApprovePlan', view.stamp, given ?? null)
          : this.server('sidebarRequestPlanChanges', given ?? ''),
      comment,
    );
  }

  // ---- re-planning as a person: add, rename, move, remove ----

  /**
   * A re-planning change: made at once with the core's own operation (the one the server runs), then sent in
   * one call. Answers the operation's outcome (which lines it touched, what it renumbered), or null if refused.
   */
  private async edit(
    action: EditAction,
    command: EditCommand,
    words: [busy: string, done: string],
    call: () => Promise<PlanView>,
  ): Promise<ReplanOutcome | null> {
    let outcome: ReplanOutcome | null = null;
    const done = await this.change(
      words[0],
      words[1],
      () => {
        outcome = EDIT_ACTIONS[action](outlinePlan(this.state.markdown), command, { byPerson: true });
        return outcome.document.toString();
      },
      call,
      typeof command.text === 'string' ? command.text : undefined,
    );
    return done ? outcome : null;
  }

  /** Adds a todo task at the end of phase `phase`. */
  addTask(phase: number, title: string): Promise<ReplanOutcome | null> {
    return this.edit(
      'add',
      { phase, text: title },
      [`Adding a task to Phase ${phase}`, `Task added to Phase ${phase}`],
      () => this.server('sidebarAddTask', phase, title.trim(), null),
    );
  }

  /** Renames `step`; `seen` (here and in moveTask, removeTask) is the task as the person's row showed it. */
  renameTask(step: string, title: string, seen: SeenTask): Promise<ReplanOutcome | null> {
    return this.edit('rename', { step, text: title }, [`Renaming ${step}`, `${step} renamed`], () =>
      this.server('sidebarRenameTask', step, title.trim(), seen),
    );
  }

  /** Moves `step` (with its sub-steps) right after step `after`, or to the top of phase `after` (a number). */
  moveTask(
    step: string,
    after: string | number,
    words: [busy: string, done: string],
    seen: SeenTask,
  ): Promise<ReplanOutcome | null> {
    return this.edit('move', { step, after }, words, () => this.server('sidebarMoveTask', step, after, seen));
  }

  /** Removes a task with its sub-steps; the plan before goes to the history. */
  removeTask(step: string, seen: SeenTask): Promise<ReplanOutcome | null> {
    return this.edit(
      'remove',
      { step },
      [`Removing ${step}`, `${step} removed; the plan before is in the history`],
      () => this.server('sidebarRemoveTask', step, seen),
    );
  }
}

/**
 * The notice for a change the check brought in; when something newly waits for the person (a review, a question, a
 * draft to approve), it says what: the in-sheet twin of the e-mail (docs/notifications.md).
 */
function changeNotice(changed: PlanView, before: string): string {
  const updated = `Updated by ${describeSource(changed.changedBy)}`;
  const fresh = newlyWaitingIn(before, changed.markdown);
  if (fresh.length === 0) return updated;
  const first = fresh[0]!.text;
  return `${updated} · For you: ${first}${fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : ''}`;
}
