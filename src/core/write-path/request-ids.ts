/**
 * Request ids: a change sent with `{ requestId }` is applied once, however often it is sent.
 *
 * Google's Apps Script API can answer 5xx after the script ran, so a client that retries would apply a change twice
 * (advance two tasks, write the history twice). The script therefore remembers the changes that carried an id, with
 * their answers, and answers a repeat with the first answer, writing nothing.
 *
 * Where: inside the revision record (revision.ts) that every write of the plan already writes beside the text, in the
 * same range write. The plan and the ids it remembers are written together or not at all: no write of the plan can
 * lose its id, and no id can be remembered for a change that was not written. A write without an id (the sidebar, a
 * person's edit of the cell) carries the remembered ids over.
 *
 * Bound: the last REMEMBERED_REQUESTS changes, and at most REMEMBERED_CHARACTERS characters of them; older ones are
 * forgotten first. A whole plan in an answer is remembered as its stamp (it is the text the change wrote), and an
 * answer over ANSWER_CHARACTERS characters is remembered without it: where the first answer can no longer be given
 * exactly (the plan changed since, or the answer was not kept), a repeat is refused with CONFLICT saying the change
 * was applied, and still writes nothing.
 */
import { describeValue } from '../api/arguments';
import { conflict, invalidArgument } from '../errors';
import { digestText } from '../text';
import type { PlanRecord, RevisionInfo } from './revision';
import { filled, formatCount } from '../text';
import * as rareWords from '../rare-words';
import { isRecord } from '../own-keys';

export const REMEMBERED_REQUESTS = 50;
export const REMEMBERED_CHARACTERS = 30_000;
export const ANSWER_CHARACTERS = 20_000;

/** What a request id must look like: a UUID works. Long enough that two agents do not pick the same one. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** One change an agent sent with an id: the id, and which call it names. */
export interface ChangeRequest {
  id: string;
  /** The API function called. */
  function: string;
  /** A digest of its arguments (JSON), so that an id reused for another change is noticed. */
  args: string;
}

/** A change the script remembers. */
export interface RememberedRequest {
  id: string;
  function: string;
  args: string;
  /** The revision the change wrote. */
  revision: number;
  /** The answer as JSON, whole plans replaced by `{ $plan: stamp }`; absent when it was too large to keep. */
  answer?: unknown;
  /** The answer's size when it was not kept. */
  answerSize?: number;
}

/** A whole plan in a remembered answer: the plan the change wrote, named by its stamp. */
const PLAN_REFERENCE = '$plan';

/**
 * The request a call carries: its options after the function's own arguments (`{ requestId }`), or undefined when it
 * carries none. Throws INVALID_ARGUMENT for options of another shape.
 */
export function changeRequest(
  functionName: string,
  ownArgs: readonly unknown[],
  options: unknown,
): ChangeRequest | undefined {
  const count = `${ownArgs.length} argument${ownArgs.length === 1 ? '' : 's'}`;
  const shape = `the request options after ${functionName}'s ${count}`;
  const early = ownArgs.findIndex(isRequestOptions);
  if (early >= 0) {
    throw invalidArgument(
      filled(rareWords.requestOptionsEarly(), { function: functionName, at: String(early + 1), shape }),
    );
  }
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalidArgument(filled(rareWords.requestOptionsShape(), { shape, got: describeValue(options) }));
  }
  const unknownKeys = Object.keys(options).filter((key) => !REQUEST_OPTION_KEYS.includes(key));
  if (unknownKeys.length) {
    const got = unknownKeys.map((key) => JSON.stringify(key)).join(', ');
    throw invalidArgument(filled(rareWords.requestOptionKeys(), { shape, got }));
  }
  const id = (options as { requestId?: unknown }).requestId;
  // Options that only name the caller (a caller without a key: src/apps-script/agent-identity.ts) carry no request.
  if (id === undefined && 'agent' in options) return undefined;
  if (typeof id !== 'string' || !REQUEST_ID.test(id)) {
    throw invalidArgument(filled(rareWords.requestIdShape(), { got: describeValue(id) }));
  }
  // JSON as the arguments travel: an argument left out and a null one are the same call.
  return { id, function: functionName, args: digestText(JSON.stringify(ownArgs)) };
}

/**
 * The request as its caller's (`source`, who makes the change): another caller sending the same id is refused as an
 * id used for another call, and never gets the first caller's answer.
 */
export function callersRequest(request: ChangeRequest | undefined, source: string): ChangeRequest | undefined {
  return request && { ...request, args: digestText(`${source}\n${request.args}`) };
}

/** What request options hold: the request's id, and the name of a caller without a key (`{ agent }`). */
const REQUEST_OPTION_KEYS = ['requestId', 'agent'];

/** `{ requestId: … }`, with `agent` or without, and nothing else: request options, wherever they were put. */
function isRequestOptions(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.includes('requestId') && keys.every((key) => REQUEST_OPTION_KEYS.includes(key));
}

function isRemembered(value: unknown): value is RememberedRequest {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.function === 'string' &&
    typeof value.args === 'string' &&
    typeof value.revision === 'number'
  );
}

/** The changes a revision record remembers, oldest first. */
function rememberedIn(record: PlanRecord | null): RememberedRequest[] {
  const requests: unknown = record?.requests;
  return Array.isArray(requests) ? requests.filter(isRemembered) : [];
}

/** Replaces every whole plan that is the one this change wrote (same stamp and text) by a reference to it. */
function withPlanReferences(value: unknown, stamp: string, text: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withPlanReferences(item, stamp, text));
  if (!isRecord(value)) return value;
  if (value.stamp === stamp && value.raw === text) return { [PLAN_REFERENCE]: stamp };
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlanReferences(item, stamp, text)]));
}

function withPlans(value: unknown, plan: (stamp: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withPlans(item, plan));
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === PLAN_REFERENCE) return plan(String(value[PLAN_REFERENCE]));
  return Object.fromEntries(keys.map((key) => [key, withPlans(value[key], plan)]));
}

/** The plan as it is now, for a repeat whose first answer held the plan the change wrote. */
export interface PlanNow {
  stamp: string;
  revision: RevisionInfo;
  /** The plan, parsed, as the API answers it. */
  plan(): unknown;
}

/**
 * A repeat of a remembered change: its first answer (`{ answer }`), to return without writing; undefined when the
 * request is new. Throws INVALID_ARGUMENT when the id was used for another call, and CONFLICT when the change was
 * applied but its first answer can no longer be given exactly.
 */
export function repeatedAnswer(
  request: ChangeRequest | undefined,
  record: PlanRecord | null,
  now: PlanNow,
): { answer: unknown } | undefined {
  if (!request) return undefined;
  const first = rememberedIn(record).find((entry) => entry.id === request.id);
  if (!first) return undefined;
  const id = JSON.stringify(request.id);
  const revision = String(first.revision);
  if (first.function !== request.function || first.args !== request.args) {
    const call = first.function === request.function ? `${first.function} with other arguments` : first.function;
    throw invalidArgument(filled(rareWords.requestIdReused(), { id, call, revision }));
  }
  if (!('answer' in first))
    throw conflict(filled(rareWords.answerNotKept(), { id, revision, size: formatCount(first.answerSize ?? 0) }));
  const answer = withPlans(first.answer, (stamp) => {
    if (stamp !== now.stamp) {
      const { revision: changed, changedBy } = now.revision;
      throw conflict(filled(rareWords.answerOutdated(), { id, revision, now: String(changed), by: changedBy }));
    }
    return now.plan();
  });
  return { answer };
}

/** What a write of the plan remembers: the request it answered, with its answer and what it wrote. */
export interface AnsweredRequest {
  request: ChangeRequest;
  answer: unknown;
  revision: number;
  /** The text written, and its stamp: a whole plan in the answer is remembered as this stamp. */
  text: string;
  stamp: string;
}

/**
 * The requests the record of a new write remembers: those `previous` (the record it replaces) remembered and, when the
 * write answers a request, that one too; the oldest are forgotten beyond the bound. Undefined when there are none.
 */
export function nextRequests(previous: PlanRecord | null, answered?: AnsweredRequest): RememberedRequest[] | undefined {
  const requests = rememberedIn(previous);
  if (answered) requests.push(remembered(answered));
  if (requests.length === 0) return undefined;
  while (
    requests.length > REMEMBERED_REQUESTS ||
    (requests.length > 1 && JSON.stringify(requests).length > REMEMBERED_CHARACTERS)
  ) {
    requests.shift();
  }
  return requests;
}

function remembered({ request, answer, revision, text, stamp }: AnsweredRequest): RememberedRequest {
  const entry: RememberedRequest = { id: request.id, function: request.function, args: request.args, revision };
  // As the caller received it: through JSON, undefined as null.
  const json = JSON.stringify(withPlanReferences(JSON.parse(JSON.stringify(answer ?? null)), stamp, text));
  if (json.length > ANSWER_CHARACTERS) entry.answerSize = json.length;
  else entry.answer = JSON.parse(json);
  return entry;
}
