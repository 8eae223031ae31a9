/**
 * Issue 16, items 5–9: sequences an agent can run with Sheet Plan's own functions to push a person's words or an
 * agent's undo record out of the record, lose a person's typing, get an answer that does not tell the truth, or reuse
 * the last plan's request ids. Each is replayed through the built bundle on the emulator.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { call, execute, plan, planText, sheetWithPlan, snapshot } from './harness';

const PLAN_TEXT = plan(
  '# Plan: Reconcile',
  '',
  'Goal: Reconcile the sheets',
  '',
  '### Phase 1: Read',
  '- [ ] 1.1 Read Data!A1:B9',
  '- [ ] 1.2 Check the totals',
  '',
);
const ID = '3f2b8c1e-9a4d-4c7e-8b1a-5d6e7f809a1b';

function completeOnce(spreadsheet: EmulatedSpreadsheet, step: string, requestId: string) {
  return execute(spreadsheet, 'completeTask', [step, { requestId }]);
}

describe('request ids belong to one plan', () => {
  test('after finishPlan, a new plan’s completeTask with an id the last plan saw is a change of its own', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(completeOnce(spreadsheet, '1.1', ID).error).toBeUndefined();
    call(spreadsheet, 'completeTask', '1.2');
    call(spreadsheet, 'finishPlan', 'Reconciled');
    call(spreadsheet, 'createPlan', 'Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }]);
    const { result, error } = completeOnce(spreadsheet, '1.1', ID);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ step: '1.1', status: 'done' });
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1 Read Data!A1:B9/);
  });

  test('after createPlan over a plan, an id the replaced plan saw is a change of its own', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    expect(completeOnce(spreadsheet, '1.1', ID).error).toBeUndefined();
    call(spreadsheet, 'createPlan', 'Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }]);
    const { result, error } = completeOnce(spreadsheet, '1.1', ID);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ step: '1.1', status: 'done', revision: 4 });
  });

  test('createPlan retried with its own id still answers once, writing nothing again', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const args = ['Next month', 'Reconcile again', [{ name: 'Read', steps: ['Read Data!A1:B9'] }], null];
    const first = execute(spreadsheet, 'createPlan', [...args, { requestId: ID }]);
    const after = snapshot(spreadsheet);
    expect(execute(spreadsheet, 'createPlan', [...args, { requestId: ID }]).result).toEqual(first.result);
    expect(snapshot(spreadsheet)).toBe(after);
  });
});
