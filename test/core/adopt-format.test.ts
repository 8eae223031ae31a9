/**
 * adoptFormat rewrites a checklist into the canonical format in one revision, keeping every word
 * and every step a task is read as; the text it replaces goes to the history.
 */
import { PlanError, outlinePlan, parsePlan, validatePlan } from '../../src/core';
import { PlanManager } from './plan-manager';
import { adoptFormat, needsAdoption } from '../../src/core/format/adopt';
import { REAL_SHAPES, realShape } from './fixtures';
import { savedPlan } from './memory-store';

/**
 * Every word of the text, counted, in any case: tokens with a letter, bold marks and a trailing
 * colon taken off. Boxes, list markers, step spellings and dashes are the format, not words. The
 * ideographic comma parts words as a space does (`二、Phase 3`).
 */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of text.split(/[\s、]+/)) {
    const word = raw
      .replace(/^\*\*|\*\*$/g, '')
      .replace(/:$/, '')
      .toLowerCase();
    if (!/\p{L}/u.test(word) || /^\[.?\]\*?$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function lostWords(before: string, after: string): string[] {
  const kept = wordCounts(after);
  return [...wordCounts(before)].filter(([word, count]) => (kept.get(word) ?? 0) < count).map(([word]) => word);
}

const tasksOf = (text: string) =>
  outlinePlan(text).tasks.map((task) => [task.step, task.status, task.title, task.note, task.completedDate]);

const CANONICAL = [
  'agent-plan-prose-dashes.md',
  'canonical-sheet-plan.md',
  'code-fences-and-tables.md',
  'nested-substeps.md',
];
const OTHER_SHAPES = REAL_SHAPES.filter((name) => !CANONICAL.includes(name));

describe('adoptFormat on every real-shape document', () => {
  test.each(OTHER_SHAPES)('%s: every task reads as before, every word is kept, and it is canonical after', (name) => {
    const text = realShape(name);
    expect(needsAdoption(text)).toBe(true);
    const adopted = adoptFormat(text);
    expect(tasksOf(adopted)).toEqual(tasksOf(text));
    expect(lostWords(text, adopted)).toEqual([]);
    expect(outlinePlan(adopted).tasks.some((task) => task.derived)).toBe(false);
    expect(needsAdoption(adopted)).toBe(false);
    expect(() => adoptFormat(adopted)).toThrow(/^INVALID_ARGUMENT: The plan is already in the canonical format/);
  });

  test.each(CANONICAL)('%s is canonical already: nothing to change', (name) => {
    expect(needsAdoption(realShape(name))).toBe(false);
  });
});

describe('what adoptFormat writes', () => {
  test('numbers the steps, writes phase headings, keeps the rest of each line', () => {
    const text = [
      '# TODO: Expense report',
      '',
      '## This week',
      '',
      '* [X] Pull card transactions',
      '- [ ] **1.4: Chase receipts** — 46 missing',
      '  - [ ] Email the sales team',
      '',
      '## 2. Later',
      '',
      '1. [ ] 2.1) Archive the January tab',
      '',
    ].join('\n');
    expect(adoptFormat(text)).toBe(
      [
        '# Plan: TODO: Expense report',
        '',
        '### Phase 1: This week',
        '',
        '- [x] 1.1 Pull card transactions',
        '- [ ] 1.4 Chase receipts — 46 missing',
        '  - [ ] 1.4.1 Email the sales team',
        '',
        '### Phase 2: Later',
        '',
        '- [ ] 2.1 Archive the January tab',
        '',
      ].join('\n'),
    );
  });

  test('tasks under no heading get a phase heading; headings inside a phase move below it', () => {
    const text = '# Plan: P\n\nGoal: G\n- [ ] First\n## Phase 1 — Build\n### Tasks\n- [ ] 1.1 Second\n';
    expect(adoptFormat(text)).toBe(
      '# Plan: P\n\nGoal: G\n\n### Phase 2: Tasks\n- [ ] 2.1 First\n### Phase 1: Build\n#### Tasks\n- [ ] 1.1 Second\n',
    );
    expect(parsePlan(adoptFormat(text)).phases.map((phase) => phase.tasks.map((task) => task.step))).toEqual([
      ['2.1'],
      ['1.1'],
    ]);
  });

  test('Windows line endings and a byte-order mark: \\r\\n kept, the mark dropped', () => {
    const adopted = adoptFormat(realShape('crlf-and-bom.md').replace('### Phase 1: Collect', '## Phase 1 - Collect'));
    expect(adopted.startsWith('# Plan: Weekly Sales Report\r\n')).toBe(true);
    expect(adopted).toContain('\r\n### Phase 1: Collect\r\n');
    expect(adopted.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('a rewrite that would change how a task reads is refused, and not offered', () => {
    // The rewrite takes the first `**` after the step for the end of the bold around step and title. Here that `**`
    // opens a bold run inside the title: dropped with the space before it, the title would read `Checktotals**`.
    const text = '# Plan: P\n\n### Phase 1: W\n- [ ] **1.2: Check **totals**\n';
    expect(() => adoptFormat(text)).toThrow(
      /^INVALID_PLAN: Rewriting the plan would change how the task on line 4 reads/,
    );
    expect(needsAdoption(text)).toBe(false);
  });

  test('a rewrite that would make a task of a line that is none now is refused with its words', () => {
    // Two byte-order marks: the rewrite drops the first, and the line the second began reads as a task.
    const text = '\uFEFF\uFEFF# Plan: B\n## Notes\n# P\n\uFEFF- [ ] bom task';
    expect(outlinePlan(text).tasks).toEqual([]);
    expect(() => adoptFormat(text)).toThrow(
      /^INVALID_PLAN: Rewriting the plan would make "bom task" a task, which it is not now; nothing was written/,
    );
    expect(needsAdoption(text)).toBe(false);
  });

  test('a plan with nothing to rewrite is refused, and so is an empty text', () => {
    expect(() => adoptFormat('# Plan: P\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 A\n')).toThrow(PlanError);
    expect(needsAdoption('')).toBe(false);
  });
});

test('needsAdoption answers a plan in the format without making the refusal adoptFormat throws', () => {
  // The sidebar asks on every plan it draws; under a debugger (DevTools, the benchmarks' Playwright) the first error a
  // page makes costs 12-20 ms, as V8 then places each frame of its stack in the page's whole script.
  jest.isolateModules(() => {
    type Errors = typeof import('../../src/core/errors');
    jest.doMock('../../src/core/errors', () => {
      const actual = jest.requireActual<Errors>('../../src/core/errors');
      return { ...actual, invalidArgument: jest.fn(actual.invalidArgument) };
    });
    // adopt.ts as it is, loaded in this sandbox: the errors module it imports is the one above.
    const adopt = jest.requireActual<typeof import('../../src/core/format/adopt')>('../../src/core/format/adopt');
    const errors = jest.requireMock<Errors>('../../src/core/errors');
    expect(adopt.needsAdoption(realShape('canonical-sheet-plan.md'))).toBe(false);
    expect(errors.invalidArgument).not.toHaveBeenCalled();
    // The refusal itself is unchanged, and this is how it is made.
    expect(() => adopt.adoptFormat(realShape('canonical-sheet-plan.md'))).toThrow(/^INVALID_ARGUMENT/);
    expect(errors.invalidArgument).toHaveBeenCalledTimes(1);
  });
});

describe('PlanManager.adoptFormat', () => {
  test('one revision, the old text in the history, every derived step still addresses its task', () => {
    const text = realShape('memory-bank-progress-unnumbered.md');
    const store = savedPlan(text);
    const manager = new PlanManager(store, { source: 'api' });
    const next = manager.getNextTask()!;
    const plan = manager.adoptFormat();
    expect(plan.revision).toBe(next.revision + 1);
    expect(store.savedVersions).toEqual([
      expect.objectContaining({ text, reason: 'rewritten into the canonical format' }),
    ]);
    expect(manager.getNextTask()).toMatchObject({ step: next.step, title: next.title });
    expect(manager.getNextTask()?.derived).toBeUndefined();
    expect(validatePlan(store.text).warnings.map((warning) => warning.code)).not.toContain('derived-step');
  });

  test('a canonical plan is refused and nothing is written', () => {
    const store = savedPlan(realShape('canonical-sheet-plan.md'));
    const before = JSON.stringify([store.cells, store.savedVersions]);
    expect(() => new PlanManager(store, { source: 'api' }).adoptFormat()).toThrow(/^INVALID_ARGUMENT: /);
    expect(JSON.stringify([store.cells, store.savedVersions])).toBe(before);
  });
});
