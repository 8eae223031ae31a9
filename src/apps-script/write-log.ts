/**
 * The write log: a hidden sheet with one row per write an agent made through writeRange (and per read outside the
 * plan's ranges, and per write the sheet rules refused), newest last. A write's row keeps the values it replaced and
 * the values it wrote (JSON, split over as many cells as it needs), so that a person can undo it from the sidebar. A
 * refused write's row keeps the refusal's code and why, in the columns a write keeps its undo in.
 *
 * Writes, reads and refusals have bounds of their own (./write-log-bounds.ts: WRITE_LOG_LIMIT writes,
 * READ_LOG_LIMIT reads and REFUSED_LOG_LIMIT refusals), so that reads and an agent retrying a refused write never push
 * a write, and its undo, out of the log; a sheet's newest read goes last, so that reads of other sheets do not push it
 * out either. A write the person can still undo is never dropped: only settled writes
 * (undone, or without an undo record) go beyond the bound, the oldest first; when the log holds WRITE_LOG_LIMIT
 * undoable writes, the next write is refused (NEEDS_PERSON, nothing written) until the person undoes
 * some or the plan is finished. Every write to the log
 * registers how to put it back with the change under way, and the oldest rows are dropped only once
 * that change is committed: a change that fails leaves the log as it was.
 */
import type { CellJson } from '../core/sheet/cell-values';
import {
  conflict,
  invalidTransition,
  needsPerson,
  NOTHING_WRITTEN,
  NOTHING_WRITTEN_SENTENCE,
  tooLarge,
} from '../core/errors';
import type { WriteLogEntry } from '../core/sheet/sheet-results';
import { SHEET_LIMITS } from '../core/sheet/sheet-rules';
import { asText, cellText } from './cell-values';
import { deleteRows, hiddenSheet } from './hidden-sheet';
import type { MarksBeside } from './range-cells';
import { PLAN_LOCATION } from './plan-location';
import { rareTexts } from './rare-texts';
import * as rareRefusals from './rare-refusals';
import { filled, formatCount } from '../core/text';
import { scriptProperties } from './spreadsheet-access';
import {
  LOG_ROWS_LIMIT,
  READ_LOG_LIMIT,
  REFUSED_LOG_LIMIT,
  rowsBeyondBounds,
  WRITE_LOG_LIMIT,
  type LoggedRow,
} from './write-log-bounds';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const WRITE_LOG_SHEET = PLAN_LOCATION.writeLogSheet;
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
  // A refused write, which nothing can undo, keeps the error code and why in these two columns.
  'Undone at (refused: code)',
  'Undone by (refused: why)',
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
  /**
   * The cells beside the written ones in the same rows, as marks (./range-cells.ts readRows): kept with the written
   * values, as `{ cells, beside }`; a write logged before they were kept has none.
   */
  beside?: MarksBeside;
}

function split(json: string): string[] {
  const parts: string[] = [];
  for (let start = 0, end; start < json.length; start = end) {
    end = start + PART_LENGTH;
    // Never between the two halves of a character (an emoji): a cell does not keep half of one. JSON.stringify writes
    // a lone half as an escape, so a half here always has its pair just before it: one step back is enough.
    if (/[\uDC00-\uDFFF]/.test(json.charAt(end))) end--;
    parts.push(json.slice(start, end));
  }
  return parts.length ? parts : [''];
}

/** The JSON of an undo record, in parts; TOO_LARGE (nothing written) when it is over the limit. */
export function undoRecordParts(record: UndoRecord, range: string): { replaced: string[]; written: string[] } {
  const replaced = JSON.stringify(record.replaced);
  const written = JSON.stringify(record.beside ? { cells: record.written, beside: record.beside } : record.written);
  const size = replaced.length + written.length;
  if (size > SHEET_LIMITS.undoRecordCharacters) {
    throw tooLarge(filled(rareTexts().undoTooLarge, { range, size: formatCount(size) }));
  }
  return { replaced: split(replaced), written: split(written) };
}

/**
 * The Kind column of a write the person kept: it stays a write, no longer undoable (its undo record stays beside it,
 * unread). The log's bounds then treat it as a settled write.
 */
const KEPT = 'kept';

/** A row's kind as the listing and the bounds read it: a kept write is a write. */
function kindOf(row: unknown[]): string {
  const kind = cellText(row[1]);
  return kind === KEPT ? 'write' : kind;
}

function entryOf(row: unknown[]): WriteLogEntry | null {
  const id = cellText(row[0]);
  const kind = kindOf(row);
  if (!id || (kind !== 'write' && kind !== 'read' && kind !== 'refused')) return null;
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
  if (kind === 'refused') entry.refused = { code: cellText(row[8]), reason: cellText(row[9]) };
  else if (cellText(row[8])) entry.undone = { at: cellText(row[8]), by: cellText(row[9]) };
  if (cellText(row[1]) === KEPT) entry.kept = true;
  return entry;
}

/** A fresh id: time first, so ids sort by when they were made; no service call. */
function newId(now: string): string {
  return `w${Date.parse(now).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A write's id names the plan it was made under (`w…_p…`, src/core/write-path/revision.ts planIdOf): the log's rows
 * keep their columns, and a row from before plans had ids names none ('').
 */
function planOfId(id: string): string {
  const mark = id.indexOf('_');
  return mark < 0 ? '' : id.slice(mark + 1);
}

/** The change a write to the log belongs to (the store's `exclusive`): how to put it back, what waits for commit. */
export type LogChange = {
  registerPutBack(step: () => void): void;
  afterCommit(step: () => void): void;
} & (
  | {
      /** The row stays whatever follows its append (KEPT_ROW): it is flushed, and its mark moved, at once. */
      readonly kept: true;
    }
  | {
      readonly kept?: false;
      /** Runs `step` once the change's writes are flushed, before it is committed: its failure puts the change back. */
      whenFlushed(step: () => void): void;
    }
);

/**
 * A row that stays whatever the change does: a check's read (the cells were read) and a refused write (it was tried)
 * are not put back with the refusal that follows them; the bounds apply at once.
 */
export const KEPT_ROW: LogChange = { kept: true, registerPutBack: () => undefined, afterCommit: (step) => step() };

/**
 * The rows from row 2 on, read from columns A to L (id to written parts). A write is undoable while it is not undone
 * nor kept and has its undo record, whichever plan it was made under: the sidebar offers an earlier plan's writes for
 * undo too, and an agent that started a new plan must not push its old writes out with new ones.
 */
function loggedRows(values: unknown[][]): LoggedRow[] {
  return values.map((row) => ({
    kind: kindOf(row),
    undoable: canBeUndone(row),
    blank: !cellText(row[0]),
    // Sheets compares sheet names ignoring case; the cells after the last `!` hold none.
    sheet: cellText(row[5])
      .replace(/![^!]*$/, '')
      .toLowerCase(),
  }));
}

/** A write not undone nor kept, with its undo record. Column I (Undone at) is row[8]; K and L the parts' counts. */
function canBeUndone(row: unknown[]): boolean {
  return cellText(row[1]) === 'write' && !cellText(row[8]) && Number(row[10]) > 0 && Number(row[11]) > 0;
}

/** What a write is refused with when its undo record would not fit a cell: in RareTexts.html, as LOG_FULL. */
export const UNDO_TOO_LARGE =
  'The undo record of this write to {range} (the values it replaces and writes) would be {size} characters; at most ' +
  `${formatCount(SHEET_LIMITS.undoRecordCharacters)} are kept per write. ${NOTHING_WRITTEN_SENTENCE}; ` +
  'write fewer rows at a time';

/**
 * What a write is refused with when the log is full, `{count}` standing for the writes that can be undone: in
 * RareTexts.html (./rare-texts.ts), as only a hundredth write in a row without the person reads it.
 */
export const LOG_FULL =
  `The write log holds {count} writes the person can still undo, the most it keeps, and none of them may be ` +
  `dropped; ${NOTHING_WRITTEN}. Ask the person to review the writes in the sidebar (Writes): to undo the ones ` +
  'they do not want and keep the rest (Keep all writes); then write again';

/** Refuses a write when the log holds WRITE_LOG_LIMIT writes the person can still undo: none of them may go. */
function requireRoomForWrite(rows: readonly LoggedRow[]): void {
  const undoable = rows.filter((row) => row.undoable).length;
  if (undoable < WRITE_LOG_LIMIT) return;
  throw needsPerson(filled(rareTexts().logFull, { count: String(undoable) }));
}

export class WriteLog {
  /**
   * `change` is needed to write: the change under way that the log's writes belong to. `currentPlan`: the id of the
   * plan in the cell (src/core/write-path/revision.ts planIdOf), which a write is logged under; undefined when not
   * known.
   */
  constructor(
    private readonly spreadsheet: Spreadsheet,
    private readonly change?: LogChange,
    private readonly currentPlan?: string,
  ) {}

  private changeUnderWay(): LogChange {
    if (!this.change) throw new Error('The write log is written only as part of a change');
    return this.change;
  }

  private sheet(): Sheet | null {
    return hiddenSheet(this.spreadsheet, WRITE_LOG_SHEET, HEADER);
  }

  /**
   * Adds an entry (one appendRow); answers it and its row. The oldest rows beyond the bounds go once the change is
   * committed. Call inside the store's `exclusive`.
   */
  append(
    fields: Omit<WriteLogEntry, 'id' | 'cells' | 'undone' | 'earlierPlan'>,
    parts?: { replaced: string[]; written: string[] },
  ): { entry: WriteLogEntry; row: number } {
    const change = this.changeUnderWay();
    let made = false;
    const sheet = hiddenSheet(this.spreadsheet, WRITE_LOG_SHEET, HEADER, {
      // Put back first thing: a sheet left half made (visible, without its header) is not a log.
      putBack: (undo) => change.registerPutBack(undo),
      made: () => (made = true),
    })!;
    const row = sheet.getLastRow() + 1;
    // Only a log of WRITE_LOG_LIMIT rows or more can be full: one more read then, none below it.
    if (fields.kind === 'write' && row - 2 >= WRITE_LOG_LIMIT) requireRoomForWrite(this.rows(sheet, row - 1));
    // A refused write names its plan too: the sidebar shows this plan's refusals only.
    const plan = fields.kind !== 'read' && this.currentPlan ? `_${this.currentPlan}` : '';
    const entry: WriteLogEntry = { ...fields, id: newId(fields.at) + plan, cells: fields.rows * fields.columns };
    const values = [
      asText(entry.id),
      asText(entry.kind),
      asText(entry.at),
      asText(entry.by),
      asText(entry.step),
      asText(entry.range),
      entry.rows,
      entry.columns,
      asText(entry.refused?.code ?? ''),
      asText(entry.refused?.reason ?? ''),
      parts?.replaced.length ?? 0,
      parts?.written.length ?? 0,
      ...(parts ? [...parts.replaced, ...parts.written].map(asText) : []),
    ];
    sheet.appendRow(values);
    this.touch();
    // A sheet the change made goes as a whole when it is put back; else the row is emptied (deleting it would take a
    // row out of the sheet's grid).
    if (!made) change.registerPutBack(() => sheet.getRange(row, 1, 1, values.length).clearContent());
    const bound = fields.kind === 'refused' ? REFUSED_LOG_LIMIT : Math.min(WRITE_LOG_LIMIT, READ_LOG_LIMIT);
    if (row - 1 > bound) change.afterCommit(() => this.trim(sheet));
    return { entry, row };
  }

  /**
   * Rows 2 to `lastRow` (by default the sheet's last), columns A to L (id to written parts), in one getValues; none
   * below row 2.
   */
  private metaRows(sheet: Sheet, lastRow = sheet.getLastRow()): unknown[][] {
    return lastRow < 2 ? [] : sheet.getRange(2, 1, lastRow - 1, META_COLUMNS).getValues();
  }

  /** Rows 2 to `lastRow` as the bounds see them. */
  private rows(sheet: Sheet, lastRow: number): LoggedRow[] {
    return loggedRows(this.metaRows(sheet, lastRow));
  }

  /** Drops the rows beyond the log's bounds (rowsBeyondBounds), from the same one read of its rows. */
  private trim(sheet: Sheet): void {
    const lastRow = sheet.getLastRow();
    if (lastRow < 2) return;
    // Its header with its rows, in the same read: rows are deleted only from a sheet that is Sheet Plan's.
    const [header, ...rows] = sheet.getRange(1, 1, lastRow, META_COLUMNS).getValues();
    const drop = rowsBeyondBounds(loggedRows(rows));
    deleteRows(sheet, HEADER, drop, header);
    if (drop.length) SpreadsheetApp.flush();
  }

  /**
   * The newest `limit` entries, newest first. Given the plan now in the cell, a write (or refused write) made under an
   * earlier plan is marked `earlierPlan`.
   */
  list(limit: number, currentPlan?: string): WriteLogEntry[] {
    const sheet = this.sheet();
    if (!sheet) return [];
    const lastRow = sheet.getLastRow();
    if (lastRow < 2) return [];
    const count = Math.min(limit, lastRow - 1);
    return sheet
      .getRange(lastRow - count + 1, 1, count, META_COLUMNS)
      .getValues()
      .map(entryOf)
      .filter((entry): entry is WriteLogEntry => entry !== null)
      .map((entry) =>
        currentPlan !== undefined && entry.kind !== 'read' && planOfId(entry.id) !== currentPlan
          ? { ...entry, earlierPlan: true as const }
          : entry,
      )
      .reverse();
  }

  /**
   * The writes of plan `plan` (the one now in the cell; undefined: a plan without an id) that stand: not undone,
   * newest first. What the done check reads (./task-cells.ts) and what a claim protects (./sheet-work.ts).
   */
  standingWrites(plan: string | undefined): WriteLogEntry[] {
    return this.list(LOG_ROWS_LIMIT, plan).filter(
      (entry) => entry.kind === 'write' && !entry.undone && !entry.earlierPlan,
    );
  }

  /**
   * The entry with this id, its row, (for a write) its undo record, and the writes after it that can still be undone;
   * null when the log no longer has it.
   */
  find(id: string): {
    entry: WriteLogEntry;
    row: number;
    record: UndoRecord | null;
    later: WriteLogEntry[];
    /** The writes after it, in any state, and the earlier ones undone since: cells beside it changed by the agent. */
    others: WriteLogEntry[];
  } | null {
    const sheet = this.sheet();
    if (!sheet) return null;
    const rows = this.metaRows(sheet);
    const index = rows.findIndex((row) => cellText(row[0]) === id);
    const entry = index < 0 ? null : entryOf(rows[index]);
    if (!entry) return null;
    const row = index + 2;
    const later = rows.slice(index + 1).flatMap((each) => (canBeUndone(each) ? [entryOf(each)!] : []));
    // Writes after it, and earlier ones undone since: an earlier write that stands changed nothing beside it since.
    const others = rows.flatMap((each, at) =>
      (at > index || cellText(each[8]) > entry.at) && kindOf(each) === 'write' ? [entryOf(each)!] : [],
    );
    const replacedParts = Number(rows[index][10]) || 0;
    const writtenParts = Number(rows[index][11]) || 0;
    const found = { entry, row, later, others };
    if (entry.kind !== 'write' || replacedParts < 1 || writtenParts < 1) return { ...found, record: null };
    const parts = sheet
      .getRange(row, META_COLUMNS + 1, 1, replacedParts + writtenParts)
      .getValues()[0]
      .map(cellText);
    try {
      const replaced = JSON.parse(parts.slice(0, replacedParts).join('')) as CellJson[][];
      const written = JSON.parse(parts.slice(replacedParts).join('')) as
        CellJson[][] | { cells: CellJson[][]; beside: MarksBeside };
      const record = Array.isArray(written)
        ? { replaced, written }
        : { replaced, written: written.cells, beside: written.beside };
      return { ...found, record };
    } catch {
      return { ...found, record: null };
    }
  }

  /** Records who undid the write in `row` (not undone before), and when; put back with the change if it fails. */
  markUndone(row: number, undone: { at: string; by: string }): void {
    const change = this.changeUnderWay();
    this.touch();
    const range = this.sheet()!.getRange(row, 9, 1, 2);
    change.registerPutBack(() => range.setValues([['', '']]));
    range.setValues([[asText(undone.at), asText(undone.by)]]);
  }

  /**
   * Keeps every write that can still be undone, of any plan (one read of the log, one write of its Kind column): they
   * stay listed, with no Undo, and settled writes make room in the log. `seen`: how many the person was shown; CONFLICT
   * when the log holds another number now (the agent wrote since), INVALID_TRANSITION when none can be undone.
   */
  keepAll(seen: number): number {
    const change = this.changeUnderWay();
    const sheet = this.sheet();
    const values = sheet ? this.metaRows(sheet) : [];
    const kept = values.flatMap((row, index) => (canBeUndone(row) ? [index] : []));
    if (!sheet || !kept.length) throw invalidTransition(rareRefusals.nothingToKeep());
    if (kept.length !== seen) {
      throw conflict(filled(rareRefusals.logChanged(), { count: String(kept.length), seen: String(seen) }));
    }
    const [first, last] = [kept[0], kept[kept.length - 1]];
    const kinds = values.slice(first, last + 1).map((row) => [asText(cellText(row[1]))]);
    const range = sheet.getRange(first + 2, 2, last - first + 1, 1);
    this.touch();
    change.registerPutBack(() => range.setValues(kinds));
    const keeps = new Set(kept);
    range.setValues(kinds.map((kind, offset) => (keeps.has(first + offset) ? [asText(KEPT)] : kind)));
    return kept.length;
  }

  /**
   * Relabels the rows of the plan in the cell from each step in `steps` to the one its task has now (a re-plan moved
   * it): one read of the log and one write of its Step column, put back with the change if it fails.
   */
  renumberSteps(steps: ReadonlyMap<string, string>): void {
    const change = this.changeUnderWay();
    const sheet = this.sheet();
    const values = sheet ? this.metaRows(sheet) : [];
    const before = values.map((row) => [asText(cellText(row[4]))]);
    const after = values.map((row, index) => {
      // A read names no step; an earlier plan's rows are not this plan's tasks.
      const step = planOfId(cellText(row[0])) === (this.currentPlan ?? '') ? steps.get(cellText(row[4])) : undefined;
      return step === undefined ? before[index] : [asText(step)];
    });
    if (!sheet || after.every((row, index) => row === before[index])) return;
    const range = sheet.getRange(2, 5, values.length, 1);
    this.touch();
    change.registerPutBack(() => range.setValues(before));
    range.setValues(after);
  }

  /**
   * A new mark for the sidebar's change check, moved once the change's cells are flushed: whoever reads the new mark (a
   * poll, a completion's cells read before the lock) reads what it stands for; a change that fails moves none.
   */
  private touch(): void {
    // A kept row stays whatever follows: its mark moves at once, once the row is committed (a poll that reads the mark
    // before the execution ends would otherwise take it as seen without the row: a refusal's note, a read's row).
    const change = this.changeUnderWay();
    if (!change.kept) return change.whenFlushed(WriteLog.touchMark);
    SpreadsheetApp.flush();
    WriteLog.touchMark();
  }

  /**
   * A new mark outside any change (a task's check result, shown beside the log, was kept): the sidebar's change
   * check notices it. Kept also when the call is refused, as the result is.
   */
  static touchMark(): void {
    scriptProperties().setProperty(WRITE_LOG_MARK, newId(new Date().toISOString()));
  }

  /** The mark the sidebar compares with what it last saw; '' before the first entry. */
  static mark(): string {
    return scriptProperties().getProperty(WRITE_LOG_MARK) ?? '';
  }
}
