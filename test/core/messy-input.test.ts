/**
 * What people really put in a cell: pasted line endings, other bullets, typed dashes, emoji
 * variants, bold labels, code blocks. The plan must read sensibly, and an update must change the
 * target line only: every test compares the whole document, character for character.
 */
import { nextRevisionRecord, parsePlan, updateTaskStatus } from '../../src/core';
import { PlanManager } from './plan-manager';
import { MemoryStore } from './memory-store';

const DAY = '2026-04-02';

/** `text` with the line at `index` replaced; every line break stays as it was. */
function replaceLine(text: string, index: number, line: string): string {
  const pieces = text.split(/(\r\n|\n|\r)/);
  pieces[index * 2] = line;
  return pieces.join('');
}

function lineIndex(text: string, fragment: string): number {
  const index = text.split(/\r\n|\n|\r/).findIndex((line) => line.includes(fragment));
  if (index < 0) throw new Error(`No line with ${fragment}`);
  return index;
}

/** Asserts that `after` is `before` with only the line holding `fragment` now reading `line`. */
function expectOnlyLineChanged(before: string, after: string, fragment: string, line: string): void {
  expect(after).toBe(replaceLine(before, lineIndex(before, fragment), line));
  expect(after).not.toBe(before);
}

function tasksOf(markdown: string) {
  return parsePlan(markdown).phases.flatMap((phase) => phase.tasks);
}

/** PlanManager over one text in memory. */
function managerFor(text: string, byPerson = false): { manager: PlanManager; cell: () => string } {
  const meta = nextRevisionRecord({ revision: 0, changedBy: 'api' }, text, 'api', '2026-04-01T00:00:00Z').meta;
  const store = new MemoryStore({ ready: true, text, meta }, DAY);
  const manager = new PlanManager(store, byPerson ? { source: 'sidebar', byPerson: true } : { source: 'api' });
  return { manager, cell: () => store.text };
}

describe('Windows line endings (CRLF) from a paste', () => {
  const crlf = [
    '# Plan: Pasted',
    '',
    'Goal: Survive a paste',
    '',
    '### Phase 1: Work',
    '- [ ] 1.1 Read Data!A1:B9 (ids)',
    '- [!] 1.2 Check totals — right month?',
    '',
    '## Notes',
    '',
    '- from Excel',
    '',
  ].join('\r\n');

  test('the plan reads the same as with \\n', () => {
    const plan = parsePlan(crlf);
    expect(plan.title).toBe('Pasted');
    expect(plan.goal).toBe('Survive a paste');
    expect(tasksOf(crlf).map((task) => [task.step, task.title, task.note])).toEqual([
      ['1.1', 'Read Data!A1:B9 (ids)', undefined],
      ['1.2', 'Check totals', 'right month?'],
    ]);
    expect(plan.notes).toBe('- from Excel');
  });

  test('an update keeps every \\r\\n and changes only the task line', () => {
    const updated = updateTaskStatus(crlf, '1.1', 'doing');
    expect(updated).toBe(crlf.replace('- [ ] 1.1 Read', '- [/] 1.1 Read'));
    expect(updated.split('\r\n')).toHaveLength(crlf.split('\r\n').length);
    expect(updated.replace(/\r\n/g, '')).not.toContain('\n');
  });

  test('through PlanManager too', () => {
    const { manager, cell } = managerFor(crlf);
    manager.completeTask('1.1');
    expectOnlyLineChanged(crlf, cell(), '1.1', `- [x] 1.1 Read Data!A1:B9 (ids) ✅ ${DAY}`);
  });

  test('a line added to Notes uses \\r\\n like the rest', () => {
    const { manager, cell } = managerFor(crlf, true);
    manager.approveReview('1.2', 'yes');
    expect(cell()).toBe(
      crlf
        .replace('- [!] 1.2 Check totals — right month?', '- [ ] 1.2 Check totals — approved: yes')
        .replace(
          '- from Excel\r\n',
          `- from Excel\r\n- ${DAY}: 1.2 (Check totals) review note was: right month?\r\n` +
            `- ${DAY}: review of 1.2 (Check totals) approved: yes\r\n`,
        ),
    );
  });
});

describe('other list markers and spacing', () => {
  const plan = `# Plan: Bullets

Goal: Read any bullet

### Phase 1: Work
* [ ] 1.1 Star bullet
+ [x] 1.2 Plus bullet ✅ 2026-01-05
- [ ]  1.3  Extra spaces
\t- [ ] 1.4 Tab before the bullet
- [ ] 1.5. Dot after the step
`;

  test('every line is a task', () => {
    expect(tasksOf(plan).map((task) => [task.step, task.status, task.title])).toEqual([
      ['1.1', 'todo', 'Star bullet'],
      ['1.2', 'done', 'Plus bullet'],
      ['1.3', 'todo', 'Extra spaces'],
      ['1.4', 'todo', 'Tab before the bullet'],
      ['1.5', 'todo', 'Dot after the step'],
    ]);
  });

  test.each([
    ['1.1', '* [/] 1.1 Star bullet'],
    ['1.3', '- [/]  1.3  Extra spaces'],
    ['1.4', '\t- [/] 1.4 Tab before the bullet'],
    ['1.5', '- [/] 1.5. Dot after the step'],
  ])('starting %s keeps its bullet and spacing', (step, expected) => {
    expectOnlyLineChanged(plan, updateTaskStatus(plan, step, 'doing'), ` ${step}`, expected);
  });

  test('reopening a + task keeps the +', () => {
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.2', 'todo'), '1.2', '+ [ ] 1.2 Plus bullet');
  });
});

describe('indented sub-steps', () => {
  const plan = `# Plan: Nested

Goal: Split a step

### Phase 2: Build
- [/] 2.1 Build the summary
  - [x] 2.1.1 Totals per region ✅ 2026-01-03
  - [ ] 2.1.2 Totals per month
- [ ] 2.2 Format the summary
`;

  test('sub-steps belong to the phase, in document order', () => {
    expect(tasksOf(plan).map((task) => [task.step, task.phase, task.status])).toEqual([
      ['2.1', 2, 'doing'],
      ['2.1.1', 2, 'done'],
      ['2.1.2', 2, 'todo'],
      ['2.2', 2, 'todo'],
    ]);
  });

  test('an update keeps the indentation', () => {
    expectOnlyLineChanged(
      plan,
      updateTaskStatus(plan, '2.1.2', 'done', undefined, DAY),
      '2.1.2',
      `  - [x] 2.1.2 Totals per month ✅ ${DAY}`,
    );
  });

  test('the next task is the first todo, sub-steps included', () => {
    const { manager } = managerFor(plan);
    expect(manager.getNextTask()?.step).toBe('2.1.2');
  });
});

describe('checkboxes as people type them', () => {
  const plan =
    '# Plan: Boxes\n\nGoal: Read every box\n\n### Phase 1: Work\n- [X] 1.1 Capital X ✅ 2026-01-02\n- [] 1.2 Empty ' +
    'brackets\n-\u00a0[ ] 1.3 No-break space after the bullet\n- [\u00a0] 1.4 No-break space in the box\n';

  test('[X] is done, [] and [\u00a0] are todo, a no-break space after the bullet is a space', () => {
    expect(tasksOf(plan).map((task) => [task.step, task.status, task.title])).toEqual([
      ['1.1', 'done', 'Capital X'],
      ['1.2', 'todo', 'Empty brackets'],
      ['1.3', 'todo', 'No-break space after the bullet'],
      ['1.4', 'todo', 'No-break space in the box'],
    ]);
  });

  test('reopening [X] writes [ ]', () => {
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.1', 'todo'), '1.1', '- [ ] 1.1 Capital X');
  });

  test('completing a task typed [X] is refused as already done', () => {
    expect(() => managerFor(plan).manager.completeTask('1.1')).toThrow('Task 1.1 is already done');
  });

  test('starting [] writes [/]', () => {
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.2', 'doing'), '1.2', '- [/] 1.2 Empty brackets');
  });

  test('the no-break space after the bullet is kept', () => {
    expectOnlyLineChanged(
      plan,
      updateTaskStatus(plan, '1.3', 'doing'),
      '1.3',
      '-\u00a0[/] 1.3 No-break space after the bullet',
    );
  });
});

describe('dashes and done marks as people type them', () => {
  test('" -- " reads as the start of a note, and an update writes " — "', () => {
    const plan = '### Phase 1: Work\n- [>] 1.1 Load Sales!A:H (orders) -- waiting for the export\n- [ ] 1.2 Next\n';
    expect(tasksOf(plan)[0]).toMatchObject({
      title: 'Load Sales!A:H (orders)',
      blockedReason: 'waiting for the export',
    });
    expectOnlyLineChanged(
      plan,
      updateTaskStatus(plan, '1.1', 'blocked', 'export is late'),
      '1.1',
      '- [>] 1.1 Load Sales!A:H (orders) — export is late',
    );
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.1', 'doing'), '1.1', '- [/] 1.1 Load Sales!A:H (orders)');
  });

  test('" – " (en dash) is part of the title: titles use it for ranges, and a status change must not drop it', () => {
    expect(tasksOf('- [ ] 1.1 Compare Jan – Mar totals')[0]).toMatchObject({ title: 'Compare Jan – Mar totals' });
    expect(updateTaskStatus('- [ ] 1.1 Compare Jan – Mar totals', '1.1', 'doing')).toBe(
      '- [/] 1.1 Compare Jan – Mar totals',
    );
  });

  test('an em dash without spaces is part of the title', () => {
    const plan = '### Phase 1: Work\n- [ ] 1.1 Compare Q1—Q2 totals\n';
    expect(tasksOf(plan)[0].title).toBe('Compare Q1—Q2 totals');
    expect(tasksOf(plan)[0].note).toBeUndefined();
    expectOnlyLineChanged(
      plan,
      updateTaskStatus(plan, '1.1', 'blocked', 'no Q2 yet'),
      '1.1',
      '- [>] 1.1 Compare Q1—Q2 totals — no Q2 yet',
    );
  });

  test('a hyphenated title is not a note', () => {
    const task = tasksOf('- [ ] 1.1 Re-check year-to-date totals -')[0];
    expect(task.title).toBe('Re-check year-to-date totals -');
    expect(task.note).toBeUndefined();
  });

  test('✅ followed by the emoji variation selector (U+FE0F) is a done date', () => {
    const plan = '### Phase 1: Work\n- [x] 1.1 Read Data!A:A \u2705\uFE0F 2026-01-10\n- [ ] 1.2 Next\n';
    expect(tasksOf(plan)[0]).toMatchObject({ title: 'Read Data!A:A', completedDate: '2026-01-10' });
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.1', 'doing'), '1.1', '- [/] 1.1 Read Data!A:A');
  });

  test('the date may come before or after the note', () => {
    const before = tasksOf('- [x] 1.1 Count rows ✅ 2026-01-10 — 487 rows')[0];
    const after = tasksOf('- [x] 1.1 Count rows — 487 rows ✅ 2026-01-10')[0];
    for (const task of [before, after]) {
      expect(task).toMatchObject({ title: 'Count rows', completedDate: '2026-01-10', note: '487 rows' });
    }
  });

  test('a note added to a done task keeps its date, whichever order it was typed in', () => {
    const plan = '# Plan: D\n\nGoal: G\n\n### Phase 1: Work\n- [x] 1.1 Count rows — 487 rows ✅ 2026-01-10\n';
    const { manager, cell } = managerFor(plan);
    manager.setTaskNote('1.1', '488 rows');
    const line = '- [x] 1.1 Count rows ✅ 2026-01-10 — 488 rows';
    expect(cell()).toBe(
      `${plan.replace('- [x] 1.1 Count rows — 487 rows ✅ 2026-01-10', line)}` +
        `\n## Notes\n\n- ${DAY}: 1.1 (Count rows) note was: 487 rows\n`,
    );
  });
});

describe('headings and labels as people write them', () => {
  test('"**Goal:** …" is the goal', () => {
    expect(parsePlan('# Plan: Bold\n\n**Goal:** Close the books\n').goal).toBe('Close the books');
    expect(parsePlan('# Plan: Bold\n\n**Goal**: Close the books\n').goal).toBe('Close the books');
  });

  test('"# Title" without "Plan:" is the title', () => {
    expect(parsePlan('# March payroll\n\nGoal: Pay\n').title).toBe('March payroll');
  });

  test('a title may end with #', () => {
    expect(parsePlan('# Plan: Port the macros to C#\n').title).toBe('Port the macros to C#');
    expect(parsePlan('# Plan: Closed heading #\n').title).toBe('Closed heading');
  });

  test('"### Phase 1 - Name" is a phase heading', () => {
    const plan = parsePlan(
      '### Phase 1 - Gather\n- [ ] 1.1 Read\n### Phase 2 — Report\n- [ ] 2.1 Write\n### Phase 3. Check\n### Phase ' +
        '4: Rewrite in F#\n',
    );
    expect(plan.phases.map((phase) => [phase.number, phase.name])).toEqual([
      [1, 'Gather'],
      [2, 'Report'],
      [3, 'Check'],
      [4, 'Rewrite in F#'],
    ]);
  });
});

describe('structure people leave out or add', () => {
  test('tasks in a fenced code block are an example, not tasks', () => {
    const plan = `# Plan: Fenced

Goal: Ignore examples

### Phase 1: Work
\`\`\`markdown
- [ ] 1.1 Example task in a code block
\`\`\`
- [ ] 1.1 The real task
~~~
- [x] 1.2 Another example ✅ 2026-01-01
~~~
`;
    expect(tasksOf(plan).map((task) => task.title)).toEqual(['The real task']);
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.1', 'doing'), 'The real task', '- [/] 1.1 The real task');
  });

  test('a plan without blank lines reads whole', () => {
    const plan =
      '# Plan: Dense\nGoal: No air\n## Analysis\n- Spreadsheet: Dense\n## Questions for User\n- Why?\n### Phase ' +
      '1: One\n- [ ] 1.1 A\n### Phase 2: Two\n- [/] 2.1 B\n## Notes\nkept';
    const parsed = parsePlan(plan);
    expect(parsed).toMatchObject({
      title: 'Dense',
      goal: 'No air',
      analysis: '- Spreadsheet: Dense',
      questions: ['Why?'],
      notes: 'kept',
    });
    expect(parsed.phases.map((phase) => phase.tasks.map((task) => task.step))).toEqual([['1.1'], ['2.1']]);
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '2.1', 'done', undefined, DAY), '2.1', `- [x] 2.1 B ✅ ${DAY}`);
  });

  test('a plan that ends without a newline still ends without one', () => {
    const plan = '# Plan: End\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 Last line';
    const updated = updateTaskStatus(plan, '1.1', 'doing');
    expect(updated).toBe('# Plan: End\n\nGoal: G\n\n### Phase 1: W\n- [/] 1.1 Last line');
  });

  test('trailing spaces are kept, on the changed line too', () => {
    const plan =
      '# Plan: Spaces   \n\nGoal: Keep them  \n\n### Phase 1: W \n- [ ] 1.1 First\t\n- [ ] 1.2 Second  \n\n## ' +
      'Notes\n\nsee above   \n';
    expect(tasksOf(plan).map((task) => task.title)).toEqual(['First', 'Second']);
    expectOnlyLineChanged(plan, updateTaskStatus(plan, '1.2', 'doing'), '1.2', '- [/] 1.2 Second  ');
  });

  test('tasks before any phase heading still count, in a phase of their own', () => {
    const plan = parsePlan('# Plan: Flat\n\nGoal: No phases\n\n- [ ] 1.1 A\n- [x] 1.2 B ✅ 2026-01-01\n');
    expect(plan.phases).toHaveLength(1);
    expect(plan.phases[0]).toMatchObject({ number: 1, name: '' });
    expect(plan.phases[0].tasks.map((task) => task.step)).toEqual(['1.1', '1.2']);
    expect(plan.progress).toMatchObject({ total: 2, done: 1, percent: 50 });
  });

  test('a checklist in Analysis or Questions is not a list of tasks', () => {
    const plan = parsePlan(
      '# Plan: Lists\n\nGoal: G\n\n## Analysis\n\n- [ ] 9.1 Not a task\n\n## Questions for User\n\n- [ ] 9.2 Not ' +
        'a task either\n',
    );
    expect(plan.phases).toEqual([]);
    expect(plan.questions).toEqual(['[ ] 9.2 Not a task either']);
  });
});

describe('rules fixed after review', () => {
  test('tasks outside phase headings keep their place in document order', () => {
    const plan = parsePlan(
      ['# Plan: P', 'Goal: G', '### Phase 1: W', '- [ ] 1.1 First', '## Backlog', '- [ ] 3.1 Later idea'].join('\n'),
    );
    expect(plan.phases.map((phase) => phase.tasks.map((task) => task.step))).toEqual([['1.1'], ['3.1']]);
  });

  test('a done date in the middle of the text leaves a single space', () => {
    expect(tasksOf('- [x] 1.1 Task ✅ 2026-01-01 extra')[0]).toMatchObject({
      title: 'Task extra',
      completedDate: '2026-01-01',
    });
  });
});
