/**
 * Review 22, an adversarial agent: what it tried through every path, and the rules that must hold. Each test names the
 * behaviour expected; a finding left open is marked test.failing with what it does today.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { approveAsPerson, execute, openSidebar, planText, typeRows } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';
import { workbook } from './sheet-work-fixtures';
import { connectAgent, deployed } from './keyed-agents';

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

describe('an approved After line holds until the person approves again, whatever the setting', () => {
  // As approved Check lines and Write ranges do. With "the agent needs my approval" off, an agent dropped the After
  // line the person approved (the plan becomes a draft, which holds no work with the setting off), then started, wrote
  // and completed 1.2 while the step it waits for was still todo (approved-after-lines-hold.test.ts pins every path).
  test('startTask after dropping the approved After line is refused (WAITING)', () => {
    const spreadsheet = stockWorkbook(
      stockPlan(['- [ ] 1.1 Count the stock', '- [ ] 1.2 Write the totals to Summary!B3:C5', '  - After: 1.1']),
    );
    approveAsPerson(spreadsheet, openSidebar(spreadsheet));
    expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toMatch(/^WAITING: /);
    const { stamp } = agent(spreadsheet, 'getPlan');
    agent(spreadsheet, 'replacePlan', [planText(spreadsheet).replace('  - After: 1.1\n', ''), stamp]);
    expect(execute(spreadsheet, 'startTask', ['1.2']).error?.message).toMatch(/^WAITING: /);
  });
});

describe('a read outside the plan stays on record', () => {
  // Before: the log kept the last 100 reads outside the plan, so an agent that read a sheet the plan does not name
  // pushed that read out with 100 reads of empty cells, and the person never saw it. A sheet's newest read now goes
  // last (read-log-bounds.test.ts pins the bound).
  test('100 later reads do not push an earlier read of another sheet out of the write log', () => {
    const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Count the stock']));
    typeRows(spreadsheet, 'Salaries!A1', [
      ['Name', 'Salary'],
      ['Ann', '100000'],
    ]);
    agent(spreadsheet, 'readRange', ['Salaries!A1:B2']);
    for (let row = 1; row <= 100; row++) agent(spreadsheet, 'readRange', [`Summary!Z${row}`]);
    const reads = (agent(spreadsheet, 'getWriteLog', [100]) as Array<{ kind: string; range: string }>).filter(
      (entry) => entry.kind === 'read',
    );
    expect(reads.some((entry) => entry.range.startsWith('Salaries!'))).toBe(true);
  });
});

// ---- open findings: each test.failing states the behaviour expected, and fails (so passes here) until it holds ----

describe("open: a caller without a key does not take a name that reads as a connected agent's", () => {
  // comparedName folds case, invisible characters and Cyrillic or Greek look-alikes, not Latin ones: a capital I and a
  // Latin letter dental click (U+01C0) read as the l of "Claude" in the sidebar's sans-serif font.
  test.failing.each(['CIaude', 'C\u01c0aude'])('{ agent: %j } is refused when Claude is connected', (name) => {
    const { spreadsheet, token } = deployed(workbook());
    connectAgent(spreadsheet, token, 'Claude');
    const { error } = execute(spreadsheet, 'setTaskNote', ['1.2', 'looked at it', { agent: name }]);
    expect(error?.message).toMatch(/^INVALID_ARGUMENT: agent .* is the name of an agent connected with a key/);
  });
});
