/**
 * Revisions. Beside the plan cell, Sheet Plan keeps a small JSON record of the last write it made:
 * its revision number, who made it, when, and a digest of the text it wrote. A plan whose text no
 * longer matches the digest was edited in the cell by a person, which counts as one more revision.
 *
 * The record is one typed value (PlanRecord), parsed by readPlanRecord and written by writePlanRecord, here only.
 * The modules that keep a field of their own in it (attention.ts, request-ids.ts, steps-that-wrote.ts) read and make
 * their field's value; the write path puts the fields together and writes the record once.
 */
import { isRecord } from '../own-keys';
import { digestText, parsedJson } from '../text';
import type { AttentionRecord } from '../person/attention';
import type { RememberedRequest } from './request-ids';
import type { ListedSteps } from './steps-that-wrote';
import { readMoves, type MovedStep } from '../rules/moved-claims';
import type { RecordedPlan } from './store';

/**
 * Who made a change. `api` is an agent without a name (scripts.run); `agent:<name>` an agent a person named when they
 * connected it ("agent:Claude on my laptop"): plain JSON text, kept in the revision record, the history and the write
 * log alike.
 */
export type ChangeSource = 'api' | 'sidebar' | 'menu' | 'cell edit' | 'unknown' | AgentSource;
export type AgentSource = `agent:${string}`;

const AGENT_PREFIX = 'agent:';

/** The source of an agent's changes: its name after `agent:`. */
export function agentSource(name: string): AgentSource {
  return `${AGENT_PREFIX}${name}`;
}

/** The name of the agent that made a change, or null when a person (or an unnamed agent, `api`) made it. */
export function agentNameOf(source: string): string | null {
  return source.startsWith(AGENT_PREFIX) ? source.slice(AGENT_PREFIX.length) : null;
}

export interface RevisionInfo {
  revision: number;
  changedBy: ChangeSource;
  /** ISO timestamp of Sheet Plan's last write; absent for a change made in the cell. */
  changedAt?: string;
}

/** The revision record as stored beside the plan. */
export interface PlanRecord {
  revision: number;
  by: ChangeSource;
  at: string;
  digest: string;
  /**
   * Which plan this is: made when a plan is created (createPlan, finishPlan, initPlan setting the sheet up) and kept
   * by every change of it, so that the writes logged under it (src/apps-script/write-log.ts) are told apart from an
   * earlier plan's. Absent in records from before it existed: those plans are '' until the next new plan.
   */
  plan?: string;
  /**
   * The plan whose person's approval holds this one (nextPlanIds): set when an agent wrote this plan afresh over one
   * that approval held, unfinished, and kept by every change of it.
   */
  heldBy?: string;
  /** What waits for the person and since when, and their latest decisions (attention.ts). */
  attention?: AttentionRecord;
  /** The changes the plan remembers by request id, oldest first (request-ids.ts). */
  requests?: RememberedRequest[];
  /** A person wrote this version whole (the sidebar's editor, a restore): kept when an agent first changes it. */
  typed?: true;
  /** The steps that wrote cells, sealed to this revision (steps-that-wrote.ts). */
  stepsThatWrote?: ListedSteps;
  /** Held tasks that a change renumbered under their holder (../rules/moved-claims.ts). */
  moved?: MovedStep[];
}

/** The fields in the order they are written: the base first, then each feature's. */
const RECORD_FIELDS: ReadonlyArray<keyof PlanRecord> = [
  'revision',
  'by',
  'at',
  'digest',
  'plan',
  'heldBy',
  'attention',
  'requests',
  'stepsThatWrote',
  'typed',
  'moved',
];

function parsedObject(meta: string): Record<string, unknown> | null {
  const record = parsedJson(meta);
  return isRecord(record) ? record : null;
}

/**
 * The record in `meta`, or null when it is not ours (empty, or edited by hand): treated as no record. The base fields
 * are checked here; each feature's field is taken as it is, and its module checks it where it reads it (a field
 * edited by hand is then ignored, not believed).
 */
export function readPlanRecord(meta: string): PlanRecord | null {
  const record = parsedObject(meta) as Partial<PlanRecord> | null;
  if (
    !record ||
    typeof record.revision !== 'number' ||
    !Number.isInteger(record.revision) ||
    record.revision < 0 ||
    typeof record.digest !== 'string'
  )
    return null;
  const read: PlanRecord = {
    revision: record.revision,
    by: record.by ?? 'unknown',
    at: String(record.at ?? ''),
    digest: record.digest,
  };
  if (typeof record.plan === 'string' && record.plan) read.plan = record.plan;
  // Unlike `plan`, '' is a value here: an approval given to a plan from before plans had ids.
  if (typeof record.heldBy === 'string') read.heldBy = record.heldBy;
  if (record.attention !== undefined) read.attention = record.attention;
  if (record.requests !== undefined) read.requests = record.requests;
  if (record.stepsThatWrote !== undefined) read.stepsThatWrote = record.stepsThatWrote;
  if (record.typed === true) read.typed = true;
  const moved = readMoves(record.moved);
  if (moved.length) read.moved = moved;
  return read;
}

/** The record as written in its cell: its fields in one order, those without a value left out. */
export function writePlanRecord(record: PlanRecord): string {
  const written: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) if (record[field] !== undefined) written[field] = record[field];
  return JSON.stringify(written);
}

/**
 * A revision and the exact text it names: `7:2k1-9f3a0c1e`. Two edits typed into the cell between
 * two writes share a revision number but never a stamp, so a stamp makes a stale write certain to
 * be refused.
 */
export function revisionStamp(revision: number, text: string, digest = digestText(text)): string {
  return `${revision}:${digest}`;
}

/** The revision of the text now in the cell. */
export function currentRevision(text: string, meta: string, digest?: string): RevisionInfo {
  const record = readPlanRecord(meta);
  if (!record) return text ? { revision: 1, changedBy: 'cell edit' } : { revision: 0, changedBy: 'unknown' };
  if (record.digest !== (digest ?? digestText(text))) return { revision: record.revision + 1, changedBy: 'cell edit' };
  return { revision: record.revision, changedBy: record.by, changedAt: record.at || undefined };
}

/** Who writes a person's text: typed into the cell, or saved in the sidebar. */
const PERSON_SOURCES: readonly ChangeSource[] = ['cell edit', 'sidebar'];

/**
 * Whether the text a revision (and its record) stands for is one a person typed: into the cell, or whole in the
 * sidebar (`typed`). A change that leaves the text as it is carries `typed` on (writePlan), so that an agent's change
 * that changes nothing cannot make the person's text an agent's.
 */
export function wasTyped({ revision, record }: { revision: RevisionInfo; record: PlanRecord | null }): boolean {
  return revision.changedBy === 'cell edit' || Boolean(record?.typed);
}

/**
 * Whether a change that leaves the text as it is carries `typed` on: the record says the text was typed, or does not
 * describe it (typing whose onEdit has not run yet). A text no record describes yet, initPlan takes up as it is.
 */
export function staysTyped(snapshot: { revision: RevisionInfo; record: PlanRecord | null }): boolean {
  return Boolean(snapshot.record) && wasTyped(snapshot);
}

/** The last recorded plan before a write over `snapshot`: the cells themselves when they hold it. */
export function lastRecordedBefore(snapshot: {
  text: string;
  meta: string;
  lastRecorded?: RecordedPlan | null;
}): RecordedPlan | null {
  if (snapshot.lastRecorded !== undefined) return snapshot.lastRecorded;
  return snapshot.meta ? { text: snapshot.text, meta: snapshot.meta } : null;
}

/** Whether the text a revision (and its record) stands for is a person's: typed, or changed by them in the sidebar. */
export function isPersonsVersion(snapshot: { revision: RevisionInfo; record: PlanRecord | null }): boolean {
  return PERSON_SOURCES.includes(snapshot.revision.changedBy) || wasTyped(snapshot);
}

/** Whether a plan as Sheet Plan recorded it (its text with its own record) is a person's version. */
export function isPersonsRecorded(plan: { text: string; meta: string }): boolean {
  return isPersonsVersion({ revision: currentRevision(plan.text, plan.meta), record: readPlanRecord(plan.meta) });
}

/** The record stored beside `text` at `revision`, of plan `plan` ('' : a record that names no plan). */
export function revisionRecord(
  revision: number,
  text: string,
  by: ChangeSource,
  at: string,
  digest = digestText(text),
  plan = '',
): { info: RevisionInfo; record: PlanRecord; meta: string } {
  const record: PlanRecord = { revision, by, at, digest, ...(plan ? { plan } : {}) };
  return { info: { revision, changedBy: by, changedAt: at }, record, meta: writePlanRecord(record) };
}

/** The plan a record names; '' when it names none (or is not a record of ours). */
export function planIdOf(meta: string): string {
  return readPlanRecord(meta)?.plan ?? '';
}

/**
 * The plan the approval `approved` was given to, when it holds the plan `meta` records: that plan itself, or the plan
 * whose approval holds it (heldBy); else undefined. An approval of an earlier plan, finished since, holds nothing.
 * Plans from before plans had ids are all '': an approval of one holds any other such plan.
 */
function holdingPlan(approved: { meta: string } | null | undefined, meta: string): string | undefined {
  if (!approved) return undefined;
  const { plan = '', heldBy } = readPlanRecord(meta) ?? {};
  const approvedPlan = planIdOf(approved.meta);
  return approvedPlan === plan || approvedPlan === heldBy ? approvedPlan : undefined;
}

/** The text of the version a person last approved when that approval holds the plan `meta` records, else ''. */
export function approvedTextOf(approved: { meta: string; text: string } | null | undefined, meta: string): string {
  return approved && holdingPlan(approved, meta) !== undefined ? approved.text : '';
}

/** How a new plan comes: in place of a plan not finished (createPlan), or after one finished (finishPlan). */
export type NewPlan = 'in place' | 'after finishing';

/**
 * The plan ids the next record carries: a new `plan` for a new plan (or a sheet set up afresh), else the record's own;
 * and `heldBy`, the plan whose approval holds it, kept by every change of the plan.
 * - A plan written `'in place'` of one that an approval held, not finished (an agent's createPlan), is held by that
 *   approval too, so that writing a plan afresh drops no Check line the person approved (src/core/features/checks.ts).
 * - A plan finished (finishPlan) whose own approval held it holds nothing of the next; one that only an earlier
 *   approval held (its tasks skipped, say) passes that approval on.
 * - A sheet set up again after its plan sheet was deleted takes the last recorded plan's ids (plan-revisions.ts), and
 *   so its hold.
 */
export function nextPlanIds(
  meta: string,
  change: { newPlan?: NewPlan; setUp?: boolean; now: string; text: string },
  lastApproved: () => { meta: string } | null | undefined,
): { plan: string; heldBy?: string } {
  const { plan = '', heldBy } = readPlanRecord(meta) ?? {};
  const newId = () => newPlanId(change.now, change.text);
  if (!change.newPlan) return change.setUp && !plan ? { plan: newId() } : { plan, heldBy };
  const inPlace = change.newPlan === 'in place';
  // lastApproved reads the history sheet: only where a hold could pass to the new plan.
  const holding = inPlace || heldBy !== undefined ? holdingPlan(lastApproved(), meta) : undefined;
  return { plan: newId(), heldBy: inPlace || holding !== plan ? holding : undefined };
}

/** A new plan's id: from when it is made and its text (no service call); short, for every write's log row. */
export function newPlanId(at: string, text: string): string {
  const hash = digestText(`${at}\n${text}`).split('-')[1];
  return `p${Date.parse(at).toString(36)}${hash.slice(0, 4)}`;
}

/** The record to store with a new text written over a document at `previous`. */
export function nextRevisionRecord(
  previous: RevisionInfo,
  text: string,
  by: ChangeSource,
  at: string,
): { info: RevisionInfo; record: PlanRecord; meta: string } {
  return revisionRecord(previous.revision + 1, text, by, at);
}

/** The revision a record names; undefined when `meta` is not a record of ours (empty, or edited by hand). */
export function recordedRevision(meta: string): number | undefined {
  return readPlanRecord(meta)?.revision;
}

/** True when the text in the cell is not the one Sheet Plan last recorded. */
export function isUnrecorded(text: string, meta: string, digest?: string): boolean {
  const record = readPlanRecord(meta);
  return record ? record.digest !== (digest ?? digestText(text)) : text.length > 0;
}
