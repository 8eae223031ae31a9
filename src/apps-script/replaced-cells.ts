/**
 * The plan sheet's own cells beside the plan (the marker, the revision label, the revision record) that a write is
 * about to replace while they hold something Sheet Plan did not put there: a person's notes on a sheet they named
 * AGENT_BASE before Sheet Plan set it up, or text typed over the record. Such a write goes ahead (an agent cannot
 * clear these cells for itself: they are on Sheet Plan's own sheet), and what the cells held is kept in the history
 * as a version of its own, so that nothing a person wrote is lost.
 */
import { recordedRevision } from '../core/write-path/revision';
import { digestText } from '../core/text';
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

/**
 * The label over the revision record, naming the record Sheet Plan last wrote there: its revision, for people, and its
 * fingerprint: `Sheet Plan revision 42 (1w9-4c1f0a2e)`. A record the label does not name was put there by other hands
 * than Sheet Plan's (C2:D2 pasted from a backup, or from another copy of the sheet). A change reads the label in the
 * same getValues as the record; for such a record it also reads Sheet Plan's copy of the last plan, keeps the version
 * the paste replaced, and does not believe the record's list of the steps that wrote.
 */
export function labelFor(meta: string): string {
  const revision = recordedRevision(meta);
  return `${PLAN_LOCATION.metadataLabel}${revision === undefined ? '' : ` ${revision}`} (${digestText(meta)})`;
}

/** The label alone (sheets written before), or with a revision, or with a record's fingerprint too. */
const LABEL_AFTER = /^(?: \d+)?(?: \(([\da-z]+-[\da-f]+)\))?$/;

/** The fingerprint a label names; undefined for a label that names none, null for text that is not the label. */
export function labelledRecord(text: string): string | undefined | null {
  const after = text.startsWith(PLAN_LOCATION.metadataLabel)
    ? LABEL_AFTER.exec(text.slice(PLAN_LOCATION.metadataLabel.length))
    : null;
  return after && after[1];
}

/** Whether `label` names another record than `meta`, the one beside it: cells pasted back. */
export function pastedRecord(label: string, meta: string): boolean {
  const named = labelledRecord(label);
  return !!named && named !== digestText(meta);
}

/** A cell Sheet Plan writes beside the plan, and whether a value there is Sheet Plan's own. */
export interface OwnCell {
  cell: CellAddress;
  isOwn: (text: string) => boolean;
}

/** The cells Sheet Plan writes beside the plan. */
export const BESIDE_THE_PLAN = {
  marker: { cell: MARKER_CELL, isOwn: (text) => text === PLAN_LOCATION.marker },
  label: { cell: LABEL_CELL, isOwn: (text) => labelledRecord(text) !== null },
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
