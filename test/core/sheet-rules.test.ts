/** The rules of sheet work (src/core/sheet/sheet-rules.ts) and the JSON form of cells (src/core/sheet/cell-values.ts).
 * */
import { holds, requireGrid, toCellInput } from '../../src/core/sheet/cell-values';
import { parsePlan } from '../../src/core/format/parse';
import { requireSheetRange } from '../../src/core/sheet/sheet-range';
import {
  SHEET_LIMITS,
  SHEET_RULES,
  declaredRanges,
  enforceSheetRules,
  formulasAllowed,
  ruleContext,
  writesAllowed,
} from '../../src/core/sheet/sheet-rules';

const plan = (...lines: string[]) => lines.join('\n');

const PLAN = plan(
  '# Plan: Rules',
  'Goal: Check them',
  'Status: approved',
  '## Analysis',
  '- Target ranges:',
  '  - Read: Warehouse!A2:F500 (stock)',
  '  - Write: Summary!B3:E15 (totals)',
  '  - Write: the summary sheet',
  '### Phase 1: Work',
  '- [/] 1.1 Total',
  '- [ ] 1.2 Check',
);

describe('plan mode', () => {
  const on = { approvalRequired: true };
  const off = { approvalRequired: false };
  test.each([
    ['an approved plan', PLAN, on, true],
    ['a draft', PLAN.replace('approved', 'draft'), on, false],
    ['a draft written **Status:** draft', PLAN.replace('Status: approved', '**Status:** draft'), on, false],
    ['a done plan', PLAN.replace('approved', 'done'), on, false],
    [
      'a plan without a status line: a draft while approval is required',
      PLAN.replace('Status: approved\n', ''),
      on,
      false,
    ],
    ['a plan without a status line, approval off', PLAN.replace('Status: approved\n', ''), off, true],
    ['no plan', '', on, false],
    ['a draft, approval off', PLAN.replace('approved', 'draft'), off, true],
    ['no plan, approval off', '', off, false],
  ])('%s: writes allowed is %s', (_kind, text, settings, allowed) => {
    expect(writesAllowed(text ? parsePlan(text) : null, settings).allowed).toBe(allowed);
  });

  test("the person's comment on a draft is passed on", () => {
    const sentBack = PLAN.replace('Status: approved', 'Status: draft — changes requested: also check returns');
    expect(writesAllowed(parsePlan(sentBack), on).reason).toBe(
      'The plan is a draft (the person said: "changes requested: also check returns"): writes wait until a person ' +
        'approves it in the sidebar',
    );
  });
});

test('declared ranges come from Read and Write lines; text that names no range is kept to report', () => {
  const declared = declaredRanges(parsePlan(PLAN));
  expect(declared.read).toEqual([requireSheetRange('Warehouse!A2:F500')]);
  expect(declared.write).toEqual([requireSheetRange('Summary!B3:E15')]);
  expect(declared.unreadable).toEqual(['the summary sheet']);
});

test('formulas need "- Formulas: allowed" in the Analysis', () => {
  expect(formulasAllowed(parsePlan(PLAN))).toBe(false);
  expect(formulasAllowed(parsePlan(PLAN.replace('## Analysis', '## Analysis\n- Formulas: allowed')))).toBe(true);
  expect(formulasAllowed(parsePlan(PLAN.replace('## Analysis', '## Analysis\n- Formulas: not allowed')))).toBe(false);
});

describe('the rule table', () => {
  test('every rule refuses with an error code', () => {
    for (const rule of SHEET_RULES) expect(rule.code).toMatch(/^[A-Z_]+$/);
  });

  test('rules run in order: plan mode is checked before scope and task', () => {
    const context = ruleContext(PLAN.replace('approved', 'draft'), { approvalRequired: true }, ['AGENT_BASE']);
    const request = { call: 'write' as const, range: requireSheetRange('Other!A1'), step: '1.2' };
    expect(() => enforceSheetRules(request, context, true)).toThrow(/^PLAN_NOT_APPROVED/);
  });

  test('the unreadable Write text is named in an out-of-scope refusal, so the person can fix it', () => {
    const context = ruleContext(PLAN, { approvalRequired: true }, ['AGENT_BASE']);
    const request = { call: 'write' as const, range: requireSheetRange('Summary!A1'), step: '1.1' };
    expect(() => enforceSheetRules(request, context, true)).toThrow(
      "OUT_OF_SCOPE: Summary!A1 is outside the plan's Write ranges: Summary!B3:E15 (not read as ranges: " +
        `"the summary sheet"; a Write line names a range as Sheets writes it: Summary!B3:C5, or ` +
        `'Sales Summary'!B3:C5 for a sheet name of more than one word). Write inside one of them`,
    );
  });

  test('a read is never refused for scope', () => {
    const context = ruleContext(PLAN, { approvalRequired: true }, ['AGENT_BASE']);
    const request = { call: 'read' as const, range: requireSheetRange('Elsewhere!A1') };
    expect(() => enforceSheetRules(request, context, true)).not.toThrow();
    expect(() => enforceSheetRules(request, context, false)).not.toThrow();
  });
});

describe("writeRange's values", () => {
  test.each([
    ['not a list', 'x', /^INVALID_ARGUMENT: values must be a list of rows/],
    ['an empty list', [], /^INVALID_ARGUMENT: values must be a list of rows/],
    ['a flat list', ['a', 'b'], /^INVALID_ARGUMENT: values\[0\] must be a non-empty list of cells/],
    ['a ragged list', [['a', 'b'], ['c']], /^INVALID_ARGUMENT: values\[1\] has 1 cells but values\[0\] has 2/],
    ['a nested list', [[['a']]], /^INVALID_ARGUMENT: values\[0\]\[0\] must be text, a number/],
    ['an object', [[{ value: 1 }]], /^INVALID_ARGUMENT: values\[0\]\[0\] must be text, a number/],
    ['NaN', [[Number.NaN]], /^INVALID_ARGUMENT: values\[0\]\[0\] must be a finite number/],
    ['a date without a zone', [[{ date: '2026-01-10' }]], /^INVALID_ARGUMENT: values\[0\]\[0\]\.date must be/],
    // Date.parse reads these as 2 March and 1 May: the cell would hold a day the agent never wrote.
    ['30 February', [[{ date: '2026-02-30T00:00:00Z' }]], /^INVALID_ARGUMENT: values\[0\]\[0\]\.date must be .* day/],
    ['31 April', [[{ date: '2026-04-31T09:00:00+02:00' }]], /^INVALID_ARGUMENT: values\[0\]\[0\]\.date must be/],
    ['29 February of 2026', [[{ date: '2026-02-29T00:00Z' }]], /^INVALID_ARGUMENT: values\[0\]\[0\]\.date must be/],
    ['a formula without =', [[{ formula: 'SUM(A1)' }]], /^INVALID_ARGUMENT: values\[0\]\[0\]\.formula must start/],
    ['text over a cell', [['x'.repeat(50_000)]], /^INVALID_ARGUMENT: values\[0\]\[0\] is 50,000 characters/],
    [
      'a million cells',
      Array.from({ length: 1000 }, () => new Array(1000).fill(1)),
      /^TOO_LARGE: values hold 1,000,000/,
    ],
  ])('%s is refused', (_kind, values, message) => {
    expect(() => requireGrid(values, SHEET_LIMITS.writeCells)).toThrow(message);
  });

  test('null is an empty cell; text, numbers, booleans, dates and formulas are kept in their JSON form', () => {
    expect(
      requireGrid(
        [[null, 'x', 1.5, false, { date: '2026-01-10T00:00:00-05:00' }, { formula: '=HYPERLINK("https://x")' }]],
        10,
      ),
    ).toEqual([['', 'x', 1.5, false, { date: '2026-01-10T05:00:00.000Z' }, { formula: '=HYPERLINK("https://x")' }]]);
  });

  test('a day is checked as written, in its own offset: a leap day, and 1 March that is 28 February in UTC', () => {
    expect(requireGrid([[{ date: '2028-02-29T23:00:00Z' }, { date: '2026-03-01T00:30:00+01:00' }]], 10)).toEqual([
      [{ date: '2028-02-29T23:00:00.000Z' }, { date: '2026-02-28T23:30:00.000Z' }],
    ]);
  });

  test('text goes to the sheet behind an apostrophe, so =HYPERLINK(…) as text stays text', () => {
    expect(toCellInput('=HYPERLINK("https://evil.example")')).toBe('\'=HYPERLINK("https://evil.example")');
    expect(toCellInput('')).toBe('');
    expect(toCellInput({ formula: '=A1' })).toBe('=A1');
  });

  test('a formula still holds what was written when Sheets capitalises and respaces it, but not inside quotes', () => {
    expect(holds({ formula: '=sum(a1, b2)' }, 3, '=SUM(A1,B2)')).toBe(true);
    expect(holds({ formula: '=LEN("ab")' }, 2, '=LEN("AB")')).toBe(false);
    expect(holds('x', 'x', '=A1')).toBe(false);
    expect(holds({ date: '2026-01-10T05:00:00.000Z' }, new Date('2026-01-10T05:00:00Z'), '')).toBe(true);
  });

  test('a sheet name in single quotes keeps its spaces: a formula pointed at another sheet is another', () => {
    expect(holds({ formula: "='Q 1'!A1" }, 3, "='Q1'!A1")).toBe(false);
    expect(holds({ formula: "='Q 1'!a1 + 'It''s'!b2" }, 3, "='q 1'!A1+'IT''S'!B2")).toBe(true);
    expect(holds({ formula: "=\"it's\"&'Q 1'!A1" }, 3, "=\"it's\"&'Q1'!A1")).toBe(false);
  });
});
