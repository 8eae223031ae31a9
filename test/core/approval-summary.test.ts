/**
 * What the approval box reads (src/core/person/approval-summary.ts): the scope first, then checks and dependencies,
 * then the tasks; progress as one count; a plan with nothing in common with the one approved before is a new plan.
 */
import { summarizeForApproval, type ApprovalChanges } from '../../src/core/person/approval-summary';

const lines = (...text: string[]) => text.join('\n');

const APPROVED = lines(
  '# Plan: Quarterly report',
  '',
  'Goal: Publish Q1 figures',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '- Target ranges:',
  '  - Read: Sales!A2:F500',
  '  - Write: Report!B3:E15',
  '',
  '### Phase 1: Gather',
  '- [ ] 1.1 Read the orders from Sales',
  '- [ ] 1.2 Read the costs',
  '  - Check: Report!B3:B9 numbers',
  '- [ ] 1.3 Read the headcount',
  '',
  '### Phase 2: Publish',
  '- [ ] 2.1 Write the figures into Report',
  '  - After: 1.1',
  '',
);

function changes(after: string): ApprovalChanges {
  const summary = summarizeForApproval(APPROVED, after);
  if (summary.kind !== 'changes') throw new Error(`expected changes, got ${summary.kind}`);
  return summary;
}

test('no earlier approval: the plan is a new plan', () => {
  expect(summarizeForApproval(null, APPROVED)).toEqual({ kind: 'new', replacesOther: false });
});

test('an unrelated plan (another title, no task in common) is a new plan, not a diff', () => {
  const other = lines(
    '# Plan: Clean the contacts',
    '',
    'Goal: No duplicates',
    '',
    '### Phase 1: Clean',
    '- [ ] 1.1 Merge the duplicate rows',
    '',
  );
  expect(summarizeForApproval(APPROVED, other)).toEqual({ kind: 'new', replacesOther: true });
});

test('a renamed plan that keeps its tasks is still a diff', () => {
  expect(summarizeForApproval(APPROVED, APPROVED.replace('Quarterly report', 'Q1 report')).kind).toBe('changes');
});

test('scope: write ranges before read ranges, and formulas allowed or no longer allowed', () => {
  const after = APPROVED.replace(
    '  - Write: Report!B3:E15',
    '  - Write: Report!B3:E15\n  - Write: Chart!A1:B9\n- Formulas: allowed',
  ).replace('  - Read: Sales!A2:F500\n', '  - Read: Costs!A2:C50\n');
  const summary = changes(after);
  expect(summary.scope).toEqual({
    ranges: [
      { change: 'added', access: 'write', range: 'Chart!A1:B9' },
      { change: 'removed', access: 'read', range: 'Sales!A2:F500' },
      { change: 'added', access: 'read', range: 'Costs!A2:C50' },
    ],
    formulas: 'added',
  });
  expect(changes(APPROVED).scope).toEqual({ ranges: [] });
  expect(summarizeForApproval(after, APPROVED)).toMatchObject({ scope: { formulas: 'removed' } });
});

test('checks and dependencies added or removed, by step', () => {
  const after = APPROVED.replace('  - Check: Report!B3:B9 numbers\n', '').replace(
    '  - After: 1.1',
    '  - After: 1.1, 1.3\n  - Check: Report!C3:C9 no blanks',
  );
  const summary = changes(after);
  expect(summary.checks).toEqual([
    { change: 'added', step: '2.1', text: 'Report!C3:C9 no blanks' },
    { change: 'removed', step: '1.2', text: 'Report!B3:B9 numbers' },
  ]);
  expect(summary.dependencies).toEqual([
    { change: 'added', step: '2.1', text: '1.1, 1.3' },
    { change: 'removed', step: '2.1', text: '1.1' },
  ]);
});

test('tasks whose status alone changed are counted as progress, apart from the real task changes', () => {
  const after = APPROVED.replace('- [ ] 1.1', '- [x] 1.1')
    .replace('- [ ] 1.2', '- [x] 1.2')
    .replace('1.3 Read the headcount', '1.3 Read the staff headcount')
    .replace(
      '- [ ] 2.1 Write the figures into Report',
      '- [ ] 2.1 Write the figures into Report\n- [ ] 2.2 Email the link',
    );
  const summary = changes(after);
  expect(summary.progressed.map((change) => change.step)).toEqual(['1.1', '1.2']);
  expect(summary.tasks.map((change) => [change.change, change.step])).toEqual([
    ['changed', '1.3'],
    ['added', '2.2'],
  ]);
  expect(summary.unchanged).toBe(false);
});

test('the same plan: nothing changed', () => {
  expect(changes(APPROVED).unchanged).toBe(true);
});
