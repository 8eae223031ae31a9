/**
 * Re-planning without rewriting the document: each operation changes only the lines it must, appends
 * with the next free number, and reports every number it changed (old → new).
 */
import { agent, lines, person, refusal, savedPlan } from './memory-store';

const PLAN = lines(
  '# Plan: Quarterly report',
  '',
  'Goal: Publish Q1 figures',
  '',
  '### Phase 1: Gather',
  '- [x] 1.1 Read Sales!A2:F500 (orders) ✅ 2026-03-10',
  '- [/] 1.2 Read Costs!A2:D90 (costs)',
  '  - [ ] 1.2.1 Check the currency column',
  '  - [ ] 1.2.2 Convert to EUR',
  '- [ ] 1.3 Read Staff!A2:C40 (headcount) — approved: use March',
  '',
  '### Phase 2: Publish',
  '- [ ] 2.1 Write Report!B3:E15 (figures)',
  '- [ ] 2.2 Email the link',
  '',
  '## Notes',
  '',
  '- Costs arrive late',
  '',
);

describe('addTask in a list without written steps', () => {
  const UNNUMBERED = lines(
    '# Plan: Runtime upgrade',
    '',
    'Goal: Move the sheet scripts',
    '',
    '### Phase 1: Tasks',
    '- [ ] Inventory the scripts',
    '* [ ] Check the triggers',
    '  - [ ] Sub one',
    '  - [ ] Sub two',
    '- [ ] Write the rollout note',
    '',
  );

  test('under a task it is written indented like its sub-steps: read as the last one, no neighbour moves', () => {
    const store = savedPlan(UNNUMBERED);
    const task = agent(store).addTask(1, 'Sub three', { under: '1.2' });
    expect(store.text).toBe(UNNUMBERED.replace('  - [ ] Sub two\n', '  - [ ] Sub two\n  - [ ] Sub three\n'));
    expect(task).toMatchObject({ step: '1.2.3', renumbered: {} });
  });

  test('after a sub-step it is written indented like it: read as its next sibling', () => {
    const store = savedPlan(UNNUMBERED);
    const task = agent(store).addTask(1, 'Sub between', { after: '1.2.1' });
    expect(store.text).toBe(UNNUMBERED.replace('  - [ ] Sub one\n', '  - [ ] Sub one\n  - [ ] Sub between\n'));
    expect(task).toMatchObject({ step: '1.2.2', renumbered: { '1.2.2': '1.2.3' } });
  });

  test("after a task it is written with that task's bullet", () => {
    const store = savedPlan(UNNUMBERED);
    agent(store).addTask(1, 'Check the crons', { after: '1.2' });
    expect(store.text).toContain('  - [ ] Sub two\n* [ ] Check the crons\n- [ ] Write the rollout note');
  });
});

describe('addTask', () => {
  test('appends at the end of a phase with the next free number and renumbers nothing', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).addTask(1, 'Read Returns!A2:C80 (refunds)');
    expect(store.text).toBe(
      PLAN.replace('approved: use March\n', 'approved: use March\n- [ ] 1.4 Read Returns!A2:C80 (refunds)\n'),
    );
    expect(task).toMatchObject({ step: '1.4', status: 'todo', title: 'Read Returns!A2:C80 (refunds)', renumbered: {} });
    expect(task.revision).toBe(2);
    expect(store.writes).toBe(1);
    expect(store.reads).toBe(1);
  });

  test('after a step it goes right after that task and its sub-steps; the tasks after it are renumbered', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).addTask(1, 'Read Fx!A2:B13 (rates)', { after: '1.2' });
    expect(store.text).toBe(
      PLAN.replace(
        '  - [ ] 1.2.2 Convert to EUR\n',
        '  - [ ] 1.2.2 Convert to EUR\n- [ ] 1.3 Read Fx!A2:B13 (rates)\n',
      ).replace('- [ ] 1.3 Read Staff', '- [ ] 1.4 Read Staff'),
    );
    expect(task).toMatchObject({ step: '1.3', renumbered: { '1.3': '1.4' } });
  });

  test('under a step it becomes its last sub-step, indented like its siblings', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).addTask(1, 'Round to cents', { under: '1.2' });
    expect(store.text).toBe(
      PLAN.replace('  - [ ] 1.2.2 Convert to EUR\n', '  - [ ] 1.2.2 Convert to EUR\n  - [ ] 1.2.3 Round to cents\n'),
    );
    expect(task).toMatchObject({ step: '1.2.3', renumbered: {} });
  });

  test('the first sub-step of a task is indented under it', () => {
    const store = savedPlan(PLAN);
    agent(store).addTask(2, 'Check the totals', { under: '2.1' });
    expect(store.text).toContain('- [ ] 2.1 Write Report!B3:E15 (figures)\n  - [ ] 2.1.1 Check the totals\n- [ ] 2.2');
  });

  test('refusals write nothing and say what is allowed', () => {
    const store = savedPlan(PLAN);
    const before = store.state();
    expect(refusal(() => agent(store).addTask(9, 'X')).message).toBe('NOT_FOUND: Phase 9 not found (phases: 1, 2)');
    expect(refusal(() => agent(store).addTask(1, 'A — B')).message).toMatch(/must not contain " — "/);
    expect(refusal(() => agent(store).addTask(1, 'X', { after: '2.1' })).message).toBe(
      'INVALID_ARGUMENT: after 2.1 is not in phase 1',
    );
    expect(refusal(() => agent(store).addTask(1, 'X', { after: '1.1', under: '1.2' })).code).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });

  test('a plan that lists a step twice must be fixed first', () => {
    const store = savedPlan(PLAN.replace('1.3 Read Staff', '1.2 Read Staff'));
    expect(refusal(() => agent(store).addTask(1, 'X')).message).toMatch(/^INVALID_PLAN: .*Step 1\.2 is listed twice/);
  });
});

describe('addPhase', () => {
  test('appends after the last phase with the next free number, before Notes', () => {
    const store = savedPlan(PLAN);
    const phase = agent(store).addPhase('Follow up', ['Collect replies', 'Fix typos']);
    expect(store.text).toBe(
      PLAN.replace(
        '- [ ] 2.2 Email the link\n',
        '- [ ] 2.2 Email the link\n\n### Phase 3: Follow up\n- [ ] 3.1 Collect replies\n- [ ] 3.2 Fix typos\n',
      ),
    );
    expect(phase).toMatchObject({ phase: 3, name: 'Follow up', renumbered: {} });
    expect(phase.tasks.map((task) => task.step)).toEqual(['3.1', '3.2']);
  });

  test('after a phase, the phases after it move up a number with their steps', () => {
    const store = savedPlan(PLAN);
    const phase = agent(store).addPhase('Check', ['Compare with Q4'], 1);
    expect(store.text).toBe(
      PLAN.replace('\n### Phase 2: Publish', '\n### Phase 2: Check\n- [ ] 2.1 Compare with Q4\n\n### Phase 3: Publish')
        .replace('2.1 Write', '3.1 Write')
        .replace('2.2 Email', '3.2 Email'),
    );
    expect(phase.renumbered).toEqual({ '2': '3', '2.1': '3.1', '2.2': '3.2' });
  });

  test('a plan without phases gets its first one before Notes', () => {
    const store = savedPlan(lines('# Plan: T', '', 'Goal: G', '', '## Notes', '', '- n', ''));
    agent(store).addPhase('Start', ['One']);
    expect(store.text).toBe(
      lines('# Plan: T', '', 'Goal: G', '', '### Phase 1: Start', '- [ ] 1.1 One', '', '## Notes', '', '- n', ''),
    );
  });

  test('needs a name and at least one step', () => {
    const store = savedPlan(PLAN);
    expect(refusal(() => agent(store).addPhase('', ['a'])).code).toBe('INVALID_ARGUMENT');
    expect(refusal(() => agent(store).addPhase('X', ['a'], 7)).message).toMatch(/^NOT_FOUND: Phase 7/);
    expect(store.writes).toBe(0);
  });
});

describe('renameTask', () => {
  test('changes the title only: status, done date and note stay', () => {
    const text = PLAN.replace('- [ ] 2.2 Email the link', '- [ ] 2.2 Email the link — to the board');
    const store = savedPlan(text);
    agent(store).renameTask('1.1', 'Read Sales!A2:F600 (orders)');
    agent(store).renameTask('2.2', 'Email the report');
    expect(store.text).toBe(
      text.replace('A2:F500 (orders) ✅', 'A2:F600 (orders) ✅').replace('Email the link —', 'Email the report —'),
    );
  });

  test('an agent cannot rename a task the person decided on, which would carry their decision to other work', () => {
    const store = savedPlan(PLAN);
    expect(refusal(() => agent(store).renameTask('1.3', 'Read Staff!A2:C99 (everyone)')).message).toContain(
      `the person's decision "approved: use March" on task "Read Staff!A2:C99 (everyone)" would be added`,
    );
    person(store).renameTask('1.3', 'Read Staff!A2:C45 (headcount)');
    expect(store.text).toContain('- [ ] 1.3 Read Staff!A2:C45 (headcount) — approved: use March');
  });

  test('an agent cannot rename what a person is reviewing; a person can', () => {
    const text = PLAN.replace('- [ ] 2.2 Email the link', '- [!] 2.2 Email the link — is the list right?');
    const store = savedPlan(text);
    expect(refusal(() => agent(store).renameTask('2.2', 'Email it')).code).toBe('NEEDS_PERSON');
    person(store).renameTask('2.2', 'Email it');
    expect(store.text).toContain('- [!] 2.2 Email it — is the list right?');
  });

  test('the same title is refused as a change that changes nothing', () => {
    const store = savedPlan(PLAN);
    expect(refusal(() => agent(store).renameTask('2.2', 'Email the link')).message).toMatch(/already called/);
  });
});

describe('moveTask', () => {
  test('after another task: it goes there with its sub-steps, and both lists are renumbered', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).moveTask('1.2', '1.3');
    expect(store.text).toBe(
      PLAN.replace(
        [
          '- [/] 1.2 Read Costs!A2:D90 (costs)',
          '  - [ ] 1.2.1 Check the currency column',
          '  - [ ] 1.2.2 Convert to EUR',
          '- [ ] 1.3 Read Staff!A2:C40 (headcount) — approved: use March',
        ].join('\n'),
        [
          '- [ ] 1.2 Read Staff!A2:C40 (headcount) — approved: use March',
          '- [/] 1.3 Read Costs!A2:D90 (costs)',
          '  - [ ] 1.3.1 Check the currency column',
          '  - [ ] 1.3.2 Convert to EUR',
        ].join('\n'),
      ),
    );
    expect(task).toMatchObject({ step: '1.3', status: 'doing' });
    expect(task.renumbered).toEqual({ '1.2': '1.3', '1.2.1': '1.3.1', '1.2.2': '1.3.2', '1.3': '1.2' });
  });

  test('to another phase, after a step', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).moveTask('1.3', '2.1');
    expect(store.text).toBe(
      PLAN.replace('- [ ] 1.3 Read Staff!A2:C40 (headcount) — approved: use March\n', '').replace(
        '- [ ] 2.2 Email the link',
        '- [ ] 2.2 Read Staff!A2:C40 (headcount) — approved: use March\n- [ ] 2.3 Email the link',
      ),
    );
    expect(task.renumbered).toEqual({ '1.3': '2.2', '2.2': '2.3' });
  });

  test('to the top of a phase, given its number', () => {
    const store = savedPlan(PLAN);
    const task = agent(store).moveTask('2.2', 1);
    expect(store.text).toBe(
      PLAN.replace('### Phase 1: Gather\n', '### Phase 1: Gather\n- [ ] 1.1 Email the link\n')
        .replace('1.1 Read Sales', '1.2 Read Sales')
        .replace('1.2 Read Costs', '1.3 Read Costs')
        .replace('1.2.1 Check', '1.3.1 Check')
        .replace('1.2.2 Convert', '1.3.2 Convert')
        .replace('1.3 Read Staff', '1.4 Read Staff')
        .replace('- [ ] 2.2 Email the link\n', ''),
    );
    expect(task).toMatchObject({ step: '1.1', title: 'Email the link' });
  });

  test('a sub-step moved after a top-level task becomes one, un-indented', () => {
    const store = savedPlan(PLAN);
    agent(store).moveTask('1.2.2', '1.3');
    expect(store.text).toContain(
      [
        '- [/] 1.2 Read Costs!A2:D90 (costs)',
        '  - [ ] 1.2.1 Check the currency column',
        '- [ ] 1.3 Read Staff!A2:C40 (headcount) — approved: use March',
        '- [ ] 1.4 Convert to EUR',
        '',
      ].join('\n'),
    );
  });

  test('refuses a move after itself, into its own sub-steps, or to where it is', () => {
    const store = savedPlan(PLAN);
    const before = store.state();
    expect(refusal(() => agent(store).moveTask('1.2', '1.2.1')).code).toBe('INVALID_ARGUMENT');
    expect(refusal(() => agent(store).moveTask('1.2', '1.2')).code).toBe('INVALID_ARGUMENT');
    expect(refusal(() => agent(store).moveTask('1.3', '1.2')).message).toMatch(/already there/);
    expect(refusal(() => agent(store).moveTask('1.1', 1)).message).toMatch(/already there/);
    expect(store.state()).toBe(before);
  });
});

describe('removeTask', () => {
  test('removes a todo task; the tasks after it are renumbered; the old plan is in the history', () => {
    const store = savedPlan(PLAN);
    const removed = agent(store).removeTask('2.1');
    expect(store.text).toBe(
      PLAN.replace('- [ ] 2.1 Write Report!B3:E15 (figures)\n', '').replace('2.2 Email', '2.1 Email'),
    );
    expect(removed).toMatchObject({ step: '2.1', title: 'Write Report!B3:E15 (figures)', removedSteps: ['2.1'] });
    expect(removed.renumbered).toEqual({ '2.2': '2.1' });
    expect(store.savedVersions[0]).toMatchObject({
      text: PLAN,
      reason: 'removed task 2.1 (Write Report!B3:E15 (figures))',
    });
  });

  test('an agent removes only todo tasks, sub-steps included; a person removes any', () => {
    const store = savedPlan(PLAN);
    const before = store.state();
    expect(refusal(() => agent(store).removeTask('1.1')).message).toMatch(
      /^INVALID_TRANSITION: Only a todo task can be removed: 1\.1 is done\. Skip it instead/,
    );
    expect(refusal(() => agent(store).removeTask('1.2')).message).toMatch(/1\.2 is doing/);
    expect(store.state()).toBe(before);
    const removed = person(store).removeTask('1.2');
    expect(removed.removedSteps).toEqual(['1.2', '1.2.1', '1.2.2']);
    expect(store.text).not.toContain('Read Costs');
    expect(store.text).toContain('- [ ] 1.2 Read Staff');
  });
});

describe('in applyCommands', () => {
  test('re-planning and task changes go together, each seeing the plan the ones before left', () => {
    const store = savedPlan(PLAN);
    const results = agent(store).applyCommands([
      { action: 'add', phase: 2, text: 'Archive the report', after: '2.1' },
      { action: 'rename', step: '2.3', text: 'Email the link to the board' },
      { action: 'addPhase', text: 'Review', steps: ['Ask for feedback'] },
      { action: 'move', step: '3.1', after: '2.3' },
      { action: 'remove', step: '1.2.2' },
      { action: 'start', step: '2.1' },
    ]);
    expect(results.map((result) => [result.step, result.title])).toEqual([
      ['2.2', 'Archive the report'],
      ['2.3', 'Email the link to the board'],
      ['3.1', 'Ask for feedback'],
      ['2.4', 'Ask for feedback'],
      ['1.2.2', 'Convert to EUR'],
      ['2.1', 'Write Report!B3:E15 (figures)'],
    ]);
    expect(results[0].renumbered).toEqual({ '2.2': '2.3' });
    expect(results[4].removed).toBe(true);
    expect(store.writes).toBe(1);
    expect(store.text).toContain(
      [
        '### Phase 2: Publish',
        '- [/] 2.1 Write Report!B3:E15 (figures)',
        '  - Working: api until 2026-03-14 09:30',
        '- [ ] 2.2 Archive the report',
        '- [ ] 2.3 Email the link to the board',
        '- [ ] 2.4 Ask for feedback',
        '',
        '### Phase 3: Review',
        '',
        '## Notes',
      ].join('\n'),
    );
    expect(store.savedVersions).toHaveLength(1);
  });

  test('one refused command writes nothing, and says which', () => {
    const store = savedPlan(PLAN);
    const before = store.state();
    const error = refusal(() =>
      agent(store).applyCommands([
        { action: 'add', phase: 1, text: 'New' },
        { action: 'remove', step: '1.1' },
      ]),
    );
    expect(error.message).toMatch(/^INVALID_TRANSITION: commands\[1\] \(remove 1\.1\): Only a todo task/);
    expect(store.state()).toBe(before);
  });
});

describe('a pasted plan with Windows line endings', () => {
  const crlf = PLAN.replace(/\n/g, '\r\n');

  test('keeps \\r\\n on every line it adds, moves or leaves', () => {
    const store = savedPlan(crlf);
    agent(store).addTask(2, 'Archive the report', { after: '2.1' });
    agent(store).moveTask('1.3', 2);
    agent(store).removeTask('2.3');
    expect(store.text).toBe(
      crlf
        .replace('- [ ] 1.3 Read Staff!A2:C40 (headcount) — approved: use March\r\n', '')
        .replace(
          '### Phase 2: Publish\r\n- [ ] 2.1 Write Report!B3:E15 (figures)\r\n- [ ] 2.2 Email the link\r\n',
          '### Phase 2: Publish\r\n- [ ] 2.1 Read Staff!A2:C40 (headcount) — approved: use March\r\n' +
            '- [ ] 2.2 Write Report!B3:E15 (figures)\r\n- [ ] 2.3 Email the link\r\n',
        ),
    );
    expect(store.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('removing the last lines of a document keeps the break before them', () => {
    const text = '# Plan: T\r\n\r\nGoal: G\r\n\r\n### Phase 1: A\r\n- [ ] 1.1 One\r\n- [ ] 1.2 Two';
    const store = savedPlan(text);
    agent(store).removeTask('1.2');
    expect(store.text).toBe('# Plan: T\r\n\r\nGoal: G\r\n\r\n### Phase 1: A\r\n- [ ] 1.1 One');
  });
});

describe('a list whose tasks are parted by blank lines', () => {
  /** A plan whose one phase holds these lines. */
  const loose = (...phaseLines: string[]) =>
    lines(
      '# Plan: Loose',
      '',
      'Goal: Keep the spacing',
      '',
      '### Phase 1: Work',
      '',
      ...phaseLines,
      '',
      '## Notes',
      '',
    );

  test('a task moved, added or removed keeps one blank line between neighbours', () => {
    const store = savedPlan(
      loose('- [ ] 1.1 First', '  Details of the first task', '', '- [ ] 1.2 Second', '', '- [ ] 1.3 Third'),
    );
    agent(store).moveTask('1.1', '1.3');
    expect(store.text).toBe(
      loose('- [ ] 1.1 Second', '', '- [ ] 1.2 Third', '', '- [ ] 1.3 First', '  Details of the first task'),
    );
    agent(store).addTask(1, 'Fourth');
    agent(store).moveTask('1.4', 1);
    agent(store).removeTask('1.3');
    expect(store.text).toBe(
      loose('- [ ] 1.1 Fourth', '', '- [ ] 1.2 Second', '', '- [ ] 1.3 First', '  Details of the first task'),
    );
  });
});
