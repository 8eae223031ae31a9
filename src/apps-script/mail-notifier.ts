/**
 * Tells the person by e-mail when the plan starts waiting for them (docs/notifications.md): at most one e-mail per
 * plan every 10 minutes, what happens in between folded into the next (src/core/notifications.ts decides). The state
 * between executions (when it last sent, what is pending, the pending trigger) is a script property. An e-mail held
 * back by the window goes out when the window ends even if nothing else changes (the agent typically stops and waits
 * for the person): one one-off time-driven trigger runs sendWaitingMail then (./mail-trigger.ts). At most one such
 * trigger is pending (Google allows 20 per user per script), and it is deleted once nothing waits to be sent.
 *
 * Runs after the plan's change is committed, under the plan's lock (so two executions never both send in one window),
 * and never throws: the change is done; a failed e-mail stays pending for the next change. Scope: script.send_mail.
 */
import {
  composeMail,
  foldMail,
  mailDueAt,
  readMailState,
  type MailState,
  type WaitingItem,
} from '../core/notifications';
import type { PlanSettings } from '../core/settings';
import { scriptProperties } from './spreadsheet-access';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The script property that keeps when the last e-mail went and what waits to be sent. */
export const MAIL_STATE_PROPERTY = 'sheetPlan.mail';

/** The top-level function the trigger runs (declared through main.ts: a name ending in `_` is unreachable). */
export const MAIL_TRIGGER_FUNCTION = 'sendWaitingMail';

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
  updateMailState(firedTrigger, (state) => {
    if (fresh.length === 0 && state.pending.length === 0 && !state.triggerId) return null;
    const decision = foldMail(state, fresh, waiting, new Date());
    // Not sent: everything stays pending, and the window is not restarted.
    if (decision.send.length > 0 && !sendMail(spreadsheet, settings, decision.send, agent))
      return { ...state, pending: decision.send };
    return decision.state;
  });
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
  const saved = properties.getProperty(MAIL_STATE_PROPERTY);
  const changed = change(withoutTrigger(readMailState(saved), firedTrigger), saved);
  if (!changed) return;
  const text = JSON.stringify(keepOneTrigger(changed, new Date()));
  if (text !== saved) properties.setProperty(MAIL_STATE_PROPERTY, text);
}

/**
 * One trigger while an e-mail is held back by the window, none otherwise: created when the first event is held back
 * (it runs when the window ends), deleted when the e-mail went first or nothing waits any more.
 */
function keepOneTrigger(state: MailState, now: Date): MailState {
  const due = mailDueAt(state, now);
  if (due && state.triggerId) return state;
  if (due) {
    return { ...state, triggerId: scheduleMailTrigger(due.getTime() - now.getTime()) };
  }
  if (!state.triggerId) return state;
  deleteTrigger(state.triggerId);
  return withoutTrigger(state, state.triggerId);
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
      console.warn(`Sheet Plan: the trigger ${uniqueId} could not be deleted (${error})`);
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
      console.warn(
        'Sheet Plan: no one to e-mail (the spreadsheet has no owner, as in a shared drive): set addresses in Settings',
      );
      return false;
    }
    if (MailApp.getRemainingDailyQuota() < recipients.length) {
      console.warn(
        "Sheet Plan: today's e-mail quota is used up; the e-mail waits for the next change after the quota resets",
      );
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
    console.warn(`Sheet Plan: the e-mail to the person could not be sent; it waits for the next change (${error})`);
    return false;
  }
}

/** "Returns the owner of the document, or null for a document in a shared drive"; its e-mail may read empty. */
function ownerAddress(spreadsheet: Spreadsheet): string[] {
  const email = spreadsheet.getOwner()?.getEmail();
  return email ? [email] : [];
}
