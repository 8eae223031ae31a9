/**
 * The write path: every change of the plan goes through here, in one order. Under the document lock: read the plan
 * once (with its revision record), answer a repeated request, parse and fingerprint each text once (PlanTexts), let
 * the use case make the new text, check the size and the items held for a person, write the text with the next
 * revision record, and keep in the history what the write replaces. The use cases (src/core/use-cases/) are small
 * functions over it, called by the entry points (src/apps-script/api.ts, sidebar.ts) directly.
 */
import type { ActionContext } from '../rules/actions';
import { LEASE_MINUTES, holderOf, utcWallClock, type Claimant } from '../rules/claims';
import { attentionIn, nextAttention } from '../person/attention';
import { rangesNeededToCheck, requireTaskChecked } from '../rules/done-checks';
import { needsPerson, PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { guardChange, type GuardedChange } from '../guard/guard';
import { requireApproved, waitsForApproval, withStatus } from '../rules/lifecycle';
import { newlyWaiting, waitingItems } from '../person/notifications';
import type { PlanOutline } from '../format/parse';
import { requireFits } from '../rules/plan-size';
import { callersRequest, nextRequests, repeatedAnswer, type ChangeRequest } from './request-ids';
import {
  agentNameOf,
  approvedTextOf,
  currentRevision,
  isUnrecorded,
  nextPlanIds,
  type NewPlan,
  isPersonsRecorded,
  isPersonsVersion,
  readPlanRecord,
  recordedRevision,
  lastRecordedBefore,
  revisionRecord,
  staysTyped,
  wasTyped,
  writePlanRecord,
  type ChangeSource,
  type PlanRecord,
  type RevisionInfo,
} from './revision';
import type { PlanSettings } from '../person/settings';
import { StepsThatWrote, stepsListedIn, stepsRenumbered, withStepsThatWrote } from './steps-that-wrote';
import { movedClaims } from '../rules/moved-claims';
import type { PlanCells, PlanStore, RecordedPlan, SavedVersion } from './store';
import { PlanTexts, type PlanText } from './plan-texts';
import type { ManagerOptions, RevisedPlan } from './results';

/** One read of the plan cell, as every call starts from it. */
export interface Snapshot {
  cells: PlanCells | null;
  text: string;
  /** The text read, parsed and fingerprinted at most once. */
  read: PlanText;
  /** The revision record the revision is read from: the cell's, or the last recorded plan's when the cell has none. */
  meta: string;
  /** That record, parsed (null when it is not Sheet Plan's): read once, here. */
  record: PlanRecord | null;
  revision: RevisionInfo;
  /** The last recorded plan when the cell no longer holds it, for a write to keep; undefined when it does. */
  lastRecorded?: RecordedPlan | null;
  /** The steps that wrote cells, as the record in the cell lists them (the history's copy is not kept up to date). */
  stepsThatWrote: StepsThatWrote;
}

/** Why the document being replaced is kept in the history. */
export interface Replacing {
  by: string;
  reason: string;
}

/** What a use case makes of the plan: the new text, its answer, and why the old document is kept (if it is). */
export interface Change<T> {
  text: string;
  /** The answer, given the revision written and the text written (the guard may have set its status line). */
  result: (revision: RevisionInfo, written: string) => T;
  replacing?: Replacing;
  /**
   * A new plan: the request ids the plan remembers start afresh. `'in place'` (createPlan) is written in place of a
   * plan not finished, so the approval that held that one holds it too; `'after finishing'` (finishPlan) follows a
   * finished one (revision.ts, nextPlanIds).
   */
  newPlan?: NewPlan;
  /**
   * A whole document the agent wrote (replacePlan, adoptFormat, restoreRevision): when approval is held, one without a
   * Status line is a draft (a task action on such a plan leaves it as it is: it reads as a draft already).
   */
  wholeDocument?: boolean;
  /**
   * Says which part of the change the guard refused (applyCommands: which command): given the refusal and the guard
   * (which throws on another text as on this one), the refusal to give instead. Runs only when the guard refuses.
   */
  blame?: (refusal: PlanError, guard: (text: string) => unknown) => PlanError;
}

/** How a write is made: see Change, and `setUp` (the plan's place written as well). */
type WriteOptions = Pick<Change<unknown>, 'replacing' | 'newPlan' | 'wholeDocument' | 'blame'> & { setUp?: boolean };

export class PlanRevisions {
  readonly source: ChangeSource;
  readonly byPerson: boolean;
  readonly texts = new PlanTexts();
  private readonly request: ChangeRequest | undefined;
  private cachedSettings: PlanSettings | undefined;
  private todayFetched: string | undefined;
  private approvedRead: { plan: RecordedPlan | null } | undefined;
  /** What the change under way knows of the steps that wrote: its snapshot's, for the done check. */
  private stepsThatWrote = new StepsThatWrote(undefined);

  constructor(
    readonly store: PlanStore,
    options: ManagerOptions,
  ) {
    this.source = options.source;
    this.byPerson = options.byPerson ?? false;
    this.request = callersRequest(options.request, this.source);
  }

  // ---- reading ----
  /**
   * The plan and its revision. When the revision record is missing (a paste over it, a plan typed in by hand, or the
   * plan's sheet deleted before a write), the last recorded plan's record numbers the revision, so that revisions never
   * go back. `forWrite` also reads the last recorded plan whenever the cell holds another text, for the write to keep.
   * `pasted` (a person's edit), or a record its label does not name, reads it always: cells pasted back look recorded.
   */
  snapshot(forWrite = false, pasted = false): Snapshot {
    const cells = this.store.read();
    this.cachedSettings = undefined; // read again: this read may have found another save
    const text = cells?.text ?? '';
    const read = this.texts.of(text);
    let meta = cells?.meta ?? '';
    const inCell = cells ? readPlanRecord(meta) : null;
    let copy: RecordedPlan | null | undefined; // the last recorded plan, as the history sheet keeps it
    const pastedBack = cells?.pastedRecord;
    if (cells ? inCell?.revision === undefined || pasted || pastedBack : forWrite) {
      copy = this.store.versions.lastRecorded();
      if (copy && (inCell?.revision ?? -1) < (recordedRevision(copy.meta) ?? 0)) meta = copy.meta;
    }
    const record = cells && meta === cells.meta ? inCell : readPlanRecord(meta);
    const listed = stepsListedIn(cells, inCell);
    const snapshot: Snapshot = {
      cells,
      text,
      read,
      meta,
      record,
      revision: currentRevision(text, meta, read.digest),
      stepsThatWrote: new StepsThatWrote(listed),
    };
    if (forWrite) this.stepsThatWrote = snapshot.stepsThatWrote;
    if (forWrite && (pastedBack || isUnrecorded(text, meta, read.digest)))
      snapshot.lastRecorded = copy === undefined ? this.store.versions.lastRecorded() : copy;
    return snapshot;
  }

  /** The text of the plan cell, or NO_PLAN when it holds none. */
  requireText(text: string): string {
    if (!text.trim()) throw new PlanError('NO_PLAN', filled(rareWords.noPlan(), { cell: this.store.location }));
    return text;
  }

  /** The outline of the plan in `text`, which must hold one (NO_PLAN). */
  requireOutline(text: string): PlanOutline {
    return this.texts.outline(this.requireText(text));
  }

  /** The plan in `text` (read or written in this call), its revision and stamp; `waiting` given, settings go unread. */
  revised(text: string, revision: RevisionInfo, waiting?: boolean): RevisedPlan {
    const known = this.texts.of(text);
    const plan = known.plan;
    return {
      ...plan,
      ...revision,
      stamp: known.stamp(revision.revision),
      waitingForApproval: waiting ?? this.awaitsApproval(plan),
    };
  }

  /**
   * Whether the plan waits for the person's approval before work: a draft, or a plan without a Status line, while they
   * ask to approve plans first. The settings are read only when they decide it.
   */
  awaitsApproval(plan: { status?: PlanOutline['status'] }): boolean {
    return waitsForApproval(plan.status, true) && this.settings().approvalRequired;
  }

  /** Today in the plan's time zone: fetched once, and only by a change that writes a date (it is a service call). */
  today(): string {
    return (this.todayFetched ??= this.store.clock.today());
  }

  /** Who acts, today's date (fetched only if the action writes it), which held tasks moved (`snapshot`'s record). */
  actionContext(snapshot?: Snapshot): ActionContext {
    const today = () => this.today();
    return {
      byPerson: this.byPerson,
      get today() {
        return today();
      },
      claimant: this.claimant(),
      moved: snapshot?.record?.moved,
    };
  }

  /**
   * The agent that acts, for its claims; undefined for a person. Its clock is read only when a claim is read or
   * written, once per call (a service call: the spreadsheet's time zone).
   */
  claimant(): Claimant | undefined {
    return this.byPerson ? undefined : this.clock();
  }

  /** The caller as a claim would name it, with the spreadsheet's wall clock: for an agent, and to judge claims. */
  clock(): Claimant {
    const clock = (minutes: number) =>
      this.store.clock.wallClock?.(minutes) ?? utcWallClock(this.store.clock.now(), minutes);
    let now: string | undefined;
    let leaseEnd: string | undefined;
    return {
      holder: holderOf(this.source),
      now: () => (now ??= clock(0)),
      leaseEnd: () => (leaseEnd ??= clock(LEASE_MINUTES)),
    };
  }

  /** The sheet's settings, read at most once per call (and only when a rule needs them). */
  settings(): PlanSettings {
    return (this.cachedSettings ??= this.store.settings.readSettings());
  }

  /** After a person saved the settings: the rest of the call uses them. */
  settingsSaved(settings: PlanSettings): void {
    this.cachedSettings = settings;
  }

  // ---- the rules every use case asks ----
  requirePerson(what: string): void {
    if (!this.byPerson) throw needsPerson(filled(rareWords.personOnly(), { what }));
  }

  /**
   * NEEDS_APPROVAL when an agent would work on a draft the person must approve first (a plan without a Status line is
   * one while they ask to approve plans first). The settings are read only where they decide.
   */
  requireApproved(outline: PlanOutline): void {
    if (!this.byPerson && this.awaitsApproval(outline)) requireApproved(outline, true);
  }

  /**
   * Before an agent completes `step` (of `outline`, the plan before the change): the cells the task wrote and its
   * Check lines pass, or CHECK_FAILED. A person completing a task in the sidebar is the judge and is not stopped.
   */
  requireChecked(outline: PlanOutline, step: string, removal = false): void {
    const cells = this.store.taskCells;
    if (this.byPerson || !cells) return;
    const steps = this.stepsThatWrote;
    requireTaskChecked(
      outline,
      step,
      cells,
      () => this.store.clock.now(),
      (task) => steps.rangesOf(task, cells),
      removal,
    );
  }

  /**
   * Whether a plan an agent writes whole needs a person's approval to be approved: the person asked for it, or has
   * approved a plan before (its Write ranges hold the agent's writes until they approve again: sheet-rules.ts).
   */
  approvalHeld(): boolean {
    return this.settings().approvalRequired || Boolean(this.lastApproved());
  }

  /** The plan as the person last approved it: one read of the history at most, when first asked, per change. */
  private lastApproved(): RecordedPlan | null {
    return (this.approvedRead ??= { plan: this.store.versions.lastApproved?.() ?? null }).plan;
  }

  /** A plan an agent writes from scratch is a draft when the person asked to approve plans first, or approved one. */
  asNewPlan(text: string): string {
    return !this.byPerson && this.approvalHeld() ? withStatus(text, 'draft') : text;
  }

  // ---- before the lock: what a completion's checks read ----

  /**
   * Hook for a change that will complete `steps` (an agent's: a person is not checked): before it takes the lock, the
   * cells their checks read (what each wrote, what its Check lines name) are read in bulk by the store's task cells,
   * from the plan as it is now (one read of the plan, no lock). Under the lock requireChecked reads the same ranges,
   * served from that read while the plan is still at the record it was read from; else read afresh, as before.
   */
  prepareChecks(steps: readonly string[]): void {
    const cells = this.store.taskCells;
    if (this.byPerson || !cells?.prefetch || !steps.length) return;
    const snapshot = this.snapshot();
    if (!snapshot.cells || !snapshot.text.trim()) return;
    const outline = snapshot.read.outline;
    // Work on a plan that waits for the person's approval is refused under the lock (NEEDS_APPROVAL): read nothing.
    if (this.awaitsApproval(outline)) return;
    const writtenBy = (task: string) => snapshot.stepsThatWrote.rangesOf(task, cells);
    const ranges = steps.flatMap((step) => {
      const task = outline.tasks.find((candidate) => candidate.step === step);
      return task ? rangesNeededToCheck(outline, step, writtenBy) : [];
    });
    if (ranges.length) cells.prefetch(ranges, snapshot.cells.meta);
  }

  // ---- writing ----

  /** Reads, changes and writes under the lock. `change` returns the new text, or throws to write nothing. */
  mutate<T>(change: (text: string, snapshot: Snapshot) => Change<T>): T {
    return this.changeOnce((snapshot) => {
      const { text, result, ...options } = change(snapshot.text, snapshot);
      return this.writePlan(snapshot, text, result, options);
    });
  }

  /**
   * Every change runs here: under the lock, on one read of the plan. A request this plan remembers (the agent sent it
   * before, and the answer was lost on the way) gets its first answer, and nothing is written.
   */
  changeOnce<T>(work: (snapshot: Snapshot) => T): T {
    return this.store.exclusive(() => {
      const snapshot = this.snapshot(true);
      const repeated = repeatedAnswer(this.request, snapshot.record, {
        stamp: snapshot.read.stamp(snapshot.revision.revision),
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
   * (sheet, marker) as well, as does a plan whose place is not set up. `newPlan` (createPlan, finishPlan) starts the
   * remembered request ids afresh: an id belongs to one plan, so an id the last plan saw is a new change on the next.
   */
  writePlan<T>(
    snapshot: Snapshot,
    text: string,
    answer: (revision: RevisionInfo, written: string) => T,
    options: WriteOptions = {},
  ): T {
    requireFits(text, snapshot.text, this.store.textLimit, this.store.location);
    const guard = (other: string) => this.guarded(snapshot, other, options);
    let guarded: string;
    try {
      guarded = guard(text);
    } catch (error) {
      throw error instanceof PlanError && options.blame ? options.blame(error, guard) : error;
    }
    // The guard may set the status line (a draft again): the size is that text's.
    if (guarded !== text) requireFits(guarded, snapshot.text, this.store.textLimit, this.store.location);
    text = guarded;
    const written = this.texts.of(text);
    // The log and the list of steps that wrote follow the tasks the change renumbers.
    const renumbered = options.newPlan ? new Map() : stepsRenumbered(snapshot.read.outline, written.outline);
    const cells = this.store.taskCells;
    if (!options.newPlan && cells) snapshot.stepsThatWrote.renumber(renumbered, cells);
    const revision = snapshot.revision.revision + 1;
    const now = this.store.clock.now();
    // A person's new plan is theirs: no approval holds it.
    const newPlan = this.byPerson && options.newPlan ? 'after finishing' : options.newPlan;
    const ids = nextPlanIds(snapshot.meta, { newPlan, setUp: options.setUp, now, text }, () => this.lastApproved());
    const next = revisionRecord(revision, text, this.source, now, written.digest, ids.plan);
    const result = answer(next.info, text);
    const answered = this.request && {
      request: this.request,
      answer: result,
      revision,
      text,
      stamp: written.stamp(revision),
    };
    const record: PlanRecord = {
      ...next.record,
      heldBy: ids.heldBy,
      // The earlier plan's decisions were about it: a new plan's agents are not told them.
      attention: nextAttention(options.newPlan ? undefined : attentionIn(snapshot.record), {
        before: snapshot.read.plan,
        after: written.plan,
        at: next.info.changedAt ?? this.store.clock.now(),
        revision,
        agent: this.claimant()?.holder,
      }),
      requests: nextRequests(options.newPlan ? null : snapshot.record, answered),
      typed: (this.byPerson && options.wholeDocument) || (text === snapshot.text && staysTyped(snapshot)) || undefined,
      moved: options.newPlan
        ? undefined
        : movedClaims(snapshot.read, written, renumbered, this.claimant()?.holder, snapshot.record?.moved),
    };
    // A new plan has written nothing yet: the earlier plan's steps are not its own (the log tells them apart).
    const steps = options.newPlan ? [] : snapshot.stepsThatWrote.forNextRecord(this.store.taskCells);
    const meta = writePlanRecord(withStepsThatWrote(record, steps));
    this.store.write({
      text,
      meta,
      setUp: Boolean(options.setUp) || !snapshot.cells?.ready,
      keep: this.versionsReplacedBy(snapshot, text, options.replacing),
      previous: lastRecordedBefore(snapshot),
    });
    if (!this.byPerson) this.tellPerson(snapshot.read.outline, written.outline);
    return result;
  }

  /**
   * The guard (src/core/guard/guard.ts) on the change from `snapshot`'s plan to `text`: the text to write, or a
   * PlanError and nothing written. Every write, by every path, agent or person, passes here.
   */
  private guarded(snapshot: Snapshot, text: string, options: WriteOptions): string {
    const claimant = this.claimant();
    return guardChange({
      before: snapshot.read.outline,
      text,
      actor: claimant ? { kind: 'agent', claimant } : { kind: 'person' },
      newPlan: Boolean(options.newPlan),
      wholeDocument: Boolean(options.wholeDocument),
      outline: (written) => this.texts.outline(written),
      context: this.ruleContext(snapshot),
    });
  }

  /** What the guard's rules ask beyond a change's two documents, over `snapshot` (each read once, when first asked). */
  ruleContext(snapshot: Snapshot): GuardedChange['context'] {
    return {
      approvalRequired: () => this.settings().approvalRequired,
      approvalHeld: () => this.approvalHeld(),
      lastApproved: () => this.texts.outline(approvedTextOf(this.lastApproved(), snapshot.meta)),
      requireChecked: (outline, step, removal) => this.requireChecked(outline, step, removal),
    };
  }

  /**
   * An agent's change: what newly waits for the person goes to the store's notifier, while the person asked for
   * e-mails. Every change is told, also one where nothing newly waits: it sends what earlier changes left pending.
   */
  private tellPerson(before: PlanOutline, after: PlanOutline): void {
    const notifier = this.store.notifier;
    if (!notifier) return;
    const settings = this.settings();
    if (!settings.mailWhenWaiting) return;
    const waiting = waitingItems(after, settings.approvalRequired);
    const fresh = newlyWaiting(waitingItems(before, settings.approvalRequired), waiting);
    notifier.tellPerson(fresh, waiting, settings, agentNameOf(this.source) ?? undefined);
  }

  /**
   * What a write over `snapshot` must keep: the last recorded plan when the cell was replaced since without Sheet Plan
   * recording it, the document itself when the write replaces it whole, and the version a person typed (into the cell,
   * or whole in the sidebar) when an agent first changes it: else it would live on only in agents' versions.
   */
  private versionsReplacedBy(snapshot: Snapshot, text: string, replacing?: Replacing): SavedVersion[] {
    const unseen = this.unseenReplacement(snapshot);
    const kept: SavedVersion[] = unseen ? [unseen] : [];
    const { revision } = snapshot.revision;
    // Typed, into the cell or whole in the sidebar: a click there changes a line, as an agent does, and needs no copy.
    const typed = wasTyped(snapshot) && !this.byPerson && text !== snapshot.text;
    const reason = replacing ?? (typed && { by: 'an agent', reason: "a person's version; an agent changed it next" });
    if (reason && snapshot.text.trim()) {
      kept.push({ ...this.version(revision, snapshot.text, reason), writtenByPerson: isPersonsVersion(snapshot) });
    }
    return kept;
  }

  /**
   * The last recorded plan, when the cell was replaced since without Sheet Plan recording it (another script, the
   * Sheets API, the row or sheet deleted): kept by the next write, and listed in the history until then.
   */
  private unseenReplacement(snapshot: Snapshot): SavedVersion | null {
    const unseen = snapshot.lastRecorded;
    if (!unseen?.text.trim() || unseen.text === snapshot.text) return null;
    return this.recordedVersion(unseen, {
      by: 'an edit Sheet Plan did not see',
      reason:
        'replaced without the onEdit trigger (another script, the Sheets API, a deleted row or sheet, cells pasted ' +
        'back before it ran)',
    });
  }

  /** A plan as Sheet Plan recorded it, as a version to keep: the person's when its record says so. */
  recordedVersion(plan: RecordedPlan, replacing: Replacing): SavedVersion {
    const revision = recordedRevision(plan.meta) ?? 0;
    return { ...this.version(revision, plan.text, replacing), writtenByPerson: isPersonsRecorded(plan) };
  }

  /** Saved versions, newest first, the one only the last recorded plan still holds included. */
  savedVersions(limit: number, snapshot: Snapshot): SavedVersion[] {
    const unseen = this.unseenReplacement(snapshot);
    const versions = this.store.versions.listVersions(limit);
    return unseen ? [unseen, ...versions].slice(0, limit) : versions;
  }

  version(revision: number, text: string, replacing: Replacing): SavedVersion {
    const replacedBy = `${replacing.by} (${this.source})`;
    return { revision, savedAt: this.store.clock.now(), replacedBy, reason: replacing.reason, text };
  }
}
