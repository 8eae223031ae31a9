/**
 * Agent keys, held by the person: an agent reaches the plan through the web app's URL with `?key=…`, never with a
 * Google credential. A person creates a key in the sidebar (Connect an agent), sees it once, and may revoke it.
 *
 * - A key is 244 random bits (two Utilities.getUuid() version-4 UUIDs, 122 random bits each), written `sp-` + 64 hex.
 * - Only its SHA-256 is kept, with the agent's id, name, creation and last use, as one JSON value in the script
 *   properties (a web-app execution has no document properties; an agent's Sheets API calls cannot reach either).
 * - agentForKey compares the key's hash with every stored hash in constant time, so the answer's timing says
 *   nothing about how close a guess came; it records the last use at most once a minute.
 * - Creating and revoking are the person's: the sidebar functions in ./agent-sidebar.ts, behind the person token.
 */
import type { AgentSummary, AgentsView, ConnectedAgentView } from '../../sidebar/src/protocol';
import { describeValue } from '../core/api/arguments';
import { invalidArgument, notFound, NOTHING_WRITTEN, PlanError, tooLarge } from '../core/errors';
import { AGENT_KEY_SHAPE } from '../core/mcp/protocol';
import { readSettings } from '../core/person/settings';
import { comparedName, isReservedAgentName, reservedNamesList } from '../core/person/source-words';
import { isRecord } from '../core/own-keys';
import { rareTexts } from './rare-texts';
import * as rareRefusals from './rare-refusals';
import { filled, parsedJson, utf8Length } from '../core/text';
import { SETTINGS_PROPERTY, scriptProperties } from './spreadsheet-access';
import { knownWebAppUrl } from './web-app-url';

/** The script property holding every agent (one value: Google allows 9 KB per value). */
export const AGENTS_PROPERTY = 'sheetPlan.agents';
/** What a caller without a key is told when it names itself as a connected agent: in RareTexts.html, as the next. */
export const NAME_TAKEN =
  'agent "{text}" is the name of an agent connected with a key ("{taken}"); a caller without a key may not take it, ' +
  `nor a reserved name ({reserved}). Use a name of your own; ${NOTHING_WRITTEN}`;
/** What reading the agents says when their property was edited by hand: in RareTexts.html (./rare-texts.ts). */
export const AGENTS_UNREADABLE =
  `The script property ${AGENTS_PROPERTY} does not hold Sheet Plan's list of agents; it was left as it is. ` +
  'Fix or delete it in the Apps Script editor (Project Settings → Script properties)';
/** Keeps the property well under 9 KB: each agent takes at most ~400 bytes (a name of 60 four-byte characters). */
export const MAX_AGENTS = 20;
export const MAX_AGENT_NAME = 60;
/** Google's limit per property value is 9 KB; a margin below it, checked before every write. */
const MAX_STORED_BYTES = 8_500;
const LAST_USE_EVERY_MS = 60_000;
/** How long a change of the agent list waits for another execution holding the script lock. */
const LOCK_WAIT_MS = 8_000;
/** Recording a last use is bookkeeping: it never keeps an agent's call waiting long. */
const LAST_USE_LOCK_WAIT_MS = 500;

/** Who a key belongs to: what a change made with it is recorded under. */
export interface AgentIdentity {
  id: string;
  name: string;
}

interface StoredAgent extends AgentSummary {
  /** SHA-256 of the key, lowercase hex. */
  hash: string;
}

// ---- the key and its hash ----

function newKey(): string {
  const random = (Utilities.getUuid() + Utilities.getUuid()).replace(/-/g, '').toLowerCase();
  return `sp-${random}`;
}

/** SHA-256 of the key as lowercase hex; computeDigest gives Java's signed bytes (-128 to 127). */
function hashKey(key: string): string {
  const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, key, Utilities.Charset.UTF_8);
  return bytes.map((byte) => (byte & 0xff).toString(16).padStart(2, '0')).join('');
}

/** Equal strings of equal length, in time that depends on the length only (no early exit). */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < a.length; index++) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index % Math.max(b.length, 1));
  }
  return difference === 0;
}

// ---- the stored list ----

function isStoredAgent(value: unknown): value is StoredAgent {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.hash === 'string' &&
    typeof value.created === 'string' &&
    (value.lastUsed === null || typeof value.lastUsed === 'string')
  );
}

/**
 * The agents as stored; a value that is not ours is an error (never treated as "no agents" and overwritten). `fresh`:
 * as the store holds them now, for a change of the list under the lock; else as this execution first read the
 * script properties (./spreadsheet-access.ts).
 */
function readAgents(fresh = false): StoredAgent[] {
  const properties = scriptProperties();
  const saved = fresh ? properties.freshProperty(AGENTS_PROPERTY) : properties.getProperty(AGENTS_PROPERTY);
  if (saved === null) return [];
  const parsed = parsedJson(saved);
  if (!Array.isArray(parsed) || !parsed.every(isStoredAgent)) throw new Error(rareTexts().agentsUnreadable);
  return parsed;
}

function writeAgents(agents: StoredAgent[]): void {
  const json = JSON.stringify(agents);
  if (utf8Length(AGENTS_PROPERTY) + utf8Length(json) > MAX_STORED_BYTES) {
    throw tooLarge(filled(rareRefusals.agentsFull(), { bytes: String(MAX_STORED_BYTES) }));
  }
  scriptProperties().setProperty(AGENTS_PROPERTY, json);
}

/** Runs `work` holding the script lock (the lock every change takes), so two changes never lose one another. */
function withScriptLock<T>(waitMs: number, work: () => T, busy: () => T): T {
  const lock = LockService.getScriptLock();
  if (!lock.tryLock(waitMs)) return busy();
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}

function summary({ id, name, created, lastUsed }: StoredAgent): AgentSummary {
  return { id, name, created, lastUsed };
}

function busyError(): never {
  throw new PlanError('BUSY', rareRefusals.agentsBusy());
}

// ---- the person's side: create, list, revoke ----

/** A name a person gives an agent: shown in the sidebar and in everything the agent changes. */
export function requireAgentName(name: unknown, field = 'name'): string {
  // Marks that turn text around are dropped, as spaces at the ends are: pasted with a right-to-left name, they are
  // invisible, and kept they would show "uoy" as "you".
  const text =
    typeof name === 'string' ? name.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim() : '';
  // Something to read (not only invisible characters), on one line, of whole characters.
  if (!comparedName(text) || [...text].length > MAX_AGENT_NAME || /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u.test(text)) {
    throw invalidArgument(
      filled(rareRefusals.agentNameShape(), { field, most: String(MAX_AGENT_NAME), got: describeValue(name) }),
    );
  }
  if (comparedName(text) === 'api' || isReservedAgentName(text)) throw reservedName(text, field);
  return text;
}

function reservedName(text: string, field: string): PlanError {
  return invalidArgument(filled(rareRefusals.reservedName(), { text, field, names: reservedNamesList() }));
}

/**
 * A name a caller without a key gives itself (the `agent` option): not reserved, and not the name of an agent
 * connected with a key (case and spacing aside), which would make that agent's claims and changes its own.
 */
export function requireKeylessName(name: unknown): string {
  const text = requireAgentName(name, 'agent');
  const taken = readAgents().find((agent) => comparedName(agent.name) === comparedName(text));
  if (taken) {
    throw invalidArgument(filled(rareTexts().nameTaken, { text, taken: taken.name, reserved: reservedNamesList() }));
  }
  return text;
}

/**
 * A new key for an agent named `name` (for a person only: the sidebar checks the person token first). Answers the
 * key, which is never stored and never shown again, with the agent as listAgents shows it.
 */
export function createAgentKey(name: unknown): { key: string; agent: AgentSummary } {
  const agentName = requireAgentName(name);
  return withScriptLock(
    LOCK_WAIT_MS,
    () => {
      const agents = readAgents(true);
      if (agents.some((agent) => comparedName(agent.name) === comparedName(agentName))) {
        throw invalidArgument(filled(rareRefusals.agentNamed(), { name: agentName }));
      }
      if (agents.length >= MAX_AGENTS) {
        throw tooLarge(filled(rareRefusals.agentsMost(), { count: String(agents.length), most: String(MAX_AGENTS) }));
      }
      const key = newKey();
      const agent: StoredAgent = {
        id: newAgentId(agents),
        name: agentName,
        hash: hashKey(key),
        created: new Date().toISOString(),
        lastUsed: null,
      };
      writeAgents([...agents, agent]);
      return { key, agent: summary(agent) };
    },
    busyError,
  );
}

function newAgentId(agents: StoredAgent[]): string {
  for (;;) {
    const id = Utilities.getUuid().replace(/-/g, '').slice(0, 10).toLowerCase();
    if (!agents.some((agent) => agent.id === id)) return id;
  }
}

/** The connected agents, oldest first: names, creation and last use; never a key or a hash. */
export function listAgents(): AgentSummary[] {
  return readAgents().map(summary);
}

/** Revokes agent `id`: its key stops working at once. NOT_FOUND for an id that is not connected. */
export function revokeAgent(id: unknown): AgentSummary[] {
  if (typeof id !== 'string' || !id) {
    throw invalidArgument(filled(rareRefusals.agentIdShape(), { got: describeValue(id) }));
  }
  return withScriptLock(
    LOCK_WAIT_MS,
    () => {
      const agents = readAgents(true);
      const kept = agents.filter((agent) => agent.id !== id);
      if (kept.length === agents.length) {
        const known = agents.map((agent) => `${agent.id} (${agent.name})`).join(', ') || 'none';
        throw notFound(filled(rareRefusals.noAgentWithId(), { id, known }));
      }
      writeAgents(kept);
      return kept.map(summary);
    },
    busyError,
  );
}

// ---- the agent's side ----

/**
 * The agent a key belongs to, or null for a missing, malformed, wrong or revoked key. Every stored hash is compared,
 * each in constant time. Call it before taking the script lock: recording the last use takes it briefly.
 */
export function agentForKey(key: unknown): AgentIdentity | null {
  if (typeof key !== 'string' || !AGENT_KEY_SHAPE.test(key)) return null;
  const hash = hashKey(key);
  let found: StoredAgent | null = null;
  for (const agent of readAgents()) {
    if (constantTimeEqual(agent.hash, hash)) found = agent;
  }
  if (!found) return null;
  recordUse(found);
  return { id: found.id, name: found.name };
}

/**
 * Whether `agent` (found by its key earlier in this execution) is still connected: one fresh property read (the
 * execution's copy of the properties may predate the Revoke), no hashing, no lock. The web app asks it before every
 * call of a batch after the first, so a Revoke that commits meanwhile stops the rest of the batch (ids are never
 * reused: a revoked agent's id does not come back).
 */
export function stillConnected(agent: AgentIdentity): boolean {
  // Read afresh (one property read): the execution's first read would not see a Revoke that committed since.
  return readAgents(true).some((stored) => stored.id === agent.id);
}

/**
 * Writes the agent's last use when the recorded one is a minute old or more: one property write a minute at most,
 * not one per call. Under the lock, on a fresh read, so it never brings back an agent revoked meanwhile. When
 * another execution holds the lock, this use goes unrecorded: the next call a minute on records it.
 */
function recordUse(agent: StoredAgent): void {
  const now = new Date();
  if (agent.lastUsed && now.getTime() - Date.parse(agent.lastUsed) < LAST_USE_EVERY_MS) return;
  withScriptLock(
    LAST_USE_LOCK_WAIT_MS,
    () => {
      const agents = readAgents(true);
      const current = agents.find((stored) => stored.id === agent.id);
      if (!current) return;
      current.lastUsed = now.toISOString();
      writeAgents(agents);
    },
    () => undefined,
  );
}

/** The agent's URL: the web app's with the key in the query (Google passes no request headers to a web app). */
export function agentUrl(webAppUrl: string, key: string): string {
  return `${webAppUrl}${webAppUrl.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}

// ---- the Connect panel (the sidebar functions in ./sidebar.ts call these after checking the person token) ----

/** The agents and the web app's URL: the Connect panel's view. */
/** The relay's origin the person entered in the sheet's settings ('' when none), for the set-ups with the URL. */
function relayUrl(): string {
  return readSettings(scriptProperties().getProperty(SETTINGS_PROPERTY)).relayUrl;
}

export function agentsView(): AgentsView {
  const { url, notReady } = knownWebAppUrl();
  return { agents: listAgents(), webAppUrl: url, relayUrl: relayUrl(), ...(notReady ? { notReady } : {}) };
}

/**
 * Connects an agent: a new key and the URL to give it. Refused while the web app's address is not known (a key
 * without an address would be shown once and be of no use), before any key is made.
 */
export function connectAgent(name: unknown): ConnectedAgentView {
  const known = knownWebAppUrl();
  if (known.url === null) throw notFound(known.notReady);
  const { key, agent } = createAgentKey(name);
  const url = agentUrl(known.url, key);
  return { agents: listAgents(), webAppUrl: known.url, relayUrl: relayUrl(), agent, key, url };
}
