/**
 * init_plan's recovery plan (a service failed, nothing was written) is in no cell: nothing in it waits for the person's
 * approval, so its answer is no draft and tells the agent to wait for nothing, even on a sheet that asks for approval.
 */
import { PLAN, planText, sheetWithSavedPlan } from './harness';
import { connectAgent, deployed, postBatch } from './keyed-agents';
import { requireApproval } from './sheet-work-fixtures';

test("init_plan's recovery plan is not a draft waiting for the person's approval", () => {
  const found: Array<Record<string, unknown>> = [];
  for (let failAt = 1; failAt < 80 && !found.length; failAt++) {
    const { spreadsheet, token } = deployed(sheetWithSavedPlan('# Plan: x\n\n### Phase 1: A\n- [ ] 1.1 a\n'));
    requireApproval(spreadsheet, true);
    const { key } = connectAgent(spreadsheet, token, 'Claude');
    spreadsheet.setCellText(PLAN, '');
    expect(planText(spreadsheet)).toBe('');
    let seen = 0;
    let failed = '';
    let answers;
    try {
      answers = postBatch(spreadsheet, key, [['init_plan', {}]], {
        prepare: (run) =>
          run.faults.failNext((c: { service: string; method: string }) => {
            if (++seen !== failAt) return false;
            failed = `${c.service}.${c.method}`;
            return true;
          }, 'Service error: Spreadsheets'),
      });
    } catch {
      continue;
    }
    const shown = answers[0].structuredContent;
    if (shown?.title === 'Initialization Error') found.push({ ...shown, failed });
  }
  expect(found.length).toBeGreaterThan(0);
  expect({ failed: found[0].failed, next: found[0].next }).toEqual({ failed: found[0].failed, next: undefined });
  expect(found[0].status).not.toBe('draft');
});
