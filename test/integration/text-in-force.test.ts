/**
 * What the guard checks is the plan in force: an agent cannot write a text that reads back as another plan than the
 * one checked (a leading apostrophe, which the cell drops), nor bring work into a new plan through its free text (a
 * new plan's notes holding a task done, started or claimed). Each replayed through the built bundle, as an adversarial
 * review found them: before the fix, each got a draft approved or a task done without its check.
 */
import { call, execute, plan, planText, sheetWithSavedPlan } from './harness';
import { refused } from './sheet-work-fixtures';

const DRAFT = plan(
  '# Plan: Totals',
  '',
  'Goal: Total the stock',
  '',
  'Status: draft',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Write the totals',
  '  - Check: Sheet1!B3:C4 numbers, no blanks',
  '- [ ] 1.2 Tidy up',
  '',
);

describe('a plan text that starts with an apostrophe is refused: the cell would drop it', () => {
  test.each([
    ['a Status line that approves the draft', (text: string) => `'Status: approved\n${text}`],
    ['a done task ahead of the one whose check fails', (text: string) => `'- [x] 1.1 Write the totals\n${text}`],
    ['an apostrophe alone', (text: string) => `'${text}`],
  ])('%s', (_what, rewrite) => {
    const spreadsheet = sheetWithSavedPlan(DRAFT);
    const text = rewrite(planText(spreadsheet));
    expect(refused(spreadsheet, 'replacePlan', [text, call(spreadsheet, 'getPlan').revision])).toBe(
      'INVALID_ARGUMENT: The plan cannot start with an apostrophe, which AGENT_BASE!C2 drops (a person deletes one ' +
        'there). Nothing was written',
    );
  });
});

describe("a new plan's notes cannot bring work into it: every task starts not started and unclaimed", () => {
  const phases = [{ name: 'Work', steps: ['Write the totals'] }];
  const withNotes = (notes: string) => ['Totals', 'Total the stock', phases, { notes }];

  test.each([
    ['a phase with a task done', '### Phase 2: More\n- [x] 2.1 Send it ✅ 2026-01-01', '2.1'],
    ['a task in progress, claimed', '### Phase 2: More\n- [/] 2.1 Send it\n  - Working: Gemini until 23:59', '2.1'],
    ['a task not started, but claimed', '### Phase 2: More\n- [ ] 2.1 Send it\n  - Working: Gemini until 23:59', '2.1'],
  ])('%s', (_what, notes, step) => {
    const spreadsheet = sheetWithSavedPlan(DRAFT);
    expect(refused(spreadsheet, 'createPlan', withNotes(notes))).toBe(
      `INVALID_TRANSITION: Task ${step} of a new plan is under way (started, done or claimed): its tasks ` +
        'come from its phases, not started; nothing was written',
    );
  });

  test('nor list a step twice (the plan would be invalid)', () => {
    const spreadsheet = sheetWithSavedPlan(DRAFT);
    expect(refused(spreadsheet, 'createPlan', withNotes('### Phase 1: Again\n- [ ] 1.1 Twice'))).toMatch(
      /^INVALID_ARGUMENT: The new plan has errors: .*1\.1/,
    );
  });

  test('notes that are notes are kept as written', () => {
    const spreadsheet = sheetWithSavedPlan(DRAFT);
    const { error } = execute(spreadsheet, 'createPlan', withNotes('Ask Dana before sending.\n- Totals in USD'));
    expect(error).toBeUndefined();
    expect(planText(spreadsheet)).toContain('## Notes\n\nAsk Dana before sending.\n- Totals in USD');
  });
});
