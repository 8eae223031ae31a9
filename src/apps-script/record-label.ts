/**
 * The label over the revision record (`AGENT_BASE!D1`). Sheet Plan writes it with every record, and it names two things
 * a change must not take on trust, read in the same getValues as the plan and its record, at no call more:
 * - the record Sheet Plan last wrote there, by its revision (for people) and its fingerprint. A record the label does
 *   not name was pasted back (C2:D2 from a backup, or from another copy of the sheet): the change also reads Sheet
 *   Plan's copy of the last plan, keeps the version the paste replaced, and does not believe the record's list of the
 *   steps that wrote (src/core/write-path/steps-that-wrote.ts stepsListedIn).
 * - the settings the person last saved, by their fingerprint: an execution that read other settings as it began (a
 *   save landed while it waited for the lock) reads them again before it acts on them.
 * `Sheet Plan revision 42 (1w9-4c1f0a2e) settings 5c-0b3c2f1d`. A label a person wrote is theirs: it names nothing.
 */
import { recordedRevision } from '../core/write-path/revision';
import { digestText } from '../core/text';
import { PLAN_LOCATION } from './plan-location';

/** The label for `meta` written with the settings `settings` (their text as saved; '' for none saved). */
export function labelFor(meta: string, settings: string): string {
  const revision = recordedRevision(meta);
  const words = `${PLAN_LOCATION.metadataLabel}${revision === undefined ? '' : ` ${revision}`}`;
  return `${words} (${digestText(meta)}) settings ${digestText(settings)}`;
}

/** `label` naming the settings `settings`, the rest as it was (the record a pasted-back label names, say). */
export function withSettings(label: string, settings: string): string {
  return `${label.replace(/ settings \S+$/, '')} settings ${digestText(settings)}`;
}

/** What may follow the label's words; each part is absent on labels written before it existed. */
const LABEL_AFTER = /^(?: \d+)?(?: \(([\da-z]+-[\da-f]+)\))?(?: settings ([\da-z]+-[\da-f]+))?$/;

/** The fingerprints a label names (each undefined when it names none); null for text that is not the label. */
export interface LabelNames {
  record?: string;
  settings?: string;
}

export function readLabel(text: string): LabelNames | null {
  const after = text.startsWith(PLAN_LOCATION.metadataLabel)
    ? LABEL_AFTER.exec(text.slice(PLAN_LOCATION.metadataLabel.length))
    : null;
  return after && { record: after[1], settings: after[2] };
}

/**
 * The label names another fingerprint than that of `text`, as this execution read it: for the record, cells pasted
 * back; for the settings, a save since. A label that names none says nothing.
 */
export function namesOther(fingerprint: string | undefined, text: string): boolean {
  return !!fingerprint && fingerprint !== digestText(text);
}
