/**
 * Dependencies (src/core/rules/dependencies.ts, dependency-carry.ts): a task's `  - After: 1.2, 1.3` line, read in the
 * forms people write, respected by getNextTask and startTask, reported by validatePlan, and carried through every
 * re-planning operation.
 */
import { argumentsProblem } from '../../src/core/api/argument-check';
import { argumentTable } from '../../src/core/api/argument-table';
import { parsePlan, planErrorCode, validatePlan } from '../../src/core';
import { PlanManager } from './plan-manager';
import { compactPlan } from '../../src/core/format/summary';
import { readStepList } from '../../src/core/rules/dependencies';
import { MemoryStore, TODAY, savedPlan } from './memory-store';

/** A plan whose phase 1 has `tasks` (one line each, nested lines after `\n`). */
const planOf = (...tasks: string[]) => `# Plan: P\nGoal: G\n### Phase 1: A\n${tasks.join('\n')}\n`;

const agent = (store: MemoryStore) => new PlanManager(store);
const person = (store: MemoryStore) => new PlanManager(store, { source: 'sidebar', byPerson: true });

function waitsOf(text: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const phase of parsePlan(text).phases)
    for (const task of phase.tasks) if (task.waitsFor) found[task.step] = task.waitsFor;
  return found;
}

function refused(call: () => unknown): { code?: string; message: string } {
  try {
    call();
  } catch (error) {
    return { code: planErrorCode(error), message: (error as Error).message };
  }
  throw new Error('expected the call to be refused');
}

const PLAN = `# Plan: Report
Goal: A monthly report

### Phase 1: Data
- [ ] 1.1 Import the sales
- [ ] 1.2 Clean the sales
  - After: 1.1
- [ ] 1.3 Import the costs

### Phase 2: Report
- [ ] 2.1 Write the summary
  - After: 1.2, 1.3
- [ ] 2.2 Chart the months
`;

describe('reading After lines', () => {
  it('reads the steps of an After line nested under a task', () => {
    expect(waitsOf(PLAN)).toEqual({ '1.2': ['1.1'], '2.1': ['1.2', '1.3'] });
  });

  it.each([
    ['After: 1.2, 1.3', ['1.2', '1.3']],
    ['After: 1.2 and 1.3', ['1.2', '1.3']],
    ['After: 1.2, 1.3 and 1.4', ['1.2', '1.3', '1.4']],
    ['After: 1.2, and 1.3.', ['1.2', '1.3']],
    ['after: steps 1.2 & 1.3', ['1.2', '1.3']],
    ['Depends on: 1.2', ['1.2']],
    ['Waits for: task 1.2; task 1.3', ['1.2', '1.3']],
    ['after 1.2', ['1.2']],
    ['**After:** 1.2, 1.3', ['1.2', '1.3']],
    ['**After**: 1.2', ['1.2']],
    ['_Depends on:_ 1.2', ['1.2']],
    ['after 1.2 and 1.3', ['1.2', '1.3']],
  ])('accepts "%s"', (line, steps) => {
    const tasks = ['- [ ] 1.1 One', '- [ ] 1.2 Two', '- [ ] 1.3 Three', '- [ ] 1.4 Four', '- [ ] 1.5 Five'];
    const text = planOf(...tasks, `  - ${line}`);
    expect(waitsOf(text)['1.5']).toEqual(steps);
    expect(validatePlan(text).errors).toEqual([]);
  });

  it('takes a note that starts with "after" for a note, not a dependency', () => {
    const text = planOf('- [ ] 1.1 One', '- [ ] 1.2 Two', '  - after lunch, call Ann', '  - afterwards 1.1');
    expect(waitsOf(text)).toEqual({});
    expect(validatePlan(text).valid).toBe(true);
  });

  it('reports an After line it cannot read, naming what is allowed', () => {
    const text = planOf('- [ ] 1.1 One', '- [ ] 1.2 Two', '  - After: the import');
    const report = validatePlan(text);
    expect(report.valid).toBe(false);
    expect(report.errors).toEqual([
      expect.objectContaining({
        code: 'dependency-unreadable',
        line: 6,
        message: expect.stringContaining('After: 1.2, 1.3'),
      }),
    ]);
  });

  it('reads no After line in code, in a comment, or not nested under the task', () => {
    const text = [
      '# Plan: P',
      'Goal: G',
      '### Phase 1: A',
      '- [ ] 1.1 One',
      '- [ ] 1.2 Two',
      '  ```',
      '  - After: 1.1',
      '  ```',
      '  <!-- - After: 1.1 -->',
      '- After: 1.1',
      '',
    ].join('\n');
    expect(waitsOf(text)).toEqual({});
  });

  it('gives an After line to the sub-step it is nested under', () => {
    const text = planOf('- [ ] 1.1 One', '- [ ] 1.2 Two', '  - [ ] 1.2.1 Part', '    - After: 1.1');
    expect(waitsOf(text)).toEqual({ '1.2.1': ['1.1'] });
  });

  it("gives a line after a task's sub-steps, indented like them, to the task itself", () => {
    const text = planOf('- [ ] 1.1 One', '- [ ] 1.2 Two', '  - [ ] 1.2.1 Part', '    - After: 1.1', '  - After: 1.1.9');
    expect(waitsOf(text)).toEqual({ '1.2.1': ['1.1'], '1.2': ['1.1.9'] });
  });

  it('says what is wrong in a list of steps', () => {
    expect(readStepList('1.2 or 1.3')).toMatch(/has "or 1.3" after step 1.2/);
    expect(readStepList('')).toMatch(/names no step/);
    expect(readStepList('phase 1')).toMatch(/"phase 1" is a phase, not a step/);
    expect(readStepList('1.2,')).toMatch(/names no step|which is not a step/);
  });
});

describe('what waits', () => {
  it('getNextTask passes over a task whose dependencies are not done or skipped', () => {
    const text = PLAN.replace('- [ ] 1.1 Import', '- [/] 1.1 Import');
    const store = savedPlan(text);
    expect(agent(store).getNextTask()?.step).toBe('1.3');
    expect(agent(store).startNextTask()?.step).toBe('1.3');
    expect(agent(store).getNextTask()?.step).toBe('2.2');
  });

  it('a skipped dependency counts as finished', () => {
    const store = savedPlan(PLAN.replace('- [ ] 1.1 Import the sales', '- [-] 1.1 Import the sales — not needed'));
    expect(agent(store).getNextTask()?.step).toBe('1.2');
  });

  it('startTask of a waiting task is refused with WAITING naming the steps, and nothing is written', () => {
    const store = savedPlan(
      PLAN.replace('- [ ] 1.1 Import', '- [x] 1.1 Import').replace(
        '1.1 Import the sales',
        '1.1 Import the sales ✅ 2026-03-01',
      ),
    );
    const before = store.cells!.text;
    const answer = refused(() => agent(store).startTask('2.1'));
    expect(answer.code).toBe('WAITING');
    expect(answer.message).toContain('Task 2.1 waits for 1.2 (todo), 1.3 (todo)');
    expect(store.cells!.text).toBe(before);
    expect(refused(() => agent(store).applyCommands([{ action: 'start', step: '2.1' }])).code).toBe('WAITING');
    expect(refused(() => agent(store).completeTask('2.1')).code).toBe('WAITING');
    expect(refused(() => agent(store).advanceTask('2.1')).code).toBe('WAITING');
    expect(store.cells!.text).toBe(before);
    expect(agent(store).skipTask('2.1', 'not this month').status).toBe('skipped');
  });

  it('completing the last dependency frees the task: advanceTask starts it', () => {
    const store = savedPlan(PLAN);
    const manager = agent(store);
    expect(manager.startNextTask()?.step).toBe('1.1');
    expect(manager.advanceTask('1.1')?.step).toBe('1.2');
    expect(manager.advanceTask('1.2')?.step).toBe('1.3');
    expect(manager.advanceTask('1.3')?.step).toBe('2.1');
  });

  it('a person in the sidebar may start a waiting task', () => {
    const store = savedPlan(PLAN);
    expect(person(store).startTask('2.1').status).toBe('doing');
  });

  it('the compact view marks a todo task that waits, with the steps it still waits for', () => {
    const store = savedPlan(
      PLAN.replace('- [ ] 1.2 Clean', '- [x] 1.2 Clean').replace(
        'sales\n  - After: 1.1',
        'sales ✅ 2026-03-01\n  - After: 1.1',
      ),
    );
    const view = compactPlan(agent(store).getPlan()!, { nextCount: 5 });
    expect(view.summary).toContain('- [ ] 2.1 Write the summary (waits for 1.3)\n');
    expect(view.summary).toContain('- [ ] 1.1 Import the sales\n');
    expect(view.summary).toContain('- [ ] 2.2 Chart the months');
    expect(view.summary).not.toContain('2.2 Chart the months (waits');
  });

  it('the task answers carry what each task waits for', () => {
    const store = savedPlan(PLAN);
    expect(agent(store).getPlan()!.phases[1].tasks[0].waitsFor).toEqual(['1.2', '1.3']);
  });
});

describe('validatePlan', () => {
  it('reports a step the plan does not have, a task waiting for itself, and cycles', () => {
    const text = `# Plan: P
Goal: G
### Phase 1: A
- [ ] 1.1 One
  - After: 1.3
- [ ] 1.2 Two
  - After: 1.2, 1.9
- [ ] 1.3 Three
  - After: 1.1
`;
    const errors = validatePlan(text).errors;
    expect(errors.map((error) => error.code).sort()).toEqual([
      'dependency-cycle',
      'dependency-on-itself',
      'dependency-unknown-step',
    ]);
    expect(errors.find((error) => error.code === 'dependency-cycle')!.message).toContain('1.1 → 1.3 → 1.1');
    expect(errors.find((error) => error.code === 'dependency-unknown-step')).toMatchObject({ line: 7 });
  });

  it("refuses an agent's replacePlan whose After lines make a cycle, writing nothing", () => {
    const store = savedPlan(PLAN);
    const before = store.cells!.text;
    const cycle = PLAN.replace('- [ ] 1.1 Import the sales', '- [ ] 1.1 Import the sales\n  - After: 1.2');
    const answer = refused(() => agent(store).replacePlan(cycle, 1));
    expect(answer.code).toBe('INVALID_ARGUMENT');
    expect(answer.message).toContain('Steps 1.1 → 1.2 → 1.1 wait for each other');
    expect(store.cells!.text).toBe(before);
  });

  it('walks a long chain of After lines without overflowing the stack, and finds the circle that closes it', () => {
    const count = 20_000;
    const tasks = Array.from({ length: count }, (_, i) => `- [ ] 1.${i + 1} T\n  - after 1.${i === 0 ? count : i}`);
    const errors = validatePlan(planOf(...tasks)).errors;
    expect(errors.map((error) => error.code)).toEqual(['dependency-cycle']);
  });
});

describe('re-planning keeps the references right', () => {
  it('removeTask drops the removed step from After lines, with a dated note in Notes and in the answer', () => {
    const store = savedPlan(PLAN);
    const answer = agent(store).removeTask('1.3');
    const text = store.cells!.text;
    expect(text).toContain('- [ ] 2.1 Write the summary\n  - After: 1.2\n');
    expect(answer.droppedDependencies).toEqual([
      '2.1 (Write the summary) no longer waits for 1.3 (Import the costs), which was removed',
    ]);
    expect(text).toContain(
      `## Notes\n\n- ${TODAY}: 2.1 (Write the summary) no longer waits for 1.3 (Import the costs), which was removed`,
    );
  });

  it('removeTask renumbers the steps After lines name, and an After line left empty goes', () => {
    const store = savedPlan(PLAN);
    agent(store).removeTask('1.1');
    const text = store.cells!.text;
    expect(text).toContain('- [ ] 1.1 Clean the sales\n- [ ] 1.2 Import the costs\n');
    expect(text).toContain('- [ ] 2.1 Write the summary\n  - After: 1.1, 1.2\n');
  });

  it('moveTask renumbers After lines in place, keeping how they were written', () => {
    const store = savedPlan(PLAN.replace('  - After: 1.2, 1.3', '  - after 1.2 and 1.3.'));
    const answer = agent(store).moveTask('1.3', '1.1');
    expect(answer.renumbered).toEqual({ '1.2': '1.3', '1.3': '1.2' });
    const text = store.cells!.text;
    expect(text).toContain('- [ ] 1.3 Clean the sales\n  - After: 1.1\n');
    expect(text).toContain('  - after 1.3 and 1.2.\n');
    expect(waitsOf(text)['2.1']).toEqual(['1.3', '1.2']);
  });

  it('addTask inserting renumbers After lines, and addPhase renumbering phases too', () => {
    const store = savedPlan(PLAN.replace('2.2 Chart the months', '2.2 Chart the months\n  - After: 2.1'));
    agent(store).addTask(1, 'Check the sales', { after: '1.1' });
    expect(waitsOf(store.cells!.text)).toEqual({ '1.3': ['1.1'], '2.1': ['1.3', '1.4'], '2.2': ['2.1'] });
    agent(store).addPhase('Check', ['Ask for the files'], 1);
    expect(waitsOf(store.cells!.text)).toEqual({ '1.3': ['1.1'], '3.1': ['1.3', '1.4'], '3.2': ['3.1'] });
  });

  it('addTask writes an After line for waitsFor, named as the caller saw the plan', () => {
    const store = savedPlan(PLAN);
    const added = agent(store).addTask(1, 'Check the sales', { after: '1.1', waitsFor: ['1.2'] });
    expect(added.step).toBe('1.2');
    expect(store.cells!.text).toContain('- [ ] 1.2 Check the sales\n  - After: 1.3\n- [ ] 1.3 Clean the sales\n');
    expect(added.waitsFor).toEqual(['1.3']);
  });

  it("addTask refuses waitsFor that is not a list of the plan's steps, and writes nothing", () => {
    const store = savedPlan(PLAN);
    const before = store.cells!.text;
    expect(refused(() => agent(store).addTask(1, 'X', { waitsFor: ['9.9'] })).code).toBe('NOT_FOUND');
    expect(store.cells!.text).toBe(before);
  });

  it('the descriptor refuses waitsFor that is not a list of steps, saying what it must be', () => {
    const problemOf = (options: unknown) => argumentsProblem(argumentTable().addTask, [1, 'X', options]);
    expect(problemOf({ waitsFor: '1.2' })).toBe(
      'options.waitsFor must be a list of up to 20 steps the task waits for, like ["1.2", "1.3"] (got "1.2")',
    );
    expect(problemOf({ waitsFor: [1.2] })).toMatch(/^options\.waitsFor\[0\] must be text like "1\.2", not the number/);
    expect(problemOf({ waitsFor: Array.from({ length: 21 }, (_, i) => `1.${i + 1}`) })).toBe(
      'options.waitsFor holds 21 items; at most 20 are allowed',
    );
  });

  it('applyCommands carries After lines from command to command', () => {
    const store = savedPlan(PLAN);
    const answers = agent(store).applyCommands([
      { action: 'remove', step: '1.1' },
      { action: 'add', phase: 2, text: 'Send it', waitsFor: ['2.1'] },
    ]);
    expect(answers[0].droppedDependencies).toEqual([
      '1.1 (Clean the sales) no longer waits for 1.1 (Import the sales), which was removed',
    ]);
    expect(waitsOf(store.cells!.text)).toEqual({ '2.1': ['1.1', '1.2'], '2.3': ['2.1'] });
  });

  it('renameTask and adoptFormat keep every After line as it was', () => {
    const store = savedPlan(PLAN);
    agent(store).renameTask('2.1', 'Write the monthly summary');
    expect(waitsOf(store.cells!.text)).toEqual({ '1.2': ['1.1'], '2.1': ['1.2', '1.3'] });
    const unnumbered = '# Plan: P\nGoal: G\n\n## Tasks\n- [ ] Import\n- [ ] Clean\n  - After: 1.1\n';
    const messy = savedPlan(unnumbered);
    expect(waitsOf(unnumbered)).toEqual({ '1.2': ['1.1'] });
    agent(messy).adoptFormat();
    expect(messy.cells!.text).toContain('- [ ] 1.2 Clean\n  - After: 1.1\n');
    expect(agent(messy).validatePlan().valid).toBe(true);
  });

  it('a hand edit keeps the dependencies: they are read from the text', () => {
    const store = savedPlan(PLAN);
    store.cells = {
      ...store.cells!,
      text: store.cells!.text.replace('  - After: 1.1\n', '  - Depends on: 1.1 and 1.3\n'),
    };
    expect(agent(store).getPlan()!.phases[0].tasks[1].waitsFor).toEqual(['1.1', '1.3']);
  });
});
