/**
 * The plan sheet's own cells beside the plan (the marker, the revision label, the revision record) that a write is
 * about to replace while they hold something Sheet Plan did not put there: a person's notes on a sheet they named
 * AGENT_BASE before Sheet Plan set it up, or text typed over the record. Such a write goes ahead (an agent cannot
 * clear these cells for itself: they are on Sheet Plan's own sheet), and what the cells held is kept in the history
 * as a version of its own, so that nothing a person wrote is lost.
 */
import { recordedRevision } from '../core/write-path/revision';
import { readLabel } from './record-label';
import type { SavedVersion } from '../core/write-path/store';
import { cellText, writtenText } from './cell-values';
import {
  LABEL_CELL,
  MARKER_CELL,
  PLAN_LOCATION,
  RECORD_CELL,
  cellA1,
  cellReference,
  type CellAddress,
} from './plan-location';

/** A cell Sheet Plan writes beside the plan, and whether a value there is Sheet Plan's own. */
export interface OwnCell {
  cell: CellAddress;
  isOwn: (text: string) => boolean;
}

/** The cells Sheet Plan writes beside the plan. */
export const BESIDE_THE_PLAN = {
  marker: { cell: MARKER_CELL, isOwn: (text) => text === PLAN_LOCATION.marker },
  label: { cell: LABEL_CELL, isOwn: (text) => readLabel(text) !== null },
  record: { cell: RECORD_CELL, isOwn: (text) => recordedRevision(text) !== undefined },
} satisfies Record<string, OwnCell>;

/**
 * The version to keep for the cells `written` is about to replace, read as `valueAt` gives them; null when each is
 * empty or holds Sheet Plan's own value.
 */
export function replacedCellsVersion(
  written: readonly OwnCell[],
  valueAt: (cell: CellAddress) => unknown,
  replaced: { revision: number; savedAt: string; by: string },
): SavedVersion | null {
  const lines = written
    .map(({ cell, isOwn }) => ({ cell, isOwn, text: writtenText(valueAt(cell)), raw: cellText(valueAt(cell)) }))
    .filter(({ isOwn, text, raw }) => raw.trim() !== '' && !isOwn(text))
    .map(({ cell, text }) => `${cellReference(cellA1(cell))}: ${text}`);
  if (!lines.length) return null;
  return {
    revision: replaced.revision,
    savedAt: replaced.savedAt,
    replacedBy: replaced.by,
    reason: `cells beside the plan that Sheet Plan writes held text of their own (${lines.length} kept)`,
    text: `Cells of ${PLAN_LOCATION.sheet} that Sheet Plan's write replaced:\n${lines.join('\n')}\n`,
  };
}
