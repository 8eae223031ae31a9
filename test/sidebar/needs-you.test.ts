/**
 * What waits for the person (sidebar/src/needs-you.ts), in the order they act on it, each with its cells; and check
 * results an undo made stale are no longer shown.
 */
import { parsePlan } from '../../src/core/format/parse';
import type { CheckResult } from '../../src/core/rules/done-checks';
import type { WriteLogEntry } from '../../src/core/sheet/sheet-results';
import { freshCheckResults, needsYou, refusedWrites } from '../../sidebar/src/needs-you';

const PLAN = `# Plan: Report

Goal: Publish

Status: draft

## Questions for User

- Which month, March or April?

### Phase 1: Work
- [>] 1.1 Import Costs!A2:C9 — the Costs sheet is missing
- [!] 1.2 Check the totals in Summary!B3:B9 — please look
- [x] 1.3 Write Summary!C3:C9 ✅ 2026-01-10
`;

const failed: CheckResult = {
  step: '1.3',
  at: '2026-01-10T10:00:00Z',
  passed: false,
  checked: ['Summary!C3:C9 numbers'],
  failures: 'Summary!C4 holds "n/a"',
};

test('approval, reviews, questions, failed checks, refused writes, then blocked tasks, each with its cells', () => {
  const items = needsYou(parsePlan(PLAN), { '1.3': failed }, [
    { step: '1.3', range: 'Chart!A1:B2', reason: "outside the plan's Write ranges", by: 'Claude', times: 2 },
  ]);
  expect(items.map((item) => [item.kind, item.step, item.range])).toEqual([
    ['approval', '', undefined],
    ['review', '1.2', 'Summary!B3:B9'],
    ['question', '1', undefined],
    ['failed-check', '1.3', 'Summary!C3:C9'],
    ['refused-write', '1.3', 'Chart!A1:B2'],
    ['blocked', '1.1', 'Costs!A2:C9'],
  ]);
  expect(items[4].label).toBe("1.3: outside the plan's Write ranges (Claude, 2 times)");
  expect(items.map((item) => item.target)).toEqual([
    'needs-plan-approval',
    'needs-review-1-2',
    'needs-question-1',
    'task-row-1-3',
    'task-row-1-3',
    'task-row-1-1',
  ]);
});

test('a plan without a Status line waits for approval when the person asked to approve plans first', () => {
  const plan = parsePlan(PLAN.replace(/^Status: .*\n/m, ''));
  expect(plan.status).toBeUndefined();
  expect(needsYou(plan, {}).some((item) => item.kind === 'approval')).toBe(false);
  expect(needsYou(plan, {}, [], 0, true)[0]).toMatchObject({
    kind: 'approval',
    label: 'Approve the plan, or send it back',
  });
});

test('a full write log waits for the person before the blocked tasks: keep the writes or undo some', () => {
  const plan = parsePlan(PLAN);
  expect(needsYou(plan, {}, [], 99).some((item) => item.kind === 'writes-full')).toBe(false);
  const items = needsYou(plan, {}, [], 100);
  expect(items.map((item) => item.kind).slice(-2)).toEqual(['writes-full', 'blocked']);
  expect(items.find((item) => item.kind === 'writes-full')).toEqual({
    kind: 'writes-full',
    step: '',
    label: '100 writes you can undo: keep them or undo some, and the agent can write again',
    target: 'keep-writes',
  });
});

test('a check result is dropped once a write for its task was undone after it; others stay', () => {
  const write = (undoneAt?: string): WriteLogEntry => ({
    id: 'w1',
    kind: 'write',
    at: '2026-01-10T09:59:00Z',
    by: 'api',
    step: '1.3',
    range: 'Summary!C3:C9',
    rows: 7,
    columns: 1,
    cells: 7,
    ...(undoneAt ? { undone: { at: undoneAt, by: 'sidebar' } } : {}),
  });
  const passed: CheckResult = { ...failed, step: '1.1', passed: true, failures: '' };
  const results = { '1.3': failed, '1.1': passed };
  expect(freshCheckResults(results, [write()])).toEqual(results);
  expect(freshCheckResults(results, [write('2026-01-10T09:59:30Z')])).toEqual(results); // undone before the check
  expect(freshCheckResults(results, [write('2026-01-10T10:05:00Z')])).toEqual({ '1.1': passed });
});

describe('refused writes', () => {
  const DOING = `# Plan: Report

Goal: Publish

Status: approved

### Phase 1: Work
- [x] 1.1 Import ✅ 2026-01-10
- [/] 1.2 Write Summary!B3:B9
`;
  let id = 0;
  const refusal = (step: string, range: string, more: Partial<WriteLogEntry> = {}): WriteLogEntry => ({
    id: `w${++id}`,
    kind: 'refused',
    at: '2026-01-10T10:00:00Z',
    by: 'agent:Claude',
    step,
    range,
    rows: 1,
    columns: 1,
    cells: 1,
    refused: { code: 'OUT_OF_SCOPE', reason: "outside the plan's Write ranges" },
    ...more,
  });

  test("this plan's, for a task in progress: one line a range, newest first, with who and how many times", () => {
    const writes = [
      refusal('1.2', 'Costs!A1'), // newest first, as the log lists them
      refusal('1.2', 'Summary!Z1'),
      refusal('1.2', 'Costs!A1'),
      refusal('1.1', 'Costs!B1'), // its task is done
      refusal('1.2', 'Old!A1', { earlierPlan: true }),
      { ...refusal('1.2', 'Summary!B3'), kind: 'write' as const, refused: undefined },
    ];
    expect(refusedWrites(parsePlan(DOING), writes)).toEqual([
      { step: '1.2', range: 'Costs!A1', reason: "outside the plan's Write ranges", by: 'Claude', times: 2 },
      { step: '1.2', range: 'Summary!Z1', reason: "outside the plan's Write ranges", by: 'Claude', times: 1 },
    ]);
  });

  test('at most five lines; the write log view lists the rest', () => {
    const writes = Array.from({ length: 8 }, (_, row) => refusal('1.2', `Costs!A${row + 1}`));
    expect(refusedWrites(parsePlan(DOING), writes).map((write) => write.range)).toEqual([
      'Costs!A1',
      'Costs!A2',
      'Costs!A3',
      'Costs!A4',
      'Costs!A5',
    ]);
  });
});
