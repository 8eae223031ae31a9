/**
 * The spec's "Parser Tests", in our words: what an agent or a person gets back when a PLAN.md
 * is read. Inputs are literal Markdown as it would sit in AGENT_BASE!C2.
 */
import { parsePlan } from '../../src/core';

const reportPlan = `# Plan: Quarterly stock check

Goal: Know which products to reorder before March

## Analysis

- Spreadsheet: Stock 2026
- Key sheets: Data, Output
- Target ranges:
  - Read: Data!A2:C10 (id, name, value)
  - Write: Output!A2:B10 (id, result)
- Current state: Data has 9 rows

## Questions for User

- Which warehouse counts as main?
- Should zero-stock items be listed?

### Phase 1: Setup
- [ ] 1.1 Read Data!A2:C10 (source data)
- [/] 1.2 Validate Data!A:A (id column)

### Phase 2: Process
- [x] 2.1 Calculate Output!B2:B10 (results) ✅ 2026-01-10
- [>] 2.2 Write Output!A2:A10 (ids) — waiting for validation
- [!] 2.3 Check Output!C2:C10 (flags) — verify threshold

## Notes

Counts come from the January inventory.
`;

describe('reading a plan', () => {
  const plan = parsePlan(reportPlan);

  test('the title is the text after "# Plan:"', () => {
    expect(plan.title).toBe('Quarterly stock check');
  });

  test('the goal is the text after "Goal:"', () => {
    expect(plan.goal).toBe('Know which products to reorder before March');
  });

  // Deliberate difference (a): the spec's reference parser only collects top-level "- " lines of
  // Analysis, so it loses the nested "  - Read: …" lines that its own test expects to find.
  // We keep the whole section, nested lines included.
  test('the analysis keeps its nested Read and Write lines', () => {
    expect(plan.analysis).toContain('Stock 2026');
    expect(plan.analysis).toContain('Data!A2:C10');
    expect(plan.analysis).toContain('  - Write: Output!A2:B10 (id, result)');
  });

  test('the analysis is also read as fields', () => {
    expect(plan.analysisDetails).toEqual({
      spreadsheet: 'Stock 2026',
      keySheets: ['Data', 'Output'],
      targetRanges: { read: ['Data!A2:C10 (id, name, value)'], write: ['Output!A2:B10 (id, result)'] },
      currentState: 'Data has 9 rows',
      fields: [
        { label: 'Spreadsheet', value: 'Stock 2026' },
        { label: 'Key sheets', value: 'Data, Output' },
        { label: 'Target ranges', value: '' },
        { label: 'Current state', value: 'Data has 9 rows' },
      ],
    });
  });

  test('questions are listed in order, without their bullets', () => {
    expect(plan.questions).toEqual(['Which warehouse counts as main?', 'Should zero-stock items be listed?']);
    expect(plan.questionDetails?.map((question) => question.number)).toEqual([1, 2]);
  });

  test('phases come with their numbers and names', () => {
    expect(plan.phases.map((phase) => [phase.number, phase.name])).toEqual([
      [1, 'Setup'],
      [2, 'Process'],
    ]);
  });

  test('each phase holds the tasks listed under it', () => {
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2']);
    expect(plan.phases[1].tasks.map((task) => task.step)).toEqual(['2.1', '2.2', '2.3']);
    expect(plan.phases[1].tasks.every((task) => task.phase === 2)).toBe(true);
  });

  test('each checkbox reads as its status', () => {
    const statuses = plan.phases.flatMap((phase) => phase.tasks.map((task) => task.status));
    expect(statuses).toEqual(['todo', 'doing', 'done', 'blocked', 'review']);
  });

  test('a task knows the line it is on', () => {
    const lines = reportPlan.split('\n');
    for (const task of plan.phases.flatMap((phase) => phase.tasks)) {
      expect(lines[task.line]).toContain(` ${task.step} `);
    }
  });

  test('a done task carries its completion date', () => {
    expect(plan.phases[1].tasks[0].completedDate).toBe('2026-01-10');
  });

  test('a blocked task carries its reason', () => {
    expect(plan.phases[1].tasks[1].blockedReason).toBe('waiting for validation');
    expect(plan.phases[1].tasks[1].note).toBe('waiting for validation');
  });

  test('a task in review carries the note for the reviewer', () => {
    expect(plan.phases[1].tasks[2].reviewNote).toBe('verify threshold');
    expect(plan.phases[1].tasks[2].blockedReason).toBeUndefined();
  });

  test('notes are the Notes section, trimmed', () => {
    expect(plan.notes).toBe('Counts come from the January inventory.');
  });

  test('a title comes without its done date or note', () => {
    expect(plan.phases[1].tasks[0].title).toBe('Calculate Output!B2:B10 (results)');
    expect(plan.phases[1].tasks[1].title).toBe('Write Output!A2:A10 (ids)');
  });

  test('progress is counted from the tasks', () => {
    expect(plan.progress).toMatchObject({
      total: 5,
      todo: 1,
      doing: 1,
      done: 1,
      blocked: 1,
      review: 1,
      skipped: 0,
      percent: 20,
    });
  });

  test('an empty cell reads as an empty plan, not an error', () => {
    const empty = parsePlan('');
    expect(empty.title).toBe('');
    expect(empty.goal).toBe('');
    expect(empty.phases).toEqual([]);
    expect(empty.analysis).toBeUndefined();
  });

  test('a plan without questions has no questions list', () => {
    const plan = parsePlan(`# Plan: Short

Goal: One thing

### Phase 1: Only
- [ ] 1.1 Do the one thing
`);
    expect(plan.questions).toBeUndefined();
    expect(plan.questionDetails).toBeUndefined();
    expect(plan.phases[0].tasks[0].title).toBe('Do the one thing');
  });

  test('an answered question shows its answer', () => {
    const plan = parsePlan(`# Plan: Q

Goal: Ask

## Questions for User

- Which month?
  - Answer: January
- Which sheet?
`);
    expect(plan.questions).toEqual(['Which month?', 'Which sheet?']);
    expect(plan.questionDetails?.[0].answer).toBe('January');
    expect(plan.questionDetails?.[1].answer).toBeUndefined();
  });
});
