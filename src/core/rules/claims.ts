/**
 * Claims: which agent works on a task, for how long. A claim is plain Markdown on a line nested under the task,
 *
 *     - [/] 1.2 Sum the sales per region
 *       - Working: Claude on my laptop until 2026-11-26 14:30
 *
 * written in the same single write as the status change that made it (docs/format.md, "Working lines"). The time is
 * the wall clock of the spreadsheet's time zone, with the date: a lease that crosses midnight, or a line left from
 * yesterday, would read wrong with the time alone. A line a person types with the time alone (`until 14:30`) means
 * today. A line without a time it can read holds nothing: the task is free.
 *
 * The rules: an agent's start claims a task for that agent for LEASE_MINUTES; its other calls on the task (block,
 * review, note, rename, move) renew its claim; completing or skipping a task, and an agent's reopening of it, take the
 * claim off. While the claim lasts, every other agent's change of the task is refused with CLAIMED; a person can always
 * act, and release a claim in the sidebar. An expired claim is free. This module reads and writes the lines; the
 * write path decides who acts.
 */
import type { PlanDocument } from '../format/document';
import { invalidTransition, PlanError } from '../errors';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { comparedName } from '../person/source-words';
import { nestedIndentation, nestedLabelledLines } from '../format/nested-lines';
import type { PlanOutline } from '../format/parse';
import { indentationOf } from '../format/patterns';
import { findTask } from '../format/update';
import { agentNameOf, type ChangeSource } from '../write-path/revision';
import type { PlanTask } from '../format/types';
import { addToGroup } from '../groups';

/** The label of a claim's line: `- Working: …`. */
export const CLAIM_LABEL = 'Working';
/** How long a claim lasts after the holder's last call on the task. */
export const LEASE_MINUTES = 30;

/** A claim as read from the plan. */
export interface Claim {
  step: string;
  line: number;
  /** Who holds it, as written: an agent's name, or `api`. */
  holder: string;
  /** When it ends: `YYYY-MM-DD HH:MM` (or `HH:MM`, today, as a person may type it); absent when unreadable. */
  until?: string;
}

/** What a task shows of its claim (PlanTask.working). */
export interface Working {
  by: string;
  /** `YYYY-MM-DD HH:MM` or `HH:MM` in the spreadsheet's time zone; absent when the line says no time it can read. */
  until?: string;
}

/** An agent that acts, and its clock: wall-clock times `YYYY-MM-DD HH:MM` in the spreadsheet's time zone. */
export interface Claimant {
  holder: string;
  /** Now. */
  now(): string;
  /** When a claim made now ends. */
  leaseEnd(): string;
}

const UNTIL = / until /gi;
const END = /^(?:(\d{4}-\d{2}-\d{2})[ T])?(\d{1,2}):(\d{2})$/;

/** Where the last ` until ` (any case) of `value` starts; -1 when there is none. Indices of `value` itself. */
function lastUntil(value: string): number {
  let at = -1;
  UNTIL.lastIndex = 0;
  for (let match = UNTIL.exec(value); match; match = UNTIL.exec(value)) at = match.index;
  return at;
}

/** The value of a Working line: the holder, and when the claim ends if the line says so readably. */
export function readClaimValue(value: string): Working {
  const at = lastUntil(value);
  if (at < 0) return { by: value.trim() };
  const end = END.exec(value.slice(at + ' until '.length).trim());
  const by = value.slice(0, at).trim();
  if (!end || Number(end[2]) > 23 || Number(end[3]) > 59) return { by: value.trim() };
  const time = `${end[2].padStart(2, '0')}:${end[3]}`;
  return { by, until: end[1] ? `${end[1]} ${time}` : time };
}

/** The Working lines of the plan, by step (a task may carry more than one when a person typed it so). */
export function taskClaims(outline: PlanOutline): Map<string, Claim[]> {
  const claims = new Map<string, Claim[]>();
  for (const nested of nestedLabelledLines(outline, CLAIM_LABEL)) {
    const { by, until } = readClaimValue(nested.value);
    const claim: Claim = { step: nested.step, line: nested.line, holder: by };
    if (until) claim.until = until;
    addToGroup(claims, nested.step, claim);
  }
  return claims;
}

/** The name a claim is written under for a change's source: the agent's name, or `api` for a caller without one. */
export function holderOf(source: ChangeSource): string {
  return agentNameOf(source) ?? source;
}

/** Whether two names are one holder's (case and spacing aside). */
export function sameHolder(a: string, b: string): boolean {
  return comparedName(a) === comparedName(b);
}

/** When a claim ends, as a full wall-clock time at `now` (a time alone is today's); undefined when it says none. */
export function claimEnd(claim: { until?: string }, now: string): string | undefined {
  if (!claim.until) return undefined;
  return claim.until.length === 5 ? `${now.slice(0, 10)} ${claim.until}` : claim.until;
}

/** Whether a claim still holds at `now`. */
export function isActive(claim: { until?: string }, now: string): boolean {
  const until = claimEnd(claim, now);
  return until !== undefined && now < until;
}

/**
 * Whether a claim holds for `claimant`'s clock: it has not ended, and it ends within a lease from now. Only a start
 * or a renewal writes a claim, for at most LEASE_MINUTES (the guard refuses any other: src/core/features/claims.ts);
 * a line that ends later was typed or left by something else (`until 2999-01-01 00:00`) and holds nothing.
 */
export function isHonoured(claim: { until?: string }, claimant: Claimant): boolean {
  const now = claimant.now();
  return isActive(claim, now) && claimEnd(claim, now)! <= claimant.leaseEnd();
}

/** Claims no start or renewal could have written (ending past a lease from now): read, but not honoured. */
export function unhonouredClaims(outline: PlanOutline, claimant: Claimant): Claim[] {
  return [...taskClaims(outline).values()]
    .flat()
    .filter((claim) => claim.until && !isHonoured(claim, claimant) && isActive(claim, claimant.now()));
}

/** The claim on `step` that another holder has now, if any. */
export function claimByOther(claims: Map<string, Claim[]>, step: string, claimant: Claimant): Claim | undefined {
  return claims.get(step)?.find((claim) => isHonoured(claim, claimant) && !sameHolder(claim.holder, claimant.holder));
}

/** Whether a task's claim (PlanTask.working) is another holder's, now: getNextTask passes over such a task. */
export function heldByOther(working: Working | undefined, claimant: Claimant | undefined): boolean {
  if (!working || !claimant) return false;
  return isHonoured(working, claimant) && !sameHolder(working.by, claimant.holder);
}

/** `Claude on my laptop until 2026-11-26 14:30`: who and until when, as messages name a claim. */
export function describeClaim(claim: Claim | Working): string {
  const holder = 'holder' in claim ? claim.holder : claim.by;
  return claim.until ? `${holder} until ${claim.until}` : holder;
}

/**
 * CLAIMED when another agent holds a claim on any of `steps` (a task and its sub-steps): nothing is written. A person
 * (no claimant) is never stopped.
 */
export function requireUnclaimed(
  outline: PlanOutline,
  steps: readonly string[],
  claimant: Claimant | undefined,
  what: string,
): void {
  if (!claimant) return;
  const claims = taskClaims(outline);
  if (!claims.size) return;
  for (const step of steps) {
    const claim = claimByOther(claims, step, claimant);
    if (!claim) continue;
    throw claimedError(step, claim, claimant, `${what} it`);
  }
}

/**
 * The refusal of a change to a task another agent holds (here, and by the claims feature for a whole-document
 * change, ../features/claims.ts): whose claim it is, and what the agent can do instead.
 */
export function claimedError(step: string, claim: Claim, claimant: Claimant, what: string): PlanError {
  const said = { step, claim: describeClaim(claim), you: claimant.holder, what };
  return new PlanError('CLAIMED', filled(rareWords.claimedTask(), said));
}

/** The steps of a task and of its sub-steps (`1.2`, `1.2.1`…), as a removal or a move takes them along. */
export function stepAndSubSteps(outline: PlanOutline, step: string): string[] {
  return outline.tasks.map((task) => task.step).filter((other) => isStepOrSubStep(other, step));
}

/** Whether `step` is `of` or one of its sub-steps (`1.2`, `1.2.1` of 1.2; not `1.20`). */
export function isStepOrSubStep(step: string, of: string): boolean {
  return `${step}.`.startsWith(`${of}.`);
}

/** The Working line as written: `  - Working: Claude on my laptop until 2026-11-26 14:30`. */
export function claimLine(indentation: string, holder: string, until: string): string {
  return `${indentation}- ${CLAIM_LABEL}: ${holder.replace(/\s+/g, ' ').trim()} until ${until}`;
}

/** `document` without the lines of `claims` (at their places in it: `moved`), removed from the last. */
function withoutClaims(
  document: PlanDocument,
  claims: readonly Claim[],
  moved: (line: number) => number = (line) => line,
): PlanDocument {
  let without = document;
  for (const claim of [...claims].reverse()) without = without.removeLines(moved(claim.line), moved(claim.line) + 1);
  return without;
}

/** The holder's Working line on `line` of `document` with a fresh lease, at the indentation it has. */
function renewedClaim(document: PlanDocument, line: number, claimant: Claimant): PlanDocument {
  const text = document.lines[line];
  const indentation = text.slice(0, indentationOf(text).index);
  return document.replaceLine(line, claimLine(indentation, claimant.holder, claimant.leaseEnd()));
}

/** What an action does to the claim of the task it changes. */
export type ClaimChange = 'take' | 'renew' | 'keep';

/**
 * After an action moved `task` to `status` in `document` (made from `outline`, the task on the same line; `moved` maps
 * a line of the outline to its place in the document): the task's Working lines as the rules above say. A finished
 * task loses them, as does a task an agent gives back to the queue; an agent's start (`take`) writes its claim with a
 * fresh lease in place of the lines there; its other actions (`renew`) give its own claim a fresh lease; a person's
 * actions leave them as they are.
 */
export function withClaimAfter(
  outline: PlanOutline,
  document: PlanDocument,
  task: PlanTask,
  status: string,
  change: { claimant: Claimant | undefined; take: boolean },
  moved: (line: number) => number = (line) => line,
): PlanDocument {
  const { claimant, take } = change;
  const definition = outline.statuses.definition(status);
  const claims = taskClaims(outline).get(task.step) ?? [];
  if (definition.finished || (claimant && definition.queue)) return withoutClaims(document, claims, moved);
  if (!claimant) return document;
  if (take) {
    const written = claimLine(nestedIndentation(outline, task.line), claimant.holder, claimant.leaseEnd());
    const at = claims.length ? moved(claims[0].line) : moved(task.line) + 1;
    return withoutClaims(document, claims, moved).insertLines(at, [written]);
  }
  const own = claims.find((claim) => sameHolder(claim.holder, claimant.holder));
  return own ? renewedClaim(document, moved(own.line), claimant) : document;
}

/**
 * A person releases the claim on `step`: its Working lines go, and the task is free for any agent. INVALID_TRANSITION
 * when the task has none (nothing to release), NOT_FOUND when there is no such task.
 */
export function releaseClaim(outline: PlanOutline, step: string): { document: PlanDocument; task: PlanTask } {
  const task = findTask(outline, step);
  const claims = taskClaims(outline).get(task.step) ?? [];
  if (!claims.length) {
    throw invalidTransition(filled(rareWords.nothingToRelease(), { step: task.step }));
  }
  return { document: withoutClaims(outline.document, claims), task };
}

/**
 * After the holder renamed or moved its task (now on `taskLine` of `outline`, the document the edit made): its own
 * claim there gets a fresh lease, as any call of the holder on the task renews it. Anything else is left as it is.
 */
export function renewOwnClaim(outline: PlanOutline, taskLine: number, claimant: Claimant | undefined): PlanDocument {
  const task = outline.tasks.find((candidate) => candidate.line === taskLine);
  if (!claimant || !task) return outline.document;
  const own = taskClaims(outline)
    .get(task.step)
    ?.find((claim) => sameHolder(claim.holder, claimant.holder));
  return own ? renewedClaim(outline.document, own.line, claimant) : outline.document;
}

/** `YYYY-MM-DD HH:MM` in UTC, `minutes` after the ISO time `now`: the clock of a store that has no time zone. */
export function utcWallClock(now: string, minutes: number): string {
  return new Date(Date.parse(now) + minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}
