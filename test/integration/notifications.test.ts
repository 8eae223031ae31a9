/**
 * The person is told by e-mail when the plan starts waiting for them (docs/notifications.md), through the bundle as
 * Apps Script runs it: at most one e-mail per 10 minutes per plan, what happens in between folded into the next, none
 * while the setting is off, and a failed e-mail never fails the agent's change.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { callAsPerson, execute, openSidebar, planText } from './harness';
import { invoiceSheet, minutesAfterStart } from './invoice-plan';

function review(spreadsheet: EmulatedSpreadsheet, step: string, atMinute: number) {
  const { error, execution } = execute(spreadsheet, 'reviewTask', [step, 'please look'], {
    now: minutesAfterStart(atMinute),
  });
  expect(error).toBeUndefined();
  return execution;
}

describe('e-mail when the plan waits for the person', () => {
  test('a burst of review requests sends one e-mail per 10 minutes; the rest fold into the next', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    review(spreadsheet, '1.3', 2);
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(spreadsheet.sentMail[0]).toMatchObject({ to: ['owner@example.com'] });
    expect(spreadsheet.sentMail[0]!.subject).toContain('Task 1.1 "Read Orders!A2:E300" waits for your review');
    expect(spreadsheet.sentMail[0]!.body).toContain(`Open the sheet: ${spreadsheet.url}`);
    // The footer is read from RareTexts.html (src/core/rare-words.ts mailBody), whole.
    expect(spreadsheet.sentMail[0]!.body).toContain(
      'Sheet Plan sends at most one e-mail every 10 minutes per plan. To stop these e-mails, open the sheet, then\n' +
        'Agent Plan > Open plan > Settings, and untick "E-mail me when the plan waits for me".',
    );

    review(spreadsheet, '1.4', 11);
    expect(spreadsheet.sentMail).toHaveLength(2);
    const folded = spreadsheet.sentMail[1]!;
    expect(folded.subject).toBe('Sheet Plan: 3 things wait for you in Untitled spreadsheet');
    for (const step of ['1.2', '1.3', '1.4']) expect(folded.body).toContain(`Task ${step} `);
    expect(folded.body).not.toContain('Task 1.1 ');
  });

  test('none is sent while the setting is off (the default)', () => {
    const spreadsheet = invoiceSheet(null);
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 30);
    expect(spreadsheet.sentMail).toHaveLength(0);
    expect(spreadsheet.properties.script.get('sheetPlan.mail')).toBeUndefined();
  });

  test('the addresses the person set receive it instead of the owner', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true, mailTo: ['dana@example.com', 'lee@example.com'] });
    review(spreadsheet, '1.1', 0);
    expect(spreadsheet.sentMail.map((mail) => mail.to)).toEqual([['dana@example.com', 'lee@example.com']]);
  });

  test('a sheet without an owner and without addresses sends nothing and keeps the event', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    spreadsheet.owner = null;
    const execution = review(spreadsheet, '1.1', 0);
    expect(spreadsheet.sentMail).toHaveLength(0);
    expect(execution.logs.map((entry) => entry.message).join('\n')).toMatch(/no one to e-mail/);
    expect(JSON.parse(spreadsheet.properties.script.get('sheetPlan.mail')!).pending).toHaveLength(1);
  });

  test('an e-mail that fails leaves the change written, and goes with the next change', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    const { error } = execute(spreadsheet, 'reviewTask', ['1.1', 'please look'], {
      now: minutesAfterStart(0),
      prepare: (execution) => execution.faults.failNext('MailApp.sendEmail', 'Service unavailable: Gmail'),
    });
    expect(error).toBeUndefined();
    expect(planText(spreadsheet)).toContain('- [!] 1.1 Read Orders!A2:E300');
    expect(spreadsheet.sentMail).toHaveLength(0);
    expect(execute(spreadsheet, 'startTask', ['1.2'], { now: minutesAfterStart(1) }).error).toBeUndefined();
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(spreadsheet.sentMail[0]!.subject).toContain('Task 1.1');
  });

  test('an item the person dealt with before the window ended is not mailed', () => {
    const spreadsheet = invoiceSheet({ mailWhenWaiting: true });
    review(spreadsheet, '1.1', 0);
    review(spreadsheet, '1.2', 1);
    callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarTaskAction', 'approve', '1.2', 'fine');
    expect(execute(spreadsheet, 'startTask', ['1.3'], { now: minutesAfterStart(12) }).error).toBeUndefined();
    expect(spreadsheet.sentMail).toHaveLength(1);
    expect(JSON.parse(spreadsheet.properties.script.get('sheetPlan.mail')!).pending).toEqual([]);
  });
});
