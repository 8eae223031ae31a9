/**
 * The checklist the server hands the sidebar page (checklist.ts) and the first paint the page draws from it before its
 * script runs (first-paint.ts): the panel's phases, counts and rows, as text, on the plans people really write.
 */
import { parsePlan } from '../../src/core';
import { escapeHtml } from '../../src/core/text';
import { checklistOf } from '../../sidebar/src/checklist';
import { firstPaint } from '../../sidebar/src/first-paint';
import { REAL_SHAPES, realShape } from '../core/fixtures';

const paintOf = (markdown: string) => firstPaint(checklistOf(parsePlan(markdown)));

/** The first paint's phase toggles ([title, count]) and its rows ([status, step, title]), read back from its HTML. */
function readBack(html: string) {
  const text = (part: string) => part.replace(/<[^>]*>/g, '');
  const phases = [
    ...html.matchAll(/<span class="section-title">(.*?)<\/span><span class="section-count">(.*?)<\/span>/g),
  ];
  const rows = [
    ...html.matchAll(/<li class="task task-(\w+)">.*?<\/span>(.*?)<\/button><span class="task-title">(.*?)<\/span>/g),
  ];
  return {
    phases: phases.map(([, title, count]) => [text(title), count]),
    rows: rows.map(([, status, step, title]) => [status, text(step), text(title)]),
  };
}

const PLAN = `# Plan: Quarter close

Goal: Close the quarter in Ledger!A1:F200

### Phase 1: Gather
- [x] 1.1 Export the ledger ✅ 2026-11-20
- [-] 1.2 Ask for the bank CSV — the feed has it

### Phase 2: Reconcile
- [/] 2.1 Match totals in Ledger!A1:F200
- [!] 2.2 Check the FX rates — please look at EUR
- [>] 2.3 Post the adjustments — waiting for 2.2
- [ ] 2.4 Write <b>Summary</b> & "notes"

## Later
- [ ] Archive the working tabs
`;

test('each phase is its heading and count, and each open phase lists its rows: status, step and title', () => {
  expect(readBack(paintOf(PLAN))).toEqual({
    phases: [
      ['Phase 1: Gather', '2/2'],
      ['Phase 2: Reconcile', '0/4'],
      // A section without a phase number is shown by its own name, as in the panel.
      ['Later', '0/1'],
    ],
    rows: [
      ['doing', '2.1', 'Match totals in Ledger!A1:F200'],
      ['review', '2.2', 'Check the FX rates'],
      ['blocked', '2.3', 'Post the adjustments'],
      ['todo', '2.4', 'Write &lt;b&gt;Summary&lt;/b&gt; &amp; &quot;notes&quot;'],
      ['todo', '3.1', 'Archive the working tabs'],
    ],
  });
});

test('a finished phase starts closed, as in the panel: its toggle says so and it draws no rows', () => {
  const html = paintOf(PLAN);
  expect(html).toContain(
    '<section class="collapsible phase complete"><h2 class="section-heading"><button type="button" ' +
      'class="section-toggle" aria-expanded="false">',
  );
  expect(html).toContain('<div hidden></div></section>');
  expect(html).not.toContain('Export the ledger');
});

test('nothing a title holds becomes markup: the plan title and task titles are escaped', () => {
  const hostile = '<img src=x onerror="alert(1)">';
  const html = paintOf(`# Plan: ${hostile}\n\n### Phase 1: ${hostile}\n- [ ] 1.1 ${hostile}\n`);
  expect(html).not.toContain('<img');
  expect(html.split(escapeHtml(hostile))).toHaveLength(4);
});

test('the first paint is inert and hidden from assistive technology until the panel takes its place', () => {
  expect(paintOf(PLAN)).toMatch(/^<main class="plan" inert aria-hidden="true">/);
});

test.each(REAL_SHAPES)('%s: every task is in the checklist, and every task of an open phase is a row', (name) => {
  const plan = parsePlan(realShape(name));
  const checklist = checklistOf(plan);
  expect(checklist.phases.map(([, , , tasks]) => tasks)).toEqual(
    plan.phases.map((phase) => phase.tasks.map((task) => [task.status, task.step, task.title])),
  );
  const finished = new Set(checklist.finished);
  const open = plan.phases.filter((phase) => !phase.tasks.every((task) => finished.has(task.status)));
  expect(readBack(firstPaint(checklist)).rows.map(([, step]) => step)).toEqual(
    open.flatMap((phase) => phase.tasks.map((task) => escapeHtml(task.step))),
  );
});
