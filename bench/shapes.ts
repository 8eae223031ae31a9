/**
 * Plans at the cell's 50,000-character limit, for the parse benchmark and the linear-time tests:
 * hostile shapes (one part of the format stretched with a long run of one character), a
 * realistic maximum-size plan, and plans in the spec's own spelling of any size. Shared by the
 * benchmark (bench/run.ts, bench/parse.ts) and test/core/hostile-shapes.test.ts.
 */

/** The most plan text the cell holds (50,000 with the apostrophe that marks it as text). */
export const PLAN_TEXT_LIMIT = 49_999;

/** Where the run goes: `{}` in each template, one template per part of the format. */
const TEMPLATES: Record<string, string> = {
  title: '# Plan: a{}x\n\nGoal: g\n',
  'title closing hashes': '# Plan: T{}#\n',
  'heading level': '{}# Plan: T\n',
  goal: '# Plan: T\n\nGoal:{}x\n',
  'bold goal': '# Plan: T\n\n**Goal**{}: g\n',
  'phase word': '### Phase{}1: Name\n- [ ] 1.1 a\n',
  'phase name': '### Phase 1:{}x{}#\n- [ ] 1.1 a\n',
  'numbered section': '## 1.{}x\n- [ ] a\n',
  indentation: '### Phase 1: W\n{}- [ ] 1.1 a\n',
  'after the bullet': '### Phase 1: W\n-{}[ ] 1.1 a\n',
  'after the box': '### Phase 1: W\n- [ ]{}1.1 a\n',
  'in the box': '### Phase 1: W\n- [{}] 1.1 a\n',
  step: '### Phase 1: W\n- [ ] 1.{}1 a\n',
  'after the step': '### Phase 1: W\n- [ ] 1.1{}a\n',
  'task title': '### Phase 1: W\n- [ ] 1.1 a{}\n',
  'title without step': '## Tasks\n- [ ] a{}b\n',
  'before the annotation': '### Phase 1: W\n- [>] 1.1 a{}— b\n',
  annotation: '### Phase 1: W\n- [>] 1.1 a —{}b\n',
  'done date': '### Phase 1: W\n- [x] 1.1 a ✅{}2026-01-01\n',
  'bold step': '### Phase 1: W\n- [ ] **1.1:{}a**\n',
  'ordered list': '### Phase 1: W\n1.{}[ ] 1.1 a\n',
  'analysis label': '## Analysis\n\n- Key{}: value\n',
  'analysis value': '## Analysis\n\n- Read:{}x\n',
  question: '## Questions for User\n\n- q{}?\n  - Answer:{}a\n',
  notes: '## Notes\n\n- {}\n',
  'fence line': '{}\n- [ ] 1.1 a\n',
  'comment line': '<!--{}\n- [ ] a\n',
  'setext text': 'a{}\n---\n- [ ] a\n',
};

/** The characters people paste in long runs, and the ones each part of the format is built from. */
const RUNS: Record<string, string> = {
  spaces: ' ',
  tabs: '\t',
  'no-break spaces': '\u00a0',
  hyphens: '-',
  'double hyphens': ' --',
  'em dashes': ' —',
  brackets: '[',
  digits: '1',
  'digits and dots': '1.',
  dots: '.',
  backticks: '`',
  asterisks: '*',
  hashes: '#',
  'done marks': '✅ ',
  colons: ':',
};

/** Whole lines repeated to the limit: many short lines of the shapes that open or close a state. */
const LINES: Record<string, string> = {
  'blank lines': '\n',
  'bare boxes': '- [ ]\n',
  'fence openers': '```\n',
  'comment openers': '<!--\n',
  'setext underlines': 'a\n---\n',
  'quoted tasks': '> - [ ] 1.1 a\n',
  'headings without text': '##\n',
  'nested tasks': '  - [ ] a\n',
  'tasks without steps': '- [ ] a — b\n',
};

function fill(template: string, run: string, limit: number): string {
  const slots = template.split('{}').length - 1;
  const room = limit - (template.length - 2 * slots);
  const each = run.repeat(Math.ceil(room / slots / run.length)).slice(0, Math.floor(room / slots));
  return template.split('{}').join(each);
}

export interface Shape {
  name: string;
  text: string;
  /** Whole short lines repeated (many small inputs), rather than one part of one line stretched. */
  repeated?: boolean;
}

/**
 * Every part of the format stretched with every kind of run, and whole lines repeated, each at the limit (or at
 * `limit` characters: the same shapes smaller, to see how the cost grows).
 */
export function hostileShapes(limit = PLAN_TEXT_LIMIT): Shape[] {
  const shapes: Shape[] = [];
  for (const [part, template] of Object.entries(TEMPLATES)) {
    for (const [what, run] of Object.entries(RUNS))
      shapes.push({ name: `${what} in the ${part}`, text: fill(template, run, limit) });
  }
  for (const [what, line] of Object.entries(LINES)) {
    shapes.push({ name: what, text: line.repeat(Math.floor(limit / line.length)), repeated: true });
  }
  return shapes;
}

const STATUS_CYCLE = [
  (step: string, title: string) =>
    `- [x] ${step} ${title} ✅ 2026-03-${String((Number(step.split('.')[1]) % 28) + 1).padStart(2, '0')}`,
  (step: string, title: string) => `- [x] ${step} ${title} ✅ 2026-03-02 — 487 rows, checked against the ERP`,
  (step: string, title: string) => `- [-] ${step} ${title} — superseded by the ERP status column`,
  (step: string, title: string) => `- [>] ${step} ${title} — waiting for the DISC list from purchasing`,
  (step: string, title: string) => `- [!] ${step} ${title} — please confirm "Seasonal" belongs under Apparel`,
  (step: string, title: string) => `- [/] ${step} ${title}`,
  (step: string, title: string) => `- [ ] ${step} ${title}`,
  (step: string, title: string) => `- [ ] ${step} ${title} — approved: use last month's layout`,
];

const TITLES = [
  'Read Warehouse!A2:E900 (SKU, description, bin, on-hand qty, last count date)',
  'Join counted vs. system quantity on SKU into Variance!A2:D — keep leading zeros',
  'Run `npm test -- --coverage` after changing `onEdit` in the Apps Script repo',
  'Compute value impact in Variance!E2:E (delta × unit cost, €1.2M–€1.3M expected)',
  'Übertrag der Bestände nach Lager!B2:B — 在库数量 — 재고 수량 (Jan – Mar totals)',
  'Flag rows where |delta| > 5 in Staging!F2:F with `=ABS(D2)>5`',
];

/**
 * A realistic plan at the cell limit: title, goal, analysis, answered and open questions, phases of
 * tasks in every status with dates, reasons and notes, sub-steps, code spans holding ` -- `, prose
 * dashes and non-Latin text, and a Notes section.
 */
export function realisticMaximumPlan(): string {
  const head = [
    '# Plan: Q3 Inventory Reconciliation — Northwind',
    '',
    'Goal: Every SKU in Warehouse!A2:A900 matches the ERP export within tolerance, each discrepancy logged',
    '',
    '## Analysis',
    '',
    '- Spreadsheet: Northwind Stock Ledger (ID: 1pQ7xW3…)',
    '- Key sheets: Warehouse, ERP_Export, Variance, Summary',
    '- Target ranges:',
    '  - Read: Warehouse!A2:E900 (SKU, description, bin, on-hand qty, last count date)',
    '  - Write: Variance!A2:F (SKU, counted, system, delta, value impact, note)',
    '- Current state: 874 counted rows through 2026-09-30',
    '',
    '## Questions for User',
    '',
    '- Should discontinued SKUs be reconciled or skipped?',
    '  - Answer: Skip them, but list them on a separate tab.',
    '- What tolerance counts as a match?',
    '',
  ];
  const notes = [
    '## Notes',
    '',
    '- ERP export keeps leading zeros in SKUs (e.g. 004417); normalise with TEXT(A2,"000000").',
    '- 2026-10-02: review of 2.1 (Join counted vs. system…) approved: 5% is right',
  ];
  const phases: string[] = [];
  const build = (count: number) => {
    const lines: string[] = [];
    let task = 0;
    for (let phase = 1; phase <= count; phase++) {
      lines.push(`### Phase ${phase}: Reconcile block ${phase} — bins ${phase * 10}–${phase * 10 + 9}`);
      for (let step = 1; step <= 8; step++, task++) {
        const id = `${phase}.${step}`;
        lines.push(STATUS_CYCLE[task % STATUS_CYCLE.length](id, TITLES[task % TITLES.length]));
        if (step === 3) lines.push(`  - [ ] ${id}.1 Re-check the bin labels`);
      }
      lines.push('');
    }
    return lines;
  };
  let count = 1;
  while ([...head, ...build(count + 1), ...notes].join('\n').length <= PLAN_TEXT_LIMIT) count++;
  phases.push(...build(count));
  return [...head, ...phases, ...notes].join('\n');
}

/** A plan in the spec's own spelling: `phases` phase headings of `tasksPerPhase` todo tasks with sheet references. */
export function planOf(phases: number, tasksPerPhase: number, titleLength = 40): string {
  const blocks: string[] = [
    '# Plan: Benchmark',
    '',
    'Goal: Measure what users wait for',
    '',
    '## Notes',
    '',
    'Generated.',
    '',
  ];
  for (let p = 1; p <= phases; p++) {
    blocks.push(`### Phase ${p}: Phase number ${p}`);
    for (let t = 1; t <= tasksPerPhase; t++)
      blocks.push(`- [ ] ${p}.${t} ${`Task ${p}.${t} Sheet!A1:B2 `.padEnd(titleLength, 'x')}`);
    blocks.push('');
  }
  return blocks.join('\n');
}

/** The largest plan of that shape that still fits the cell (49,999 plan characters). */
export function maximumPlan(): string {
  let phases = 1;
  while (planOf(phases + 1, 10, 60).length <= PLAN_TEXT_LIMIT) phases++;
  return planOf(phases, 10, 60);
}
