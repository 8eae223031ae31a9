/**
 * What an agent reads in a tool's structured answer, through the built bundle's doPost as an MCP client gets it: the
 * plan's status, the person's comment on it and what waits for them (get_plan).
 */
import { approveAsPerson, callAsPerson, plan, planText, sheetWithSavedPlan } from './harness';
import { answer, connectAgent, deployed } from './keyed-agents';
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
});
