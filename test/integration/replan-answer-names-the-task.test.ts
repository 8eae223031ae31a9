/**
 * apply_commands' answer names the task each command left, also when the re-plan gives the plan its first Status line
 * (a plan with none, while the person asks to approve plans first), which moves the lines below it down two.
 */
import { call, planText, sheetWithSavedPlan } from './harness';
import { requireApproval } from './sheet-work-fixtures';

const NO_STATUS_LINE = [
  '# Plan: Stock check',
  '',
  'Goal: Count the stock',
  '',
  '### Phase 1: Count',
  '- [ ] 1.1 Count bin A',
  '- [ ] 1.2 Count bin B',
  '- [ ] 1.3 Count bin C',
  '',
].join('\n');

test('an added task is the task the answer names, when the re-plan adds the Status line', () => {
  const spreadsheet = sheetWithSavedPlan(NO_STATUS_LINE);
  requireApproval(spreadsheet, true);

  const [added] = call(spreadsheet, 'applyCommands', [{ action: 'add', phase: 1, text: 'Count bin D' }]);

  expect(planText(spreadsheet)).toMatch(/^Status: draft$/m);
  expect(planText(spreadsheet)).toMatch(/^- \[ \] 1\.4 Count bin D$/m);
  expect({ step: added.step, title: added.title }).toEqual({ step: '1.4', title: 'Count bin D' });
});

test('the same for a rename: the answer is the renamed task', () => {
  const spreadsheet = sheetWithSavedPlan(NO_STATUS_LINE);
  requireApproval(spreadsheet, true);

  const [renamed] = call(spreadsheet, 'applyCommands', [{ action: 'rename', step: '1.3', text: 'Count bin C twice' }]);

  expect({ step: renamed.step, title: renamed.title }).toEqual({ step: '1.3', title: 'Count bin C twice' });
});
