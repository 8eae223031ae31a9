/**
 * Setting a plan up (initPlan) and reading it (getPlan, getNextTask, progress…) over an in-memory store.
 */
import { STARTER_PLAN } from '../../src/core';
import { BUILT_IN_PLANS, STARTER_HEADING } from '../../src/core/format/compose';
import { initPlan } from '../../src/core/use-cases/plan-setup';
import { PlanRevisions } from '../../src/core/write-path/plan-revisions';
import { MemoryStore, savedPlan } from './memory-store';
import { agent, simple, mixed } from './write-path-fixtures';

describe('initPlan', () => {
  test('on a spreadsheet without AGENT_BASE it creates the sheet with the marker and the starter plan', () => {
    const store = new MemoryStore(null);
    const plan = agent(store).initPlan();
    expect(store.initializations).toBe(1);
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toBe(STARTER_PLAN);
    expect(store.text).toContain('# Plan: Getting Started');
    expect(store.text).toContain('### Phase 1: Orientation');
    expect(plan.title).toBe('Getting Started with Sheet Agent');
    expect(plan.revision).toBe(1);
  });

  test('the starter plan has every section of the format', () => {
    const plan = agent(new MemoryStore(null)).initPlan();
    expect(plan.goal).toContain('Learn the basic tools');
    expect(plan.analysis).toBeDefined();
    expect(plan.questions).toHaveLength(2);
    expect(plan.phases.length).toBeGreaterThanOrEqual(2);
    expect(plan.notes).toContain('starter plan');
  });

  test('an existing plan under the marker is returned and left alone', () => {
    const store = savedPlan('# Plan: Existing\nGoal: Test\n### Phase 1: Work\n- [ ] 1.1 Task');
    const plan = agent(store).initPlan();
    expect(plan.title).toBe('Existing');
    expect(store.writes + store.initializations).toBe(0);
  });

  test('calling it again and again never overwrites the plan', () => {
    const original = '# Plan: My Plan\nGoal: Keep this\n### Phase 1: Important\n- [x] 1.1 Done task ✅ 2026-01-01';
    const store = savedPlan(original);
    const manager = agent(store);
    manager.initPlan();
    manager.initPlan();
    manager.initPlan();
    expect(store.text).toBe(original);
    expect(store.writes + store.initializations).toBe(0);
  });

  test('an empty sheet without the marker gets the marker and the starter plan', () => {
    const store = new MemoryStore({ ready: false, text: '', meta: '' });
    agent(store).initPlan();
    expect(store.cells?.ready).toBe(true);
    expect(store.text).toContain('Getting Started');
    expect(store.savedVersions).toEqual([]);
  });

  test('a plan already in C2 without the marker is kept; only the marker is added', () => {
    const text = '# Plan: Typed by hand\n\nGoal: Keep it\n\n### Phase 1: Work\n- [ ] 1.1 Something\n';
    const store = new MemoryStore({ ready: false, text, meta: '' });
    const plan = agent(store).initPlan();
    expect(store.text).toBe(text);
    expect(store.cells?.ready).toBe(true);
    expect(plan.title).toBe('Typed by hand');
    expect(store.savedVersions).toEqual([]);
  });

  test('text in C2 that is not a plan is saved to the history before the starter plan replaces it', () => {
    const store = new MemoryStore({ ready: false, text: 'shopping list: eggs, milk', meta: '' });
    agent(store).initPlan();
    expect(store.text).toBe(STARTER_PLAN);
    expect(store.savedVersions).toHaveLength(1);
    expect(store.savedVersions[0]).toMatchObject({ text: 'shopping list: eggs, milk', revision: 1 });
    expect(store.savedVersions[0].replacedBy).toContain('initPlan');
  });

  test('when the sheet cannot be set up it returns a recovery plan naming the error, and writes nothing', () => {
    const store = new MemoryStore(null);
    store.failWrites = 'Network error';
    const plan = agent(store).initPlan();
    expect(plan.title).toBe('Initialization Error');
    expect(plan.analysis).toContain('Network error');
    expect(plan.notes).toContain('error');
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2']);
    expect(store.cells).toBeNull();
  });

  test("when even the recovery plan's text cannot be read (the bundle reads it from a file), the error answers", () => {
    const store = new MemoryStore(null);
    store.failWrites = 'Network error';
    const unreadable = {
      ...BUILT_IN_PLANS,
      recovery: () => {
        throw new Error('Could not read RareTexts.html');
      },
    };
    expect(() => initPlan(new PlanRevisions(store, { source: 'api' }), unreadable)).toThrow('Network error');
    expect(store.cells).toBeNull();
  });

  test('a busy plan is a BUSY error to retry, not a recovery plan', () => {
    const store = new MemoryStore(null);
    store.busy = true;
    expect(() => agent(store).initPlan()).toThrow(/^BUSY: /);
    expect(store.cells).toBeNull();
  });
});

describe('reading', () => {
  test('getPlan gives null for an empty cell', () => {
    expect(agent(savedPlan('')).getPlan()).toBeNull();
    expect(agent(savedPlan('  \n ')).getPlan()).toBeNull();
  });

  test('getPlan gives null when the plan sheet does not exist', () => {
    expect(agent(new MemoryStore(null)).getPlan()).toBeNull();
  });

  test('getPlan reads the plan with its revision', () => {
    const plan = agent(savedPlan(simple, 4)).getPlan();
    expect(plan?.title).toBe('Test');
    expect(plan?.phases).toHaveLength(1);
    expect(plan?.revision).toBe(4);
    expect(plan?.changedBy).toBe('api');
  });

  test('getNextTask gives the first todo task, phase by phase', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Done\n- [x] 1.1 Complete ✅ 2026-01-01\n### Phase 2: Pending\n- [ ] 2.1 ' +
        'Next task\n- [ ] 2.2 After that',
    );
    const next = agent(store).getNextTask();
    expect(next).toMatchObject({ step: '2.1', title: 'Next task', revision: 1 });
  });

  test('getNextTask gives null when everything is done', () => {
    expect(
      agent(savedPlan('# Plan: T\nGoal: T\n### Phase 1: Done\n- [x] 1.1 Complete ✅ 2026-01-01')).getNextTask(),
    ).toBeNull();
  });

  test('getNextTask passes over blocked and review tasks', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Mixed\n- [>] 1.1 Blocked — reason\n- [!] 1.2 Review — note\n- [ ] 1.3 ' +
        'Available',
    );
    expect(agent(store).getNextTask()?.step).toBe('1.3');
  });

  test('getNextTask gives null when there is no plan', () => {
    expect(agent(savedPlan('')).getNextTask()).toBeNull();
  });

  test('getReviewTasks lists every task waiting for review, in order', () => {
    const store = savedPlan(
      '# Plan: T\nGoal: T\n### Phase 1: Work\n- [!] 1.1 Review one — check this\n- [ ] 1.2 Normal task\n### Phase ' +
        '2: More\n- [!] 2.1 Review two — verify that',
    );
    const reviews = agent(store).getReviewTasks();
    expect(reviews.map((task) => [task.step, task.reviewNote])).toEqual([
      ['1.1', 'check this'],
      ['2.1', 'verify that'],
    ]);
  });

  test('getReviewTasks gives an empty list when nothing waits', () => {
    expect(agent(savedPlan(simple)).getReviewTasks()).toEqual([]);
    expect(agent(savedPlan('')).getReviewTasks()).toEqual([]);
  });

  test('getProgress counts the tasks', () => {
    expect(agent(savedPlan(mixed)).getProgress()).toEqual({
      total: 6,
      todo: 2,
      doing: 1,
      done: 1,
      blocked: 1,
      review: 1,
      skipped: 0,
      percent: 16,
      revision: 1,
      changedBy: 'api',
    });
  });

  test('reading never writes', () => {
    const store = savedPlan(mixed);
    const manager = agent(store);
    manager.getPlan();
    manager.getNextTask();
    manager.getReviewTasks();
    manager.getProgress();
    manager.validatePlan();
    expect(store.reads).toBe(5);
    expect(store.writes + store.initializations).toBe(0);
  });
});

test("the starter plan's heading, by which the sidebar knows it, is its first line", () => {
  expect(STARTER_PLAN.split('\n')[0]).toBe(STARTER_HEADING);
});
