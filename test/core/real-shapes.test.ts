/**
 * The checklists people really have are read: every line test/fixtures/real-shapes/INDEX.md calls
 * a task is a task (1-based line numbers, as INDEX.md counts them), and no other line is. Where
 * INDEX.md marks a line ambiguous, the choice is said beside it.
 */
import { outlinePlan, parsePlan, validatePlan } from '../../src/core';
import { REAL_SHAPES, realShape } from './fixtures';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const TASK_LINES: Record<string, number[]> = {
  'agent-plan-prose-dashes.md': [...range(12, 15), ...range(18, 25), ...range(28, 31)],
  'bold-step-numbers.md': [...range(11, 14), 18, 23, 31, ...range(35, 39)],
  'canonical-sheet-plan.md': [...range(26, 28), ...range(31, 34), ...range(37, 40)],
  // 70-71 (ambiguous): after <details> and a blank line Markdown renders them, so they are read.
  'code-fences-and-tables.md': [...range(19, 21), 24, ...range(37, 39), 56, 57, 70, 71],
  'crlf-and-bom.md': [22, 23, ...range(26, 28), 31, 32],
  'decorated-phase-headings.md': [4, 5, 6, 9, 10, 13, 14],
  'cursor-plan-frontmatter.md': [44, 45, 46],
  // 5-8 (ambiguous): the rows that stand for phases are tasks of a "Phases" section.
  'heading-variants.md': [
    ...range(5, 8),
    12,
    13,
    17,
    18,
    22,
    26,
    27,
    31,
    35,
    39,
    40,
    44,
    48,
    54,
    58,
    62,
    66,
    70,
    74,
    79,
    84,
  ],
  'kiro-tasks-nested-requirements.md': [3, 8, 9, 16, 21, 25, 26, 29, 33, 36, 40, 42, 44, 47],
  'memory-bank-progress-unnumbered.md': [...range(16, 21), ...range(24, 29), 32, 33],
  // 16 (`- [ ]` alone) and 29 (`- [ ]Missing space`): not read, and validatePlan says why.
  'mixed-statuses-notes-dates.md': [...range(7, 15), ...range(17, 22), ...range(26, 28), 32],
  'nested-substeps.md': [6, ...range(9, 11), ...range(14, 17), ...range(20, 25), 28, 32],
  'ordered-list-checkboxes.md': [...range(5, 8), 12, 13, ...range(16, 20), ...range(24, 26), ...range(30, 32)],
  'paren-and-colon-steps.md': [...range(5, 10), ...range(14, 20), ...range(24, 27), ...range(31, 35)],
  'pr-checklist.md': [...range(12, 15), ...range(25, 29)],
  'spec-kit-decimal-phases.md': [10, 11, 12, 15, 16, 19, 20],
  'superpowers-plan-steps-in-fences.md': [19, 31, 36, 44, 54, 55, 66],
  // 7 is an indented code block (after a blank line); 10-11 and 14-15, tab-indented under a heading, are tasks.
  'tab-indented-phase-zero.md': [10, 11, 14, 15],
  'todo-numbered-sections.md': [...range(3, 6), ...range(10, 20), ...range(24, 26), ...range(30, 33)],
};

const taskLines = (text: string) => outlinePlan(text).tasks.map((task) => task.line + 1);

describe('every real-shape document is read as INDEX.md says', () => {
  test('there is an expectation for every document', () => {
    expect(Object.keys(TASK_LINES).sort()).toEqual(REAL_SHAPES);
  });

  test.each(REAL_SHAPES)('%s: the task lines, and only those', (name) => {
    expect(taskLines(realShape(name))).toEqual(TASK_LINES[name]);
  });

  test.each(REAL_SHAPES)('%s: every task has a step, and no step is derived twice', (name) => {
    const tasks = outlinePlan(realShape(name)).tasks;
    const derived = tasks.filter((task) => task.derived).map((task) => task.step);
    const written = new Set(tasks.filter((task) => !task.derived).map((task) => task.step));
    for (const task of tasks) expect(task.step).toMatch(/^\d+(\.\d+)+$/);
    expect(new Set(derived).size).toBe(derived.length);
    expect(derived.filter((step) => written.has(step))).toEqual([]);
  });
});

describe('lines that look like tasks but are not read, and why', () => {
  const unread = (name: string) =>
    outlinePlan(realShape(name)).unread.map((entry) => [entry.line + 1, entry.reason] as const);

  test('checkboxes in code, tables and quotes are examples', () => {
    expect(unread('code-fences-and-tables.md')).toEqual([
      [16, 'in-table'],
      [29, 'in-code'],
      [43, 'in-code'],
      [44, 'in-code'],
      [48, 'in-code'],
      [51, 'in-code'],
      [53, 'in-quote'],
      [63, 'in-code'],
      [64, 'in-code'],
    ]);
  });

  test('commented-out boxes are named, on one line or many', () => {
    expect(unread('pr-checklist.md')).toEqual([
      [30, 'in-comment'],
      [34, 'in-comment'],
      [35, 'in-comment'],
    ]);
  });

  test('boxes typed wrong are named with what is wrong', () => {
    expect(unread('mixed-statuses-notes-dates.md')).toEqual([
      [16, 'no-text'],
      [29, 'no-space-after-box'],
      [30, 'wide-box'],
      [31, 'no-space-after-marker'],
      [36, 'emoji-box'],
      [37, 'emoji-box'],
      [38, 'emoji-box'],
      [39, 'emoji-box'],
    ]);
  });

  test('validatePlan reports them as warnings, in words', () => {
    const report = validatePlan(realShape('mixed-statuses-notes-dates.md'));
    expect(report.warnings).toContainEqual({
      code: 'unread-no-space-after-box',
      message: 'Line 29 looks like a task but is not read: it has no space after the box; write "- [ ] Title"',
      line: 29,
    });
    expect(report.warnings).toContainEqual(
      expect.objectContaining({ code: 'unread-emoji-box', count: 4, lines: [36, 37, 38, 39] }),
    );
  });
});

describe('what the shapes read as', () => {
  test('step spellings: **1.1**, **1.3: Title**, 1.2:, 2.1), 1. [x] 1.1', () => {
    const bold = parsePlan(realShape('bold-step-numbers.md')).phases[0].tasks;
    expect(bold.map((task) => [task.step, task.title])).toEqual([
      ['1.1', 'Export the October orders from the billing system to `Orders_Raw`'],
      ['1.2', 'Remove test orders (customer ID starts with `TEST-`)'],
      ['1.3', 'Confirm the row count matches the billing report (4,812 rows)'],
      ['1.4', "Archive September's raw tab as `Orders_Raw_2026-09`"],
    ]);
    const paren = outlinePlan(realShape('paren-and-colon-steps.md')).tasks;
    expect(paren.filter((task) => !task.derived).map((task) => task.step)).toEqual(
      expect.arrayContaining(['2.1', '2.2', '2.3', '1.1', '1.2', '2.0', '3.2.1', '4.1']),
    );
    const ordered = parsePlan(realShape('ordered-list-checkboxes.md')).phases.find((phase) => phase.number === 1)!;
    expect(ordered.tasks.map((task) => [task.step, task.status])).toEqual([
      ['1.1', 'done'],
      ['1.2', 'doing'],
      ['1.3', 'todo'],
    ]);
  });

  test('## 1. Name sections are phases, named without their number', () => {
    const plan = parsePlan(realShape('todo-numbered-sections.md'));
    expect(plan.phases.map((phase) => [phase.number, phase.name])).toEqual([
      [1, 'Extract the reconciliation helpers'],
      [2, 'Variance report'],
      [3, 'Sheet output'],
      [4, 'Tests'],
    ]);
  });

  test('## Phase N — Name at other levels and spellings is a phase; Phase 2.1 is part of phase 2', () => {
    const plan = parsePlan(realShape('heading-variants.md'));
    const named = plan.phases.filter((phase) => !phase.derived).map((phase) => [phase.number, phase.name]);
    expect(named).toEqual(
      expect.arrayContaining([
        [1, 'Data foundation ✅'],
        [2, 'Core metrics'],
        [3, 'Dashboards [PENDING]'],
        [4, 'Forecasts (In Progress)'],
        [5, 'Cleanup ✅ COMPLETE'],
        [8, 'ARCHIVE'],
        [9, 'Later'],
        [10, 'Validation'],
      ]),
    );
    const phase2 = plan.phases.find((phase) => phase.name === 'Core metrics')!;
    expect(phase2.tasks.map((task) => task.step)).toEqual(['2.1', '2.2', '2.1.1']);
  });

  test('## Tasks-like sections are phases with derived numbers, named by their heading', () => {
    const plan = parsePlan(realShape('memory-bank-progress-unnumbered.md'));
    expect(plan.phases.map((phase) => [phase.number, phase.name, phase.derived])).toEqual([
      [1, '✅ Inventory sync (Priority 1) - COMPLETE', true],
      [2, '🔄 Reorder suggestions (Priority 2) - IN PROGRESS', true],
      [3, '⏳ Alerts (Future)', true],
    ]);
    expect(plan.phases[0].tasks.map((task) => [task.step, task.title])).toEqual([
      ['1.1', '**Stock snapshot tab**'],
      ['1.1.1', 'Create `Stock` with SKU, store, qty, last movement date'],
      ['1.1.2', 'Backfill from the 2026-09-01 physical count'],
      ['1.2', '**Movement log**'],
      ['1.2.1', 'Append receipts and transfers from the POS export'],
      ['1.2.2', 'Ignore voided lines'],
    ]);
  });

  test('a byte-order mark and CRLF: the title has no BOM, reasons and dates no \\r or tab', () => {
    const text = realShape('crlf-and-bom.md');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const plan = parsePlan(text);
    expect(plan.title).toBe('Weekly Sales Report');
    const tasks = plan.phases.flatMap((phase) => phase.tasks);
    expect(tasks.find((task) => task.step === '1.2')?.completedDate).toBe('2026-06-08');
    expect(tasks.find((task) => task.step === '2.3')?.blockedReason).toBe('waiting for the answer on refunds');
    expect(tasks.find((task) => task.step === '3.1')?.reviewNote).toBe(
      "please confirm last week's tab can be replaced",
    );
  });

  test('front matter is not the plan: the title is the heading after it', () => {
    expect(parsePlan(realShape('cursor-plan-frontmatter.md')).title).toBe('Sales territory rebalance');
  });
});
