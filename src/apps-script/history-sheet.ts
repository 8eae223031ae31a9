/**
 * The hidden history sheet (PLAN_LOCATION.historySheet). Rows 2 and below hold earlier versions of the plan, oldest
 * first, at most HISTORY_LIMIT of them. The header row also holds, beside the column titles, the plan as Sheet Plan
 * last wrote or recorded it (its revision record and text): whatever then replaces the plan cell — a person's edit, a
 * paste, Delete, an undo, another script, the row or sheet deleted — the version before it is still here to be saved.
 * Sheets gives onEdit the old value only for an edit of one cell, so it cannot be relied on for that. Beside it, the
 * plan as a person last approved it: what the sidebar's approval box compares the plan now with.
 */
import { holdsLastWords, personWords } from '../core/person/person-words';
import type { RecordedPlan, SavedVersion } from '../core/write-path/store';
import { digestText, parsedJson } from '../core/text';
import { readPlanRecord, writePlanRecord } from '../core/write-path/revision';
import { withStepsThatWrote } from '../core/write-path/steps-that-wrote';
import { CELL_CHARACTERS, asText, cellText, restoreInput, textInput, writtenText } from './cell-values';
import { HiddenSheet, knownOwn } from './hidden-sheet';
import { PLAN_LOCATION, cellA1, cellReference } from './plan-location';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Range = GoogleAppsScript.Spreadsheet.Range;

/**
 * Whole documents kept; older ones are dropped. At 50,000 characters each this stays far below Sheets' limits.
 */
export const HISTORY_LIMIT = 25;
/** The most versions the history holds: HISTORY_LIMIT, and older ones of a person's up to HISTORY_LIMIT of them. */
export const HISTORY_ROWS_LIMIT = 2 * HISTORY_LIMIT;
/**
 * The last column holds the words a person wrote that the version holds (JSON, src/core/person/person-words.ts): a
 * version that is the last to hold one is not trimmed for an agent's version.
 */
const HEADER = ['Revision', 'Saved at', 'Replaced by', 'Reason', 'Plan text', "A person's words"];
const WORDS_COLUMN = HEADER.length;
/** G1: the label; H1: the revision record; I1: the text. */
const LAST_RECORDED = { row: 1, column: 7 };
const LAST_RECORDED_LABEL = 'Last recorded plan (revision record, then text) →';
/** K1: the label; L1: the approved plan's revision record; M1: its text. */
const LAST_APPROVED = { row: 1, column: LAST_RECORDED.column + 4 };
const LAST_APPROVED_LABEL = 'Plan as last approved by a person (revision record, then text) →';

const WRITTEN_BY_PERSON = 'written by a person';

/** The words of a person's that `version` holds; a version a person wrote is one of its own. */
function wordsOf(version: SavedVersion): string[] {
  const words = personWords(version.text);
  if (version.writtenByPerson) words.push(`${WRITTEN_BY_PERSON}: revision ${version.revision} at ${version.savedAt}`);
  return words;
}

/**
 * The words column's cell for `words`: their JSON, or, when that would not fit a cell (JSON writes a control character
 * in six), each word's digest. It never fails the change. Such a row matches no whole word, so it is kept unless a
 * newer digest row holds the same digests; the person's words stay in its plan text.
 */
function wordsCell(words: string[]): string {
  const json = JSON.stringify(words);
  return asText(json.length < CELL_CHARACTERS ? json : JSON.stringify(words.map(digestText)));
}

/** The words column as saved; [] for a row saved before it existed. */
function savedWords(cell: unknown): string[] {
  const words = parsedJson(writtenText(cell) || '[]');
  return Array.isArray(words) ? words.map(String) : [];
}

/** The last recorded plan's cells (label, record, text) by A1: one getRange from the spreadsheet. */
const LAST_RECORDED_A1 = cellReference(
  `${cellA1(LAST_RECORDED)}:${cellA1({ row: LAST_RECORDED.row, column: LAST_RECORDED.column + 2 })}`,
  PLAN_LOCATION.historySheet,
);

/** A revision record without its list of the steps that wrote; any other text as it is. */
function withoutStepList(meta: string): string {
  const record = readPlanRecord(meta);
  return record ? writePlanRecord(withStepsThatWrote(record, undefined)) : meta;
}

/**
 * The revision record and text after `label` in the header row's cells (label, record, text), as read; null when they
 * hold none, or when the label is not Sheet Plan's: a person's sheet that took the history's name since Sheet Plan
 * remembered its own (./hidden-sheet.ts) holds no plan of Sheet Plan's there.
 */
function labelledPlan(cells: unknown[] | undefined, label: string): RecordedPlan | null {
  if (cells?.[0] !== label || !cellText(cells[1])) return null;
  return { meta: writtenText(cells[1]), text: writtenText(cells[2]) };
}

export class HistorySheet {
  private readonly sheet: HiddenSheet;
  /** The last recorded plan's range, got before the change took the lock; undefined when it could not be. */
  private preparedLastRecorded: Range | undefined;

  /** `onWrite` receives how to put back each write, for a change that fails. */
  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    onWrite: (undo: () => void) => void,
  ) {
    this.sheet = new HiddenSheet(spreadsheet, PLAN_LOCATION.historySheet, HEADER, HISTORY_LIMIT, onWrite);
  }

  /**
   * Before the change takes the lock: the range every change writes (the last recorded plan), by A1, so that the lock
   * is held for the writes alone. Nothing is looked up or made when the sheet is not there, nor got while it is not
   * known to be Sheet Plan's (./hidden-sheet.ts knownOwn): the change does that under the lock, as before.
   */
  prepare(): void {
    if (!knownOwn(this.sheet.name)) return;
    try {
      this.preparedLastRecorded = this.spreadsheet().getRange(LAST_RECORDED_A1);
    } catch {
      this.preparedLastRecorded = undefined;
    }
  }

  /** The plan as Sheet Plan last wrote or recorded it: one range read; null when none was kept yet. */
  lastRecorded(): RecordedPlan | null {
    const cells = this.sheet.range(LAST_RECORDED.row, LAST_RECORDED.column, 1, 3, false);
    return labelledPlan(cells?.getValues()[0], LAST_RECORDED_LABEL);
  }

  /**
   * Keeps `plan` as the last recorded plan, in one range write; `previous` is what to put back if the change fails.
   * The copy keeps no list of the steps that wrote: writeRange lists a step in the plan's record alone, and nothing
   * believes the copy's (src/core/write-path/steps-that-wrote.ts); so the copy put back is the copy that was there
   * (but once, on a sheet whose copy an earlier release wrote with the list: that copy is put back without it).
   */
  keepLastRecorded(plan: RecordedPlan, previous: RecordedPlan | null): void {
    const range = this.preparedLastRecorded ?? this.sheet.range(LAST_RECORDED.row, LAST_RECORDED.column, 1, 3, true)!;
    const row = (kept: RecordedPlan) => [LAST_RECORDED_LABEL, asText(withoutStepList(kept.meta)), textInput(kept.text)];
    const before = previous ? row(previous) : ['', '', ''];
    this.sheet.registerUndo(() => range.setValues([before]));
    range.setValues([row(plan)]);
  }

  /** The plan as a person last approved it (its revision record and text): one range read; null before any approval. */
  lastApproved(): RecordedPlan | null {
    const cells = this.sheet.find()?.getRange(LAST_APPROVED.row, LAST_APPROVED.column, 1, 3);
    return labelledPlan(cells?.getValues()[0], LAST_APPROVED_LABEL);
  }

  /**
   * Keeps `plan` as the plan a person last approved, in one range write (one range read first, to put back what was
   * there if the change fails).
   */
  keepLastApproved(plan: RecordedPlan): void {
    const range = this.sheet.findOrCreate().getRange(LAST_APPROVED.row, LAST_APPROVED.column, 1, 3);
    const before = range.getValues()[0].map(restoreInput);
    this.sheet.registerUndo(() => range.setValues([before]));
    range.setValues([[LAST_APPROVED_LABEL, asText(plan.meta), textInput(plan.text)]]);
  }

  /** Appends versions (oldest first) in one range write. */
  append(versions: readonly SavedVersion[]): void {
    if (!versions.length) return;
    const rows = versions.map((version) => [
      version.revision,
      asText(version.savedAt),
      asText(version.replacedBy),
      asText(version.reason),
      textInput(version.text),
      wordsCell(wordsOf(version)),
    ]);
    this.sheet.append(rows, this.sheet.findOrCreate().getLastRow());
  }

  /** Saved versions, newest first. */
  list(limit: number): SavedVersion[] {
    return this.sheet
      .rows()
      .filter((row: unknown[]) => typeof row[0] === 'number' && cellText(row[4]))
      .map((row: unknown[]) => ({
        revision: row[0] as number,
        savedAt: cellText(row[1]),
        replacedBy: cellText(row[2]),
        reason: cellText(row[3]),
        text: writtenText(row[4]),
        // Its words say so (wordsOf), unless they were too long for their cell and kept as digests.
        writtenByPerson: cellText(row[5]).includes(WRITTEN_BY_PERSON),
      }))
      .reverse()
      .slice(0, limit);
  }

  /**
   * Once the change is committed: drops the oldest versions beyond HISTORY_LIMIT, keeping those that are the last to
   * hold a person's words (not in any later version, nor in `planNow`, the plan the change left in the cell).
   */
  trimAfterCommit(planNow: string | null): void {
    this.sheet.trimAfterCommit((sheet, count) =>
      holdsLastWords(
        sheet
          .getRange(2, WORDS_COLUMN, count, 1)
          .getValues()
          .map(([cell]) => savedWords(cell)),
        planNow === null ? [] : personWords(planNow),
      ),
    );
  }

  /** Once the change is done: a range got before the lock serves that change alone. */
  forgetPrepared(): void {
    this.preparedLastRecorded = undefined;
  }

  reset(): void {
    this.preparedLastRecorded = undefined;
    this.sheet.reset();
  }
}
