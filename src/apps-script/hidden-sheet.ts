/**
 * Sheet Plan's hidden sheets (the history, the archive, the write log), found by name and told from a person's sheet
 * of the same name; and HiddenSheet, one of them (the history, the archive): rows under a header, oldest first, at
 * most `limit` of them. Every write registers how to put it back (`onWrite`), so that a change that fails leaves the
 * sheet as it was; the oldest rows beyond the limit are dropped only once the change is committed, so a failure never
 * loses one.
 */
import { needsPerson, NOTHING_WRITTEN_SENTENCE } from '../core/errors';
import { entriesToDrop } from '../core/person/person-words';
import { cellA1 } from '../core/sheet/a1';
import { cellReference } from './plan-location';
import { scriptProperties } from './spreadsheet-access';
import { warn } from './warn';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

/**
 * Deletes rows (ascending) of Sheet Plan's sheet, one deleteRows per run of neighbours, the last run first so that row
 * numbers hold; none when its header (`firstRow`, when its caller read it) is not Sheet Plan's: a person's sheet took
 * the name since Sheet Plan remembered its own (OWN_PROPERTY), and no row of theirs is ever deleted.
 */
export function deleteRows(
  sheet: Sheet,
  header: readonly string[],
  rows: readonly number[],
  firstRow?: unknown[],
): void {
  if (!rows.length) return;
  if (!hasHeader(firstRow ?? titlesOf(sheet), header)) {
    return warn("not Sheet Plan's header: not trimmed");
  }
  const runs: Array<{ first: number; count: number }> = [];
  for (const row of rows) {
    const run = runs[runs.length - 1];
    if (run && run.first + run.count === row) run.count++;
    else runs.push({ first: row, count: 1 });
  }
  for (const run of runs.reverse()) sheet.deleteRows(run.first, run.count);
}

/**
 * A person may have a sheet of that name: getSheetByName ignores case, so `Agent_History` answers for AGENT_HISTORY.
 * Nothing of theirs may be written, trimmed or read as a record, so a sheet found by name is Sheet Plan's only when
 * its first row starts with the header's first STABLE_TITLES titles. A script property (read with the others, once
 * per execution) remembers a sheet Sheet Plan made or found so, and spares the read on every change after.
 */
const OWN_PROPERTY = 'sheetPlan.own.';

/** How many of a header's titles every version of Sheet Plan wrote (later ones added columns after them). */
const STABLE_TITLES = 5;

export function knownOwn(name: string): boolean {
  return scriptProperties().getProperty(OWN_PROPERTY + name) !== null;
}

/** Whether a sheet's first row, as read, starts with `header`'s stable titles. */
export function hasHeader(firstRow: unknown[], header: readonly string[]): boolean {
  return header.slice(0, STABLE_TITLES).every((title, index) => firstRow[index] === title);
}

/** The first row's stable titles: one range read. */
function titlesOf(sheet: Sheet): unknown[] {
  return sheet.getRange(1, 1, 1, STABLE_TITLES).getValues()[0];
}

/**
 * A hidden sheet of Sheet Plan's (this module's first comment), found by name; null when there is none, or when it is
 * not Sheet Plan's. For a change (`change` set), a sheet that is not there is made, and an empty one of that name (a
 * change that failed may leave one half made) is taken, each given its header row and hidden (`made` hears of a sheet
 * made first); and it is remembered as Sheet Plan's. Each write registers how to put it back with `change`.
 * NEEDS_PERSON when a person's sheet, not empty, has the name.
 */
export function hiddenSheet(
  spreadsheet: Spreadsheet,
  name: string,
  header: readonly string[],
  change?: { putBack: (undo: () => void) => void; made?: (sheet: Sheet) => void },
): Sheet | null {
  let sheet = spreadsheet.getSheetByName(name);
  const known = knownOwn(name);
  let empty = !sheet;
  // A sheet narrower than the titles is not Sheet Plan's (and reading them there would fail).
  if (sheet && !known && !(sheet.getMaxColumns() >= STABLE_TITLES && hasHeader(titlesOf(sheet), header))) {
    if (!change) return null;
    empty = sheet.getLastRow() === 0;
    // In the bundle, not RareTexts.html: onEdit, a simple trigger that reads no project file, may meet it.
    const theirs = sheet.getName();
    if (!empty) {
      throw needsPerson(
        `The sheet "${theirs}" is not Sheet Plan's own, but Sheets takes it for Sheet Plan's hidden ${name} (names ` +
          `match ignoring case). ${NOTHING_WRITTEN_SENTENCE}. Rename "${theirs}" (an agent asks the person to)`,
      );
    }
  }
  if (!change) return sheet;
  if (!sheet) {
    const made = (sheet = spreadsheet.insertSheet(name));
    change.putBack(() => spreadsheet.deleteSheet(made));
    change.made?.(made);
  }
  if (empty) {
    const titles = sheet.getRange(1, 1, 1, header.length);
    const taken = sheet;
    change.putBack(() => (titles.clearContent(), taken.showSheet()));
    titles.setValues([[...header]]);
    sheet.hideSheet();
  }
  if (!known) rememberOwn(name, change.putBack);
  return sheet;
}

/** Remembers the sheet `name` as Sheet Plan's, as part of a change (`putBack` registers how to forget it). */
function rememberOwn(name: string, putBack: (undo: () => void) => void): void {
  const properties = scriptProperties();
  putBack(() => properties.deleteProperty(OWN_PROPERTY + name));
  properties.setProperty(OWN_PROPERTY + name, '1');
}

export class HiddenSheet {
  /** undefined until looked up. */
  private sheet: Sheet | null | undefined;
  /** The sheet was made by the change under way: putting the change back deletes it. */
  private createdNow = false;
  /** Rows were appended by the change under way: the oldest may have to go once it is committed. */
  private appended = false;

  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    readonly name: string,
    private readonly header: readonly string[],
    private readonly limit: number,
    private readonly onWrite: (undo: () => void) => void,
  ) {}

  find(): Sheet | null {
    if (this.sheet === undefined) this.sheet = hiddenSheet(this.spreadsheet(), this.name, this.header);
    return this.sheet;
  }

  /**
   * The sheet for a change, made (with its header, hidden) when there is none, and remembered as Sheet Plan's: find
   * answers a sheet only when it is remembered so or has Sheet Plan's header.
   */
  findOrCreate(): Sheet {
    const existing = this.find();
    if (existing) {
      if (!knownOwn(this.name)) rememberOwn(this.name, this.onWrite);
      return existing;
    }
    this.sheet = hiddenSheet(this.spreadsheet(), this.name, this.header, {
      putBack: this.onWrite,
      made: () => (this.createdNow = true),
    });
    return this.sheet!;
  }

  /**
   * A range of the sheet in one call: by its A1 from the spreadsheet while the sheet was not looked up yet and is known
   * to be Sheet Plan's, else from the sheet. When the sheet does not exist (Sheets answers "Range not found"), it is
   * made if `create` is set, or null answered.
   */
  range(row: number, column: number, numRows: number, numColumns: number, create: boolean): Range | null {
    if (this.sheet === undefined && knownOwn(this.name)) {
      const last = { row: row + numRows - 1, column: column + numColumns - 1 };
      try {
        const range = this.spreadsheet().getRange(
          cellReference(`${cellA1({ row, column })}:${cellA1(last)}`, this.name),
        );
        if (range) return range;
      } catch {
        // No such sheet, or the service failed: looking the sheet up by name tells (and throws again if it failed).
      }
    }
    const sheet = create ? this.findOrCreate() : this.find();
    return sheet ? sheet.getRange(row, column, numRows, numColumns) : null;
  }

  /** Registers how to put back a write to the sheet; nothing to do for a sheet the change made (it goes). */
  registerUndo(undo: () => void): void {
    if (!this.createdNow) this.onWrite(undo);
  }

  /** Appends rows (oldest first) in one range write. */
  append(rows: unknown[][], lastRow: number): void {
    if (!rows.length) return;
    const range = this.findOrCreate().getRange(lastRow + 1, 1, rows.length, this.header.length);
    this.registerUndo(() => range.clearContent());
    range.setValues(rows);
    this.appended = true;
  }

  /**
   * Rows 2 and below, `columns` of them (STABLE_TITLES at least); [] when there is no sheet or no row, or when the
   * sheet is not Sheet Plan's: its header is read with them (a person's sheet took the name since it was remembered).
   */
  rows(columns = this.header.length): unknown[][] {
    const sheet = this.find();
    const lastRow = sheet?.getLastRow() ?? 0;
    if (!sheet || lastRow < 2) return [];
    const [first, ...rows] = sheet.getRange(1, 1, lastRow, columns).getValues();
    return hasHeader(first, this.header) ? rows : [];
  }

  /**
   * Once the change is committed: drops the oldest rows beyond the limit, those `persons` says are a person's (given
   * the row count, oldest first) only beyond `limit` of a person's (src/core/person/person-words.ts). If that fails,
   * the next change that appends drops them (the rows stay, which loses nothing).
   */
  trimAfterCommit(persons?: (sheet: Sheet, count: number) => boolean[]): void {
    const sheet = this.sheet;
    this.createdNow = false;
    if (!this.appended || !sheet) return;
    this.appended = false;
    try {
      const kept = sheet.getLastRow() - 1;
      if (kept > this.limit) {
        const drop = persons
          ? entriesToDrop(persons(sheet, kept), this.limit)
          : Array.from({ length: kept - this.limit }, (_, index) => index);
        deleteRows(
          sheet,
          this.header,
          drop.map((index) => index + 2),
        );
        SpreadsheetApp.flush();
      }
    } catch (error) {
      warn(`${this.name} is trimmed at the next change`, error);
    }
  }

  /** The change under way was put back: a sheet it made is gone. */
  reset(): void {
    if (this.createdNow) this.sheet = undefined;
    this.createdNow = false;
    this.appended = false;
  }
}
