/**
 * PlanStore on SpreadsheetApp: the plan and its revision record in the cells PLAN_LOCATION names, saved versions and
 * the last recorded plan in the hidden history sheet, finished plans in the hidden archive, the settings in a script
 * property (./spreadsheet-access.ts). Service calls are what users wait for, so each method makes as
 * few as it can: a read is one getValues of the plan's cells, a change one setValues of the plan and its record plus
 * one of the last recorded plan.
 *
 * A change is all or nothing: every write registers how to put it back, and if a later step fails — a write, or the
 * flush that commits them — everything written is put back before the error leaves `exclusive`. An error therefore
 * means nothing was written; a failure after the commit (releasing the lock) is not an error of the change.
 */
import { PlanError, messageOf } from '../core/errors';
import { planIdOf, readPlanRecord, recordedRevision, writePlanRecord } from '../core/write-path/revision';
import { recordListingStep, stepsThatWroteIn, withStepsThatWrote } from '../core/write-path/steps-that-wrote';
import type { WaitingItem } from '../core/person/notifications';
import { readSettings, type PlanSettings } from '../core/person/settings';
import type {
  ArchiveEntry,
  ArchivedText,
  PlanCells,
  PlanStore,
  PlanWrite,
  RecordedPlan,
  SavedVersion,
} from '../core/write-path/store';
import { ArchiveSheet } from './archive-sheet';
import { CellBlock } from './cell-block';
import { PLAN_TEXT_LIMIT, asText, cellText, requireStorable, restoreInput, writtenText } from './cell-values';
import { HistorySheet } from './history-sheet';
import { tellPersonByMail } from './mail-notifier';
import { PLAN_CELL_REFERENCE, PLAN_LOCATION, cellAddress, cellReference } from './plan-location';
import { BESIDE_THE_PLAN, replacedCellsVersion } from './replaced-cells';
import { SpreadsheetTaskCells } from './task-cells';
import { SETTINGS_PROPERTY, scriptProperties, spreadsheetTimeZone } from './spreadsheet-access';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

export { HISTORY_LIMIT, HISTORY_ROWS_LIMIT } from './history-sheet';

/** How long a change waits for another execution to finish before answering "busy". */
const LOCK_WAIT_MS = 8000;

const MARKER = cellAddress(PLAN_LOCATION.markerCell);
const LABEL = cellAddress(PLAN_LOCATION.metadataLabelCell);
const PLAN = cellAddress(PLAN_LOCATION.planCell);
const METADATA = cellAddress(PLAN_LOCATION.metadataCell);
/** Everything Sheet Plan keeps on the plan sheet: read at once, written at once when the sheet is set up. */
const ALL_CELLS = new CellBlock([MARKER, LABEL, PLAN, METADATA]);
/** The plan with its record: what a change writes. */
const PLAN_AND_RECORD = new CellBlock([PLAN, METADATA]);
const RECORD = new CellBlock([METADATA]);
/** The block with its sheet, `AGENT_BASE!C1:D2`, and the record alone: one getRange each, no lookup by name. */
const ALL_CELLS_A1 = cellReference(ALL_CELLS.a1, PLAN_LOCATION.sheet);
const RECORD_A1 = cellReference(PLAN_LOCATION.metadataCell, PLAN_LOCATION.sheet);

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
  /** The spreadsheet's time zone, once asked. */
  private zone: string | undefined;
  /** undefined until looked up. */
  private sheet: Sheet | null | undefined;
  /** The plan sheet's cells as this change read them, for putting them back, and the range they were read from. */
  private readValues: unknown[][] | null = null;
  private readRange: Range | null = null;
  /** Whether the change under way holds the lock. */
  private locked = false;
  /** The plan cells' range, got before the change took the lock (./prepareOutsideTheLock); read once, by the change. */
  private preparedCells: Range | undefined;
  /** How to put back what the change under way wrote, oldest write first. */
  private undo: Array<() => void> = [];
  /** What runs once the change under way is committed (trimming bounded logs); its failure is not the change's. */
  private committed: Array<() => void> = [];
  /** The plan cells as this execution's last committed change left them. */
  private written: PlanCells | null = null;
  private readonly history = new HistorySheet(
    () => this.spreadsheet(),
    (step) => this.undo.push(step),
  );
  private readonly archive = new ArchiveSheet(
    () => this.spreadsheet(),
    (step) => this.undo.push(step),
  );

  /** The cells tasks wrote and check (done means checked). */
  readonly taskCells = new SpreadsheetTaskCells(
    () => this.spreadsheet(),
    () => {
      if (!this.readValues) return null;
      const meta = cellText(ALL_CELLS.valueAt(this.readValues, METADATA));
      return { text: cellText(ALL_CELLS.valueAt(this.readValues, PLAN)), plan: this.planIdOf({ meta }) };
    },
    () => this.now(),
  );

  /**
   * Set for a person's approval of the plan (sidebarApprovePlan): the change also keeps the approved text beside the
   * history, in the same all-or-nothing change, for the approval box to compare a later plan with.
   */
  keepsApproval = false;

  /** A spreadsheet, or how to get it: looked up on first use, inside the caller's error handling. */
  constructor(private readonly source: Spreadsheet | (() => Spreadsheet)) {}

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
    const before = this.readValues;
    if (!before) return;
    const record = ALL_CELLS.valueAt(before, METADATA);
    const listed = recordListingStep(writtenText(record), step);
    if (listed === null) return;
    const range = this.spreadsheet().getRange(RECORD_A1);
    const previous = [[restoreInput(record)]];
    this.undo.push(() => range.setValues(previous));
    range.setValues([[asText(listed)]]);
    // As a later read would see it, for any write after this one in the same change.
    this.readValues = before.map((row) => row.slice());
    this.readValues[METADATA.row - ALL_CELLS.row][METADATA.column - ALL_CELLS.column] = listed;
  }

  /**
   * Takes the list of steps that wrote out of the revision record, after a person's edit of the record cell (an undo
   * or a paste can put back an older record, whose shorter list would be believed): the next change learns the list
   * afresh from the write log. Nothing is written when the record lists nothing or is not Sheet Plan's.
   */
  forgetStepsThatWrote(): void {
    const record = readPlanRecord(this.read()?.meta ?? '');
    if (!record || stepsThatWroteIn(record) === undefined) return;
    this.spreadsheet()
      .getRange(RECORD_A1)
      .setValues([[asText(writePlanRecord(withStepsThatWrote(record, undefined)))]]);
  }

  /** Runs `step` once the change under way is committed; if it fails, the change is still done (it is logged). */
  afterCommit(step: () => void): void {
    this.committed.push(step);
  }

  /** What this execution's last change put in the plan cells, so that an answer needs no second read; null before. */
  cellsWritten(): PlanCells | null {
    return this.written;
  }

  private spreadsheet(): Spreadsheet {
    this.cachedSpreadsheet ??= typeof this.source === 'function' ? this.source() : this.source;
    return this.cachedSpreadsheet;
  }

  private planSheet(): Sheet | null {
    if (this.sheet === undefined) this.sheet = this.spreadsheet().getSheetByName(PLAN_LOCATION.sheet);
    return this.sheet;
  }

  /**
   * The plan's cells by one A1 range from the spreadsheet; null when the plan sheet does not exist (Sheets answers
   * "Range not found" for a sheet it does not have: only then is the sheet looked up by name, to tell).
   */
  private planCells(): Range | null {
    let range: Range | null = null;
    try {
      range = this.spreadsheet().getRange(ALL_CELLS_A1);
    } catch (error) {
      if (this.planSheet()) throw error;
    }
    return range;
  }

  read(): PlanCells | null {
    const range = this.preparedCells ?? this.planCells();
    this.preparedCells = undefined;
    if (!range) return null;
    const values = range.getValues();
    this.readRange = range;
    this.readValues = values;
    const cells = {
      ready: cellText(ALL_CELLS.valueAt(values, MARKER)) === PLAN_LOCATION.marker,
      text: writtenText(ALL_CELLS.valueAt(values, PLAN)),
      meta: writtenText(ALL_CELLS.valueAt(values, METADATA)),
    };
    // What a completion's checks read before the lock serves them while the plan is still at that record.
    if (this.locked) this.taskCells.confirm(cells.meta);
    return cells;
  }

  lastRecorded(): RecordedPlan | null {
    return this.history.lastRecorded();
  }

  /**
   * The id of the plan whose cells were read (src/core/write-path/revision.ts planIdOf): the writes of the log it owns.
   * A record a person cleared or typed over names none: the last recorded plan's record (the history's copy) says it
   * then, as it numbers the revision.
   */
  planIdOf(cells: { meta: string } | null): string {
    const meta = cells?.meta ?? '';
    if (recordedRevision(meta) !== undefined) return planIdOf(meta);
    return planIdOf(this.lastRecorded()?.meta ?? '');
  }

  /** The plan as a person last approved it in the sidebar; null before the first approval. */
  lastApproved(): RecordedPlan | null {
    return this.history.lastApproved();
  }

  listVersions(limit: number): SavedVersion[] {
    return this.history.list(limit);
  }

  /**
   * The settings: one script property read, in every kind of execution. Refused where script properties cannot be
   * read, never taken as the defaults: the approval gate must not open because its setting was out of reach.
   */
  readSettings(): PlanSettings {
    return readSettings(scriptProperties().getProperty(SETTINGS_PROPERTY));
  }

  /** E-mails the person (./mail-notifier.ts) once the change is committed, still under the lock. */
  tellPerson(fresh: WaitingItem[], waiting: WaitingItem[], settings: PlanSettings, agent?: string): void {
    this.afterCommit(() => tellPersonByMail(this.spreadsheet(), settings, fresh, waiting, undefined, agent));
  }

  writeSettings(settings: PlanSettings): void {
    const properties = scriptProperties();
    const before = properties.freshProperty(SETTINGS_PROPERTY);
    this.undo.push(() =>
      before === null
        ? properties.deleteProperty(SETTINGS_PROPERTY)
        : properties.setProperty(SETTINGS_PROPERTY, before),
    );
    properties.setProperty(SETTINGS_PROPERTY, JSON.stringify(settings));
  }

  archivePlan(plan: Omit<ArchivedText, 'id'>): number {
    requireStorable(plan.text, 'The finished plan', 'the archive');
    return this.archive.add(plan);
  }

  listArchive(): ArchiveEntry[] {
    return this.archive.list();
  }

  readArchived(id: number): ArchivedText | null {
    return this.archive.read(id);
  }

  write(change: PlanWrite): void {
    // Checked before anything is written: a text Sheets could not keep is refused as such.
    const text = requireStorable(change.text, 'The plan', this.location);
    const keep = [...this.cellsReplacedBeside(change), ...change.keep];
    for (const version of keep) requireStorable(version.text, `Revision ${version.revision}`, 'the history');
    this.history.append(keep);
    this.history.keepLastRecorded({ text: change.text, meta: change.meta }, change.previous);
    if (this.keepsApproval) this.history.keepLastApproved({ text: change.text, meta: change.meta });
    if (change.recordOnly) this.writeCells(RECORD, [asText(change.meta)]);
    else if (change.setUp) this.setUp(text, change.meta);
    else if (!this.writeReadBlock(text, asText(change.meta)))
      this.writeCells(PLAN_AND_RECORD, [text, asText(change.meta)]);
    this.hideFirstRecord();
    this.written = { ready: true, text: change.text, meta: change.meta };
  }

  /**
   * What the cells beside the plan that this change writes (the marker and label when it sets up, the record always)
   * held, when that is not Sheet Plan's own: a person's notes on an AGENT_BASE sheet that was not set up, or text
   * typed over the record. Kept in the history with the change, never overwritten unkept.
   */
  private cellsReplacedBeside(change: PlanWrite): SavedVersion[] {
    const values = this.readValues;
    if (!values) return []; // no plan sheet was read: nothing there to replace
    const written = change.setUp ? Object.values(BESIDE_THE_PLAN) : [BESIDE_THE_PLAN.record];
    const version = replacedCellsVersion(written, (cell) => ALL_CELLS.valueAt(values, cell), {
      revision: Math.max(0, (recordedRevision(change.meta) ?? 1) - 1),
      savedAt: this.now(),
      by: change.setUp ? "the plan sheet's set-up" : 'a write of the revision record',
    });
    return version ? [version] : [];
  }

  /**
   * Writes the plan and its record through the range this change read, in one call: only when that range holds
   * Sheet Plan's cells alone, its marker reads as Sheet Plan wrote it, and its label too (or is empty: the label is
   * written back). A label a person wrote is left alone: answers false (nothing written), and the plan and its record
   * go by a range of their own.
   */
  private writeReadBlock(text: string, meta: string): boolean {
    const [range, before] = [this.readRange, this.readValues];
    if (!range || !before || !ALL_CELLS.exact) return false;
    const label = cellText(ALL_CELLS.valueAt(before, LABEL));
    const ours =
      cellText(ALL_CELLS.valueAt(before, MARKER)) === PLAN_LOCATION.marker &&
      (label === PLAN_LOCATION.metadataLabel || label === '');
    if (!ours) return false;
    const previous = before.map((row) => row.map(restoreInput));
    const next = previous.map((row) => row.slice());
    const put = (cell: typeof PLAN, value: unknown) =>
      (next[cell.row - ALL_CELLS.row][cell.column - ALL_CELLS.column] = value);
    put(LABEL, PLAN_LOCATION.metadataLabel);
    put(PLAN, text);
    put(METADATA, meta);
    this.undo.push(() => range.setValues(previous));
    range.setValues(next);
    return true;
  }

  /**
   * On a plan sheet a person made (marker typed in, so no set-up hid the record's column), the first revision record
   * written hides its column, as set-up does: the JSON is bookkeeping. Only when that column holds nothing of the
   * person's below the record, so that no note of theirs disappears from view; once, since the record is there after.
   * (A sheet Sheet Plan creates was read as absent, so this leaves it to setUp.)
   */
  private hideFirstRecord(): void {
    const before = this.readValues;
    if (!before || cellText(ALL_CELLS.valueAt(before, METADATA)) !== '') return;
    if (METADATA.column === PLAN.column || METADATA.column === MARKER.column) return;
    const sheet = this.planSheet();
    if (!sheet || sheet.isColumnHiddenByUser(METADATA.column)) return;
    const lastRow = sheet.getLastRow();
    if (lastRow > METADATA.row) {
      const below = sheet.getRange(METADATA.row + 1, METADATA.column, lastRow - METADATA.row, 1).getValues();
      if (below.some(([value]) => cellText(value) !== '')) return;
    }
    this.undo.push(() => sheet.showColumns(METADATA.column));
    sheet.hideColumns(METADATA.column);
  }

  /** Writes cells of the plan sheet, registering how to put back what they held. */
  private writeCells(block: CellBlock, values: unknown[]): void {
    const sheet = this.planSheet();
    if (!sheet) throw new Error(`The ${PLAN_LOCATION.sheet} sheet disappeared during the change`);
    const before = this.readValues ?? ALL_CELLS.read(sheet);
    const previous = block.cells.map((cell) => restoreInput(ALL_CELLS.valueAt(before, cell)));
    this.undo.push(() => block.write(sheet, previous));
    block.write(sheet, values);
  }

  /** Writes the marker, the label, the plan and its record; makes the plan sheet first when there is none. */
  private setUp(text: string, meta: string): void {
    const cells = [PLAN_LOCATION.marker, PLAN_LOCATION.metadataLabel, text, asText(meta)];
    if (this.planSheet()) return this.writeCells(ALL_CELLS, cells);
    const spreadsheet = this.spreadsheet();
    const sheet = spreadsheet.insertSheet(PLAN_LOCATION.sheet);
    this.undo.push(() => {
      spreadsheet.deleteSheet(sheet);
      this.sheet = undefined;
    });
    this.sheet = sheet;
    // Readable at a glance: a wide, top-aligned plan column. Only on a sheet we create.
    sheet.setColumnWidth(PLAN.column, 520);
    sheet.getRange(PLAN.row, PLAN.column).setVerticalAlignment('top');
    // The revision record is Sheet Plan's bookkeeping (JSON), not for reading: its column is hidden, as the history is.
    if (METADATA.column !== PLAN.column && METADATA.column !== MARKER.column) sheet.hideColumns(METADATA.column);
    ALL_CELLS.write(sheet, cells);
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
    this.readValues = null;
    this.readRange = null;
    this.locked = true;
    try {
      const result = work();
      // Commit pending writes (the sheet work's too) before another execution can take the lock and read; what this
      // change wrote is put back if that fails.
      SpreadsheetApp.flush();
      this.undo = [];
      this.afterCommitted();
      return result;
    } catch (error) {
      if (this.undo.length) this.putBack(error);
      throw error;
    } finally {
      this.undo = [];
      this.committed = [];
      this.readValues = null;
      this.readRange = null;
      this.preparedCells = undefined;
      this.history.forgetPrepared();
      this.taskCells.forget();
      this.locked = false;
      try {
        lock.releaseLock();
      } catch (error) {
        // The change is committed (or put back) already, and Apps Script releases a lock when the script ends
        // (https://developers.google.com/apps-script/reference/lock/lock#releaseLock()): not an error of the change.
        console.warn(`Sheet Plan: releasing the lock failed; Apps Script releases it when the script ends (${error})`);
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
    const spreadsheet = this.spreadsheet();
    if (prepare === 'nothing') return;
    try {
      // The range a read before the change came by (a completion's checks read the plan first), or a new one.
      this.preparedCells = this.readRange ?? spreadsheet.getRange(ALL_CELLS_A1);
    } catch {
      this.preparedCells = undefined;
    }
    if (prepare === 'plan and history') this.history.prepare();
  }

  /** The steps that wait for the commit; each failure is logged, since the change is done. */
  private afterCommitted(): void {
    this.history.trimAfterCommit(this.written?.text ?? null);
    this.archive.trimAfterCommit();
    for (const step of this.committed) {
      try {
        step();
      } catch (error) {
        console.warn(`Sheet Plan: a step after the change was committed failed; the change is done (${error})`);
      }
    }
  }

  private putBack(cause: unknown): void {
    this.written = null;
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
      this.history.reset();
      this.archive.reset();
    }
  }

  today(): string {
    return Utilities.formatDate(new Date(), this.timeZone(), 'yyyy-MM-dd');
  }

  now(): string {
    return new Date().toISOString();
  }

  wallClock(minutesFromNow: number): string {
    const at = new Date(Date.now() + minutesFromNow * 60_000);
    return Utilities.formatDate(at, this.timeZone(), 'yyyy-MM-dd HH:mm');
  }

  /** The spreadsheet's time zone, by today or wallClock: remembered with its id (./spreadsheet-access.ts). */
  private timeZone(): string {
    this.zone ??= spreadsheetTimeZone(this.spreadsheet());
    return this.zone;
  }
}
