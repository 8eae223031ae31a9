/**
 * PlanManager: the spec's API plus Sheet Plan's extensions, synchronous, over a PlanStore.
 * Every change is one read and one write under the document lock; bad input or a refused change
 * throws a PlanError before anything is written.
 */
import { AGENT_ACTIONS, TASK_ACTIONS, applyAction, isTaskAction, type TaskAction } from './actions';
import { adoptFormat } from './adopt';
import {
  describeValue,
  isWholeNumber,
  requireStep,
  optionalLine,
  requireDetails,
  requireLine,
  requirePhases,
  requireWholeNumber,
} from './arguments';
import { STARTER_PLAN, composePlan, recoveryPlan } from './compose';
import { PlanError } from './errors';
import {
  afterAgentReplan,
  checkAgentStatusChange,
  decidePlan,
  requireApproved,
  setStatusLine,
  waitsForApproval,
  statusAfterAgentRewrite,
  withStatus,
  type PlanDecision,
} from './lifecycle';
import { requireHeldItemsKept } from './held-items';
import { outlinePlan, parsePlan, type PlanOutline } from './parse';
import type { PlanStatus } from './plan-status';
import { requireFits } from './plan-size';
import { requireSeenQuestion, requireSeenTask } from './seen';
import { isEditAction, EDIT_ACTIONS, type EditAction, type ReplanOutcome } from './replan';
import { recordWithRequests, repeatedAnswer, type ChangeRequest } from './request-ids';
import {
  currentRevision,
  isUnrecorded,
  nextRevisionRecord,
  recordedRevision,
  revisionRecord,
  revisionStamp,
  type ChangeSource,
  type RevisionInfo,
} from './revision';
import type { ArchiveEntry, PlanCells, PlanStore, RecordedPlan, SavedVersion } from './store';
import { requireSettingsChange, type PlanSettings } from './settings';
import { STATUS_TABLE, statusDefinition } from './statuses';
import { shorten } from './text';
import type { Plan, PlanTask, Progress } from './types';
import { appendNoteLine, setAnswerLine } from './update';
import { validatePlan, type ValidationReport } from './validate';

/** A plan with its revision, who changed it last, and the stamp to pass to replacePlan. */
export type RevisedPlan = Plan &
  RevisionInfo & {
    stamp: string;
    /** True while the plan is a draft the person asked to approve before work starts (work answers NEEDS_APPROVAL). */
    waitingForApproval: boolean;
  };
/** A task with the plan's revision after the call and who made the plan's last change. */
export type TaskResult = PlanTask & { revision: number; changedBy: ChangeSource };

/** What getProgress and validatePlan answer: the figures, with the plan's revision and who changed it last. */
export type ProgressResult = Progress & { revision: number; changedBy: ChangeSource };
export type ValidationResult = ValidationReport & { revision: number; changedBy: ChangeSource };

function withRevision(task: PlanTask, info: RevisionInfo): TaskResult {
  return { ...task, revision: info.revision, changedBy: info.changedBy };
}

/**
 * What initializePlan answers: the plan, or why the sheet could not be set up with the spec's recovery plan
 * (returned to agents by initPlan, never written).
 */
export type InitOutcome =
  { initialized: true; plan: RevisedPlan } | { initialized: false; reason: string; recoveryPlan: RevisedPlan };

/** The result of a re-planning operation: the task it added, renamed, moved or removed, and what it renumbered. */
export type EditResult = TaskResult & {
  /** Every step (and phase) number the operation changed, old → new; {} when none did. */
  renumbered: Record<string, string>;
  /** The plan's status after the change, if it has one (an agent's re-plan makes an approved plan a draft). */
  planStatus?: PlanStatus;
};

/** removeTask's result: the task as it was, and every step it took out (its sub-steps too). */
export type RemoveResult = EditResult & { removedSteps: string[] };

export interface PhaseResult {
  phase: number;
  name: string;
  tasks: PlanTask[];
  renumbered: Record<string, string>;
  planStatus?: PlanStatus;
  revision: number;
  changedBy: ChangeSource;
}

/** One command's result in applyCommands: the task as that command left it (re-planning commands say more). */
export type CommandResult = TaskResult & { renumbered?: Record<string, string>; removed?: true };

export interface PlanCommand {
  action: TaskAction | EditAction;
  /** The task (every action but add and addPhase). */
  step?: string;
  /**
   * The reason (block, skip), note (review, note), comment (approve, requestChanges), title (add, rename) or
   * phase name (addPhase).
   */
  text?: string;
  /** add: the phase to add the task to. */
  phase?: number;
  /** add: the step to put the new task after; addPhase: the phase to put the new one after; move: a step or a phase. */
  after?: string | number;
  /** add: the step the new task is a sub-step of. */
  under?: string;
  /** addPhase: the titles of its tasks. */
  steps?: string[];
}

/** finishPlan's answer: where the plan went, and what the cell holds now. */
export interface FinishResult extends ArchiveEntry {
  /** The plan now in the cell: a fresh starter, or null when the person chose an empty cell. */
  plan: RevisedPlan | null;
  revision: number;
  changedBy: ChangeSource;
}

/** An archived plan, parsed, with its place in the archive. */
export type ArchivedPlan = Plan & ArchiveEntry;

export interface HistoryEntry {
  revision: number;
  savedAt: string;
  replacedBy: string;
  reason: string;
  title: string;
  characters: number;
  text?: string;
}

export interface ManagerOptions {
  /** Who is acting: decides who is recorded as the author, and whether person-only actions are allowed. */
  source: ChangeSource;
  /** True only for a person acting through the sidebar or the menu. */
  byPerson?: boolean;
  /** The agent's request id for this call: a repeat answers the first answer and writes nothing (request-ids.ts). */
  request?: ChangeRequest;
}

const NO_PLAN_HELP = 'call initPlan() for a starter plan or createPlan(title, goal, phases) to write one';

function titleOf(text: string): string {
  return outlinePlan(text).title;
}

interface Snapshot {
  cells: PlanCells | null;
  text: string;
  /** The revision record the revision is read from: the cell's, or the last recorded plan's when the cell has none. */
  meta: string;
  revision: RevisionInfo;
  /**
   * The last recorded plan, read only when the cell no longer holds it (an edit Sheet Plan has not recorded yet), so
   * that a write can keep it; undefined when the cell holds what was recorded.
   */
  lastRecorded?: RecordedPlan | null;
}

/** Why the document being replaced is kept in the history. */
interface Replacing {
  by: string;
  reason: string;
}

export class PlanManager {
  private readonly source: ChangeSource;
  private readonly byPerson: boolean;
  private readonly request: ChangeRequest | undefined;

  constructor(
    private readonly store: PlanStore,
    options: ManagerOptions = { source: 'api' },
  ) {
    this.source = options.source;
    this.byPerson = options.byPerson ?? false;
    this.request = options.request;
  }

  // ---- reading ----

  /**
   * The plan and its revision. When the revision record is missing (a paste over it, a plan typed in by hand, or the
   * plan's sheet deleted before a write), the last recorded plan's record numbers the revision, so that revisions never
   * go back. `forWrite` also reads the last recorded plan whenever the cell holds another text, for the write to keep.
   */
  private snapshot(forWrite = false): Snapshot {
    const cells = this.store.read();
    const text = cells?.text ?? '';
    let meta = cells?.meta ?? '';
    let lastRecorded: RecordedPlan | null | undefined;
    if (cells ? recordedRevision(meta) === undefined : forWrite) {
      lastRecorded = this.store.lastRecorded();
      if (lastRecorded) meta = lastRecorded.meta;
    }
    const snapshot: Snapshot = { cells, text, meta, revision: currentRevision(text, meta) };
    if (forWrite && isUnrecorded(text, meta)) snapshot.lastRecorded = lastRecorded ?? this.store.lastRecorded();
    return snapshot;
  }

  /** The text of the plan cell, or NO_PLAN when it holds none. */
  private requireText(text: string): string {
    if (!text.trim()) throw new PlanError('NO_PLAN', `No plan in ${this.store.location}; ${NO_PLAN_HELP}`);
    return text;
  }

  private revised(text: string, revision: RevisionInfo): RevisedPlan {
    const plan = parsePlan(text);
    // The settings are read only when they decide it: a draft, or a plan without a Status line.
    const waitingForApproval = waitsForApproval(plan.status, true) && this.settings().approvalRequired;
    return { ...plan, ...revision, stamp: revisionStamp(revision.revision, text), waitingForApproval };
  }

  private cachedSettings: PlanSettings | undefined;

  /** The sheet's settings, read at most once per call (and only when a rule needs them). */
  private settings(): PlanSettings {
    this.cachedSettings ??= this.store.readSettings();
    return this.cachedSettings;
  }

  /** NEEDS_APPROVAL when an agent would work on a draft the person must approve first. */
  private requireApproved(outline: PlanOutline): void {
    // The settings are read only where they decide: a draft, or a plan without a Status line.
    if (this.byPerson || (outline.status && !waitsForApproval(outline.status, true))) return;
    requireApproved(outline, this.settings().approvalRequired);
  }

  /**
   * Whether a plan an agent writes or re-plans needs a person's approval to be approved: the person asked for it, or
   * has approved a plan before (its Write ranges hold the agent's writes until they approve again: sheet-rules.ts).
   */
  private approvalHeld(): boolean {
    return this.settings().approvalRequired || Boolean(this.store.lastApproved?.());
  }

  /**
   * The text an agent's whole-document write (replacePlan, restoreRevision) leaves: never an approval the agent
   * wrote itself (NEEDS_PERSON), and a draft when the tasks a person approved changed (src/core/lifecycle.ts).
   */
  private agentRewrite(current: string, next: string): string {
    if (this.byPerson) return next;
    // The agent's own text first: an approval it wrote is refused, not quietly made a draft by the rewrite below.
    requireHeldItemsKept(current, next);
    const before = outlinePlan(current);
    checkAgentStatusChange(before, outlinePlan(next));
    return statusAfterAgentRewrite(before, next, this.approvalHeld());
  }

  /** A plan an agent writes from scratch is a draft when the person asked to approve plans first. */
  private asNewPlan(text: string): string {
    return !this.byPerson && this.approvalHeld() ? withStatus(text, 'draft') : text;
  }

  /** The plan in the cell, with its revision; null when there is none. */
  getPlan(): RevisedPlan | null {
    const { text, revision } = this.snapshot();
    return text.trim() ? this.revised(text, revision) : null;
  }

  getNextTask(): TaskResult | null {
    const plan = this.getPlan();
    const next = plan && nextTodo(plan);
    return next ? withRevision(next, plan) : null;
  }

  getReviewTasks(): TaskResult[] {
    const plan = this.getPlan();
    if (!plan) return [];
    return allTasks(plan)
      .filter((task) => STATUS_TABLE.definition(task.status).waitingForPerson)
      .map((task) => withRevision(task, plan));
  }

  getProgress(): ProgressResult {
    const { text, revision } = this.snapshot();
    return {
      ...parsePlan(this.requireText(text)).progress,
      revision: revision.revision,
      changedBy: revision.changedBy,
    };
  }

  validatePlan(): ValidationResult {
    const { text, revision } = this.snapshot();
    this.requireText(text);
    return { ...validatePlan(text), revision: revision.revision, changedBy: revision.changedBy };
  }

  getHistory(limit: unknown = 10): HistoryEntry[] {
    const count = requireWholeNumber(limit, 'limit', { min: 1, max: 100 });
    return this.savedVersions(count, this.snapshot(true)).map((version) => ({
      revision: version.revision,
      savedAt: version.savedAt,
      replacedBy: version.replacedBy,
      reason: version.reason,
      title: titleOf(version.text),
      characters: version.text.length,
      text: version.text,
    }));
  }

  // ---- writing ----

  /** Reads, changes and writes under the lock. `change` returns the new text, or throws to write nothing. */
  private mutate<T>(
    change: (
      text: string,
      snapshot: Snapshot,
    ) => { text: string; result: (revision: RevisionInfo) => T; replacing?: Replacing },
  ): T {
    return this.changeOnce((snapshot) => {
      const { text, result, replacing } = change(snapshot.text, snapshot);
      return this.writePlan(snapshot, text, result, { replacing });
    });
  }

  /**
   * Every change runs here: under the lock, on one read of the plan. A request this plan remembers (the agent sent it
   * before, and the answer was lost on the way) gets its first answer, and nothing is written.
   */
  private changeOnce<T>(work: (snapshot: Snapshot) => T): T {
    return this.store.exclusive(() => {
      const snapshot = this.snapshot(true);
      const repeated = repeatedAnswer(this.request, snapshot.meta, {
        stamp: revisionStamp(snapshot.revision.revision, snapshot.text),
        revision: snapshot.revision,
        plan: () => this.revised(this.requireText(snapshot.text), snapshot.revision),
      });
      return repeated ? (repeated.answer as T) : work(snapshot);
    });
  }

  /**
   * The one place every write of the plan goes through. The size rule, then (for an agent) the rule that only a person
   * changes what waits for a person; then one store write of `text` with the next revision record (which keeps the
   * request ids the plan remembers, with this call's and its answer), keeping in the history what the write replaces.
   * Returns `answer` for it. `replacing` keeps the whole document being replaced; `setUp` writes the plan's place
   * (sheet, marker) as well, as does a plan whose place is not set up.
   */
  private writePlan<T>(
    snapshot: Snapshot,
    text: string,
    answer: (revision: RevisionInfo) => T,
    options: { setUp?: boolean; replacing?: Replacing } = {},
  ): T {
    requireFits(text, snapshot.text, this.store.textLimit, this.store.location);
    if (!this.byPerson) requireHeldItemsKept(snapshot.text, text);
    const next = nextRevisionRecord(snapshot.revision, text, this.source, this.store.now());
    const result = answer(next.info);
    const stamp = revisionStamp(next.info.revision, text);
    const meta = recordWithRequests(
      next.meta,
      snapshot.meta,
      this.request && { request: this.request, answer: result, revision: next.info.revision, text, stamp },
    );
    this.store.write({
      text,
      meta,
      setUp: Boolean(options.setUp) || !snapshot.cells?.ready,
      keep: this.versionsReplacedBy(snapshot, options.replacing),
      previous: lastRecordedBefore(snapshot),
    });
    return result;
  }

  /**
   * What a write over `snapshot` must keep: the last recorded plan when the cell was replaced since without Sheet Plan
   * recording it (another script, a person's edit whose trigger did not run), and the document itself when the write
   * replaces it whole.
   */
  private versionsReplacedBy(snapshot: Snapshot, replacing?: Replacing): SavedVersion[] {
    const kept: SavedVersion[] = [];
    const unseen = this.unseenReplacement(snapshot);
    if (unseen) kept.push(unseen);
    if (replacing && snapshot.text.trim())
      kept.push(this.version(snapshot.revision.revision, snapshot.text, replacing));
    return kept;
  }

  /**
   * The last recorded plan, when the cell was replaced since without Sheet Plan recording it (a change its trigger
   * did not see: another script, the Sheets API, the row or sheet deleted): kept by the next write, and listed in the
   * history until then.
   */
  private unseenReplacement(snapshot: Snapshot): SavedVersion | null {
    const unseen = snapshot.lastRecorded;
    if (!unseen?.text.trim() || unseen.text === snapshot.text) return null;
    return this.version(recordedRevision(unseen.meta) ?? 0, unseen.text, {
      by: 'an edit Sheet Plan did not see',
      reason: 'replaced without the onEdit trigger (another script, the Sheets API, a deleted row or sheet)',
    });
  }

  /** Saved versions, newest first, the one only the last recorded plan still holds included. */
  private savedVersions(limit: number, snapshot: Snapshot): SavedVersion[] {
    const unseen = this.unseenReplacement(snapshot);
    const versions = this.store.listVersions(limit);
    return unseen ? [unseen, ...versions].slice(0, limit) : versions;
  }

  private version(revision: number, text: string, replacing: Replacing): SavedVersion {
    return {
      revision,
      savedAt: this.store.now(),
      replacedBy: `${replacing.by} (${this.source})`,
      reason: replacing.reason,
      text,
    };
  }

  /**
   * Any task action (the sidebar's way in); the methods below are the API's names for each. `seen`: the task as the
   * person saw it (src/core/seen.ts), refused with CONFLICT when the step holds another task now.
   */
  act(action: TaskAction, step: unknown, text?: unknown, seen?: unknown): TaskResult {
    return this.mutate((current) => {
      const outline = outlinePlan(this.requireText(current));
      if (seen !== undefined) requireSeenTask(outline, requireStep(step), seen);
      if (TASK_ACTIONS[action].isWork) this.requireApproved(outline);
      const outcome = applyAction(outline, action, step, text, { byPerson: this.byPerson, today: this.store.today() });
      const newText = outcome.document.toString();
      return { text: newText, result: (revision) => withRevision(taskAtLine(newText, outcome.line), revision) };
    });
  }

  startTask(step: unknown): TaskResult {
    return this.act('start', step);
  }
  completeTask(step: unknown): TaskResult {
    return this.act('complete', step);
  }
  blockTask(step: unknown, reason: unknown): TaskResult {
    return this.act('block', step, reason);
  }
  reviewTask(step: unknown, note: unknown): TaskResult {
    return this.act('review', step, note);
  }
  skipTask(step: unknown, reason: unknown): TaskResult {
    return this.act('skip', step, reason);
  }
  reopenTask(step: unknown): TaskResult {
    return this.act('reopen', step);
  }
  /** Sets the `— note` of any task; null or '' removes it. */
  setTaskNote(step: unknown, note: unknown): TaskResult {
    return this.act('note', step, note);
  }
  /** A person approves a review item: it goes back to todo with `— approved: comment`, and Notes gets a dated line. */
  approveReview(step: unknown, comment?: unknown): TaskResult {
    return this.act('approve', step, comment);
  }
  /** A person sends a review item back: todo with `— changes requested: comment`, and a dated line in Notes. */
  requestChanges(step: unknown, comment: unknown): TaskResult {
    return this.act('requestChanges', step, comment);
  }

  /** Starts the first todo task (the one getNextTask returns) and returns it; null when none is left. */
  startNextTask(): TaskResult | null {
    return this.changeOnce((snapshot) => {
      const next = nextTodo(parsePlan(this.requireText(snapshot.text)));
      if (!next) return null; // nothing to start: the same answer as getNextTask, and nothing written
      this.requireApproved(outlinePlan(snapshot.text));
      const context = { byPerson: this.byPerson, today: this.store.today() };
      const started = applyAction(outlinePlan(snapshot.text), 'start', next.step, undefined, context);
      const text = started.document.toString();
      return this.writePlan(snapshot, text, (revision) => withRevision(taskAtLine(text, started.line), revision));
    });
  }

  /** Completes `step` and starts the next todo task, in one read and one write; returns that task or null. */
  advanceTask(step: unknown): TaskResult | null {
    return this.mutate((current) => {
      const context = { byPerson: this.byPerson, today: this.store.today() };
      const outline = outlinePlan(this.requireText(current));
      this.requireApproved(outline);
      const completed = applyAction(outline, 'complete', step, undefined, context);
      let text = completed.document.toString();
      const next = nextTodo(parsePlan(text));
      const started = next && applyAction(outlinePlan(text), 'start', next.step, undefined, context);
      if (started) text = started.document.toString();
      return { text, result: (revision) => (started ? withRevision(taskAtLine(text, started.line), revision) : null) };
    });
  }

  /**
   * Applies task changes and re-planning commands in order, atomically: one read, one write, and nothing
   * written if any is refused. Each command sees the plan as the commands before it left it.
   */
  applyCommands(commands: unknown): CommandResult[] {
    if (!Array.isArray(commands) || commands.length === 0) {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `commands must be a non-empty list like [{ "action": "complete", "step": "1.1" }] (got ` +
          `${describeValue(commands)})`,
      );
    }
    if (commands.length > 200)
      throw new PlanError('INVALID_ARGUMENT', `commands holds ${commands.length} commands; at most 200 are allowed`);
    return this.mutate((current) => {
      let text = this.requireText(current);
      const context = { byPerson: this.byPerson, today: this.store.today() };
      const after: Array<PlanTask & { renumbered?: Record<string, string>; removed?: true }> = [];
      const removed: PlanTask[] = [];
      commands.forEach((command: unknown, i) => {
        const record = (typeof command === 'object' && command !== null ? command : {}) as PlanCommand;
        const action = record.action;
        const agentAction = isTaskAction(action) && (AGENT_ACTIONS as readonly TaskAction[]).includes(action);
        if (!agentAction && !isEditAction(action)) {
          throw new PlanError(
            'INVALID_ARGUMENT',
            `commands[${i}].action must be one of ${AGENT_COMMANDS.join(', ')} (got ${describeValue(action)}); ` +
              `nothing was written`,
          );
        }
        try {
          const outline = outlinePlan(text);
          if (isEditAction(action)) {
            const { document, outcome, result } = this.edit(outline, (o) => EDIT_ACTIONS[action](o, record, context));
            text = document.toString();
            after.push(result(text));
            if (outcome.removed) removed.push(outcome.removed[0]);
          } else {
            if (TASK_ACTIONS[action].isWork) this.requireApproved(outline);
            const outcome = applyAction(outline, action, record.step, record.text, context);
            text = outcome.document.toString();
            after.push(taskAtLine(text, outcome.line)); // the task as this command left it
          }
        } catch (error) {
          if (error instanceof PlanError) {
            const what = record.step === undefined ? '' : ` ${String(record.step)}`;
            throw new PlanError(
              error.code,
              `commands[${i}] (${String(action)}${what}): ${error.detail}; nothing was written`,
            );
          }
          throw error;
        }
      });
      // A removed task's text stays recoverable: the plan before the removal goes to the history.
      const replacing = removed.length ? { by: 'applyCommands', reason: removedReason(removed) } : undefined;
      return { text, result: (revision) => after.map((task) => withRevision(task, revision)), replacing };
    });
  }

  /**
   * Runs a re-planning operation; an agent's change of an approved plan makes it a draft again. Answers the new
   * document and, from its text, the task the operation acted on (the removed one as it was).
   */
  private edit(outline: PlanOutline, operation: (outline: PlanOutline) => ReplanOutcome) {
    const outcome = operation(outline);
    // Only rewrites the status line where it is: every task stays on its line.
    // A plan without a Status line becomes a draft when the person asked to approve plans first (whole-document writes
    // also when they approved one before: agentRewrite, asNewPlan), read only for such a plan.
    const approvalRequired = () => this.settings().approvalRequired;
    const document = this.byPerson ? outcome.document : afterAgentReplan(outcome.document, approvalRequired);
    const result = (text: string): PlanTask & { renumbered: Record<string, string>; removed?: true } => {
      if (outcome.removed) return { ...outcome.removed[0], renumbered: outcome.renumbered, removed: true };
      return { ...taskAtLine(text, outcome.lines[0]), renumbered: outcome.renumbered };
    };
    return { document, outcome, result };
  }

  /** A re-planning operation on its own: one read and one write under the lock. */
  private editPlan<T>(
    operation: (outline: PlanOutline) => ReplanOutcome,
    answer: (text: string, edit: ReturnType<PlanManager['edit']>, revision: RevisionInfo) => T,
  ): T {
    return this.mutate((current) => {
      const edit = this.edit(outlinePlan(this.requireText(current)), operation);
      const text = edit.document.toString();
      // A removed task's text stays recoverable: the plan before the removal goes to the history.
      const removed = edit.outcome.removed?.[0];
      const replacing = removed ? { by: 'removeTask', reason: removedReason([removed]) } : undefined;
      return { text, result: (revision) => answer(text, edit, revision), replacing };
    });
  }

  private editResult(text: string, edit: ReturnType<PlanManager['edit']>, revision: RevisionInfo): EditResult {
    const result: EditResult = withRevision(edit.result(text), revision) as EditResult;
    const status = outlinePlan(text).status;
    if (status) result.planStatus = status;
    return result;
  }

  /** Adds a todo task at the end of phase `phase` (the next free number), or `{ after: step }` or `{ under: step }`. */
  addTask(phase: unknown, title: unknown, options?: unknown): EditResult {
    const context = { byPerson: this.byPerson };
    return this.editPlan(
      (outline) => EDIT_ACTIONS.add(outline, { phase, text: title, ...splitOptions(options) }, context),
      (text, edit, revision) => this.editResult(text, edit, revision),
    );
  }

  /** Adds a phase of todo tasks after the last phase (the next free number), or after phase `after`. */
  addPhase(name: unknown, steps: unknown, after?: unknown): PhaseResult {
    const context = { byPerson: this.byPerson };
    return this.editPlan(
      (outline) => EDIT_ACTIONS.addPhase(outline, { text: name, steps, after }, context),
      (text, edit, revision) => {
        const outline = outlinePlan(text);
        const tasks = edit.outcome.lines.map((line) => taskAtLine(text, line));
        const phase = outline.phases.find((candidate) => candidate.tasks.some((task) => task.line === tasks[0].line))!;
        const result: PhaseResult = {
          phase: phase.number,
          name: phase.name,
          tasks,
          renumbered: edit.outcome.renumbered,
          revision: revision.revision,
          changedBy: revision.changedBy,
        };
        if (outline.status) result.planStatus = outline.status;
        return result;
      },
    );
  }

  /** Gives a task another title; its status, date and note stay. */
  renameTask(step: unknown, title: unknown, seen?: unknown): EditResult {
    const context = { byPerson: this.byPerson };
    return this.editPlan(
      (outline) => EDIT_ACTIONS.rename(seenAt(outline, step, seen), { step, text: title }, context),
      (text, edit, revision) => this.editResult(text, edit, revision),
    );
  }

  /** Moves a task (with its sub-steps) right after step `after`, or first in phase `after` (a number). */
  moveTask(step: unknown, after: unknown, seen?: unknown): EditResult {
    const context = { byPerson: this.byPerson };
    return this.editPlan(
      (outline) => EDIT_ACTIONS.move(seenAt(outline, step, seen), { step, after }, context),
      (text, edit, revision) => this.editResult(text, edit, revision),
    );
  }

  /** Removes a todo task (a person: any task) with its sub-steps; the plan before it goes to the history. */
  removeTask(step: unknown, seen?: unknown): RemoveResult {
    const context = { byPerson: this.byPerson };
    return this.editPlan(
      (outline) => EDIT_ACTIONS.remove(seenAt(outline, step, seen), { step }, context),
      (text, edit, revision) => ({
        ...this.editResult(text, edit, revision),
        removedSteps: (edit.outcome.removed ?? []).map((task) => task.step),
      }),
    );
  }

  /** A person answers question `number` (1-based); the answer is a nested `  - Answer: …` line, replaced if present. */
  answerQuestion(number: unknown, answer: unknown, seen?: unknown): RevisedPlan {
    const question = requireWholeNumber(number, 'question number', { min: 1 });
    const text = requireLine(answer, 'answer');
    return this.mutate((current) => {
      const outline = outlinePlan(this.requireText(current));
      requireSeenQuestion(outline, question, seen);
      const newText = setAnswerLine(outline, question, text).toString();
      return { text: newText, result: (revision) => this.revised(newText, revision) };
    });
  }

  /**
   * Writes a new plan (the spec's createPlan), keeping the one it replaces in the history.
   * Works on a spreadsheet that was never initialised: sets the plan's place up (its sheet and marker).
   */
  createPlan(title: unknown, goal: unknown, phases: unknown, details?: unknown): RevisedPlan {
    const composed = composePlan(
      requireLine(title, 'title', { maxLength: 200 }),
      requireLine(goal, 'goal', { maxLength: 1000 }),
      requirePhases(phases),
      requireDetails(details),
    );
    return this.mutate(() => {
      const text = this.asNewPlan(composed);
      const replacing = { by: 'createPlan', reason: 'replaced by a new plan' };
      return { text, result: (revision) => this.revised(text, revision), replacing };
    });
  }

  /**
   * Replaces the whole document, only if it is still what the caller last read, so that nobody
   * overwrites a change they have not seen. `base` is the plan's `stamp` (exact: revision and text)
   * or its `revision` number. A person may save any text; an agent's text must pass validation.
   */
  replacePlan(markdown: unknown, base: unknown): RevisedPlan {
    if (typeof markdown !== 'string' || !markdown.trim()) {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `markdown must be the whole plan as non-empty text (got ${describeValue(markdown)})`,
      );
    }
    const baseIsStamp = typeof base === 'string' && /^\d+:\S+$/.test(base);
    if (!baseIsStamp && !(isWholeNumber(base) && base >= 0)) {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `base must be the stamp ("7:2k1-9f3a0c1e") or revision number of the plan you last read (got ` +
          `${describeValue(base)})`,
      );
    }
    if (!this.byPerson) {
      const report = validatePlan(markdown);
      if (!report.valid) {
        throw new PlanError(
          'INVALID_ARGUMENT',
          `The new plan has errors: ${report.errors
            .map((problem) => `${problem.message}${problem.line ? ` (line ${problem.line})` : ''}`)
            .join('; ')}`,
        );
      }
    }
    return this.mutate((current, snapshot) => {
      const now = snapshot.revision;
      const stale = baseIsStamp ? revisionStamp(now.revision, current) !== base : now.revision !== base;
      if (stale) {
        const since = baseIsStamp ? `the revision ${String(base).split(':')[0]} you read` : `revision ${String(base)}`;
        throw new PlanError(
          'CONFLICT',
          `The plan changed since ${since}: it is now revision ${now.revision} (last changed by ` +
            `${now.changedBy}). Nothing was written; reload it and apply your change again`,
        );
      }
      if (current === markdown)
        throw new PlanError('INVALID_ARGUMENT', 'The new text is the same as the plan; nothing to change');
      const text = this.agentRewrite(current, markdown);
      const replacing = { by: 'replacePlan', reason: 'replaced by an edit of the whole document' };
      return { text, result: (revision) => this.revised(text, revision), replacing };
    });
  }

  /**
   * Rewrites the plan into the canonical format (docs/format.md): steps numbered as they are read,
   * `### Phase N: Name` headings, `- [ ] N.N Title` task lines, every word kept. One revision; the
   * text it replaces goes to the history. INVALID_ARGUMENT when the plan is canonical already.
   */
  adoptFormat(): RevisedPlan {
    return this.mutate((current) => {
      const adopted = this.agentRewrite(current, adoptFormat(this.requireText(current)));
      const replacing = { by: 'adoptFormat', reason: 'rewritten into the canonical format' };
      return { text: adopted, result: (revision) => this.revised(adopted, revision), replacing };
    });
  }

  /** Puts a saved version back, keeping the current document in the history first. */
  restoreRevision(revision: unknown): RevisedPlan {
    const wanted = requireWholeNumber(revision, 'revision', { min: 0 }, 'one that getHistory() lists');
    return this.mutate((current, snapshot) => {
      const versions = this.savedVersions(100, snapshot);
      const version = versions.find((candidate) => candidate.revision === wanted);
      if (!version) {
        throw new PlanError(
          'NOT_FOUND',
          `Revision ${revision} is not in the history ` +
            `(${versions.length ? `saved: ${versions.map((v) => v.revision).join(', ')}` : 'the history is empty'})`,
        );
      }
      if (version.text === current)
        throw new PlanError(
          'INVALID_ARGUMENT',
          `Revision ${revision} is the same text as the plan now; nothing to restore`,
        );
      const text = this.agentRewrite(current, version.text);
      const replacing = { by: 'restoreRevision', reason: `replaced by revision ${revision}` };
      return { text, result: (info) => this.revised(text, info), replacing };
    });
  }

  // ---- the lifecycle ----

  private requirePerson(what: string): void {
    if (!this.byPerson) throw new PlanError('NEEDS_PERSON', `Only a person can ${what}, in the sidebar`);
  }

  private decide(decision: PlanDecision, comment: string | undefined, seen?: string): RevisedPlan {
    return this.mutate((current, snapshot) => {
      const now = revisionStamp(snapshot.revision.revision, current);
      if (seen !== undefined && seen !== now) {
        throw new PlanError(
          'CONFLICT',
          `The plan changed since you read it: it is now revision ${snapshot.revision.revision} (last changed by ` +
            `${snapshot.revision.changedBy}). Nothing was written; look at it again before you approve it`,
        );
      }
      const text = decidePlan(outlinePlan(this.requireText(current)), decision, comment, this.store.today()).toString();
      return { text, result: (revision) => this.revised(text, revision) };
    });
  }

  /**
   * A person approves the whole plan: `Status: approved` (with their comment), and a dated line in Notes. With
   * `seen`, the stamp of the plan they looked at, an approval of a plan that changed since is refused (CONFLICT).
   */
  approvePlan(comment?: unknown, seen?: unknown): RevisedPlan {
    this.requirePerson('approve a plan');
    if (seen !== undefined && (typeof seen !== 'string' || !seen)) {
      throw new PlanError(
        'INVALID_ARGUMENT',
        `seen must be the stamp of the plan you approve ("7:2k1-9f3a0c1e") (got ${describeValue(seen)})`,
      );
    }
    return this.decide('approve', optionalLine(comment, 'comment'), seen);
  }

  /** A person sends the plan back: `Status: draft — changes requested: comment`, which the agent reads. */
  requestPlanChanges(comment: unknown): RevisedPlan {
    this.requirePerson('send a plan back');
    return this.decide('requestChanges', requireLine(comment, 'comment'));
  }

  getSettings(): PlanSettings {
    return { ...this.settings() };
  }

  /**
   * A person changes the sheet's settings; the ones `change` leaves out keep their value. Asking to approve plans first
   * makes a plan in the cell without a Status line a draft (`Status: draft`, in the same change), so that the sidebar
   * offers it for approval and the agent waits for it.
   */
  saveSettings(change: unknown): PlanSettings {
    this.requirePerson('change the settings');
    const settings = { ...this.settings(), ...requireSettingsChange(change) };
    this.changeOnce((snapshot) => {
      this.store.writeSettings(settings);
      if (!settings.approvalRequired || !snapshot.text.trim() || outlinePlan(snapshot.text).status) return;
      this.writePlan(snapshot, withStatus(snapshot.text, 'draft'), () => null);
    });
    this.cachedSettings = settings;
    return { ...settings };
  }

  /**
   * Once every task is finished: marks the plan done (a dated summary line in Notes), moves it to the archive,
   * and leaves the cell empty or holding a fresh starter plan, as the person chose.
   */
  finishPlan(summary: unknown): FinishResult {
    const said = requireLine(summary, 'summary');
    return this.changeOnce((snapshot) => {
      const outline = outlinePlan(this.requireText(snapshot.text));
      if (outline.status === 'done') {
        throw new PlanError('INVALID_TRANSITION', 'The plan is already marked done; createPlan() starts the next one');
      }
      this.requireApproved(outline);
      if (outline.tasks.length === 0)
        throw new PlanError('INVALID_TRANSITION', 'The plan has no tasks to finish; nothing was written');
      const open = outline.tasks.filter((task) => !statusDefinition(task.status).finished);
      if (open.length) {
        const listed = open.slice(0, 10).map((task) => `${task.step} (${task.status})`);
        throw new PlanError(
          'INVALID_TRANSITION',
          `Every task must be done or skipped before the plan is finished; ${open.length} ` +
            `${open.length === 1 ? 'is' : 'are'} not: ${listed.join(', ')}${open.length > 10 ? ', …' : ''}. ` +
            `Nothing was written`,
        );
      }
      const today = this.store.today();
      const done = appendNoteLine(
        outlinePlan(setStatusLine(outline, 'done').toString()),
        `${today}: finished: ${said}`,
      ).toString();
      const entry = { finishedAt: this.store.now(), title: outline.title, summary: said, tasks: outline.tasks.length };
      const id = this.store.archivePlan({ ...entry, text: done });
      const next = this.settings().afterFinish === 'starter' ? this.asNewPlan(STARTER_PLAN) : '';
      return this.writePlan(snapshot, next, (revision) => ({
        id,
        ...entry,
        plan: next ? this.revised(next, revision) : null,
        revision: revision.revision,
        changedBy: revision.changedBy,
      }));
    });
  }

  /** The archived plans, newest first, without their text. */
  listPlans(): ArchiveEntry[] {
    return this.store.listArchive();
  }

  /** One archived plan, parsed. */
  getArchivedPlan(id: unknown): ArchivedPlan {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) {
      throw new PlanError('INVALID_ARGUMENT', `id must be a plan id from listPlans() (got ${describeValue(id)})`);
    }
    const archived = this.store.readArchived(id);
    if (!archived) {
      const ids = this.store.listArchive().map((entry) => entry.id);
      throw new PlanError(
        'NOT_FOUND',
        `Plan ${id} is not in the archive (${ids.length ? `ids: ${ids.join(', ')}` : 'the archive is empty'})`,
      );
    }
    const { text, ...entry } = archived;
    return { ...parsePlan(text), ...entry };
  }

  /**
   * Records a person's edit of the plan cell (the onEdit trigger) as a revision of its own, so that a writer based on
   * the text before the edit is refused, and keeps the text it replaced in the history: the last recorded plan, or,
   * where none was kept yet, the `oldValue` Sheets gives for an edit of one cell. Writes only the revision record (and
   * the history); returns null when the cell holds what Sheet Plan last recorded (nothing to record).
   */
  recordCellEdit(edit: { oldValue?: string } = {}): RevisionInfo | null {
    return this.store.exclusive(() => {
      const snapshot = this.snapshot(true);
      const { cells, text, meta, revision } = snapshot;
      if (!cells) return null;
      const last = snapshot.lastRecorded;
      if (last === undefined) {
        if (cells.meta === meta) return null; // the cell holds what Sheet Plan recorded
        // Only the record was lost (a paste over it): put it back, from the last recorded plan.
        this.store.write({ text, meta, setUp: false, recordOnly: true, keep: [], previous: { text, meta } });
        return revision;
      }
      const replaced = last ? last.text : (edit.oldValue ?? '');
      const keep =
        replaced.trim() && replaced !== text
          ? [
              this.version(last ? (recordedRevision(last.meta) ?? 0) : Math.max(0, revision.revision - 1), replaced, {
                by: 'an edit of the cell',
                reason: 'replaced by a person in the spreadsheet',
              }),
            ]
          : [];
      const record = revisionRecord(revision.revision, text, 'cell edit', this.store.now());
      const recorded = recordWithRequests(record.meta, meta); // a person's edit forgets no request id
      this.store.write({ text, meta: recorded, setUp: false, recordOnly: true, keep, previous: last });
      return record.info;
    });
  }

  /**
   * The spec's initPlan, never destroying content: returns the plan if the sheet is set up; keeps a plan that is
   * already in the plan cell without the marker; otherwise saves whatever text the cell held to the history before
   * writing the starter plan. When a service fails, whichever it is, it returns (having written nothing) the spec's
   * recovery plan that names the error; initializePlan says which of the two it is.
   */
  initPlan(): RevisedPlan {
    const outcome = this.initializePlan();
    return outcome.initialized ? outcome.plan : outcome.recoveryPlan;
  }

  /** initPlan as a typed result, for callers (the menu, the sidebar) that must tell a failure from a plan. */
  initializePlan(): InitOutcome {
    try {
      const plan = this.changeOnce((snapshot) => {
        const { cells, text, revision } = snapshot;
        if (cells?.ready && text.trim()) return this.revised(text, revision);
        const keep = text.trim() && looksLikePlan(text);
        const newText = keep ? text : this.asNewPlan(STARTER_PLAN);
        const replacing = keep ? undefined : { by: 'initPlan', reason: 'text in the plan cell that was not a plan' };
        return this.writePlan(snapshot, newText, (info) => this.revised(newText, info), { setUp: true, replacing });
      });
      return { initialized: true, plan };
    } catch (error) {
      // A refusal (busy, a request id used for another change) is worth acting on as it is; a service failure gets
      // the spec's recovery plan.
      if (error instanceof PlanError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const recovery = this.revised(recoveryPlan(reason), { revision: 0, changedBy: 'unknown' });
      return { initialized: false, reason, recoveryPlan: recovery };
    }
  }
}

/** The last recorded plan before a write over `snapshot`: the cells themselves when they hold it. */
function lastRecordedBefore(snapshot: Snapshot): RecordedPlan | null {
  if (snapshot.lastRecorded !== undefined) return snapshot.lastRecorded;
  return snapshot.meta ? { text: snapshot.text, meta: snapshot.meta } : null;
}

/** The outline, once the task at `step` is the one the person saw (when `seen` is given): a re-plan by step. */
function seenAt(outline: PlanOutline, step: unknown, seen: unknown): PlanOutline {
  if (seen !== undefined) requireSeenTask(outline, requireStep(step), seen);
  return outline;
}

/** A text someone meant as a plan: it has a title or at least one task. */
function looksLikePlan(text: string): boolean {
  const outline = outlinePlan(text);
  return Boolean(outline.title) || outline.tasks.length > 0;
}

/** Why a version went to the history: the tasks a removal took out. */
function removedReason(tasks: PlanTask[]): string {
  return `removed ${tasks.map((task) => `task ${task.step} (${shorten(task.title, 60)})`).join(', ')}`;
}

/** The actions an agent may put in applyCommands, for error messages. */
const AGENT_COMMANDS = [...AGENT_ACTIONS, ...(Object.keys(EDIT_ACTIONS) as EditAction[])];

/** addTask's options as command fields: `{ after }` or `{ under }`. */
function splitOptions(options: unknown): { after?: unknown; under?: unknown } {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `options must be an object like { "after": "1.2" } or { "under": "1.2" } (got ${describeValue(options)})`,
    );
  }
  const record = options as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => key !== 'after' && key !== 'under');
  if (unknown.length)
    throw new PlanError('INVALID_ARGUMENT', `Unknown option ${unknown.join(', ')}; the options are after and under`);
  return { after: record.after, under: record.under };
}

function allTasks(plan: Plan): PlanTask[] {
  return plan.phases.flatMap((phase) => phase.tasks);
}

/** The spec's rule: the first todo task, phase by phase (blocked and review items are passed over). */
function nextTodo(plan: Plan): PlanTask | null {
  return allTasks(plan).find((task) => STATUS_TABLE.definition(task.status).queue) ?? null;
}

function taskAtLine(text: string, line: number): PlanTask {
  const task = allTasks(parsePlan(text)).find((candidate) => candidate.line === line);
  if (!task) throw new Error(`No task at line ${line} after the change`);
  return task;
}
