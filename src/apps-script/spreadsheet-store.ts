/**
 * PlanStore on SpreadsheetApp: the plan and its revision record in the cells PLAN_LOCATION names, saved versions and
 * the last recorded plan in the hidden history sheet, finished plans in the hidden archive, the settings in a document
 * property. Service calls are what users wait for, so each method makes as
 * few as it can: a read is one getValues of the plan's cells, a change one setValues of the plan and its record plus
 * one of the last recorded plan.
 *
 * A change is all or nothing: every write registers how to put it back, and if a later step fails — a write, or the
 * flush that commits them — everything written is put back before the error leaves `exclusive`. An error therefore
 * means nothing was written; a failure after the commit (releasing the lock) is not an error of the change.
 */
import { PlanError } from '../core/errors';
import { readSettings, type PlanSettings } from '../core/settings';
import type {
  ArchiveEntry,
  ArchivedText,
  PlanCells,
  PlanStore,
  PlanWrite,
  RecordedPlan,
  SavedVersion,
} from '../core/store';
import { ArchiveSheet } from './archive-sheet';
import { CellBlock } from './cell-block';
import { PLAN_TEXT_LIMIT, asText, cellText, requireStorable, restoreInput, writtenText } from './cell-values';
import { HistorySheet } from './history-sheet';
import { PLAN_CELL_REFERENCE, PLAN_LOCATION, cellAddress, cellReference } from './plan-location';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

export { HISTORY_LIMIT } from './history-sheet';

/** How long a change waits for another execution to finish before answering "busy". */
const LOCK_WAIT_MS = 8000;
/**
 * The document property that holds the settings: document properties belong to the script and the spreadsheet,
 * and nothing but the script reaches them (an agent's Sheets API calls cannot).
 */
const SETTINGS_PROPERTY = 'sheetPlan.settings';

const MARKER = cellAddress(PLAN_LOCATION.markerCell);
const LABEL = cellAddress(PLAN_LOCATION.metadataLabelCell);
const PLAN = cellAddress(PLAN_LOCATION.planCell);
const METADATA = cellAddress(PLAN_LOCATION.metadataCell);
/** Everything Sheet Plan keeps on the plan sheet: read at once, written at once when the sheet is set up. */
const ALL_CELLS = new CellBlock([MARKER, LABEL, PLAN, METADATA]);
/** The plan with its record: what a change writes. */
const PLAN_AND_RECORD = new CellBlock([PLAN, METADATA]);
const RECORD = new CellBlock([METADATA]);
/** The block with its sheet, `AGENT_BASE!C1:D2`: one getRange from the spreadsheet, no lookup of the sheet by name. */
const ALL_CELLS_A1 = cellReference(ALL_CELLS.a1, PLAN_LOCATION.sheet);

/** The spreadsheet the script is bound to. */
export function activeSpreadsheet(): Spreadsheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (!spreadsheet) throw new Error('Sheet Plan runs inside a spreadsheet: no active spreadsheet in this execution');
  return spreadsheet;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class SpreadsheetPlanStore implements PlanStore {
  readonly location = PLAN_CELL_REFERENCE;
  readonly textLimit = PLAN_TEXT_LIMIT;
  private cachedSpreadsheet: Spreadsheet | null = null;
  /** undefined until looked up. */
  private sheet: Sheet | null | undefined;
  /** The plan sheet's cells as this change read them, for putting them back, and the range they were read from. */
  private readValues: unknown[][] | null = null;
  private readRange: Range | null = null;
  /** How to put back what the change under way wrote, oldest write first. */
  private undo: Array<() => void> = [];
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

  /**
   * Set for a person's approval of the plan (sidebarApprovePlan): the change also keeps the approved text beside the
   * history, in the same all-or-nothing change, for the approval box to compare a later plan with.
   */
  keepsApproval = false;

  /** A spreadsheet, or how to get it: the active one is looked up on first use, inside the caller's error handling. */
  constructor(private readonly source: Spreadsheet | (() => Spreadsheet)) {}

  static forActiveSpreadsheet(): SpreadsheetPlanStore {
    return new SpreadsheetPlanStore(activeSpreadsheet);
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
    const range = this.planCells();
    if (!range) return null;
    const values = range.getValues();
    this.readRange = range;
    this.readValues = values;
    return {
      ready: cellText(ALL_CELLS.valueAt(values, MARKER)) === PLAN_LOCATION.marker,
      text: writtenText(ALL_CELLS.valueAt(values, PLAN)),
      meta: writtenText(ALL_CELLS.valueAt(values, METADATA)),
    };
  }

  lastRecorded(): RecordedPlan | null {
    return this.history.lastRecorded();
  }

  /** The plan as a person last approved it in the sidebar; null before the first approval. */
  lastApproved(): RecordedPlan | null {
    return this.history.lastApproved();
  }

  listVersions(limit: number): SavedVersion[] {
    return this.history.list(limit);
  }

  /** The settings: one property read (defaults where the script has no document properties). */
  readSettings(): PlanSettings {
    return readSettings(PropertiesService.getDocumentProperties()?.getProperty(SETTINGS_PROPERTY));
  }

  writeSettings(settings: PlanSettings): void {
    const properties = PropertiesService.getDocumentProperties();
    if (!properties) throw new Error('The settings need document properties, which this execution does not have');
    const before = properties.getProperty(SETTINGS_PROPERTY);
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
    for (const version of change.keep) requireStorable(version.text, `Revision ${version.revision}`, 'the history');
    this.history.append(change.keep);
    this.history.keepLastRecorded({ text: change.text, meta: change.meta }, change.previous);
    if (this.keepsApproval) this.history.keepLastApproved({ text: change.text, meta: change.meta });
    if (change.recordOnly) this.writeCells(RECORD, [asText(change.meta)]);
    else if (change.setUp) this.setUp(text, change.meta);
    else if (!this.writeReadBlock(text, asText(change.meta)))
      this.writeCells(PLAN_AND_RECORD, [text, asText(change.meta)]);
    this.written = { ready: true, text: change.text, meta: change.meta };
  }

  /**
   * Writes the plan and its record through the range this change read, in one call: only when that range holds
   * Sheet Plan's cells alone and its marker and label read as Sheet Plan wrote them, which are written back as they
   * are. Answers false (nothing written) otherwise.
   */
  private writeReadBlock(text: string, meta: string): boolean {
    const [range, before] = [this.readRange, this.readValues];
    if (!range || !before || !ALL_CELLS.exact) return false;
    const ours =
      cellText(ALL_CELLS.valueAt(before, MARKER)) === PLAN_LOCATION.marker &&
      cellText(ALL_CELLS.valueAt(before, LABEL)) === PLAN_LOCATION.metadataLabel;
    if (!ours) return false;
    const previous = before.map((row) => row.map(restoreInput));
    const next = previous.map((row) => row.slice());
    next[PLAN.row - ALL_CELLS.row][PLAN.column - ALL_CELLS.column] = text;
    next[METADATA.row - ALL_CELLS.row][METADATA.column - ALL_CELLS.column] = meta;
    this.undo.push(() => range.setValues(previous));
    range.setValues(next);
    return true;
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
  exclusive<T>(work: () => T): T {
    const lock = LockService.getScriptLock();
    if (!lock.tryLock(LOCK_WAIT_MS)) {
      throw new PlanError(
        'BUSY',
        'The plan is busy: another execution is changing it. Nothing was written; try again in a moment',
      );
    }
    this.undo = [];
    this.readValues = null;
    this.readRange = null;
    try {
      const result = work();
      // Commit pending writes (the sheet work's too) before another execution can take the lock and read; what this
      // store wrote is put back if that fails.
      SpreadsheetApp.flush();
      this.undo = [];
      this.history.trimAfterCommit();
      this.archive.trimAfterCommit();
      return result;
    } catch (error) {
      if (this.undo.length) this.putBack(error);
      throw error;
    } finally {
      this.undo = [];
      this.readValues = null;
      this.readRange = null;
      try {
        lock.releaseLock();
      } catch (error) {
        // The change is committed (or put back) already, and Apps Script releases a lock when the script ends
        // (https://developers.google.com/apps-script/reference/lock/lock#releaseLock()): not an error of the change.
        console.warn(`Sheet Plan: releasing the lock failed; Apps Script releases it when the script ends (${error})`);
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
    return Utilities.formatDate(new Date(), this.spreadsheet().getSpreadsheetTimeZone(), 'yyyy-MM-dd');
  }

  now(): string {
    return new Date().toISOString();
  }
}
