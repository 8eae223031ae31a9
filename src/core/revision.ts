/**
 * Revisions. Beside the plan cell, Sheet Plan keeps a small JSON record of the last write it made:
 * its revision number, who made it, when, and a digest of the text it wrote. A plan whose text no
 * longer matches the digest was edited in the cell by a person, which counts as one more revision.
 */

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

interface RevisionRecord {
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
}

/** Math.imul, looked up once: a global looked up per character is 20× slower under node:vm (the local server). */
const multiply = Math.imul;

/** FNV-1a over UTF-16 code units: a cheap fingerprint to notice edits, not a security measure. */
export function digestText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = multiply(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * The record's JSON as an object of fields, for the modules that keep fields of their own in it (request-ids.ts,
 * steps-that-wrote.ts); null when the cell holds no JSON object (empty, or edited by hand).
 */
export function recordFields(meta: string): Record<string, unknown> | null {
  try {
    const record: unknown = JSON.parse(meta);
    return typeof record === 'object' && record !== null && !Array.isArray(record)
      ? (record as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function readRecord(meta: string): RevisionRecord | null {
  const record = recordFields(meta) as Partial<RevisionRecord> | null;
  if (
    record &&
    typeof record.revision === 'number' &&
    Number.isInteger(record.revision) &&
    record.revision >= 0 &&
    typeof record.digest === 'string'
  ) {
    return {
      revision: record.revision,
      by: record.by ?? 'unknown',
      at: String(record.at ?? ''),
      digest: record.digest,
      ...(typeof record.plan === 'string' && record.plan ? { plan: record.plan } : {}),
    };
  }
  return null; // not ours (empty, or edited by hand): treated as no record
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
  const record = readRecord(meta);
  if (!record) return text ? { revision: 1, changedBy: 'cell edit' } : { revision: 0, changedBy: 'unknown' };
  if (record.digest !== (digest ?? digestText(text))) return { revision: record.revision + 1, changedBy: 'cell edit' };
  return { revision: record.revision, changedBy: record.by, changedAt: record.at || undefined };
}

/** The record stored beside `text` at `revision`, of plan `plan` ('' : a record that names no plan). */
export function revisionRecord(
  revision: number,
  text: string,
  by: ChangeSource,
  at: string,
  digest = digestText(text),
  plan = '',
): { info: RevisionInfo; meta: string } {
  const record: RevisionRecord = { revision, by, at, digest, ...(plan ? { plan } : {}) };
  return { info: { revision, changedBy: by, changedAt: at }, meta: JSON.stringify(record) };
}

/** The plan a record names; '' when it names none (or is not a record of ours). */
export function planIdOf(meta: string): string {
  return readRecord(meta)?.plan ?? '';
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
): { info: RevisionInfo; meta: string } {
  return revisionRecord(previous.revision + 1, text, by, at);
}

/** The revision a record names; undefined when `meta` is not a record of ours (empty, or edited by hand). */
export function recordedRevision(meta: string): number | undefined {
  return readRecord(meta)?.revision;
}

/** True when the text in the cell is not the one Sheet Plan last recorded. */
export function isUnrecorded(text: string, meta: string, digest?: string): boolean {
  const record = readRecord(meta);
  return record ? record.digest !== (digest ?? digestText(text)) : text.length > 0;
}
