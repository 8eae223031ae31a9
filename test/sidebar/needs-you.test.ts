/**
 * What waits for the person (sidebar/src/needs-you.ts), in the order they act on it, each with its cells; and check
 * results an undo made stale are no longer shown.
 */
import { parsePlan } from '../../src/core/format/parse';
import type { CheckResult } from '../../src/core/rules/done-checks';
import type { WriteLogEntry } from '../../src/core/sheet/sheet-results';
import { freshCheckResults, needsYou } from '../../sidebar/src/needs-you';

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
    { step: '1.3', range: 'Chart!A1:B2', reason: 'outside the Write ranges' },
  ]);
  expect(items.map((item) => [item.kind, item.step, item.range])).toEqual([
    ['approval', '', undefined],
    ['review', '1.2', 'Summary!B3:B9'],
    ['question', '1', undefined],
    ['failed-check', '1.3', 'Summary!C3:C9'],
    ['refused-write', '1.3', 'Chart!A1:B2'],
    ['blocked', '1.1', 'Costs!A2:C9'],
  ]);
  expect(items.map((item) => item.target)).toEqual([
    'needs-plan-approval',
    'needs-review-1-2',
    'needs-question-1',
    'task-row-1-3',
    'task-row-1-3',
    'task-row-1-1',
  ]);
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
