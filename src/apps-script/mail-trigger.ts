/**
 * The time-driven trigger's entry point (sendWaitingMail, named in src/apps-script/main.ts): when the 10-minute window
 * that held an e-mail back ends, it sends what still waits for the person, even though nothing changed since.
 *
 * It runs as a trigger of the bound script, with no active spreadsheet: the plan's spreadsheet is opened by the id a
 * person's run remembered. Like a change, it takes the script lock, so it and an agent's change never both send in one
 * window. It re-reads the plan and the settings first: what the person already dealt with is not mailed, and nothing
 * is sent when mail was turned off or anything cannot be read (fail closed: the error is logged, nothing is sent). A
plan busy with another execution is tried again a minute later.
 */
import { waitingItems } from '../core/person/notifications';
import { outlinePlan } from '../core/format/parse';
import { PlanError } from '../core/errors';
import {
  deleteTrigger,
  forgetPendingMail,
  mailTriggerPending,
  scheduleMailTrigger,
  tellPersonByMail,
} from './mail-notifier';
import { planSpreadsheet } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';
import { warn } from './warn';
import * as rareRefusals from './rare-refusals';

/** When the plan was busy as the trigger fired, how long until it tries again. */
const RETRY_AFTER_BUSY_MS = 60 * 1000;

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
    // A one-off trigger stays in the project's list after it fired: deleted first, whatever happens next.
    if (fired) deleteTrigger(fired);
    store.exclusive(() => {
      // The plan first: its label says whether the person saved other settings since this execution read them.
      const cells = store.read();
      const settings = store.settings.readSettings();
      if (!settings.mailWhenWaiting) return forgetPendingMail(fired);
      const waiting = cells ? waitingItems(outlinePlan(cells.text), settings.approvalRequired) : [];
      tellPersonByMail(spreadsheet(), settings, [], waiting, fired);
    }, 'plan');
  } catch (error) {
    if (error instanceof PlanError && error.code === 'BUSY') {
      // Another execution holds the plan; a person's action there sends nothing, so try again in a minute rather
      // than leave the e-mail to an agent's next change. That trigger deletes itself when it fires.
      retryLater();
      return;
    }
    warn(rareRefusals.heldMailNotSent(), error);
  }
}

function retryLater(): void {
  try {
    // Another trigger for sendWaitingMail waits already: it does the same, and one is all that may wait.
    if (!mailTriggerPending()) scheduleMailTrigger(RETRY_AFTER_BUSY_MS);
  } catch (error) {
    warn(rareRefusals.noRetryScheduled(), error);
  }
}
