/**
 * The write log: a hidden sheet with one row per write an agent made through writeRange (and per
 * read outside the plan's ranges), newest last, bounded to the last WRITE_LOG_LIMIT rows. A write's
 * row keeps the values it replaced and the values it wrote (JSON, split over as many cells as it
 * needs), so that a person can undo it from the sidebar.
 */
import type { CellJson } from '../core/cell-values';
import { PlanError } from '../core/errors';
import type { WriteLogEntry } from '../core/sheet-results';
import { SHEET_LIMITS } from '../core/sheet-rules';
import { asText, cellText } from './cell-values';
import { hiddenSheet } from './hidden-sheet';
import { PLAN_LOCATION } from './plan-location';
import { scriptProperties } from './spreadsheet-access';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const WRITE_LOG_SHEET = PLAN_LOCATION.writeLogSheet;
/** Rows kept; the oldest are dropped (and with them the undo of those writes). */
export const WRITE_LOG_LIMIT = 100;
/**
 * The script property that changes whenever the log does: the sidebar's cheap "anything new?" check. A script
 * property, so that an agent's execution (which has no document properties) moves it too.
 */
export const WRITE_LOG_MARK = 'sheetPlan.writeLogMark';
/** Characters of JSON per cell: under Sheets' 50,000, with room for the text marker. */
const PART_LENGTH = 45_000;

const HEADER = [
  'Id',
  'Kind',
  'At',
  'By',
  'Step',
  'Range',
  'Rows',
  'Columns',
  'Undone at',
  'Undone by',
  'Replaced parts',
  'Written parts',
  'Replaced values, then written values (JSON)',
];
/** Columns before the JSON parts: what a listing reads. */
const META_COLUMNS = 12;

/** What an undo needs: the values a write replaced, and the values it wrote. */
export interface UndoRecord {
  replaced: CellJson[][];
  written: CellJson[][];
}

function split(json: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < json.length; start += PART_LENGTH) parts.push(json.slice(start, start + PART_LENGTH));
  return parts.length ? parts : [''];
}

/** The JSON of an undo record, in parts; TOO_LARGE (nothing written) when it is over the limit. */
export function undoRecordParts(record: UndoRecord, range: string): { replaced: string[]; written: string[] } {
  const replaced = JSON.stringify(record.replaced);
  const written = JSON.stringify(record.written);
  const size = replaced.length + written.length;
  if (size > SHEET_LIMITS.undoRecordCharacters) {
    throw new PlanError(
      'TOO_LARGE',
      `The undo record of this write to ${range} (the values it replaces and writes) would be ` +
        `${size.toLocaleString('en-US')} characters; at most ` +
        `${SHEET_LIMITS.undoRecordCharacters.toLocaleString('en-US')} are kept per write. Nothing was written; ` +
        `write fewer rows at a time`,
    );
  }
  return { replaced: split(replaced), written: split(written) };
}

function entryOf(row: unknown[]): WriteLogEntry | null {
  const id = cellText(row[0]);
  const kind = cellText(row[1]);
  if (!id || (kind !== 'write' && kind !== 'read')) return null;
  const rows = Number(row[6]) || 0;
  const columns = Number(row[7]) || 0;
  const entry: WriteLogEntry = {
    id,
    kind,
    at: cellText(row[2]),
    by: cellText(row[3]) as WriteLogEntry['by'],
    step: cellText(row[4]),
    range: cellText(row[5]),
    rows,
    columns,
    cells: rows * columns,
  };
  if (cellText(row[8])) entry.undone = { at: cellText(row[8]), by: cellText(row[9]) };
  return entry;
}

/** A fresh id: time first, so ids sort by when they were made; no service call. */
function newId(now: string): string {
  return `w${Date.parse(now).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export class WriteLog {
  constructor(private readonly spreadsheet: Spreadsheet) {}

  private sheet(create: boolean): Sheet | null {
    return hiddenSheet(this.spreadsheet, WRITE_LOG_SHEET, HEADER, create);
  }

  /**
   * Adds an entry (one appendRow), after dropping the oldest rows over the limit; answers it and
   * its row. Call under the document lock.
   */
  append(
    fields: Omit<WriteLogEntry, 'id' | 'cells' | 'undone'>,
    parts?: { replaced: string[]; written: string[] },
  ): { entry: WriteLogEntry; row: number } {
    const sheet = this.sheet(true)!;
    let lastRow = sheet.getLastRow();
    const kept = lastRow - 1;
    if (kept >= WRITE_LOG_LIMIT) {
      sheet.deleteRows(2, kept - WRITE_LOG_LIMIT + 1);
      lastRow -= kept - WRITE_LOG_LIMIT + 1;
    }
    const entry: WriteLogEntry = { ...fields, id: newId(fields.at), cells: fields.rows * fields.columns };
    this.touch();
    // Last, so that when append fails the log holds no entry for it.
    sheet.appendRow([
      asText(entry.id),
      asText(entry.kind),
      asText(entry.at),
      asText(entry.by),
      asText(entry.step),
      asText(entry.range),
      entry.rows,
      entry.columns,
      '',
      '',
      parts?.replaced.length ?? 0,
      parts?.written.length ?? 0,
      ...(parts ? [...parts.replaced, ...parts.written].map(asText) : []),
    ]);
    return { entry, row: lastRow + 1 };
  }

  /** Takes back the row `append` just added (the write it records did not happen). */
  removeRow(row: number): void {
    this.touch();
    this.sheet(false)?.deleteRow(row);
  }

  /** The newest `limit` entries, newest first. */
  list(limit: number): WriteLogEntry[] {
    const sheet = this.sheet(false);
    if (!sheet) return [];
    const lastRow = sheet.getLastRow();
    if (lastRow < 2) return [];
    const count = Math.min(limit, lastRow - 1);
    return sheet
      .getRange(lastRow - count + 1, 1, count, META_COLUMNS)
      .getValues()
      .map(entryOf)
      .filter((entry): entry is WriteLogEntry => entry !== null)
      .reverse();
  }

  /** The entry with this id, its row, and (for a write) its undo record; null when the log no longer has it. */
  find(id: string): { entry: WriteLogEntry; row: number; record: UndoRecord | null } | null {
    const sheet = this.sheet(false);
    if (!sheet) return null;
    const lastRow = sheet.getLastRow();
    if (lastRow < 2) return null;
    const rows = sheet.getRange(2, 1, lastRow - 1, META_COLUMNS).getValues();
    const index = rows.findIndex((row) => cellText(row[0]) === id);
    const entry = index < 0 ? null : entryOf(rows[index]);
    if (!entry) return null;
    const row = index + 2;
    const replacedParts = Number(rows[index][10]) || 0;
    const writtenParts = Number(rows[index][11]) || 0;
    if (entry.kind !== 'write' || replacedParts < 1 || writtenParts < 1) return { entry, row, record: null };
    const parts = sheet
      .getRange(row, META_COLUMNS + 1, 1, replacedParts + writtenParts)
      .getValues()[0]
      .map(cellText);
    try {
      return {
        entry,
        row,
        record: {
          replaced: JSON.parse(parts.slice(0, replacedParts).join('')) as CellJson[][],
          written: JSON.parse(parts.slice(replacedParts).join('')) as CellJson[][],
        },
      };
    } catch {
      return { entry, row, record: null };
    }
  }

  /** Records who undid the write in `row`, and when; `null` takes that back (the undo did not happen). */
  markUndone(row: number, undone: { at: string; by: string } | null): void {
    this.touch();
    this.sheet(false)!
      .getRange(row, 9, 1, 2)
      .setValues([undone ? [asText(undone.at), asText(undone.by)] : ['', '']]);
  }

  private touch(): void {
    WriteLog.touchMark();
  }

  /** A new mark for the sidebar's change check (also when a task's check result changes, shown beside the log). */
  static touchMark(): void {
    scriptProperties().setProperty(WRITE_LOG_MARK, newId(new Date().toISOString()));
  }

  /** The mark the sidebar compares with what it last saw; '' before the first entry. */
  static mark(): string {
    return scriptProperties().getProperty(WRITE_LOG_MARK) ?? '';
  }
}
