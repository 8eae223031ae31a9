/**
 * Issue 16, items 5–9: sequences an agent can run with Sheet Plan's own functions to push a person's words or an
 * agent's undo record out of the record, lose a person's typing, get an answer that does not tell the truth, or reuse
 * the last plan's request ids. Each is replayed through the built bundle on the emulator.
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { cellReference } from '../../src/apps-script/plan-location';
import { MARKER, PLAN_SHEET, REVISION, call, execute, plan, planText, sheetWithPlan, snapshot } from './harness';

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

describe("set-up keeps a person's cells beside the plan", () => {
  const LABEL = cellReference('D1');

  /** A sheet a person named AGENT_BASE and wrote in before Sheet Plan set it up. */
  function personsAgentBase(): EmulatedSpreadsheet {
    const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Sheet1', PLAN_SHEET] });
    spreadsheet.setCellText(MARKER, 'Budget 2026');
    spreadsheet.setCellText(LABEL, 'Owner');
    spreadsheet.setCellText(REVISION, 'Ana, until March');
    return spreadsheet;
  }

  function keptCells(spreadsheet: EmulatedSpreadsheet): string | undefined {
    const history: Array<{ text: string }> = call(spreadsheet, 'getHistory', 10);
    return history.find((entry) => entry.text.startsWith('Cells of AGENT_BASE'))?.text;
  }

  test.each([
    ['initPlan', []],
    ['createPlan', ['Close', 'Close the month', [{ name: 'Close', steps: ['Post Journal!A2:F90'] }]]],
  ])('%s over C1, D1 and D2 a person wrote keeps all three in the history', (name, args) => {
    const spreadsheet = personsAgentBase();
    const { error } = execute(spreadsheet, name, args);
    expect(error).toBeUndefined();
    expect(spreadsheet.cell(MARKER)).not.toBe('Budget 2026');
    expect(keptCells(spreadsheet)).toBe(
      "Cells of AGENT_BASE that Sheet Plan's write replaced:\n" +
        'AGENT_BASE!C1: Budget 2026\nAGENT_BASE!D1: Owner\nAGENT_BASE!D2: Ana, until March\n',
    );
  });

  test('text a person typed over the revision record is kept when the next change writes the record', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    call(spreadsheet, 'startTask', '1.1');
    spreadsheet.setCellText(REVISION, 'ask Ana before closing');
    call(spreadsheet, 'completeTask', '1.1');
    expect(keptCells(spreadsheet)).toContain('AGENT_BASE!D2: ask Ana before closing');
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1/);
  });

  test("Sheet Plan's own marker, label and record are not kept again", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT, { marker: null });
    call(spreadsheet, 'initPlan');
    spreadsheet.setCellText(MARKER, '');
    call(spreadsheet, 'createPlan', 'Close', 'Close the month', [{ name: 'Close', steps: ['Post'] }]);
    expect(keptCells(spreadsheet)).toBeUndefined();
    expect(call(spreadsheet, 'getPlan').title).toBe('Close');
  });
});
