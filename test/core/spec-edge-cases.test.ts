/** The spec's "Edge Case Tests", in our words. */
import { parsePlan, updateTaskStatus } from '../../src/core';

describe('edge cases', () => {
  test('quotes, symbols and emoji in titles come through as written', () => {
    const plan = parsePlan(`# Plan: Symbols

Goal: Keep every character

### Phase 1: Work
- [ ] 1.1 Task with "quotes" and 'apostrophes'
- [ ] 1.2 Task with $pecial ch@racters!
- [ ] 1.3 Task with émojis 🎉
`);
    expect(plan.phases[0].tasks.map((task) => task.title)).toEqual([
      'Task with "quotes" and \'apostrophes\'',
      'Task with $pecial ch@racters!',
      'Task with émojis 🎉',
    ]);
  });

  test('a 500-character title is read whole', () => {
    const longTitle = 'A'.repeat(500);
    const plan = parsePlan(`# Plan: Long\n\nGoal: Read\n\n### Phase 1: Work\n- [ ] 1.1 ${longTitle}\n`);
    expect(plan.phases[0].tasks[0].title).toBe(longTitle);
  });

  test('blocking a blocked task replaces its reason', () => {
    expect(updateTaskStatus('- [>] 1.1 Task — first reason', '1.1', 'blocked', 'second reason')).toBe(
      '- [>] 1.1 Task — second reason',
    );
  });

  test('a plan with only an Analysis section has no phases', () => {
    const plan = parsePlan(`# Plan: Analysis Only
Goal: Look first

## Analysis

- Spreadsheet: Test
- Key sheets: Data`);
    expect(plan.title).toBe('Analysis Only');
    expect(plan.analysis).toBe('- Spreadsheet: Test\n- Key sheets: Data');
    expect(plan.analysisDetails?.spreadsheet).toBe('Test');
    expect(plan.analysisDetails?.keySheets).toEqual(['Data']);
    expect(plan.phases).toEqual([]);
  });

  test('the raw text is kept exactly as it was', () => {
    const original = '# Plan: Test\n\nGoal: Test goal\n\n### Phase 1: Work\n- [ ] 1.1 Task\n\n## Notes\n\nSome notes';
    expect(parsePlan(original).raw).toBe(original);
  });

  test('a task line under Notes is only a note', () => {
    const plan = parsePlan(
      '# Plan: N\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 Real\n\n## Notes\n\n- [ ] 1.2 Just an idea\n',
    );
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1']);
    expect(plan.notes).toBe('- [ ] 1.2 Just an idea');
  });

  test('a value that is not text reads as an empty plan', () => {
    expect(parsePlan(undefined as unknown as string).phases).toEqual([]);
    expect(parsePlan(42 as unknown as string).raw).toBe('');
  });
});
