/**
 * The time-driven trigger's entry point (sendWaitingMail, named in src/apps-script/main.ts): when the 10-minute window
 * that held an e-mail back ends, it sends what still waits for the person, even though nothing changed since.
 *
 * It runs as a trigger of the bound script, with no active spreadsheet: the plan's spreadsheet is opened by the id a
 * person's run remembered. Like a change, it takes the script lock, so it and an agent's change never both send in one
 * window. It re-reads the plan and the settings first: what the person already dealt with is not mailed, and nothing
 * is sent when mail was turned off or anything cannot be read (fail closed: the error is logged, nothing is sent).
 */
import { waitingItems } from '../core/notifications';
import { outlinePlan } from '../core/parse';
import { deleteTrigger, forgetPendingMail, tellPersonByMail } from './mail-notifier';
import { planSpreadsheet } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';

/** What Apps Script passes a time-driven trigger: `triggerUid` is the id of the trigger that fired. */
interface ClockEvent {
  triggerUid?: unknown;
}

export function sendWaitingMail(event?: ClockEvent): void {
  let opened: GoogleAppsScript.Spreadsheet.Spreadsheet | undefined;
  const spreadsheet = () => (opened ??= planSpreadsheet());
  const fired = typeof event?.triggerUid === 'string' ? event.triggerUid : undefined;
  const store = new SpreadsheetPlanStore(spreadsheet);
  try {
    store.exclusive(() => {
      // A one-off trigger stays in the project's list after it fired: deleted first, so the next one can be made.
      if (fired) deleteTrigger(fired);
      const settings = store.readSettings();
      if (!settings.mailWhenWaiting) return forgetPendingMail(fired);
      const cells = store.read();
      const waiting = cells ? waitingItems(outlinePlan(cells.text), settings.approvalRequired) : [];
      tellPersonByMail(spreadsheet(), settings, [], waiting, fired);
    });
  } catch (error) {
    console.warn(`Sheet Plan: the e-mail held back for the person could not be sent (${error})`);
  }
}
