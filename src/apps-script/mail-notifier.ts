/**
 * Tells the person by e-mail when the plan starts waiting for them (docs/notifications.md): at most one e-mail per
 * plan every 10 minutes, what happens in between folded into the next (src/core/notifications.ts decides). The state
 * between executions (when it last sent, what is pending) is a script property. No time-based trigger: it would need
 * the extra script.scriptapp scope and a job that outlives the call; pending events go out with the agent's next
 * change after the window instead (an agent waiting for the person keeps working or asking).
 *
 * Runs after the plan's change is committed, under the plan's lock (so two executions never both send in one window),
 * and never throws: the change is done; a failed e-mail stays pending for the next change. Scope: script.send_mail.
 */
import { composeMail, foldMail, readMailState, type WaitingItem } from '../core/notifications';
import type { PlanSettings } from '../core/settings';
import { scriptProperties } from './spreadsheet-access';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The script property that keeps when the last e-mail went and what waits to be sent. */
export const MAIL_STATE_PROPERTY = 'sheetPlan.mail';

export function tellPersonByMail(
  spreadsheet: Spreadsheet,
  settings: PlanSettings,
  fresh: WaitingItem[],
  waiting: WaitingItem[],
): void {
  const properties = scriptProperties();
  const saved = properties.getProperty(MAIL_STATE_PROPERTY);
  const state = readMailState(saved);
  if (fresh.length === 0 && state.pending.length === 0) return;
  const decision = foldMail(state, fresh, waiting, new Date());
  let next = decision.state;
  // Not sent: everything stays pending, and the window is not restarted.
  if (decision.send.length > 0 && !sendMail(spreadsheet, settings, decision.send))
    next = { ...state, pending: decision.send };
  const text = JSON.stringify(next);
  if (text !== saved) properties.setProperty(MAIL_STATE_PROPERTY, text);
}

/** Sends one e-mail; false (logged) when there is no one to send it to, no quota left, or MailApp fails. */
function sendMail(spreadsheet: Spreadsheet, settings: PlanSettings, items: WaitingItem[]): boolean {
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
    MailApp.sendEmail(recipients.join(','), subject, body);
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
