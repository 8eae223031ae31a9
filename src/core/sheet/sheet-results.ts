/**
 * What the sheet-work functions answer (listSheets, readRange, writeRange, getWriteLog): plain JSON, shared by
 * the bundle that produces it and the client, MCP tools and sidebar that read it.
 */
import type { CellJson } from './cell-values';
import type { ChangeSource } from '../write-path/revision';

export interface SheetSummary {
  name: string;
  /** The last row and column with content (0 for an empty sheet). */
  rows: number;
  columns: number;
  /** Row 1 as the sheet shows it, up to the last column with content. */
  header: string[];
  hidden?: true;
}

export interface ReadResult {
  /** The cells read, as Sheets writes them; an open range (`A:A`, `A2:B`) stops at the last row and column used. */
  range: string;
  rows: number;
  columns: number;
  values: CellJson[][];
  /** With `{ display: true }`: the values as the sheet shows them. */
  displayValues?: string[][];
  /** The spreadsheet's time zone, when a value is a date. */
  timeZone?: string;
  /** Whether the range lies inside the plan's Read or Write ranges; a read elsewhere is recorded in the write log. */
  declared: boolean;
}

export interface WriteResult {
  /** The write's id in the log (getWriteLog); a person can undo it in the sidebar. */
  id: string;
  range: string;
  rows: number;
  columns: number;
  cells: number;
  step: string;
  at: string;
  /** Cells that held something before this write. */
  replacedCells: number;
}

export type LogKind = 'write' | 'read' | 'refused';

/**
 * One line of the write log: a write through writeRange, a read outside the plan's ranges, or a write the sheet rules
 * refused (nothing was written; the entry notes the attempt for the person).
 */
export interface WriteLogEntry {
  id: string;
  kind: LogKind;
  /** ISO time. */
  at: string;
  by: ChangeSource;
  /** The task a write was made (or refused) for; '' for a read. */
  step: string;
  /** As Sheets writes it: `Summary!B3:E15`. */
  range: string;
  rows: number;
  columns: number;
  cells: number;
  /** A refused write's: the error code the agent was answered, and why in a few plain words. */
  refused?: { code: string; reason: string };
  /** Set once a person undid the write. */
  undone?: { at: string; by: string };
  /** Set on a write the person kept: it can no longer be undone, and leaves room in the log. */
  kept?: true;
  /**
   * Set on a write made under an earlier plan (before the last finishPlan or createPlan), where the listing knows the
   * plan now in the cell: it belongs to no task of this plan, and is shown apart.
   */
  earlierPlan?: true;
}
