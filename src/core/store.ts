/** The port between PlanManager and wherever the plan lives (a spreadsheet, a test double). */
import type { PlanSettings } from './settings';

/** Where the plan lives in the spreadsheet. */
export const PLAN_SHEET = 'AGENT_BASE';
export const PLAN_MARKER = 'PLAN.md Contents';
export const MARKER_CELL = 'C1';
export const PLAN_CELL = 'C2';
export const REVISION_LABEL = 'Sheet Plan revision';
/** A cell holds at most 50,000 characters. */
export const CELL_LIMIT = 50_000;
/**
 * The plan text is written with a leading apostrophe so that Sheets keeps it as text (never a
 * formula, number or date). Whether Sheets counts that apostrophe toward the cell limit is not
 * documented, so we assume it does.
 */
export const PLAN_TEXT_LIMIT = CELL_LIMIT - 1;

export interface PlanCells {
  /** C1: should hold PLAN_MARKER. */
  marker: string;
  /** C2: the plan's Markdown. */
  text: string;
  /** D2: Sheet Plan's revision record (JSON). */
  meta: string;
}

export interface SavedVersion {
  /** Revision of the saved text. */
  revision: number;
  /** When it was replaced (ISO). */
  savedAt: string;
  /** Who replaced it, and why: "createPlan", "raw edit", "initPlan", "restore". */
  replacedBy: string;
  reason: string;
  text: string;
}

/** A finished plan in the archive, as listed (its text is read one plan at a time). */
export interface ArchiveEntry {
  /** 1, 2, 3…: never reused, also after the oldest plans are dropped. */
  id: number;
  /** When finishPlan archived it (ISO). */
  finishedAt: string;
  title: string;
  /** What the agent said it achieved (finishPlan's summary). */
  summary: string;
  /** How many tasks the plan had. */
  tasks: number;
}

export interface ArchivedText extends ArchiveEntry {
  text: string;
}

export interface PlanStore {
  /** One range read of the marker, plan and revision cells; null when the plan sheet does not exist. */
  read(): PlanCells | null;
  /** One range write of the plan and revision cells. */
  write(text: string, meta: string): void;
  /** Writes only the revision cell (recording a person's edit of the plan cell). */
  writeRevision(meta: string): void;
  /** Creates the plan sheet if it is missing and writes marker, plan and revision cells. */
  initialize(cells: PlanCells): void;
  /** Keeps a whole document that is about to be replaced. */
  saveVersion(version: SavedVersion): void;
  /** Saved versions, newest first. */
  listVersions(limit: number): SavedVersion[];
  /** The sheet's settings (defaults when none were saved). */
  readSettings(): PlanSettings;
  /** Saves the settings; only ever called for a person. */
  writeSettings(settings: PlanSettings): void;
  /**
   * Adds a finished plan to the archive under the next id, dropping the oldest beyond the archive's bound, and
   * answers its id. When the newest archived plan is the same text (a retried finishPlan), answers that one's id
   * and adds nothing.
   */
  archivePlan(plan: Omit<ArchivedText, 'id'>): number;
  /** The archived plans, newest first, without their text. */
  listArchive(): ArchiveEntry[];
  /** One archived plan with its text; null when the id is not (or no longer) in the archive. */
  readArchived(id: number): ArchivedText | null;
  /** Runs `work` holding the document's lock; throws a BUSY PlanError when it cannot be had. */
  exclusive<T>(work: () => T): T;
  /** Today's date (`YYYY-MM-DD`) in the spreadsheet's time zone. */
  today(): string;
  /** Now, as an ISO timestamp. */
  now(): string;
}
