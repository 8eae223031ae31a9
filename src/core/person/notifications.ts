/**
 * Telling the person when the plan starts waiting for them, outside the sheet (docs/notifications.md). Pure: what
 * waits in a plan, what newly waits after a change, how events fold into at most one e-mail per window, and the
 * e-mail's words. The sending is the adapter's (src/apps-script/mail-notifier.ts).
 */
import { waitingSourceOfOutline, whatWaitsForPerson } from './waiting';
import { outlinePlan, type PlanOutline } from '../format/parse';
import * as rareWords from '../rare-words';
import { filled } from '../text';

/** At most one e-mail per plan in this window; what happens within it folds into the next one. */
export const MAIL_WINDOW_MS = 10 * 60 * 1000;

/** Pending events kept at most (a burst of hundreds still makes one short e-mail). */
const PENDING_LIMIT = 20;

/** The setting's name in the sidebar, which the e-mail's off switch names. */
export const MAIL_SETTING_LABEL = 'E-mail me when the plan waits for me';

export type WaitingKind = 'review' | 'question' | 'approval';

/** One thing that waits for the person. `key` tells it apart from the others across versions of the plan. */
export interface WaitingItem {
  kind: WaitingKind;
  key: string;
  /** What the e-mail says: `Task 1.2 "Check totals" waits for your review: totals differ`. */
  text: string;
}

/** What waits for the person in a plan (src/core/person/waiting.ts), in the e-mail's words. */
export function waitingItems(outline: PlanOutline, approvalRequired: boolean): WaitingItem[] {
  return whatWaitsForPerson(waitingSourceOfOutline(outline), approvalRequired).map((thing): WaitingItem => {
    if (thing.what === 'approval')
      return { kind: 'approval', key: 'approval', text: `The plan "${thing.text}" waits for your approval` };
    if (thing.what === 'question')
      return { kind: 'question', key: `question:${thing.text}`, text: `A question for you: ${thing.text}` };
    const note = thing.note ? `: ${thing.note}` : '';
    return {
      kind: 'review',
      key: `review:${thing.text}`,
      text: `Task ${thing.step} "${thing.text}" waits for your review${note}`,
    };
  });
}

/** What waits after a change that did not wait before it. */
export function newlyWaiting(before: readonly WaitingItem[], after: readonly WaitingItem[]): WaitingItem[] {
  const waited = new Set(before.map((item) => item.key));
  return after.filter((item) => !waited.has(item.key));
}

/**
 * What newly waits between two texts of the plan, as the sidebar sees them: a draft counts as waiting for approval
 * (the sidebar does not read the settings for it), a plan without a Status line does not.
 */
export function newlyWaitingIn(before: string, after: string): WaitingItem[] {
  const items = (text: string) => {
    const outline = outlinePlan(text);
    return waitingItems(outline, outline.status !== undefined);
  };
  return newlyWaiting(items(before), items(after));
}

/** What the notifier keeps between executions (a script property): when it last sent, and what waits to be sent. */
export interface MailState {
  /** ISO time of the last e-mail sent; absent before the first. */
  lastSentAt?: string;
  pending: WaitingItem[];
  /** The unique id of the one time-driven trigger that sends the held-back e-mail when the window ends. */
  triggerId?: string;
}

/** The saved state; anything unreadable is a fresh one (nothing pending, nothing sent). */
export function readMailState(saved: string | null | undefined): MailState {
  if (!saved) return { pending: [] };
  try {
    const state = JSON.parse(saved) as Partial<MailState>;
    const pending = Array.isArray(state.pending) ? state.pending.filter(isWaitingItem) : [];
    const read: MailState =
      typeof state.lastSentAt === 'string' ? { lastSentAt: state.lastSentAt, pending } : { pending };
    if (typeof state.triggerId === 'string' && state.triggerId) read.triggerId = state.triggerId;
    return read;
  } catch {
    return { pending: [] };
  }
}

function isWaitingItem(value: unknown): value is WaitingItem {
  const item = value as WaitingItem;
  return typeof item?.key === 'string' && typeof item.text === 'string' && typeof item.kind === 'string';
}

/** What to do now: the items to send (none: wait), and the state to keep. */
export interface MailDecision {
  send: WaitingItem[];
  state: MailState;
}

/** Of a full e-mail's places, those questions keep while reviews need them. */
const QUESTION_PLACES = 5;

/**
 * The pending events, at most PENDING_LIMIT: past it, the oldest question goes while more than QUESTION_PLACES wait,
 * else the oldest review; never the plan's approval. An agent may take back a question it asked, never a review item:
 * so a burst of throw-away questions pushes at most that many reviews out, and twenty reviews cannot keep a new
 * question out. The sidebar, which the e-mail leads to, shows whatever waits.
 */
function withinLimit(pending: readonly WaitingItem[]): WaitingItem[] {
  const kept = [...pending];
  while (kept.length > PENDING_LIMIT) {
    const questions = kept.filter((item) => item.kind === 'question').length;
    const kind = questions > QUESTION_PLACES ? 'question' : 'review';
    kept.splice(
      kept.findIndex((item) => item.kind === kind),
      1,
    );
  }
  return kept;
}

/**
 * Folds `fresh` events into the pending ones, drops those that no longer wait (the person already acted), and sends
 * them all when the window since the last e-mail has passed; otherwise keeps them for the next call after it.
 */
export function foldMail(
  state: MailState,
  fresh: readonly WaitingItem[],
  stillWaiting: readonly WaitingItem[],
  now: Date,
): MailDecision {
  const waiting = new Set(stillWaiting.map((item) => item.key));
  const pending: WaitingItem[] = [];
  for (const item of [...state.pending, ...fresh]) {
    if (waiting.has(item.key) && !pending.some((known) => known.key === item.key)) pending.push(item);
  }
  const kept = withinLimit(pending);
  const last = state.lastSentAt ? Date.parse(state.lastSentAt) : NaN;
  const windowOpen = Number.isNaN(last) || now.getTime() - last >= MAIL_WINDOW_MS;
  if (kept.length === 0 || !windowOpen) return { send: [], state: { ...state, pending: kept } };
  const sent: MailState = { lastSentAt: now.toISOString(), pending: [] };
  if (state.triggerId) sent.triggerId = state.triggerId;
  return { send: kept, state: sent };
}

/**
 * When the e-mail held back by the window is due: the window's end, when something is pending and the window has not
 * ended yet; otherwise null (nothing waits, or it goes with the next call: an e-mail that failed waits for that).
 */
export function mailDueAt(state: MailState, now: Date): Date | null {
  if (state.pending.length === 0 || !state.lastSentAt) return null;
  const due = Date.parse(state.lastSentAt) + MAIL_WINDOW_MS;
  return Number.isNaN(due) || due <= now.getTime() ? null : new Date(due);
}

export interface MailMessage {
  subject: string;
  body: string;
}

/** The e-mail: what waits, a link that opens the sheet, and how to stop these e-mails. */
export function composeMail(items: readonly WaitingItem[], sheetName: string, sheetUrl: string): MailMessage {
  const subject =
    items.length === 1
      ? `Sheet Plan: ${items[0]!.text} (${sheetName})`
      : filled(rareWords.mailSubject(), { count: `${items.length}`, sheet: sheetName });
  const body = filled(rareWords.mailBody(), {
    sheet: sheetName,
    items: items.map((item) => `- ${item.text}`).join('\n'),
    url: sheetUrl,
    setting: MAIL_SETTING_LABEL,
  });
  return { subject: subject.length > 250 ? `${subject.slice(0, 247)}...` : subject, body };
}
