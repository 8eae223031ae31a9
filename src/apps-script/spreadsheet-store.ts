/**
 * PlanStore on SpreadsheetApp: the plan in AGENT_BASE!C2, its revision record in D2, saved
 * versions in a hidden history sheet. Service calls are what users wait for, so each method
 * makes as few as it can: a read is one getValues of C1:D2, a write one setValues of C2:D2.
 */
import { PlanError } from '../core/errors';
import { readSettings, type PlanSettings } from '../core/settings';
import {
  MARKER_CELL,
  PLAN_SHEET,
  REVISION_LABEL,
  type ArchiveEntry,
  type ArchivedText,
  type PlanCells,
  type PlanStore,
  type SavedVersion,
} from '../core/store';
import { ArchiveSheet } from './archive-sheet';
import { asText, cellText, hiddenSheet } from './cell-values';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const HISTORY_SHEET = 'AGENT_HISTORY';
/**
 * Whole documents kept in the history sheet; older ones are dropped. At 50,000 characters each this stays far below
 * Sheets' limits.
 */
export const HISTORY_LIMIT = 25;
const HISTORY_HEADER = ['Revision', 'Saved at', 'Replaced by', 'Reason', 'Plan text'];
/** How long a change waits for another execution to finish before answering "busy". */
const LOCK_WAIT_MS = 8000;
/**
 * The document property that holds the settings: document properties belong to the script and the spreadsheet,
 * and nothing but the script reaches them (an agent's Sheets API calls cannot).
 */
const SETTINGS_PROPERTY = 'sheetPlan.settings';

/** The spreadsheet the script is bound to. */
export function activeSpreadsheet(): Spreadsheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  if (!spreadsheet) throw new Error('Sheet Plan runs inside a spreadsheet: no active spreadsheet in this execution');
  return spreadsheet;
}

export class SpreadsheetPlanStore implements PlanStore {
  private sheet: Sheet | null = null;
  /** The plan and revision cells as this execution last wrote them (it held the lock to do so). */
  private written: PlanCells | null = null;

  constructor(private readonly spreadsheet: Spreadsheet) {}

  static forActiveSpreadsheet(): SpreadsheetPlanStore {
    return new SpreadsheetPlanStore(activeSpreadsheet());
  }

  /**
   * What this execution's last write put in the cells, so that an answer needs no second read; null before any write.
   */
  lastWritten(): PlanCells | null {
    return this.written;
  }

  private planSheet(): Sheet | null {
    this.sheet ??= this.spreadsheet.getSheetByName(PLAN_SHEET);
    return this.sheet;
  }

  read(): PlanCells | null {
    const sheet = this.planSheet();
    if (!sheet) return null;
    const [[marker], [text, meta]] = sheet.getRange(`${MARKER_CELL}:D2`).getValues();
    return { marker: cellText(marker), text: cellText(text), meta: cellText(meta) };
  }

  write(text: string, meta: string): void {
    const sheet = this.planSheet();
    if (!sheet) throw new Error(`The ${PLAN_SHEET} sheet disappeared during the change`);
    sheet.getRange('C2:D2').setValues([[asText(text), asText(meta)]]);
    this.written = { marker: this.written?.marker ?? '', text, meta };
  }

  writeRevision(meta: string): void {
    const sheet = this.planSheet();
    if (!sheet) throw new Error(`The ${PLAN_SHEET} sheet disappeared during the change`);
    sheet.getRange('D2').setValue(asText(meta));
  }

  initialize(cells: PlanCells): void {
    let sheet = this.planSheet();
    if (!sheet) {
      sheet = this.spreadsheet.insertSheet(PLAN_SHEET);
      // Readable at a glance: a wide, top-aligned plan column. Only on a sheet we create.
      sheet.setColumnWidth(3, 520);
      sheet.getRange('C2').setVerticalAlignment('top');
      this.sheet = sheet;
    }
    sheet.getRange(`${MARKER_CELL}:D2`).setValues([
      [cells.marker, REVISION_LABEL],
      [asText(cells.text), asText(cells.meta)],
    ]);
    this.written = { ...cells };
  }

  private historySheet(create: boolean): Sheet | null {
    return hiddenSheet(this.spreadsheet, HISTORY_SHEET, HISTORY_HEADER, create);
  }

  saveVersion(version: SavedVersion): void {
    const sheet = this.historySheet(true)!;
    const lastRow = sheet.getLastRow();
    // One write appends the version; a failure part-way leaves no half-written row.
    sheet
      .getRange(lastRow + 1, 1, 1, HISTORY_HEADER.length)
      .setValues([
        [
          version.revision,
          asText(version.savedAt),
          asText(version.replacedBy),
          asText(version.reason),
          asText(version.text),
        ],
      ]);
    const kept = lastRow; // rows after the header, including the new one
    if (kept > HISTORY_LIMIT) sheet.deleteRows(2, kept - HISTORY_LIMIT);
  }

  listVersions(limit: number): SavedVersion[] {
    const sheet = this.historySheet(false);
    if (!sheet) return [];
    const lastRow = sheet.getLastRow();
    if (lastRow < 2) return [];
    const rows = sheet.getRange(2, 1, lastRow - 1, HISTORY_HEADER.length).getValues();
    return rows
      .filter((row: unknown[]) => typeof row[0] === 'number' && cellText(row[4]))
      .map((row: unknown[]) => ({
        revision: row[0] as number,
        savedAt: cellText(row[1]),
        replacedBy: cellText(row[2]),
        reason: cellText(row[3]),
        text: cellText(row[4]),
      }))
      .reverse()
      .slice(0, limit);
  }

  /** The settings: one property read (defaults where the script has no document properties). */
  readSettings(): PlanSettings {
    return readSettings(PropertiesService.getDocumentProperties()?.getProperty(SETTINGS_PROPERTY));
  }

  writeSettings(settings: PlanSettings): void {
    const properties = PropertiesService.getDocumentProperties();
    if (!properties) throw new Error('The settings need document properties, which this execution does not have');
    properties.setProperty(SETTINGS_PROPERTY, JSON.stringify(settings));
  }

  archivePlan(plan: Omit<ArchivedText, 'id'>): number {
    return new ArchiveSheet(this.spreadsheet).add(plan);
  }

  listArchive(): ArchiveEntry[] {
    return new ArchiveSheet(this.spreadsheet).list();
  }

  readArchived(id: number): ArchivedText | null {
    return new ArchiveSheet(this.spreadsheet).read(id);
  }

  exclusive<T>(work: () => T): T {
    const lock = LockService.getDocumentLock() ?? LockService.getScriptLock();
    if (!lock.tryLock(LOCK_WAIT_MS)) {
      throw new PlanError(
        'BUSY',
        'The plan is busy: another execution is changing it. Nothing was written; try again in a moment',
      );
    }
    try {
      const result = work();
      // Commit pending writes before another execution can take the lock and read.
      SpreadsheetApp.flush();
      return result;
    } finally {
      lock.releaseLock();
    }
  }

  today(): string {
    return Utilities.formatDate(new Date(), this.spreadsheet.getSpreadsheetTimeZone(), 'yyyy-MM-dd');
  }

  now(): string {
    return new Date().toISOString();
  }
}
