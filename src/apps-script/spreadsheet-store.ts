/**
 * PlanStore on SpreadsheetApp, composed of one adapter per port (src/core/write-path/store.ts): the plan and its
 * revision record in the cells PLAN_LOCATION names (./spreadsheet-plan-cells.ts), saved versions, the last recorded
 * plan and finished plans in the hidden history and archive sheets (./spreadsheet-versions.ts), the settings in a
 * script property (./script-settings.ts), the clock in the spreadsheet's time zone (./spreadsheet-clock.ts), e-mail to
 * the person (./mail-notifier.ts). Service calls are what users wait for, so each method makes as few as it can: a read
 * is one getValues of the plan's cells, a change one setValues of the plan and its record plus one of the last recorded
 * plan.
 *
 * This module runs the change: a change is all or nothing: every write registers how to put it back, and if a later
 * step fails — a write, or the flush that commits them — everything written is put back before the error leaves
 * `exclusive`. An error therefore means nothing was written; a failure after the commit (releasing the lock) is not an
 * error of the change.
 */
import { PlanError, messageOf } from '../core/errors';
import { planIdOf, recordedRevision } from '../core/write-path/revision';
import type { PlanCells, PlanStore, PlanWrite } from '../core/write-path/store';
import { PLAN_TEXT_LIMIT, requireStorable } from './cell-values';
import { MailNotifier } from './mail-notifier';
import { PLAN_CELL_REFERENCE } from './plan-location';
import { ScriptSettings } from './script-settings';
import { SpreadsheetClock } from './spreadsheet-clock';
import { SpreadsheetPlanCells } from './spreadsheet-plan-cells';
import { SpreadsheetVersions } from './spreadsheet-versions';
import { SpreadsheetTaskCells } from './task-cells';
import { warn } from './warn';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export { HISTORY_LIMIT, HISTORY_ROWS_LIMIT } from './history-sheet';

/** How long a change waits for another execution to finish before answering "busy". */
const LOCK_WAIT_MS = 8000;

/**
 * The ranges a change gets before it takes the lock (`exclusive`): the plan cells' and the last recorded plan's, for a
 * change of the plan (the default); the plan cells' alone for one that reads the plan and writes elsewhere (sheet
 * work); none for one that reads neither.
 */
export type Prepared = 'plan and history' | 'plan' | 'nothing';

export class SpreadsheetPlanStore implements PlanStore {
  readonly location = PLAN_CELL_REFERENCE;
  readonly textLimit = PLAN_TEXT_LIMIT;
  private cachedSpreadsheet: Spreadsheet | null = null;
  /** Whether the change under way holds the lock. */
  private locked = false;
  /** How to put back what the change under way wrote, oldest write first. */
  private undo: Array<() => void> = [];
  /** What runs once the change under way is committed (trimming bounded logs); its failure is not the change's. */
  private committed: Array<() => void> = [];
  /** What runs once the change's writes are flushed, still part of it (the write log's mark). */
  private flushed: Array<() => void> = [];
  private readonly source = () => this.spreadsheet();
  private readonly putBackStep = (step: () => void) => this.undo.push(step);
  readonly clock = new SpreadsheetClock(this.source);
  readonly settings: ScriptSettings = new ScriptSettings(this.putBackStep, () => this.cells.relabel());
  private readonly cells = new SpreadsheetPlanCells(
    this.source,
    this.putBackStep,
    () => this.clock.now(),
    this.settings,
  );
  readonly versions = new SpreadsheetVersions(this.source, this.putBackStep);
  readonly notifier = new MailNotifier(this.source, (step) => this.afterCommit(step));

  /** The cells tasks wrote and check (done means checked). */
  readonly taskCells = new SpreadsheetTaskCells(
    this.source,
    () => {
      const read = this.cells.lastRead();
      return read && { text: read.text, plan: this.planIdOf({ meta: read.meta }) };
    },
    () => this.clock.now(),
    this,
  );

  /**
   * Set for a person's approval of the plan (sidebarApprovePlan): the change also keeps the approved text beside the
   * history, in the same all-or-nothing change, for the approval box to compare a later plan with.
   */
  keepsApproval = false;

  /** A spreadsheet, or how to get it: looked up on first use, inside the caller's error handling. */
  constructor(private readonly spreadsheetSource: Spreadsheet | (() => Spreadsheet)) {}

  /**
   * Registers how to put back a write made inside `exclusive` by others than the store (the sheet work's cells and
   * its write log), so that a change that fails, the commit included, is put back whole.
   */
  registerPutBack(step: () => void): void {
    this.undo.push(step);
  }

  /**
   * Lists `step` among the steps that wrote cells in the revision record this change read
   * (src/core/write-path/steps-that-wrote.ts), for writeRange before it logs the write: the record cell alone is
   * written (two calls), and put back if the change fails. Nothing is written when the step is listed already, or the
   * record lists nothing (the done check then looks in the log anyway). The plan's text, revision and digest are
   * untouched: the sidebar sees no new version of the plan (the write shows in the write log, whose mark moves).
   */
  listStepThatWrote(step: string): void {
    this.cells.listStepThatWrote(step);
  }

  /**
   * Takes the list of steps that wrote out of the revision record, after a person's edit of the record cell (an undo
   * or a paste can put back an older record, whose shorter list would be believed): the next change learns the list
   * afresh from the write log. Nothing is written when the record lists nothing or is not Sheet Plan's.
   */
  forgetStepsThatWrote(): void {
    this.cells.forgetStepsThatWrote();
  }

  /** Runs `step` once the change under way is committed; if it fails, the change is still done (it is logged). */
  afterCommit(step: () => void): void {
    this.committed.push(step);
  }

  whenFlushed(step: () => void): void {
    this.flushed.push(step);
  }

  /** What this execution's last change put in the plan cells, so that an answer needs no second read; null before. */
  cellsWritten(): PlanCells | null {
    return this.cells.cellsWritten();
  }

  private spreadsheet(): Spreadsheet {
    this.cachedSpreadsheet ??=
      typeof this.spreadsheetSource === 'function' ? this.spreadsheetSource() : this.spreadsheetSource;
    return this.cachedSpreadsheet;
  }

  read(): PlanCells | null {
    const cells = this.cells.read();
    // What a completion's checks read before the lock serves them while the plan is still at that record.
    if (cells && this.locked) this.taskCells.confirm(cells.meta);
    return cells;
  }

  /**
   * The id of the plan whose cells were read (src/core/write-path/revision.ts planIdOf): the writes of the log it owns.
   * A record a person cleared or typed over names none: the last recorded plan's record (the history's copy) says it
   * then, as it numbers the revision.
   */
  planIdOf(cells: { meta: string } | null): string {
    const meta = cells?.meta ?? '';
    if (recordedRevision(meta) !== undefined) return planIdOf(meta);
    return planIdOf(this.versions.lastRecorded()?.meta ?? '');
  }

  // ---- the change ----

  write(change: PlanWrite): void {
    // Checked before anything is written: a text Sheets could not keep is refused as such.
    const text = requireStorable(change.text, 'The plan', this.location);
    const keep = [...this.cells.replacedBeside(change), ...change.keep];
    for (const version of keep) requireStorable(version.text, `Revision ${version.revision}`, 'the history');
    this.versions.keep(keep, { text: change.text, meta: change.meta }, change.previous, this.keepsApproval);
    this.cells.write(text, change);
  }

  /**
   * Runs `work` holding the lock, then commits its writes (flush), or puts them back when anything fails.
   *
   * One lock for every caller: the script lock. Google documents that getDocumentLock() "returns null" outside a
   * containing document and says nothing of a scripts.run execution of a bound script; an agent's call and a person's
   * sidebar call that took different locks would not block each other, and one write would be lost without a
   * CONFLICT. For a script bound to one spreadsheet, the script lock covers exactly the same executions
   * (https://developers.google.com/apps-script/reference/lock/lock-service#getScriptLock()).
   */
  exclusive<T>(work: () => T, prepare: Prepared = 'plan and history'): T {
    this.prepareOutsideTheLock(prepare);
    const lock = LockService.getScriptLock();
    if (!lock.tryLock(LOCK_WAIT_MS)) {
      throw new PlanError(
        'BUSY',
        'The plan is busy: another execution is changing it. Nothing was written; try again in a moment',
      );
    }
    this.undo = [];
    this.committed = [];
    this.flushed = [];
    this.cells.forgetRead({ prepared: false });
    this.locked = true;
    try {
      const result = work();
      // Commit pending writes (the sheet work's too) before another execution can take the lock and read; what this
      // change wrote is put back if that fails.
      SpreadsheetApp.flush();
      this.flushed.forEach((step) => step());
      this.undo = [];
      this.afterCommitted();
      return result;
    } catch (error) {
      if (this.undo.length) this.putBack(error);
      throw error;
    } finally {
      this.undo = [];
      this.committed = [];
      this.flushed = [];
      this.cells.forgetRead({ prepared: true });
      this.versions.forgetPrepared();
      this.taskCells.forget();
      this.locked = false;
      try {
        lock.releaseLock();
      } catch (error) {
        // The change is committed (or put back) already, and Apps Script releases a lock when the script ends
        // (https://developers.google.com/apps-script/reference/lock/lock#releaseLock()): not an error of the change.
        warn(`releasing the lock failed (Apps Script releases it at the end)`, error);
      }
    }
  }

  /**
   * What a change needs that does not depend on the plan, got before it takes the lock, so that the lock is held for
   * the read-modify-write of the plan and its record alone: the spreadsheet (opened by its id, the script properties
   * read once with it: settings, time zone), and the ranges of the plan cells and of the last recorded plan, each by
   * its A1. Nothing is read from the cells, looked up by name or made here: a sheet that is not there is found out
   * under the lock, as before.
   */
  private prepareOutsideTheLock(prepare: Prepared): void {
    this.spreadsheet();
    if (prepare === 'nothing') return;
    this.cells.prepare();
    if (prepare === 'plan and history') this.versions.prepare();
  }

  /** The steps that wait for the commit; each failure is logged, since the change is done. */
  private afterCommitted(): void {
    this.versions.trimAfterCommit(this.cells.cellsWritten()?.text ?? null);
    for (const step of this.committed) {
      try {
        step();
      } catch (error) {
        warn(`a step after the change was committed failed; the change is done`, error);
      }
    }
  }

  private putBack(cause: unknown): void {
    this.cells.forgetWritten();
    try {
      for (const step of [...this.undo].reverse()) step();
      SpreadsheetApp.flush();
    } catch (failure) {
      // Both failures travel in the message: scripts.run carries only that (and Apps Script's ES2021 has no `cause`).
      // eslint-disable-next-line preserve-caught-error
      throw new Error(
        `${messageOf(cause)}. Putting back what the change had written failed too (${messageOf(failure)}): the plan ` +
          `or its history may hold part of the change; reload the plan and check its history before trying again`,
      );
    } finally {
      this.versions.reset();
    }
  }
}
