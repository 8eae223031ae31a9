/**
 * Where the plan lives in the spreadsheet: the one object that names its sheets and cells. The store, the onEdit
 * trigger, the menu's and the sidebar's messages, the local server's page and the tests all derive addresses from it,
 * so moving the plan is a change here only. The core (src/core) knows text and revisions, never addresses.
 *
 * The cells may be anywhere on the plan sheet: the store reads the smallest block holding them in one call, and writes
 * the plan with its revision record in one call when they are side by side.
 */
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

export interface CellAddress {
  /** 1-based. */
  readonly row: number;
  /** 1-based: A is 1. */
  readonly column: number;
}

/** `C2` → row 2, column 3. */
export function cellAddress(a1: string): CellAddress {
  const match = /^([A-Z]{1,3})([1-9]\d*)$/.exec(a1);
  if (!match) throw new Error(`Not a single cell in A1 notation: ${a1}`);
  const column = [...match[1]].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0);
  return { row: Number(match[2]), column };
}

/** Row 2, column 3 → `C2`. */
export function cellA1(cell: CellAddress): string {
  let letters = '';
  for (let rest = cell.column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return `${letters}${cell.row}`;
}

/** A cell as people write it in Sheets: `AGENT_BASE!C2`, or `'My plan'!C2` when the sheet's name needs quotes. */
export function cellReference(cell: string, sheet: string = PLAN_LOCATION.sheet): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${name}!${cell}`;
}

/** The plan cell, for messages: `AGENT_BASE!C2`. */
export const PLAN_CELL_REFERENCE = cellReference(PLAN_LOCATION.planCell);
