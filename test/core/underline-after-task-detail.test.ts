/**
 * A `---` or `===` line right after a task's detail line belongs to the list, not to a heading: in CommonMark a
 * setext underline is never a lazy continuation line, and a paragraph inside a list item is the item's. So the
 * detail line stays the task's, `---` at the margin is a thematic break that ends the list, and `===` is more of the
 * item's text. An underline under an ordinary paragraph still makes a heading.
 */
import { scanBlocks } from '../../src/core/format/blocks';
import { parsePlan } from '../../src/core';
import { agent, lines, savedPlan } from './memory-store';

const kinds = (...text: string[]) => scanBlocks(text).kinds;
const headingTexts = (...text: string[]) => scanBlocks(text).headings.map((heading) => heading.text);

describe('the line after a task detail line', () => {
  test.each([
    ['an indented detail line', '  Both accounts, PDF and CSV'],
    ['a lazy detail line at the margin', 'Both accounts, PDF and CSV'],
  ])('`---` after %s is a thematic break, and the detail stays a paragraph', (_shape, detail) => {
    expect(kinds('- [x] Export the statements', detail, '---', '- [ ] Load them')).toEqual([
      'list-item',
      'paragraph',
      'thematic-break',
      'list-item',
    ]);
    expect(headingTexts('- [x] Export the statements', detail, '---')).toEqual([]);
  });

  test.each([
    ['an indented detail line', '  Both accounts, PDF and CSV'],
    ['a lazy detail line at the margin', 'Both accounts, PDF and CSV'],
  ])('`===` after %s is more of the item text', (_shape, detail) => {
    expect(kinds('- [x] Export the statements', detail, '===')).toEqual(['list-item', 'paragraph', 'paragraph']);
    expect(headingTexts('- [x] Export the statements', detail, '===')).toEqual([]);
  });

  test('an underline indented into the item does not make its detail a heading either', () => {
    expect(headingTexts('- [x] Export the statements', '  Both accounts', '  ---')).toEqual([]);
    expect(headingTexts('- [x] Export the statements', '', '  A paragraph of the item', '  ===')).toEqual([]);
  });

  test('a detail of several lines is the item text up to the rule', () => {
    expect(kinds('- [x] Export', '  PDF', 'and CSV', '---')).toEqual([
      'list-item',
      'paragraph',
      'paragraph',
      'thematic-break',
    ]);
  });

  test('after a blank line, a paragraph underlined at the margin is a heading, with `---` and with `===`', () => {
    for (const underline of ['---', '===']) {
      expect(kinds('- [x] Export', '  PDF and CSV', '', 'Reconcile', underline)).toEqual([
        'list-item',
        'paragraph',
        'blank',
        'heading',
        'setext-underline',
      ]);
    }
    expect(headingTexts('Intro', '', 'Reconcile', '---')).toEqual(['Reconcile']);
  });
});

const PLAN = lines(
  '# Plan: Quarter close',
  '',
  'Goal: Close the quarter in the ledger sheet',
  '',
  '### Phase 1: Collect',
  '- [x] 1.1 Export the bank statements ✅ 2026-03-02',
  '  Both accounts, PDF and CSV',
  '---',
  '- [ ] 1.2 Load the CSVs into Bank!A2:F',
  '',
  '### Phase 2: Reconcile',
  '- [ ] 2.1 Match payments to invoices',
  '',
);

// A TODO list without written steps, its detail line lazy at the margin.
const UNNUMBERED = lines(
  '# Plan: Quarter close',
  '',
  '### Phase 1: Collect',
  '- [x] Export the bank statements',
  'Both accounts, PDF and CSV',
  '---',
  '- [ ] Load the CSVs',
  '',
  '### Phase 2: Reconcile',
  '- [ ] Match payments to invoices',
  '',
);

describe('a plan with a rule after a task detail line', () => {
  test('has the phases its headings show, and the task after the rule stays in phase 1', () => {
    for (const text of [PLAN, UNNUMBERED]) {
      expect(parsePlan(text).phases.map((phase) => [phase.number, phase.name])).toEqual([
        [1, 'Collect'],
        [2, 'Reconcile'],
      ]);
    }
    const tasks = parsePlan(UNNUMBERED).phases.flatMap((phase) => phase.tasks);
    expect(tasks.find((task) => task.title === 'Load the CSVs')?.step).toBe('1.2');
  });

  test('adoptFormat keeps the detail line and the rule as written', () => {
    const store = savedPlan(PLAN.replace('- [ ] 1.2 Load', '- [ ] Load'));
    agent(store).adoptFormat();
    expect(store.text).toContain('\n  Both accounts, PDF and CSV\n---\n- [ ] 1.2 Load the CSVs');
    expect(store.text).not.toContain('### Phase 1: Both accounts');
  });

  test('addPhase after phase 1 leaves the detail line under its task', () => {
    const store = savedPlan(PLAN);
    agent(store).addPhase('Review', ['Check totals'], 1);
    expect(store.text).toContain('✅ 2026-03-02\n  Both accounts, PDF and CSV\n---\n');
  });
});
