/**
 * The sidebar's state and what changes it (the foundation: ./controller-base.ts; the panels: ./panel-controller.ts).
 * Here: the plan's own changes, each applied at once with the core (the same operation the server runs) and sent in one
 * server call: task actions, answers, the Markdown editor, fixes, the person's decision on the plan, re-planning, and
 * undoing an agent's write.
 */
import { applyAction, type TaskAction } from '../../src/core/rules/actions';
import { adoptFormat } from '../../src/core/format/adopt';
import { requireLine } from '../../src/core/api/arguments';
import { releaseClaim } from '../../src/core/rules/claims';
import { decidePlan, type PlanDecision } from '../../src/core/rules/lifecycle';
import { outlinePlan } from '../../src/core/format/parse';
import { EDIT_ACTIONS, type EditAction, type EditCommand, type ReplanOutcome } from '../../src/core/replan/replan';
import type { SeenQuestion, SeenTask } from '../../src/core/person/seen';
import { setAnswerLine } from '../../src/core/format/update';
import { describeError } from './error-words';
import { loadedDeferred } from './deferred';
import { PanelController } from './panel-controller';
import type { PlanView } from './protocol';
import { errorCode, sessionRefused } from './server';
import { describeSource } from './sidebar-state';
import { actionWords } from './task-choices';
import { plural } from './words';

export { describeSource, type EditorState, type KeptText, type Panel, type SidebarState } from './sidebar-state';

const PLAN_DECISION_WORDS: Record<PlanDecision, [busy: string, done: string]> = {
  approve: ['Approving the plan', 'Plan approved: the agent may start work'],
  requestChanges: ['Sending the plan back', 'Plan sent back to the agent with your comment'],
};

export class SidebarController extends PanelController {
  /**
   * A task action of the core's TASK_ACTIONS; `text` is its reason, note or comment. `seen` is the task as the
   * person saw it when they opened its form or clicked its card (src/core/person/seen.ts): never the latest state, so a
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

  /** Releases an agent's claim on a task: its Working line goes (src/core/rules/claims.ts); any agent may take it then.
   * */
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

  /** Writes the starter plan: shown once the call answers (the page does not hold its text). */
  initialize(): Promise<boolean> {
    return this.change(
      'Initializing the plan',
      'Plan initialized',
      () => this.state.markdown,
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
    if (!entry) return false;
    return this.logChange(`Undoing the write to ${entry.range}`, `Write to ${entry.range} undone`, () =>
      this.server('sidebarUndoWrite', id),
    );
  }

  /**
   * Keeps every write that can still be undone (the person confirmed: no Undo afterwards): the log has room again for
   * the agent's writes. `count` is how many the person saw: the server refuses when the log holds another number.
   */
  async keepWrites(count: number): Promise<boolean> {
    const what = plural(count, 'write', 'writes');
    return this.logChange(`Keeping ${what}`, `${what} kept`, () => this.server('sidebarKeepWrites', count));
  }

  /** A change of the write log (undo, keep), which answers the view: the refusal shown as it is, then a fresh check. */
  private async logChange(busy: string, done: string, call: () => Promise<PlanView>): Promise<boolean> {
    if (this.state.busy || !this.state.view) return false;
    this.set({ busy, error: null, notice: `${busy}…` });
    try {
      this.confirm(await call(), done);
      return true;
    } catch (error) {
      this.refuse(error, `${busy}: not done`);
      await this.check(true);
      return false;
    }
  }

  // ---- the Markdown editor ----

  /**
   * Opens the Markdown editor; `selectLine` (1-based) is selected in it, for a problem the person fixes. Its code comes
   * with the first opening (./deferred.ts), one call, as the panels' does.
   */
  /** `kept`: the person's text, kept below the plan as it is now (a reload of an editor they had typed in). */
  async openEditor(selectLine?: number, kept?: string): Promise<void> {
    if (!this.state.view || this.state.busy) return;
    if (!loadedDeferred()) {
      this.set({ busy: 'Opening the editor', notice: 'Opening the editor…', error: null });
      try {
        await this.deferredCode();
      } catch (error) {
        this.refuse(error, 'The editor could not be opened');
        return;
      }
      this.set({ busy: null, notice: '' });
    }
    const view = this.state.view!;
    this.editorKeys += 1;
    this.set({
      editor: {
        key: this.editorKeys,
        baseText: view.markdown,
        baseRevision: view.revision,
        baseStamp: view.stamp,
        saving: false,
        refusedText: kept,
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
    this.begin({
      busy: 'Saving the plan',
      error: null,
      notice: 'Saving the plan…',
      editor: { ...editor, saving: true },
    });
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
      if (sessionRefused(error)) this.refuse(error, 'Session ended');
      else this.set({ error: describeError(error), notice: `${reference} could not be selected` });
      return false;
    }
  }

  // ---- the plan's lifecycle: the person's decision on the whole plan ----

  /**
   * Approves the plan as shown (its stamp: a plan the agent changed since is refused), or sends it back with
   * the comment the agent reads. `read`: the plan's text as the person read it; another now is not decided on.
   */
  decidePlan(decision: PlanDecision, comment: string, read = this.state.markdown): Promise<boolean> {
    const view = this.state.view;
    if (!view || read !== this.state.markdown) return Promise.resolve(false);
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
