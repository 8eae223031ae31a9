/** Progress: how many tasks are in each status, and how much of the plan is finished. */
import { countProgress, describeProgress, parsePlan, type TaskStatus } from '../../src/core';

const tasks = (...statuses: TaskStatus[]) => statuses.map((status) => ({ status }));

describe('counting progress', () => {
  test('each status is counted', () => {
    expect(countProgress(tasks('todo', 'todo', 'doing', 'done', 'blocked', 'review', 'skipped'))).toEqual({
      total: 7,
      todo: 2,
      doing: 1,
      done: 1,
      blocked: 1,
      review: 1,
      skipped: 1,
      percent: 28,
    });
  });

  test('done and skipped tasks count as finished', () => {
    expect(countProgress(tasks('done', 'skipped', 'todo', 'todo')).percent).toBe(50);
  });

  test('the percentage is rounded down, so 100% means everything is finished', () => {
    expect(countProgress(tasks('done', 'done', 'todo')).percent).toBe(66);
    expect(countProgress(tasks(...Array<TaskStatus>(199).fill('done'), 'doing')).percent).toBe(99);
    expect(countProgress(tasks('done', 'skipped')).percent).toBe(100);
  });

  test('a plan without tasks is at 0%', () => {
    expect(countProgress([])).toEqual({
      total: 0,
      todo: 0,
      doing: 0,
      done: 0,
      blocked: 0,
      review: 0,
      skipped: 0,
      percent: 0,
    });
  });

  test('a parsed plan counts its sub-steps and its tasks outside phases', () => {
    const plan = parsePlan(`# Plan: P

Goal: Count

- [x] 0.1 Before the phases ✅ 2026-01-01

### Phase 1: Work
- [/] 1.1 Parent
  - [x] 1.1.1 Child ✅ 2026-01-02
  - [ ] 1.1.2 Child
- [-] 1.2 Dropped — not needed
`);
    expect(plan.progress).toEqual({
      total: 5,
      todo: 1,
      doing: 1,
      done: 2,
      blocked: 0,
      review: 0,
      skipped: 1,
      percent: 60,
    });
  });
});

describe('describing progress', () => {
  test('done first, then only the statuses that have tasks', () => {
    expect(
      describeProgress(
        countProgress(tasks('done', 'done', 'doing', 'review', 'todo', 'todo', 'todo', 'todo', 'todo', 'todo')),
      ),
    ).toBe('2/10 done (20%) · 1 doing · 1 review');
  });

  test('blocked and skipped are named too', () => {
    expect(describeProgress(countProgress(tasks('blocked', 'skipped', 'skipped', 'todo')))).toBe(
      '0/4 done (50%) · 1 blocked · 2 skipped',
    );
  });

  test('an empty plan', () => {
    expect(describeProgress(countProgress([]))).toBe('0/0 done (0%)');
  });
});
