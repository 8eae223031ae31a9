/**
 * Tells the person by e-mail when the plan starts waiting for them (docs/notifications.md): at most one e-mail per
 * plan every 10 minutes, what happens in between folded into the next (src/core/person/notifications.ts decides). The
 * state between executions (when it last sent, what is pending, the pending trigger) is a script property. An e-mail
 * held back by the window goes out when the window ends even if nothing else changes (the agent typically stops and
 * waits for the person): one one-off time-driven trigger runs sendWaitingMail then (./mail-trigger.ts). At most one
 * such trigger is pending (Google allows 20 per user per script), and it is deleted once nothing waits to be sent.
 *
 * Runs after the plan's change is committed, under the plan's lock (so two executions never both send in one window),
 * and never throws: the change is done; a failed e-mail stays pending for the next change. Scope: script.send_mail.
 *
 * The state is bounded whatever the plan holds (Google allows 9 KB per property): a pending item keeps a short key
 * (its kind and a hash of what tells it apart) and the start of its text; the e-mail's words are the plan's at send
 * time (what still waits). The state is saved before a trigger is made (a failed save makes none), and a trigger is
 * made only when no trigger for sendWaitingMail exists (one found is adopted): never more than one waits.
 */
import {
  composeMail,
  foldMail,
  mailDueAt,
  readMailState,
  type MailState,
  type WaitingItem,
} from '../core/person/notifications';
import type { PlanSettings } from '../core/person/settings';
import type { Notifier } from '../core/write-path/store';
import { filled, utf8Length } from '../core/text';
import { scriptProperties } from './spreadsheet-access';
import * as rareRefusals from './rare-refusals';
import { warn } from './warn';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The script property that keeps when the last e-mail went and what waits to be sent. */
export const MAIL_STATE_PROPERTY = 'sheetPlan.mail';

/** The top-level function the trigger runs (declared through main.ts: a name ending in `_` is unreachable). */
export const MAIL_TRIGGER_FUNCTION = 'sendWaitingMail';

/** The saved state's size at most, in bytes (name and value): well under Google's 9 KB per property. */
export const MAIL_STATE_BUDGET = 5_000;
/** Characters of an item's text kept in the state: the e-mail takes the plan's words at send time. */
const KEPT_TEXT = 40;

export function tellPersonByMail(
  spreadsheet: Spreadsheet,
  settings: PlanSettings,
  fresh: WaitingItem[],
  waiting: WaitingItem[],
  /** The unique id of the trigger that runs this call (sendWaitingMail): it has fired, and was deleted. */
  firedTrigger?: string,
  /** The name of the agent whose change this is, when it has one: the e-mail says who is waiting for the person. */
  agent?: string,
): void {
  const current = new Map(waiting.map((item) => [compactKey(item.key), item]));
  updateMailState(firedTrigger, (state) => {
    if (fresh.length === 0 && state.pending.length === 0 && !state.triggerId) return null;
    const decision = foldMail(state, fresh.map(compactItem), waiting.map(compactItem), new Date());
    const words = decision.send.map((item) => current.get(item.key) ?? item);
    // Not sent: everything stays pending, and the window is not restarted.
    if (decision.send.length > 0 && !sendMail(spreadsheet, settings, words, agent))
      return { ...state, pending: decision.send };
    return decision.state;
  });
}

/** An item as the state keeps it: a key of bounded length, the start of its text. */
function compactItem(item: WaitingItem): WaitingItem {
  const text = [...item.text];
  return {
    kind: item.kind,
    key: compactKey(item.key),
    text: text.length > KEPT_TEXT ? `${text.slice(0, KEPT_TEXT - 1).join('')}…` : item.text,
  };
}

/** `question:#k3x…`: the kind, and a hash of the whole key (idempotent: a compact key stays as it is). */
function compactKey(key: string): string {
  if (key === 'approval' || /^[a-z]+:#[0-9a-z]+$/.test(key)) return key;
  const colon = key.indexOf(':');
  const kind = colon > 0 ? key.slice(0, colon) : 'item';
  return `${kind}:#${hashText(key, 0x811c9dc5)}${hashText(key, 0x01000193)}`;
}

/** FNV-1a over UTF-16 units from `seed`, in base 36: two seeds make a 64-bit key (no service call). */
function hashText(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The state as saved: its oldest pending items dropped until it fits the budget (a fresh item is kept). */
function boundedText(state: MailState): string {
  let pending = state.pending.map(compactItem);
  for (;;) {
    const text = JSON.stringify({ ...state, pending });
    if (utf8Length(MAIL_STATE_PROPERTY) + utf8Length(text) <= MAIL_STATE_BUDGET || pending.length === 0) return text;
    pending = pending.slice(1);
  }
}

/**
 * Nothing to send any more (mail turned off): the pending events and their trigger go. Under the lock, like a change.
 */
export function forgetPendingMail(firedTrigger?: string): void {
  updateMailState(firedTrigger, (state, saved) => (saved === null ? null : { ...state, pending: [] }));
}

/**
 * The one read-change-write of the mail state: read (the fired trigger taken off), changed by `change` (null: leave it
 * as it is), given one trigger at most, written only when its text changed.
 */
function updateMailState(
  firedTrigger: string | undefined,
  change: (state: MailState, saved: string | null) => MailState | null,
): void {
  const properties = scriptProperties();
  const saved = properties.freshProperty(MAIL_STATE_PROPERTY);
  const changed = change(withoutTrigger(readMailState(saved), firedTrigger), saved);
  if (!changed) return;
  const save = (state: MailState, before: string | null) => {
    const text = boundedText(state);
    if (text !== before) properties.setProperty(MAIL_STATE_PROPERTY, text);
    return text;
  };
  const now = new Date();
  const due = mailDueAt(changed, now);
  if (due && !changed.triggerId) {
    // Saved first: a save that fails throws here, before any trigger exists.
    const kept = save(changed, saved);
    save({ ...changed, triggerId: oneMailTrigger(due.getTime() - now.getTime()) }, kept);
    return;
  }
  if (!due && changed.triggerId) {
    deleteTrigger(changed.triggerId);
    save(withoutTrigger(changed, changed.triggerId), saved);
    return;
  }
  save(changed, saved);
}

/**
 * One trigger while an e-mail is held back by the window: the pending trigger for sendWaitingMail when one exists
 * (its id was lost, or another execution made it), else a new one that runs when the window ends.
 */
function oneMailTrigger(ms: number): string {
  const pending = ScriptApp.getProjectTriggers().find(
    (trigger) => trigger.getHandlerFunction() === MAIL_TRIGGER_FUNCTION,
  );
  return pending ? pending.getUniqueId() : scheduleMailTrigger(ms);
}

/** Whether a trigger for sendWaitingMail waits already (one is all it takes). */
export function mailTriggerPending(): boolean {
  return ScriptApp.getProjectTriggers().some((trigger) => trigger.getHandlerFunction() === MAIL_TRIGGER_FUNCTION);
}

function withoutTrigger(state: MailState, uniqueId: string | undefined): MailState {
  if (!uniqueId || state.triggerId !== uniqueId) return state;
  const { triggerId: _gone, ...rest } = state;
  return rest;
}

/**
 * Deletes the project trigger with this unique id, if it is still there: a person may have deleted it, or the trigger
 * itself as it fired, outside the lock (a trigger gone in between is not an error).
 */
export function deleteTrigger(uniqueId: string): void {
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (trigger.getUniqueId() !== uniqueId) continue;
    try {
      ScriptApp.deleteTrigger(trigger);
    } catch (error) {
      warn(filled(rareRefusals.triggerNotDeleted(), { id: uniqueId }), error);
    }
  }
}

/** A trigger that runs sendWaitingMail after `ms` (Google: "not less than" that); its unique id. */
export function scheduleMailTrigger(ms: number): string {
  return ScriptApp.newTrigger(MAIL_TRIGGER_FUNCTION).timeBased().after(ms).create().getUniqueId();
}

/** Sends one e-mail; false (logged) when there is no one to send it to, no quota left, or MailApp fails. */
function sendMail(spreadsheet: Spreadsheet, settings: PlanSettings, items: WaitingItem[], agent?: string): boolean {
  try {
    const recipients = settings.mailTo.length > 0 ? settings.mailTo : ownerAddress(spreadsheet);
    if (recipients.length === 0) {
      warn(rareRefusals.noOneToMail());
      return false;
    }
    if (MailApp.getRemainingDailyQuota() < recipients.length) {
      warn(rareRefusals.mailQuotaUsed());
      return false;
    }
    const { subject, body } = composeMail(items, spreadsheet.getName(), spreadsheet.getUrl());
    MailApp.sendEmail(
      recipients.join(','),
      subject,
      agent ? body.replace(/^The agent's plan/, `${agent}'s plan`) : body,
    );
    return true;
  } catch (error) {
    warn(rareRefusals.mailFailed(), error);
    return false;
  }
}

/** "Returns the owner of the document, or null for a document in a shared drive"; its e-mail may read empty. */
function ownerAddress(spreadsheet: Spreadsheet): string[] {
  const email = spreadsheet.getOwner()?.getEmail();
  return email ? [email] : [];
}

/** The plan's notifier: e-mails the person once the change is committed, still under the lock. */
export class MailNotifier implements Notifier {
  /** `afterCommit`: runs a step once the change under way is committed. */
  constructor(
    private readonly spreadsheet: () => Spreadsheet,
    private readonly afterCommit: (step: () => void) => void,
  ) {}

  tellPerson(fresh: WaitingItem[], waiting: WaitingItem[], settings: PlanSettings, agent?: string): void {
    this.afterCommit(() => tellPersonByMail(this.spreadsheet(), settings, fresh, waiting, undefined, agent));
  }
}
