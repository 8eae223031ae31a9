/**
 * The plan's versions on Apps Script: the last recorded and approved plan and the saved versions in the hidden
 * history sheet (./history-sheet.ts), the finished plans in the hidden archive (./archive-sheet.ts). Their writes are
 * part of the plan's change: each registers how to put it back, and the bounded lists are trimmed once it is committed.
 */
import type { ArchiveEntry, ArchivedText, PlanVersions, RecordedPlan, SavedVersion } from '../core/write-path/store';
import { ArchiveSheet } from './archive-sheet';
import { requireStorable } from './cell-values';
import { HistorySheet } from './history-sheet';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export class SpreadsheetVersions implements PlanVersions {
  private readonly history: HistorySheet;
  private readonly archive: ArchiveSheet;

  /** `putBack`: registers how to put a write back if the change it belongs to fails. */
  constructor(spreadsheet: () => Spreadsheet, putBack: (step: () => void) => void) {
    this.history = new HistorySheet(spreadsheet, putBack);
    this.archive = new ArchiveSheet(spreadsheet, putBack);
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

  /**
   * A change's versions: `keep` added to the history, `plan` kept as the last recorded plan (`previous` is the one it
   * replaces), and as the last approved one too when the change is a person's approval.
   */
  keep(keep: readonly SavedVersion[], plan: RecordedPlan, previous: RecordedPlan | null, approved: boolean): void {
    this.history.append(keep);
    this.history.keepLastRecorded(plan, previous);
    if (approved) this.history.keepLastApproved(plan);
  }

  /** Gets the history's range before the change takes the lock (./spreadsheet-store.ts prepareOutsideTheLock). */
  prepare(): void {
    this.history.prepare();
  }

  /** Once the change is committed: the history and the archive kept within their bounds (`planNow`: the plan). */
  trimAfterCommit(planNow: string | null): void {
    this.history.trimAfterCommit(planNow);
    this.archive.trimAfterCommit();
  }

  /** After the change, committed or not: the range got before it is not used again. */
  forgetPrepared(): void {
    this.history.forgetPrepared();
  }

  /** After a change was put back: what was read or made during it is read again. */
  reset(): void {
    this.history.reset();
    this.archive.reset();
  }
}
