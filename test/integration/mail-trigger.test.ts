/**
 * An e-mail held back by the 10-minute window goes out when the window ends, with no further change (the agent asked
 * for review and waits): a one-off time-driven trigger runs sendWaitingMail, through the bundle on the emulator, whose
 * clock decides when the trigger is due.
 */
import { createExecution, runDueTriggers, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { DIST, callAsPerson, execute, openSidebar } from './harness';
import { START, invoiceSheet, minutesAfterStart } from './invoice-plan';

function review(spreadsheet: EmulatedSpreadsheet, step: string, minute: number): void {
  expect(
    execute(spreadsheet, 'reviewTask', [step, 'please look'], { now: minutesAfterStart(minute) }).error,
  ).toBeUndefined();
}

function fireDue(spreadsheet: EmulatedSpreadsheet, minute: number) {
  const outcomes = runDueTriggers(spreadsheet, DIST, { now: minutesAfterStart(minute) });
  for (const outcome of outcomes) expect('error' in outcome ? outcome.error : undefined).toBeUndefined();
  return outcomes;
}

const mailState = (spreadsheet: EmulatedSpreadsheet) =>
  JSON.parse(spreadsheet.properties.script.get('sheetPlan.mail')!);

describe('an e-mail held back by the window goes out when it ends, without another change', () => {
  test('a burst whose second event is folded: after 10 minutes one more e-mail, and no trigger left', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    review(spreadsheet, '1.3', 2);
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(spreadsheet.triggers.all.map((trigger) => trigger.handlerFunction)).toEqual(['sendWaitingMail']);
    expect(spreadsheet.triggers.all[0]!.dueAt).toBe(START + 10 * 60_000);

    expect(fireDue(spreadsheet, 9)).toHaveLength(0);
    expect(fireDue(spreadsheet, 10)).toHaveLength(1);
    expect(spreadsheet.sentMail).toHaveLength(2);
    const folded = spreadsheet.sentMail[1]!;
    expect(folded.subject).toBe('Sheet Plan: 2 things wait for you in Untitled spreadsheet');
    expect(folded.body).toContain('Task 1.2 ');
    expect(folded.body).toContain('Task 1.3 ');
    expect(spreadsheet.triggers.all).toHaveLength(0);
    expect(mailState(spreadsheet)).toEqual({ lastSentAt: new Date(START + 10 * 60_000).toISOString(), pending: [] });
  });

  test('the trigger runs with no active spreadsheet: it opens the remembered one', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    const [outcome] = fireDue(spreadsheet, 10);
    const calls = outcome!.execution.calls.map((call) => `${call.service}.${call.method}`);
    expect(calls).toContain('SpreadsheetApp.openById');
    expect(calls).not.toContain('SpreadsheetApp.getActiveSpreadsheet');
    expect(calls).toContain('LockService.getScriptLock');
  });

  test('a person who acted before the window ended gets no e-mail, and the trigger is gone', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarTaskAction', 'approve', '1.2', 'fine');
    fireDue(spreadsheet, 10);
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(spreadsheet.triggers.all).toHaveLength(0);
    expect(mailState(spreadsheet).pending).toEqual([]);
  });

  test('with the setting off no trigger is made; turned off while one waits, it sends nothing', () => {
    const off = invoiceSheet(null);
    review(off, '1.1', 0);
    review(off, '1.2', 1);
    expect(off.triggers.all).toHaveLength(0);

    const turnedOff = invoiceSheet({ mailWhenWaiting: true });
    review(turnedOff, '1.1', 0);
    review(turnedOff, '1.2', 1);
    callAsPerson(turnedOff, openSidebar(turnedOff), 'sidebarSaveSettings', { mailWhenWaiting: false });
    fireDue(turnedOff, 10);
    expect(turnedOff.sentMail).toHaveLength(1);
    expect(turnedOff.triggers.all).toHaveLength(0);
  });

  test('one trigger at most, however many events are folded', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    review(spreadsheet, '1.3', 2);
    review(spreadsheet, '1.4', 3);
    expect(spreadsheet.triggers.all).toHaveLength(1);
  });

  test('a change after the window sends first: the trigger is deleted and fires nothing', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    expect(execute(spreadsheet, 'startTask', ['1.3'], { now: minutesAfterStart(10) }).error).toBeUndefined();
    expect(spreadsheet.sentMail).toHaveLength(2);
    expect(spreadsheet.triggers.all).toHaveLength(0);
    expect(fireDue(spreadsheet, 11)).toHaveLength(0);
  });

  test('a plan busy when the trigger fires: it tries again a minute later, and then sends', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    const holder = createExecution(spreadsheet, { now: minutesAfterStart(10) });
    expect(holder.globals.LockService.getScriptLock().tryLock(0)).toBe(true);
    fireDue(spreadsheet, 10);
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(spreadsheet.triggers.all.map((trigger) => trigger.dueAt)).toEqual([START + 11 * 60_000]);
    holder.end();
    fireDue(spreadsheet, 11);
    expect(spreadsheet.sentMail).toHaveLength(2);
    expect(spreadsheet.sentMail[1]!.subject).toContain('Task 1.2');
    expect(spreadsheet.triggers.all).toHaveLength(0);
  });
});
