/**
 * The port between the write path and wherever the plan lives (a spreadsheet, a test double). The core knows text and
 * revisions; where they are kept, and under which addresses, is the adapter's business.
 */
import type { TaskCells } from '../rules/done-checks';
import type { WaitingItem } from '../person/notifications';
import type { PlanSettings } from '../person/settings';

export interface PlanCells {
  /** The plan's place is set up (its marker is there), so a write needs no set-up. */
  ready: boolean;
  /** The plan's Markdown; '' when the cell is empty. */
  text: string;
  /** Sheet Plan's revision record beside the plan (JSON); '' when there is none. */
  meta: string;
  /**
   * The record is not the one Sheet Plan last wrote here, as the label it keeps apart from it says: cells pasted back
   * (a backup of them, or another copy of the sheet's). Undefined when not known.
   */
  pastedRecord?: boolean;
}

/**
 * The plan as Sheet Plan last wrote or recorded it, with its revision record, kept apart from the plan cell: whatever
 * replaces the cell (a paste, Delete, another script), the version before it can still be saved to the history.
 */
export interface RecordedPlan {
  text: string;
  meta: string;
}

export interface SavedVersion {
  /** Revision of the saved text. */
  revision: number;
  /** When it was replaced (ISO). */
  savedAt: string;
  /** Who replaced it, and why: "createPlan", "cell edit", "initPlan", "restore". */
  replacedBy: string;
  reason: string;
  text: string;
  /** The text was a person's (typed into the cell, or saved in the sidebar): kept against an agent's entries. */
  writtenByPerson?: boolean;
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

/** One change of the plan, written all or nothing. */
export interface PlanWrite {
  text: string;
  /** The revision record to store beside the text. */
  meta: string;
  /** Set the plan's place up first (its sheet, the marker): it was not `ready`. */
  setUp: boolean;
  /** The text is already in the plan cell (a person's edit being recorded): write only the record. */
  recordOnly?: boolean;
  /** Versions to add to the history with this change, oldest first. */
  keep: SavedVersion[];
  /** The last recorded plan before this change, put back if the change fails. */
  previous: RecordedPlan | null;
}

/**
 * The plan's cells: the plan with its revision record, and the all-or-nothing change that writes them (and whatever
 * else the change keeps: versions, settings).
 */
export interface PlanCellStore {
  /** Where the plan is, as people name it (`AGENT_BASE!C2`), for messages. */
  readonly location: string;
  /** The longest plan the store always takes; a longer one only replaces a plan at least as long. */
  readonly textLimit: number;
  /** One read of the plan and its record; null when the plan's sheet does not exist. */
  read(): PlanCells | null;
  /**
   * Makes one change: adds `keep` to the history, keeps the new text as the last recorded plan, and writes the plan
   * with its record (one range write). If any step fails, or the change cannot be committed, what was written is put
   * back before the error leaves `exclusive`.
   */
  write(change: PlanWrite): void;
  /**
   * Runs `work` holding the plan's lock and commits its writes; throws a BUSY PlanError when the lock cannot be had.
   * An error leaving it means nothing was written.
   */
  exclusive<T>(work: () => T): T;
  /** The cells tasks wrote and check, for "done means checked"; a store without sheets to check has none. */
  readonly taskCells?: TaskCells;
}

/** The plan's versions: as last recorded and approved, saved versions (the history), finished plans (the archive). */
export interface PlanVersions {
  /** The plan as Sheet Plan last wrote or recorded it; null before the first write. */
  lastRecorded(): RecordedPlan | null;
  /** The plan as a person last approved it in the sidebar; null before any approval (a store without it has none). */
  lastApproved?(): RecordedPlan | null;
  /** Saved versions, newest first. */
  listVersions(limit: number): SavedVersion[];
  /**
   * Adds a finished plan to the archive under the next id, inside `exclusive` (put back with the change if it fails;
   * the oldest beyond the archive's bound are dropped once the change is committed), and answers its id.
   */
  archivePlan(plan: Omit<ArchivedText, 'id'>): number;
  /** The archived plans, newest first, without their text. */
  listArchive(): ArchiveEntry[];
  /** One archived plan with its text; null when the id is not (or no longer) in the archive. */
  readArchived(id: number): ArchivedText | null;
}

/** The person's settings for the sheet. */
export interface SettingsStore {
  /** The sheet's settings (defaults when none were saved). */
  readSettings(): PlanSettings;
  /** Saves the settings; only ever called for a person, inside `exclusive`. */
  writeSettings(settings: PlanSettings): void;
}

/** The clock the plan is written by. */
export interface Clock {
  /** Today's date (`YYYY-MM-DD`) in the plan's time zone. */
  today(): string;
  /** Now, as an ISO timestamp. */
  now(): string;
  /**
   * The wall clock `minutesFromNow` from now in the plan's time zone, `YYYY-MM-DD HH:MM`, as claims are written
   * (src/core/rules/claims.ts). A clock without it reads the clock in UTC.
   */
  wallClock?(minutesFromNow: number): string;
}

/** Who tells the person what waits for them. */
export interface Notifier {
  /**
   * After an agent's change, while the person asked to be e-mailed: `fresh` newly waits for the person, `waiting` is
   * all that waits now, `settings` says where to send, `agent` the name the person gave the agent whose change this is,
   * when it has one (the e-mail names it). Called inside `exclusive`, after `write`; it never throws (a mail that fails
   * is retried with a later change).
   */
  tellPerson(fresh: WaitingItem[], waiting: WaitingItem[], settings: PlanSettings, agent?: string): void;
}

/**
 * Everything the write path keeps and asks: the plan cells and the change that writes them, with one port a field for
 * each other thing it keeps or asks (the spreadsheet's adapter is one module per port, composed by
 * src/apps-script/spreadsheet-store.ts). A store without a notifier tells no one.
 */
export interface PlanStore extends PlanCellStore {
  readonly versions: PlanVersions;
  readonly settings: SettingsStore;
  readonly clock: Clock;
  readonly notifier?: Notifier;
}
