/**
 * Review 22, an adversarial agent: what it tried through every path, and the rules that must hold. Each test names the
 * behaviour expected; a finding left open is marked test.failing with what it does today.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { execute, planText } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';

function agent(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[] = []): any {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result;
}

const sheets = (spreadsheet: EmulatedSpreadsheet) => JSON.stringify(spreadsheet.toJSON().sheets);

describe('the done gate over a new plan', () => {
  const PLAN = stockPlan(['- [/] 1.1 Write the totals to Summary!B3:C5', '- [ ] 1.2 Say hello'], { formulas: true });
  const SAME_PLAN_AGAIN = [
    'Stock summary',
    'Total the stock per bin',
    [{ name: 'Work', steps: ['Write the totals to Summary!B3:C5', 'Say hello'] }],
    { analysis: { write: ['Summary!B3:C5'] } },
  ];

  /** Task 1.1 wrote a formula that shows #DIV/0!: it cannot be completed (CHECK_FAILED). */
  function brokenTotals(): EmulatedSpreadsheet {
    const spreadsheet = stockWorkbook(PLAN);
    agent(spreadsheet, 'writeRange', ['Summary!C4', [[{ formula: '=1/0' }]], '1.1']);
    spreadsheet.setFormulaResult('Summary!C4', '=1/0', '#DIV/0!');
    expect(execute(spreadsheet, 'completeTask', ['1.1']).error?.message).toMatch(/^CHECK_FAILED: /);
    return spreadsheet;
  }

  test('createPlan over a task whose written cells fail is refused (CHECK_FAILED), as its removal is', () => {
    // Before: the same plan written anew dropped the old writes from the check, and 1.1 was marked done over #DIV/0!.
    const spreadsheet = brokenTotals();
    const before = sheets(spreadsheet);
    const { error } = execute(spreadsheet, 'createPlan', SAME_PLAN_AGAIN);
    expect(error?.message).toMatch(
      /^CHECK_FAILED: Task 1\.1 cannot leave the plan unfinished \(.*left behind by a new plan\): Summary!C4 holds/,
    );
    expect(sheets(spreadsheet)).toBe(before);
    expect(planText(spreadsheet)).toBe(PLAN);
  });

  test('once the cells pass, or the task is skipped (a reason the person sees), a new plan may replace it', () => {
    const fixed = brokenTotals();
    agent(fixed, 'writeRange', ['Summary!C4', [[3]], '1.1']);
    expect(execute(fixed, 'createPlan', SAME_PLAN_AGAIN).error).toBeUndefined();
    const skipped = brokenTotals();
    agent(skipped, 'skipTask', ['1.1', 'the next plan writes the totals again']);
    expect(execute(skipped, 'createPlan', SAME_PLAN_AGAIN).error).toBeUndefined();
  });
});
