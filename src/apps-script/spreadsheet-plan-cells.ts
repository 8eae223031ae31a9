/**
 * The plan's cells on Apps Script: the marker, the label, the plan and its revision record in the cells PLAN_LOCATION
 * names (`AGENT_BASE!C1:D2`). A read is one getValues of them; a change writes the plan and its record with one
 * setValues, through the range it read, registering how to put back what the cells held (./spreadsheet-store.ts runs
 * the change).
 */
import { readPlanRecord, recordedRevision, writePlanRecord } from '../core/write-path/revision';
import { recordListingStep, stepsThatWroteIn, withStepsThatWrote } from '../core/write-path/steps-that-wrote';
import type { PlanCells, PlanWrite, SavedVersion } from '../core/write-path/store';
import { CellBlock } from './cell-block';
import { asText, cellText, restoreInput, writtenText } from './cell-values';
import {
  LABEL_CELL as LABEL,
  MARKER_CELL as MARKER,
  PLAN_CELL as PLAN,
  PLAN_LOCATION,
  RECORD_CELL as METADATA,
  cellReference,
  type CellAddress,
} from './plan-location';
import { BESIDE_THE_PLAN, replacedCellsVersion } from './replaced-cells';
import { labelFor, namesOther, readLabel, withSettings } from './record-label';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

/** Everything Sheet Plan keeps on the plan sheet: read at once, written at once when the sheet is set up. */
const ALL_CELLS = new CellBlock([MARKER, LABEL, PLAN, METADATA]);
/** The plan with its record: what a change writes. */
const PLAN_AND_RECORD = new CellBlock([PLAN, METADATA]);
const RECORD = new CellBlock([METADATA]);
/** The record with its label, which names it (./record-label.ts). */
const LABELLED_RECORD = new CellBlock([LABEL, METADATA]);
/** The block with its sheet, `AGENT_BASE!C1:D2`: one getRange, no lookup by name. */
const ALL_CELLS_A1 = cellReference(ALL_CELLS.a1, PLAN_LOCATION.sheet);
/** The record has a column of its own, which can be hidden without hiding the plan or the marker. */
const RECORD_COLUMN_APART = METADATA.column !== PLAN.column && METADATA.column !== MARKER.column;

/** The marker, as written (a put-back writes it with an apostrophe, which a plain-text cell keeps), is Sheet Plan's. */
function markerIsOurs(values: unknown[][]): boolean {
  return writtenText(ALL_CELLS.valueAt(values, MARKER)) === PLAN_LOCATION.marker;
}

export class SpreadsheetPlanCells {
  /** undefined until looked up. */
  private sheet: Sheet | null | undefined;
  /** The plan sheet's cells as this change read them, for putting them back, and the range they were read from. */
  private readValues: unknown[][] | null = null;
  private readRange: Range | null = null;
  /** The record read is not the one the label read names: pasted back (./record-label.ts). */
  private readPasted = false;
  /** The plan cells' range, got before the change took the lock (prepare); read once, by the change. */
  private preparedCells: Range | undefined;
  /** The plan cells as this execution's last committed change left them. */
  private written: PlanCells | null = null;

  /**
   * `putBack` registers how to put a write back if the change it belongs to fails; `now` dates what a change keeps of
   * cells it replaces; `settings` are the settings' text as this execution read it (the label names them), and how to
   * read them again.
   */
  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    private readonly putBack: (step: () => void) => void,
    private readonly now: () => string,
    private readonly settings: { text(): string; refresh(): void },
  ) {}

  read(): PlanCells | null {
    const range = this.preparedCells ?? this.planCells();
    this.preparedCells = undefined;
    if (!range) return null;
    const values = range.getValues();
    const meta = writtenText(ALL_CELLS.valueAt(values, METADATA));
    this.readRange = range;
    this.readValues = values;
    // As written: a put-back writes the label with an apostrophe, which a plain-text cell keeps.
    const label = readLabel(writtenText(ALL_CELLS.valueAt(values, LABEL)));
    this.readPasted = namesOther(label?.record, meta);
    if (namesOther(label?.settings, this.settings.text())) this.settings.refresh();
    return {
      ready: markerIsOurs(values),
      text: writtenText(ALL_CELLS.valueAt(values, PLAN)),
      meta,
      pastedRecord: this.readPasted,
    };
  }

  /** The plan and its record as this change last read them (as cell text); null before a read. */
  lastRead(): { text: string; meta: string } | null {
    if (!this.readValues) return null;
    return {
      text: cellText(ALL_CELLS.valueAt(this.readValues, PLAN)),
      meta: cellText(ALL_CELLS.valueAt(this.readValues, METADATA)),
    };
  }

  /** What this execution's last change put in the plan cells, so that an answer needs no second read; null before. */
  cellsWritten(): PlanCells | null {
    return this.written;
  }

  /** See SpreadsheetPlanStore.listStepThatWrote. A record pasted back keeps saying nothing Sheet Plan believes. */
  listStepThatWrote(step: string): void {
    const before = this.readValues;
    if (!before || this.readPasted) return;
    const listed = recordListingStep(writtenText(ALL_CELLS.valueAt(before, METADATA)), step);
    if (listed === null) return;
    const { cells, values } = this.writeRecord(listed);
    // As a later read would see them, for any write after this one in the same change.
    this.readValues = before.map((row) => row.slice());
    cells.forEach(
      (cell, i) =>
        (this.readValues![cell.row - ALL_CELLS.row][cell.column - ALL_CELLS.column] = writtenText(values[i][0])),
    );
  }

  /** See SpreadsheetPlanStore.forgetStepsThatWrote. */
  forgetStepsThatWrote(): void {
    const record = readPlanRecord(this.read()?.meta ?? '');
    // A record pasted back keeps its label as it was: relabelled, it would pass for the one Sheet Plan wrote.
    if (!record || this.readPasted || stepsThatWroteIn(record) === undefined) return;
    this.writeRecord(writePlanRecord(withStepsThatWrote(record, undefined)));
  }

  /**
   * Writes the record alone as `meta`, with its label over it unless a person wrote that, by their A1 range (one
   * getRange, no lookup of the sheet by name), registering how to put back what this change read there.
   */
  private writeRecord(meta: string): { cells: readonly CellAddress[]; values: unknown[][] } {
    const before = this.readValues!;
    const labelled = this.labelIsOurs();
    const { cells, a1 } = labelled ? LABELLED_RECORD : RECORD;
    const range = this.spreadsheet().getRange(cellReference(a1, PLAN_LOCATION.sheet));
    const values = (labelled ? [this.labelFor(meta), asText(meta)] : [asText(meta)]).map((value) => [value]);
    const previous = cells.map((cell) => [restoreInput(ALL_CELLS.valueAt(before, cell))]);
    this.putBack(() => range.setValues(previous));
    range.setValues(values);
    return { cells, values };
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

  /**
   * Writes the plan (`text`, as the cell takes it) and its record, or the record alone, or sets the plan's place up,
   * as `change` says.
   */
  write(text: string, change: PlanWrite): void {
    if (change.recordOnly) this.writeRecord(change.meta);
    else if (change.setUp) this.setUp(text, change.meta);
    else if (!this.writeReadBlock(text, change.meta)) this.writeCells(PLAN_AND_RECORD, [text, asText(change.meta)]);
    this.hideFirstRecord();
    this.written = { ready: true, text: change.text, meta: change.meta };
  }

  /**
   * What the cells beside the plan that this change writes (the marker and label when it sets up, the record always)
   * held, when that is not Sheet Plan's own: a person's notes on an AGENT_BASE sheet that was not set up, or text
   * typed over the record. Kept in the history with the change, never overwritten unkept.
   */
  replacedBeside(change: PlanWrite): SavedVersion[] {
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
    const ours = markerIsOurs(before) && this.labelIsOurs();
    if (!ours) return false;
    const previous = before.map((row) => row.map(restoreInput));
    const next = previous.map((row) => row.slice());
    const put = (cell: typeof PLAN, value: unknown) =>
      (next[cell.row - ALL_CELLS.row][cell.column - ALL_CELLS.column] = value);
    put(MARKER, PLAN_LOCATION.marker); // as set-up writes it: a put-back's apostrophe stays in a plain-text cell
    put(LABEL, this.labelFor(meta));
    put(PLAN, text);
    put(METADATA, asText(meta));
    this.putBack(() => range.setValues(previous));
    range.setValues(next);
    return true;
  }

  /** The label as this change read it is Sheet Plan's (whatever it names: ./record-label.ts), or empty. */
  private labelIsOurs(): boolean {
    const label = this.readValues && writtenText(ALL_CELLS.valueAt(this.readValues, LABEL));
    return label === '' || (!!label && readLabel(label) !== null);
  }

  /** The label for `meta`, naming the settings as this execution has them. */
  private labelFor(meta: string): string {
    return labelFor(meta, this.settings.text());
  }

  /**
   * After the person saved the settings, in the same change: the label names them, and the record as it names it now
   * (a record pasted back stays one the label does not name). Only on a plan sheet Sheet Plan set up (its marker),
   * and never over a person's label.
   */
  relabel(): void {
    const before = this.readValues;
    if (!before || !markerIsOurs(before) || !this.labelIsOurs()) return;
    const label = writtenText(ALL_CELLS.valueAt(before, LABEL));
    const range = this.spreadsheet().getRange(cellReference(PLAN_LOCATION.metadataLabelCell, PLAN_LOCATION.sheet));
    this.putBack(() => range.setValues([[restoreInput(label)]]));
    range.setValues([
      [
        this.readPasted
          ? withSettings(label, this.settings.text())
          : this.labelFor(writtenText(ALL_CELLS.valueAt(before, METADATA))),
      ],
    ]);
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
    if (!RECORD_COLUMN_APART) return;
    const sheet = this.planSheet();
    if (!sheet || sheet.isColumnHiddenByUser(METADATA.column)) return;
    const lastRow = sheet.getLastRow();
    if (lastRow > METADATA.row) {
      const below = sheet.getRange(METADATA.row + 1, METADATA.column, lastRow - METADATA.row, 1).getValues();
      if (below.some(([value]) => cellText(value) !== '')) return;
    }
    this.putBack(() => sheet.showColumns(METADATA.column));
    sheet.hideColumns(METADATA.column);
  }

  /** Writes cells of the plan sheet, registering how to put back what they held. */
  private writeCells(block: CellBlock, values: unknown[]): void {
    const sheet = this.planSheet();
    if (!sheet) throw new Error(`The ${PLAN_LOCATION.sheet} sheet disappeared during the change`);
    const before = this.readValues ?? ALL_CELLS.read(sheet);
    const previous = block.cells.map((cell) => restoreInput(ALL_CELLS.valueAt(before, cell)));
    this.putBack(() => block.write(sheet, previous));
    block.write(sheet, values);
  }

  /** Writes the marker, the label, the plan and its record; makes the plan sheet first when there is none. */
  private setUp(text: string, meta: string): void {
    const cells = [PLAN_LOCATION.marker, this.labelFor(meta), text, asText(meta)];
    if (this.planSheet()) return this.writeCells(ALL_CELLS, cells);
    const spreadsheet = this.spreadsheet();
    const sheet = spreadsheet.insertSheet(PLAN_LOCATION.sheet);
    this.putBack(() => {
      spreadsheet.deleteSheet(sheet);
      this.sheet = undefined;
    });
    this.sheet = sheet;
    // Readable at a glance: a wide, top-aligned plan column. Only on a sheet we create.
    sheet.setColumnWidth(PLAN.column, 520);
    sheet.getRange(PLAN.row, PLAN.column).setVerticalAlignment('top');
    // The revision record is Sheet Plan's bookkeeping (JSON), not for reading: its column is hidden, as the history is.
    if (RECORD_COLUMN_APART) sheet.hideColumns(METADATA.column);
    ALL_CELLS.write(sheet, cells);
  }

  /**
   * Gets the plan cells' range before the change takes the lock: the range a read before the change came by (a
   * completion's checks read the plan first), or a new one by its A1. Nothing is read or looked up by name here.
   */
  prepare(): void {
    try {
      this.preparedCells = this.readRange ?? this.spreadsheet().getRange(ALL_CELLS_A1);
    } catch {
      this.preparedCells = undefined;
    }
  }

  /** At a change's start and end: what an earlier read saw is not the change's (at its end, nor a range got for it). */
  forgetRead({ prepared }: { prepared: boolean }): void {
    this.readValues = null;
    this.readRange = null;
    if (prepared) this.preparedCells = undefined;
  }

  /** After a change was put back: it left nothing in the cells. */
  forgetWritten(): void {
    this.written = null;
  }
}
