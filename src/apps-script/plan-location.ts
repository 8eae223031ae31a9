/**
 * Where the plan lives in the spreadsheet: the one object that names its sheets and cells. The store, the onEdit
 * trigger, the menu's and the sidebar's messages, the local server's page and the tests all derive addresses from it,
 * so moving the plan is a change here only. The core (src/core) knows text and revisions, never addresses.
 *
 * The cells may be anywhere on the plan sheet: the store reads the smallest block holding them in one call, and writes
 * the plan with its revision record in one call when they are side by side.
 */
import { cellAddress, quoteSheetName } from '../core/sheet/a1';

export { cellA1, cellAddress, type CellAddress } from '../core/sheet/a1';

export const PLAN_LOCATION = {
  /** The sheet Sheet Plan sets up, visible to the people who own the spreadsheet. */
  sheet: 'AGENT_BASE',
  /** Holds `marker`, which says that the plan cell is Sheet Plan's (and that the sheet is set up). */
  markerCell: 'C1',
  marker: 'PLAN.md Contents',
  /** The plan's Markdown. */
  planCell: 'C2',
  /** Sheet Plan's revision record of the plan (JSON: revision, who, when, digest), under its label. */
  metadataCell: 'D2',
  metadataLabelCell: 'D1',
  metadataLabel: 'Sheet Plan revision',
  /** The hidden sheet that keeps earlier versions of the plan. */
  historySheet: 'AGENT_HISTORY',
  /** The hidden sheet that keeps finished plans. */
  archiveSheet: 'AGENT_ARCHIVE',
  /** The hidden sheet that logs an agent's writes to other sheets (and how to undo them). */
  writeLogSheet: 'AGENT_WRITE_LOG',
} as const;

/** The cells above as row and column, worked out once for the store, the onEdit trigger and ./replaced-cells.ts. */
export const MARKER_CELL = cellAddress(PLAN_LOCATION.markerCell);
export const LABEL_CELL = cellAddress(PLAN_LOCATION.metadataLabelCell);
export const PLAN_CELL = cellAddress(PLAN_LOCATION.planCell);
export const RECORD_CELL = cellAddress(PLAN_LOCATION.metadataCell);

/** Sheet Plan's own sheets: never read or written as ranges (read_range, write_range, a task's Check lines). */
export const OWN_SHEETS = [
  PLAN_LOCATION.sheet,
  PLAN_LOCATION.historySheet,
  PLAN_LOCATION.archiveSheet,
  PLAN_LOCATION.writeLogSheet,
] as const;

/** A cell as people write it in Sheets: `AGENT_BASE!C2`, or `'My plan'!C2` when the sheet's name needs quotes. */
export function cellReference(cell: string, sheet: string = PLAN_LOCATION.sheet): string {
  return `${quoteSheetName(sheet)}!${cell}`;
}

/** The plan cell, for messages: `AGENT_BASE!C2`. */
export const PLAN_CELL_REFERENCE = cellReference(PLAN_LOCATION.planCell);
