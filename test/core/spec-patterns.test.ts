/**
 * The spec's "Regex Pattern Tests", as tests of the two line readers: which lines are tasks and
 * phase headings, and what their named parts hold.
 */
import { matchPhaseHeading, matchTaskLine, parsePlan } from '../../src/core';

describe('what counts as a task line', () => {
  test('a plain task gives its checkbox, step and text', () => {
    expect(matchTaskLine('- [ ] 1.1 Simple task')).toEqual({
      head: '- [',
      symbol: ' ',
      middle: '] 1.1 ',
      step: '1.1',
      rest: 'Simple task',
    });
  });

  test('the text after the step keeps sheet references and the done date', () => {
    const parts = matchTaskLine('- [x] 2.3 Read Data!A2:B10 (columns) ✅ 2026-01-10');
    expect(parts?.step).toBe('2.3');
    expect(parts?.rest).toBe('Read Data!A2:B10 (columns) ✅ 2026-01-10');
  });

  test('a sub-step has three numbers', () => {
    expect(matchTaskLine('- [/] 1.2.3 Nested task')?.step).toBe('1.2.3');
  });

  // Deliberate difference (c): `[-]` (skipped) is a status of ours; the spec has five.
  test.each([
    ['- [ ] 1.1 Task', 'todo'],
    ['- [] 1.1 Task', 'todo'],
    ['- [/] 1.1 Task', 'doing'],
    ['- [x] 1.1 Task', 'done'],
    ['- [X] 1.1 Task', 'done'],
    ['- [>] 1.1 Task', 'blocked'],
    ['- [!] 1.1 Task', 'review'],
    ['- [-] 1.1 Task', 'skipped'],
  ])('"%s" is a task whose status is %s', (line, status) => {
    expect(matchTaskLine(line)?.step).toBe('1.1');
    expect(parsePlan(`### Phase 1: Work\n${line}`).phases[0].tasks[0].status).toBe(status);
  });

  test('trailing spaces are not part of the text', () => {
    expect(matchTaskLine('- [ ] 1.1 Task   ')?.rest).toBe('Task');
  });

  test('lines that are not tasks', () => {
    expect(matchTaskLine('- [ ] 1 No decimal')).toBeNull();
    expect(matchTaskLine('- [ ] Task no number')).toBeNull();
    expect(matchTaskLine('[ ] 1.1 No dash')).toBeNull();
    expect(matchTaskLine('- [x]1.1 No space')).toBeNull();
    expect(matchTaskLine('- [ ] 1.1')).toBeNull();
    expect(matchTaskLine('- [ab] 1.1 Two characters')).toBeNull();
    expect(matchTaskLine('Some text - [ ] 1.1 mid-line')).toBeNull();
  });
});

describe('what counts as a phase heading', () => {
  test('"### Phase 1: Setup" gives number 1 and name Setup', () => {
    expect(matchPhaseHeading('### Phase 1: Setup')).toEqual({ number: 1, name: 'Setup' });
  });

  test('a name of several words is kept whole', () => {
    expect(matchPhaseHeading('### Phase 2: Data Processing and Validation')?.name).toBe(
      'Data Processing and Validation',
    );
  });

  test('phase numbers can have more than one digit', () => {
    expect(matchPhaseHeading('### Phase 12: Late')).toEqual({ number: 12, name: 'Late' });
  });

  test('other heading levels are not phases', () => {
    expect(matchPhaseHeading('## Phase 1: Wrong')).toBeNull();
    expect(matchPhaseHeading('#### Phase 1: Wrong')).toBeNull();
    expect(matchPhaseHeading('### Phases overview')).toBeNull();
    expect(matchPhaseHeading('Phase 1: Not a heading')).toBeNull();
  });
});
