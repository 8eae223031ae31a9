/**
 * What an agent reads in a tool's structured answer, through the built bundle's doPost as an MCP client gets it: the
 * plan's status (a draft without a Status line while it waits for approval), the person's comment on it and what waits
 * for them (get_plan); that a re-plan left the plan a draft waiting for the person's approval, and what to do until
 * then; the plan's revision with the tasks that wait for a review (get_review_tasks); the tools there are, when a call
 * names none.
 */
import { toolList } from '../../src/node/mcp/tools';
import { approveAsPerson, callAsPerson, plan, planText, sheetWithSavedPlan, withApprovalOff } from './harness';
import { answer, connectAgent, deployed, postBatch } from './keyed-agents';
import { requireApproval } from './sheet-work-fixtures';

const PLAN_TEXT = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  'Status: draft',
  '',
  '## Questions',
  '- Net or gross quantities?',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Total the bins',
  '- [ ] 1.2 Write the summary',
  '',
);

/** The plan deployed with the person asking to approve plans first, and an agent connected: its key. */
function sheet(text = PLAN_TEXT) {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(text));
  requireApproval(spreadsheet, true);
  return { spreadsheet, token, key: connectAgent(spreadsheet, token, 'Claude').key };
}

const WAITS = /^The plan is a draft now, waiting for the person's approval in the sidebar \(Agent Plan → Open plan\)/;

describe("get_plan's structured answer: the plan's status, the person's comment on it, what waits for them", () => {
  test('a plan the person sent back: status, statusNote and attention, in both views', () => {
    const { spreadsheet, token, key } = sheet();
    callAsPerson(spreadsheet, token, 'sidebarRequestPlanChanges', 'split the totals per warehouse');
    const attention = {
      waitingForPerson: [
        expect.objectContaining({ what: 'approval', text: 'Stock summary' }),
        expect.objectContaining({ what: 'question', text: 'Net or gross quantities?' }),
      ],
      decidedSinceYourLastChange: [
        expect.objectContaining({ what: 'plan', decided: 'draft — changes requested: split the totals per warehouse' }),
      ],
    };
    const said = { status: 'draft', statusNote: 'changes requested: split the totals per warehouse', attention };
    const compact = answer(spreadsheet, key, 'get_plan');
    expect(compact).toMatchObject({ ...said, summary: expect.stringContaining('Status: draft — changes requested') });
    expect(answer(spreadsheet, key, 'get_plan', { view: 'full' })).toMatchObject({
      ...said,
      markdown: planText(spreadsheet),
      stamp: expect.any(String),
    });
  });

  test('an approved plan says so, without a comment when the person wrote none; a review waits', () => {
    const { spreadsheet, token, key } = sheet();
    approveAsPerson(spreadsheet, token);
    answer(spreadsheet, key, 'start_task', { step: '1.1' });
    answer(spreadsheet, key, 'review_task', { step: '1.1', note: 'are the totals right?' });
    const compact = answer(spreadsheet, key, 'get_plan');
    expect(compact).toMatchObject({ status: 'approved' });
    expect(compact).not.toHaveProperty('statusNote');
    expect(compact.attention.waitingForPerson).toContainEqual(
      expect.objectContaining({ what: 'review', step: '1.1', note: 'are the totals right?' }),
    );
  });

  test('a plan without a Status line is a draft while the person asks to approve plans first, as work finds it', () => {
    const { spreadsheet, key } = sheet(PLAN_TEXT.replace('Status: draft\n\n', ''));
    for (const view of ['compact', 'full']) {
      const read = answer(spreadsheet, key, 'get_plan', { view });
      expect(read).toMatchObject({ status: 'draft' });
      expect(read).not.toHaveProperty('statusNote');
      expect(read.attention.waitingForPerson).toContainEqual(expect.objectContaining({ what: 'approval' }));
    }
    expect(() => answer(spreadsheet, key, 'start_task', { step: '1.1' })).toThrow(/^NEEDS_APPROVAL/);
    // Without that setting such a plan has no lifecycle (src/core/format/plan-status.ts): no status, and work starts.
    withApprovalOff(spreadsheet);
    expect(answer(spreadsheet, key, 'get_plan')).not.toHaveProperty('status');
    expect(answer(spreadsheet, key, 'start_task', { step: '1.1' })).toMatchObject({ status: 'doing' });
  });
});

describe('a re-plan that leaves the plan a draft says it waits for the person, and what to do until then', () => {
  test('apply_commands adding a task to an approved plan: planStatus draft, and next says to wait', () => {
    const { spreadsheet, token, key } = sheet();
    approveAsPerson(spreadsheet, token);
    // Ticking tasks leaves the plan approved: nothing to say.
    const note = answer(spreadsheet, key, 'apply_commands', {
      commands: [{ action: 'note', step: '1.1', text: 'A-C' }],
    });
    expect(note).not.toHaveProperty('next');
    expect(note).not.toHaveProperty('planStatus');

    const added = answer(spreadsheet, key, 'apply_commands', {
      commands: [{ action: 'add', phase: '1', text: 'Check the totals' }],
    });
    expect(added).toMatchObject({ planStatus: 'draft', next: expect.stringMatching(WAITS) });
    expect(added.next).toMatch(/tell them it is ready, and wait for their approval before working on its tasks/);
    expect(answer(spreadsheet, key, 'get_plan').status).toBe('draft');
  });

  test('replace_plan of an approved plan, whatever the setting: status draft, and next', () => {
    for (const approvalRequired of [true, false]) {
      const { spreadsheet, token, key } = sheet();
      approveAsPerson(spreadsheet, token);
      if (!approvalRequired) withApprovalOff(spreadsheet);
      const { revision } = answer(spreadsheet, key, 'get_plan', { view: 'full' });
      const markdown = planText(spreadsheet).replace('- [ ] 1.2 Write', '- [ ] 1.2 Check the bins\n- [ ] 1.3 Write');
      const replaced = answer(spreadsheet, key, 'replace_plan', { markdown, base: revision });
      expect(replaced).toMatchObject({ status: 'draft', next: expect.stringMatching(WAITS) });
      expect(replaced.summary).toContain('Status: draft');
    }
  });

  test('a new plan the person must approve says so too; one they need not approve does not', () => {
    const { spreadsheet, key } = sheet();
    const phases = [{ name: 'Count', steps: ['Count the bins'] }];
    const created = answer(spreadsheet, key, 'create_plan', { title: 'Recount', goal: 'Bins counted', phases });
    expect(created).toMatchObject({ status: 'draft', next: expect.stringMatching(WAITS) });

    const free = sheet(PLAN_TEXT.replace('Status: draft\n\n', ''));
    withApprovalOff(free.spreadsheet);
    const notDrafted = answer(free.spreadsheet, free.key, 'create_plan', { title: 'Recount', goal: 'Done', phases });
    expect(notDrafted).not.toHaveProperty('next');
    expect(notDrafted).not.toHaveProperty('status');
  });
});

test("get_review_tasks answers the plan's revision with the tasks that wait, as a task's answer does", () => {
  const { spreadsheet, token, key } = sheet();
  approveAsPerson(spreadsheet, token);
  expect(answer(spreadsheet, key, 'get_review_tasks')).toEqual({ tasks: [] });
  answer(spreadsheet, key, 'start_task', { step: '1.1' });
  const { revision } = answer(spreadsheet, key, 'review_task', { step: '1.1', note: 'are the totals right?' });
  expect(answer(spreadsheet, key, 'get_review_tasks')).toEqual({
    tasks: [expect.objectContaining({ step: '1.1', status: 'review' })],
    revision,
  });
  expect(answer(spreadsheet, key, 'get_plan').revision).toBe(revision);
});

test('a tool name that is none answers the tools there are', () => {
  const { spreadsheet, key } = sheet();
  const [unknown] = postBatch(spreadsheet, key, [['get_plans', {}]]);
  expect(unknown.isError).toBe(true);
  const names = toolList().map((tool) => tool.name);
  expect(unknown.text).toBe(`MCP error -32602: Tool get_plans not found; the tools are ${names.join(', ')}`);
  expect(names).toEqual(expect.arrayContaining(['get_plan', 'apply_commands', 'write_range']));
});
