/**
 * A fence opened in a task's details ends with the task, as CommonMark ends a list item's blocks: a fence an agent
 * or a person never closed no longer hides the tasks and phases after it. A fence at the top level runs to its close.
 */
import { parsePlan } from '../../src/core';

const steps = (text: string) => parsePlan(text).phases.flatMap((phase) => phase.tasks.map((task) => task.step));

test("an unclosed fence in a task's details ends at the next task at the margin", () => {
  const text = ['### Phase 1: Collect', '- [ ] 1.1 Export', '  ```', '  SELECT *', '- [ ] 1.2 Load', ''].join('\n');
  expect(steps(text)).toEqual(['1.1', '1.2']);
});

test("an unclosed fence in a task's details ends at the next phase's heading", () => {
  const text = [
    '### Phase 1: Collect',
    '- [ ] 1.1 Export',
    '  ~~~sql',
    '  x',
    '',
    '### Phase 2: Build',
    '- [ ] 2.1 c',
    '',
  ];
  expect(steps(text.join('\n'))).toEqual(['1.1', '2.1']);
});

test("a closed fence in a task's details holds its lines, task-like ones too", () => {
  const text = [
    '### Phase 1: Collect',
    '- [ ] 1.1 Export',
    '  ```',
    '  - [ ] 1.9 not a task',
    '  ```',
    '- [ ] 1.2 Load',
  ];
  expect(steps(text.join('\n'))).toEqual(['1.1', '1.2']);
});

test('a fence at the margin runs to its close, task-like lines in it and all', () => {
  const text = ['### Phase 1: Collect', '- [ ] 1.1 Export', '', '```', '- [ ] 1.9 an example', '```', '- [ ] 1.2 Load'];
  expect(steps(text.join('\n'))).toEqual(['1.1', '1.2']);
});
