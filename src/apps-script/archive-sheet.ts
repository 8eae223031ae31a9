/**
 * The archive of finished plans: a hidden sheet, one row per plan (id, when, title, summary, task
 * count, the done plan's text), newest last. It keeps the last ARCHIVE_LIMIT plans; older ones are
 * dropped once the change that archives a plan is committed. Listing reads the small columns only; a plan's text is
 * read one plan at a time.
 */
import { personWords } from '../core/person/person-words';
import type { ArchiveEntry, ArchivedText } from '../core/write-path/store';
import { asText, cellText, textInput, writtenText } from './cell-values';
import { HiddenSheet } from './hidden-sheet';
import { PLAN_LOCATION } from './plan-location';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const ARCHIVE_SHEET = PLAN_LOCATION.archiveSheet;
/** Finished plans kept; at 50,000 characters each, 50 plans stay far below a spreadsheet's 10 million cells' worth. */
export const ARCHIVE_LIMIT = 50;
/**
 * The last column: how many words a person wrote the plan holds (answers, approvals, decisions:
 * src/core/person/person-words.ts). A person's plan is not dropped for an agent's.
 */
const HEADER = ['Id', 'Finished at', 'Title', 'Summary', 'Tasks', 'Plan text', "A person's words"];
const TEXT_COLUMN = 6;
const WORDS_COLUMN = 7;

function entryOf(row: unknown[]): ArchiveEntry {
  return {
    id: row[0] as number,
    finishedAt: cellText(row[1]),
    title: cellText(row[2]),
    summary: cellText(row[3]),
    tasks: typeof row[4] === 'number' ? row[4] : Number(row[4]) || 0,
  };
}

export class ArchiveSheet {
  private readonly sheet: HiddenSheet;

  /** `onWrite` receives how to put back each write, for a change that fails. */
  constructor(spreadsheet: () => Spreadsheet, onWrite: (undo: () => void) => void) {
    this.sheet = new HiddenSheet(spreadsheet, ARCHIVE_SHEET, HEADER, ARCHIVE_LIMIT, onWrite);
  }

  add(plan: Omit<ArchivedText, 'id'>): number {
    const sheet = this.sheet.findOrCreate();
    const lastRow = sheet.getLastRow();
    let id = 1;
    if (lastRow >= 2) {
      // Every finish is a plan of its own, the same text run again included: a retried finishPlan finds the cell
      // moved on (or its request id answered), and a failed change takes its row back.
      const [[newestId]] = sheet.getRange(lastRow, 1, 1, 1).getValues();
      id = (typeof newestId === 'number' ? newestId : lastRow - 1) + 1;
    }
    // One write appends the plan; a failure part-way leaves no half-written row.
    this.sheet.append(
      [
        [
          id,
          asText(plan.finishedAt),
          asText(plan.title),
          asText(plan.summary),
          plan.tasks,
          textInput(plan.text),
          personWords(plan.text).length,
        ],
      ],
      lastRow,
    );
    return id;
  }

  /** Newest first, without the text. */
  list(): ArchiveEntry[] {
    return this.sheet
      .rows(TEXT_COLUMN - 1)
      .filter((row: unknown[]) => typeof row[0] === 'number')
      .map(entryOf)
      .reverse();
  }

  /** The plan `id`: found among the rows (read with the header: a person's sheet of the name holds none), then read. */
  read(id: number): ArchivedText | null {
    const index = this.sheet.rows(TEXT_COLUMN - 1).findIndex((row: unknown[]) => row[0] === id);
    if (index < 0) return null;
    const [row] = this.sheet
      .find()!
      .getRange(index + 2, 1, 1, HEADER.length)
      .getValues();
    return { ...entryOf(row), text: writtenText(row[TEXT_COLUMN - 1]) };
  }

  /** Once the change is committed: drops the oldest plans beyond ARCHIVE_LIMIT, a person's only for a person's. */
  trimAfterCommit(): void {
    this.sheet.trimAfterCommit((sheet, count) =>
      sheet
        .getRange(2, WORDS_COLUMN, count, 1)
        .getValues()
        .map(([words]) => Number(words) > 0),
    );
  }

  reset(): void {
    this.sheet.reset();
  }
}
