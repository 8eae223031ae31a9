/**
 * Fences in a task's details whose code people indent less than the fence (SQL pasted at the margin) are read whole:
 * no later task or phase is hidden, and a task-like line in the code is code.
 */
import { parsePlan } from '../../src/core';

function steps(text: string): string[] {
  const plan = parsePlan(text) as unknown as { phases: Array<{ tasks: Array<{ step: string }> }> };
  return plan.phases.flatMap((phase) => phase.tasks.map((task) => task.step));
}

test("SQL pasted at the margin inside a task's fence hides no later task or phase", () => {
  const text = `# Plan: P
Goal: G

## Phase 1: Work
- [ ] 1.1 Run the query
  \`\`\`sql
SELECT *
FROM sales;
  \`\`\`
- [ ] 1.2 Next

## Phase 2: More
- [ ] 2.1 Later
`;
  // Now: ['1.1'] only — 1.2 and all of Phase 2 are gone from the outline (the closing fence reopens at the top level).
  expect(steps(text)).toEqual(['1.1', '1.2', '2.1']);
});

test("a line inside a task's fence, indented less than the fence, is code, not a sub-step", () => {
  const text = `# Plan: P
Goal: G

## Phase 1: Work
- [ ] 1.1 Write the template
    \`\`\`markdown
  - [ ] 1.1.1 Example
    \`\`\`
- [ ] 1.2 Next
`;
  expect(steps(text)).toEqual(['1.1', '1.2']);
});

test('held up: 4-space nested lists with a fence holding a blank line', () => {
  const text = `# Plan: P
Goal: G

## Phase 1: Work
- [ ] 1.1 Task
    - [ ] 1.1.1 Sub
        \`\`\`
        a

        b
        \`\`\`
    - [ ] 1.1.2 Sub2
- [ ] 1.2 Next
`;
  expect(steps(text)).toEqual(['1.1', '1.1.1', '1.1.2', '1.2']);
});
