/**
 * The sidebar's fix for an After line that names a step the plan does not have, or the task itself: one click
 * rewrites the line without those steps (or removes it when nothing is left), and the plan validates.
 */
import { validatePlan } from '../../src/core';
import { planProblems, type PlanFix } from '../../sidebar/src/plan-fixes';

const PLAN = `# Plan: P
Goal: G
### Phase 1: A
- [ ] 1.1 One
- [ ] 1.2 Two
  - After: 1.1, 1.9
- [ ] 1.3 Three
  - after 1.3
`;

function rewrites(markdown: string): Array<Extract<PlanFix, { kind: 'rewrite' }>> {
  return planProblems(markdown).problems.flatMap((problem) =>
    problem.fixes.filter((fix): fix is Extract<PlanFix, { kind: 'rewrite' }> => fix.kind === 'rewrite'),
  );
}

test('a step the plan does not have: the fix takes it off the line, keeping the others', () => {
  const [unknown] = rewrites(PLAN);
  expect(unknown.label).toBe('Remove 1.9 from the After line of 1.2');
  expect(unknown.markdown).toBe(PLAN.replace('  - After: 1.1, 1.9\n', '  - After: 1.1\n'));
});

test('a task waiting for itself: the fix removes the line that holds nothing else', () => {
  const fix = rewrites(PLAN).find((candidate) => candidate.label.includes('of 1.3'))!;
  expect(fix.label).toBe('Remove 1.3 from the After line of 1.3');
  expect(fix.markdown).toBe(PLAN.replace('  - after 1.3\n', ''));
  const both = rewrites(fix.markdown)[0].markdown;
  expect(validatePlan(both).valid).toBe(true);
});

test('every problem still offers to edit its line', () => {
  for (const problem of planProblems(PLAN).problems) {
    expect(problem.fixes.some((fix) => fix.kind === 'edit')).toBe(true);
  }
});
