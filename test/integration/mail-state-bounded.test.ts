/**
 * The pending-mail state stays well under Google's 9 KB per property whatever the plan holds, is saved before a
 * trigger is made, and never more than one trigger waits: an agent (through doPost with its key) asks twenty long
 * questions inside the 10-minute window, then keeps changing the plan.
 */
import { runDueTriggers, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { MAIL_STATE_PROPERTY } from '../../src/apps-script/mail-notifier';
import { DIST, call, callAsPerson, execute, openSidebar, plan, planText, sheetWithSavedPlan } from './harness';
import { invoiceSheet, minutesAfterStart } from './invoice-plan';
import { connectAgent, deployed, tool } from './keyed-agents';

const PLAN_TEXT = plan(
  '# Plan: Invoices',
  '',
  'Goal: Send March invoices',
  '',
  '## Questions for User',
  '',
  '### Phase 1: Prepare',
  '- [ ] 1.1 Read Orders!A2:E300',
  '- [ ] 1.2 Check the totals',
);

/** A long question, different for each `index`, with characters that take several bytes in UTF-8. */
const question = (index: number) => `Question ${index}: ${'Should the März totals include crédit notes? '.repeat(14)}`;

function setUp() {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { mailWhenWaiting: true, approvalRequired: false });
  return { spreadsheet, agent: connectAgent(spreadsheet, token, 'Claude on my laptop') };
}

function fullPlan(spreadsheet: EmulatedSpreadsheet, key: string, minute: number) {
  return JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'full' }, { now: minutesAfterStart(minute) })) as {
    markdown: string;
    stamp: string;
  };
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

test('twenty long questions and many changes in one window: one trigger, the state under 9 KB, one e-mail', () => {
  const { spreadsheet, agent } = setUp();
  const at = (minute: number) => ({ now: minutesAfterStart(minute) });
  // The first e-mail goes at once and opens the window.
  tool(spreadsheet, agent.key, 'review_task', { step: '1.1', note: 'please look' }, at(0));
  expect(spreadsheet.sentMail).toHaveLength(1);

  const { markdown, stamp } = fullPlan(spreadsheet, agent.key, 1);
  const questions = Array.from({ length: 20 }, (_, index) => `- ${question(index + 1)}`).join('\n');
  const asked = markdown.replace('## Questions for User\n', `## Questions for User\n\n${questions}\n`);
  tool(spreadsheet, agent.key, 'replace_plan', { markdown: asked, base: stamp }, at(1));
  for (let minute = 2; minute < 9; minute++) {
    // Each change asks one more thing, and notes the task: every change folds new events into the held e-mail.
    const current = fullPlan(spreadsheet, agent.key, minute);
    const more = current.markdown.replace('## Questions for User\n', `## Questions for User\n\n- Also ${minute}?`);
    tool(spreadsheet, agent.key, 'replace_plan', { markdown: more, base: current.stamp }, at(minute));
    const note = { action: 'note', step: '1.2', text: `looked again at ${minute}` };
    tool(spreadsheet, agent.key, 'apply_commands', { commands: [note] }, at(minute));
  }

  expect(spreadsheet.triggers.all.map((trigger) => trigger.handlerFunction)).toEqual(['sendWaitingMail']);
  const saved = spreadsheet.properties.script.get(MAIL_STATE_PROPERTY)!;
  expect(bytes(MAIL_STATE_PROPERTY) + bytes(saved)).toBeLessThan(6_000);
  expect(JSON.parse(saved).triggerId).toBe(spreadsheet.triggers.all[0]!.uniqueId);

  // The window ends: one e-mail with what waits, the newest twenty (notifications.ts folds at most that many), each
  // in full: the texts are the plan's at send time, not the shortened ones the state keeps.
  for (const outcome of runDueTriggers(spreadsheet, DIST, at(10))) expect('error' in outcome).toBe(false);
  expect(spreadsheet.sentMail).toHaveLength(2);
  for (let index = 8; index <= 20; index++) expect(spreadsheet.sentMail[1]!.body).toContain(question(index).trim());
  expect(spreadsheet.sentMail[1]!.body).toContain('Also 8?');
  expect(spreadsheet.triggers.all).toHaveLength(0);
});

test('a save of the mail state that fails makes no trigger', () => {
  const { spreadsheet, agent } = setUp();
  const at = (minute: number) => ({ now: minutesAfterStart(minute) });
  tool(spreadsheet, agent.key, 'review_task', { step: '1.1', note: 'please look' }, at(0));
  tool(
    spreadsheet,
    agent.key,
    'review_task',
    { step: '1.2', note: 'and this' },
    {
      ...at(1),
      prepare: (execution) =>
        execution.faults.failNext(
          (call) => call.method === 'setProperty' && call.args[0]?.includes(MAIL_STATE_PROPERTY),
          'Service error: Properties',
        ),
    },
  );
  expect(spreadsheet.sentMail).toHaveLength(1);
  expect(spreadsheet.triggers.all).toHaveLength(0);
  // The next change that holds an e-mail back makes the one trigger.
  const { markdown, stamp } = fullPlan(spreadsheet, agent.key, 2);
  const asked = markdown.replace('## Questions for User\n', '## Questions for User\n\n- Which month?\n');
  tool(spreadsheet, agent.key, 'replace_plan', { markdown: asked, base: stamp }, at(2));
  expect(spreadsheet.triggers.all).toHaveLength(1);
});

test('throw-away questions asked and taken back within the window do not push a review out of the e-mail', () => {
  const spreadsheet = invoiceSheet({ mailWhenWaiting: true, mailTo: ['dana@example.com'] });
  const at = minutesAfterStart;
  expect(execute(spreadsheet, 'reviewTask', ['1.1', 'look'], { now: at(0) }).error).toBeUndefined();
  expect(spreadsheet.sentMail).toHaveLength(1); // the first event goes at once
  expect(execute(spreadsheet, 'reviewTask', ['1.2', 'totals differ'], { now: at(1) }).error).toBeUndefined();
  // Twenty questions fill the pending e-mail, and go again: an agent may take back a question it asked.
  const asked = `${planText(spreadsheet)}\n\n## Questions for User\n\n${Array.from(
    { length: 20 },
    (_, i) => `- Placeholder question ${i + 1}?`,
  ).join('\n')}\n`;
  expect(execute(spreadsheet, 'replacePlan', [asked, call(spreadsheet, 'getPlan').stamp], { now: at(2) }).error).toBe(
    undefined,
  );
  const takenBack = planText(spreadsheet).replace(/\n+## Questions for User[\s\S]*$/, '\n');
  expect(
    execute(spreadsheet, 'replacePlan', [takenBack, call(spreadsheet, 'getPlan').stamp], { now: at(3) }).error,
  ).toBeUndefined();
  runDueTriggers(spreadsheet, DIST, { now: at(10) });
  expect(spreadsheet.sentMail).toHaveLength(2);
  expect(spreadsheet.sentMail[1].subject).toContain('Task 1.2 "');
  expect(spreadsheet.sentMail[1].subject).toContain('waits for your review: totals differ');
});

test('a question asked while twenty reviews wait for the e-mail goes in it (the oldest review gives way)', () => {
  const steps = Array.from({ length: 22 }, (_, index) => `1.${index + 1}`);
  const spreadsheet = sheetWithSavedPlan(
    plan(
      '# Plan: Checks',
      '',
      'Goal: Check each region',
      '',
      '### Phase 1: Regions',
      ...steps.map((s) => `- [ ] ${s} Region ${s}`),
    ),
  );
  callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarSaveSettings', {
    mailWhenWaiting: true,
    approvalRequired: false,
  });
  const at = minutesAfterStart;
  expect(execute(spreadsheet, 'reviewTask', ['1.1', 'look'], { now: at(0) }).error).toBeUndefined();
  expect(spreadsheet.sentMail).toHaveLength(1); // the first event goes at once, and opens the window
  const reviews = steps.slice(1).map((step) => ({ action: 'review', step, text: `region ${step} differs` }));
  expect(execute(spreadsheet, 'applyCommands', [reviews], { now: at(1) }).error).toBeUndefined();
  const asked = `${planText(spreadsheet)}\n## Questions for User\n\n- Should returns count as sales?\n`;
  const { stamp } = call(spreadsheet, 'getPlan');
  expect(execute(spreadsheet, 'replacePlan', [asked, stamp], { now: at(2) }).error).toBeUndefined();

  runDueTriggers(spreadsheet, DIST, { now: at(10) });

  expect(spreadsheet.sentMail).toHaveLength(2);
  const { subject, body } = spreadsheet.sentMail[1];
  expect(body).toContain('- A question for you: Should returns count as sales?');
  expect(subject).toBe('Sheet Plan: 20 things wait for you in Untitled spreadsheet');
  // The newest reviews stay; the e-mail leads the person to the sidebar, which shows them all.
  expect(body).toContain('Task 1.22 "Region 1.22" waits for your review: region 1.22 differs');
});
