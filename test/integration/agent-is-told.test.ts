/**
 * The agent is told, through the built bundle: getPlan (and its compact view) says what waits for the person and
 * since when, and what the person decided since the agent's last change, so that an agent resuming after a context
 * loss knows without asking.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  approveAsPerson,
  callAsPerson,
  execute,
  openSidebar,
  personEdits,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
} from './harness';
import { at, connectAgent, deployed, tool } from './web-agents';

const PLAN_TEXT = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  '## Questions',
  '- Net or gross quantities?',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Total the bins',
  '- [ ] 1.2 Write the summary',
  '',
);

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = [], now?: () => Date): any {
  const { result, error } = execute(spreadsheet, name, args, { now });
  if (error) throw error;
  return result;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

test('getPlan says what waits for the person, and since when', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  agent(spreadsheet, 'startTask', ['1.1']);
  agent(spreadsheet, 'reviewTask', ['1.1', 'are the totals right?']);
  const { attention } = agent(spreadsheet, 'getPlan');
  expect(attention.waitingForPerson).toEqual([
    { what: 'question', text: 'Net or gross quantities?', since: expect.stringMatching(ISO) },
    {
      what: 'review',
      step: '1.1',
      text: 'Total the bins',
      note: 'are the totals right?',
      since: expect.stringMatching(ISO),
    },
  ]);
  expect(attention.decidedSinceYourLastChange).toEqual([]);
});

test("the person's decisions since the agent's last change are listed, and the agent's next change clears them", () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  agent(spreadsheet, 'startTask', ['1.1']);
  agent(spreadsheet, 'reviewTask', ['1.1', 'are the totals right?']);
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.1', 'they are');
  callAsPerson(spreadsheet, token, 'sidebarAnswerQuestion', 1, 'Net');

  const { attention } = agent(spreadsheet, 'getPlan');
  expect(attention.waitingForPerson).toEqual([]);
  expect(attention.decidedSinceYourLastChange).toEqual([
    expect.objectContaining({ what: 'review', step: '1.1', text: 'Total the bins', decided: 'approved: they are' }),
    expect.objectContaining({ what: 'answer', text: 'Net or gross quantities?', decided: 'Net' }),
  ]);

  const compact = agent(spreadsheet, 'getPlan', [{ view: 'compact' }]);
  expect(compact.attention).toEqual(attention);
  expect(compact.summary).toContain('The person decided since your last change:');
  expect(compact.summary).toContain('- review of 1.1 Total the bins: approved: they are');
  expect(compact.summary).toContain('- answered "Net or gross quantities?": Net');

  agent(spreadsheet, 'startTask', ['1.1']);
  expect(agent(spreadsheet, 'getPlan').attention.decidedSinceYourLastChange).toEqual([]);
});

test('the compact view names what waits, with its time', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  agent(spreadsheet, 'startTask', ['1.2'], () => new Date('2026-03-02T09:15:00Z'));
  const { summary } = agent(spreadsheet, 'getPlan', [{ view: 'compact' }]);
  expect(summary).toContain('Waiting for the person: 1 open question (since 2026-03-02 09:15 UTC)');
  agent(spreadsheet, 'reviewTask', ['1.2', 'is the layout right?'], () => new Date('2026-03-02T10:40:00Z'));
  expect(agent(spreadsheet, 'getPlan', [{ view: 'compact' }]).summary).toContain(
    'Waiting for the person: review of 1.2 (since 2026-03-02 10:40 UTC); 1 open question (since 2026-03-02 09:15 UTC)',
  );
});

test('a plan nobody changed since tracking began says what waits, without a time', () => {
  const { attention } = agent(sheetWithPlan(PLAN_TEXT), 'getPlan');
  expect(attention).toEqual({
    waitingForPerson: [{ what: 'question', text: 'Net or gross quantities?' }],
    decidedSinceYourLastChange: [],
  });
});

test("a draft waits for the person's approval; the approval is then listed as the person's decision", () => {
  const spreadsheet = sheetWithPlan(
    PLAN_TEXT.replace('Goal: Total the stock per bin', 'Goal: Total the stock per bin\n\nStatus: draft'),
  );
  spreadsheet.properties.script.set('sheetPlan.settings', JSON.stringify({ approvalRequired: true }));
  agent(spreadsheet, 'setTaskNote', ['1.1', 'bins A to C']);
  expect(agent(spreadsheet, 'getPlan').attention.waitingForPerson[0]).toEqual({
    what: 'approval',
    text: 'Stock summary',
    since: expect.stringMatching(ISO),
  });
  approveAsPerson(spreadsheet, openSidebar(spreadsheet), 'go ahead');
  const { attention } = agent(spreadsheet, 'getPlan');
  expect(attention.waitingForPerson.map((item: { what: string }) => item.what)).toEqual(['question']);
  expect(attention.decidedSinceYourLastChange).toEqual([
    expect.objectContaining({ what: 'plan', text: 'Stock summary', decided: 'approved — go ahead' }),
  ]);
});

test('an answer the person types into the plan cell is their decision too', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  agent(spreadsheet, 'startTask', ['1.1']);
  const typed = planText(spreadsheet).replace(
    '- Net or gross quantities?',
    '- Net or gross quantities?\n  - Answer: Gross',
  );
  personEdits(spreadsheet, PLAN, typed);
  const { attention } = agent(spreadsheet, 'getPlan');
  expect(attention.waitingForPerson).toEqual([]);
  expect(attention.decidedSinceYourLastChange).toEqual([
    expect.objectContaining({ what: 'answer', text: 'Net or gross quantities?', decided: 'Gross' }),
  ]);
});

test("each agent is told the decisions since its own last change: another's change does not hide them", () => {
  const { spreadsheet, token } = deployed(
    sheetWithSavedPlan(PLAN_TEXT.replace('## Questions', 'Status: approved\n\n## Questions')),
  );
  const [alpha, beta] = ['Alpha', 'Beta'].map((name) => connectAgent(spreadsheet, token, name));
  tool(spreadsheet, alpha, 'start_task', { step: '1.1' }, at(0));
  tool(spreadsheet, alpha, 'review_task', { step: '1.1', note: 'are the totals right?' }, at(1));
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.1', 'they are');
  tool(spreadsheet, beta, 'start_task', { step: '1.2' }, at(2));
  // The MCP tool's compact view: its summary names the decisions.
  const told = (key: string) => {
    const { summary } = JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'compact' }, at(3)));
    return summary.split('\n').filter((line: string) => line.startsWith('- review of'));
  };
  expect(told(alpha)).toEqual([expect.stringMatching(/^- review of 1\.1 Total the bins: approved: they are \(/)]);
  expect(told(beta)).toEqual([]);
  tool(spreadsheet, alpha, 'apply_commands', { commands: [{ action: 'note', step: '1.1', text: 'checked' }] }, at(4));
  expect(told(alpha)).toEqual([]);
});

test("a new plan starts with none of the earlier plan's decisions: they were about that plan", () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  agent(spreadsheet, 'startTask', ['1.1']);
  agent(spreadsheet, 'reviewTask', ['1.1', 'are the totals right?']);
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.1', 'they are');
  callAsPerson(spreadsheet, token, 'sidebarAnswerQuestion', 1, 'Net');
  expect(agent(spreadsheet, 'getPlan').attention.decidedSinceYourLastChange).toHaveLength(2);

  agent(spreadsheet, 'createPlan', ['Stock count', 'Count the bins', [{ name: 'Count', steps: ['Count bin A'] }]]);

  expect(agent(spreadsheet, 'getPlan').attention.decidedSinceYourLastChange).toEqual([]);
  const { spreadsheet: deployedSheet, token: owner } = deployed(spreadsheet);
  const newcomer = connectAgent(deployedSheet, owner, 'Newcomer');
  const { summary } = JSON.parse(tool(deployedSheet, newcomer, 'get_plan', { view: 'compact' }, at(5)));
  expect(summary).not.toContain('The person decided');
});
