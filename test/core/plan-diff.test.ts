/**
 * What changed between two versions of a plan, as the approval box and the history list it: tasks matched by what they
 * say (not by their step), renames with the changed words marked, moves, status changes, phases, declared ranges.
 */
import { diffPlans } from '../../src/core/format/plan-diff';
import { diffWords } from '../../src/core/format/word-diff';

const lines = (...text: string[]) => text.join('\n');

const APPROVED = lines(
  '# Plan: Quarterly report',
  '',
  'Goal: Publish Q1 figures',
  '',
  'Status: approved',
  '',
  '## Analysis',
  '- Spreadsheet: Finance 2026',
  '- Target ranges:',
  '  - Read: Sales!A2:F500',
  '  - Write: Report!B3:E15',
  '',
  '### Phase 1: Gather',
  '- [x] 1.1 Read the orders from Sales ✅ 2026-03-10',
  '- [ ] 1.2 Read the costs',
  '- [ ] 1.3 Read the headcount',
  '',
  '### Phase 2: Publish',
  '- [ ] 2.1 Write the figures into Report',
  '- [ ] 2.2 Email the link',
  '',
);

/** The same plan with `edit` applied to its text. */
function edited(edit: (text: string) => string): string {
  return edit(APPROVED);
}

describe('diffPlans', () => {
  test('the same plan has no changes', () => {
    const diff = diffPlans(APPROVED, APPROVED);
    expect(diff).toEqual({ phases: [], tasks: [], ranges: [], rules: [], unchanged: true });
  });

  test('a task inserted at the top renumbers the rest, and only the new task is listed', () => {
    const after = edited((text) =>
      text
        .replace('- [x] 1.1 Read the orders', '- [ ] 1.1 Check the access\n- [x] 1.2 Read the orders')
        .replace('- [ ] 1.2 Read the costs', '- [ ] 1.3 Read the costs')
        .replace('- [ ] 1.3 Read the headcount', '- [ ] 1.4 Read the headcount'),
    );
    const diff = diffPlans(APPROVED, after);
    expect(diff.tasks).toEqual([
      { change: 'added', step: '1.1', title: 'Check the access', phase: 'Gather', status: 'todo' },
    ]);
    expect(diff.unchanged).toBe(false);
  });

  test('a removed task is listed with its old step and phase; the renumbered ones below are not', () => {
    const after = edited((text) =>
      text.replace('- [ ] 1.2 Read the costs\n', '').replace('1.3 Read the headcount', '1.2 Read the headcount'),
    );
    expect(diffPlans(APPROVED, after).tasks).toEqual([
      { change: 'removed', step: '1.2', title: 'Read the costs', phase: 'Gather', status: 'todo' },
    ]);
  });

  test('a reworded task is a rename with the changed words marked, not a removal and an addition', () => {
    const after = edited((text) =>
      text.replace('2.1 Write the figures into Report', '2.1 Write the Q1 figures into Summary'),
    );
    const [change] = diffPlans(APPROVED, after).tasks;
    expect(change).toMatchObject({ change: 'changed', step: '2.1', title: 'Write the Q1 figures into Summary' });
    expect(change.renamed?.before).toBe('Write the figures into Report');
    expect(change.renamed?.words).toEqual([
      { text: 'Write the', change: 'same' },
      { text: 'Q1', change: 'added' },
      { text: 'figures into', change: 'same' },
      { text: 'Report', change: 'removed' },
      { text: 'Summary', change: 'added' },
    ]);
    expect(change.moved).toBeUndefined();
  });

  test('a rewording that shares only a word is still a rename when it stands alone in the same place', () => {
    const after = edited((text) => text.replace('1.3 Read the headcount', '1.3 Headcount from HR'));
    const diff = diffPlans(APPROVED, after);
    expect(diff.tasks).toHaveLength(1);
    expect(diff.tasks[0]).toMatchObject({ change: 'changed', renamed: { before: 'Read the headcount' } });
  });

  test('a task replaced by one with nothing in common is a removal and an addition', () => {
    const after = edited((text) => text.replace('2.2 Email the link', '2.2 Archive last quarter'));
    expect(diffPlans(APPROVED, after).tasks.map((task) => [task.change, task.title])).toEqual([
      ['added', 'Archive last quarter'],
      ['removed', 'Email the link'],
    ]);
  });

  test('a task moved to another phase says where it came from', () => {
    const after = edited((text) =>
      text
        .replace('- [ ] 1.3 Read the headcount\n', '')
        .replace('- [ ] 2.2 Email the link', '- [ ] 2.2 Email the link\n- [ ] 2.3 Read the headcount'),
    );
    expect(diffPlans(APPROVED, after).tasks).toEqual([
      {
        change: 'changed',
        step: '2.3',
        title: 'Read the headcount',
        phase: 'Publish',
        status: 'todo',
        previousStep: '1.3',
        moved: { fromPhase: 'Gather', fromStep: '1.3', toOtherPhase: true },
      },
    ]);
  });

  test('two tasks swapped in a phase: one of them is listed as moved, not both', () => {
    const after = edited((text) =>
      text.replace(
        '- [ ] 1.2 Read the costs\n- [ ] 1.3 Read the headcount',
        '- [ ] 1.2 Read the headcount\n- [ ] 1.3 Read the costs',
      ),
    );
    const moved = diffPlans(APPROVED, after).tasks;
    expect(moved).toHaveLength(1);
    expect(moved[0].moved).toEqual({ fromPhase: 'Gather', fromStep: expect.any(String), toOtherPhase: false });
  });

  test('status changes are listed with the status before and after', () => {
    const after = edited((text) => text.replace('- [ ] 1.2 Read the costs', '- [/] 1.2 Read the costs'));
    expect(diffPlans(APPROVED, after).tasks).toEqual([
      {
        change: 'changed',
        step: '1.2',
        title: 'Read the costs',
        phase: 'Gather',
        status: 'doing',
        statusChange: { from: 'todo', to: 'doing' },
      },
    ]);
  });

  test('phases added, removed and renamed; a renamed phase keeps its tasks', () => {
    const renamed = edited((text) =>
      text
        .replace('### Phase 2: Publish', '### Phase 2: Publish and share')
        .concat('\n### Phase 3: Review\n- [ ] 3.1 Ask finance to check\n'),
    );
    const diff = diffPlans(APPROVED, renamed);
    expect(diff.phases).toEqual([
      {
        change: 'renamed',
        number: 2,
        name: 'Publish and share',
        renamed: {
          before: 'Publish',
          after: 'Publish and share',
          words: [
            { text: 'Publish', change: 'same' },
            { text: 'and share', change: 'added' },
          ],
        },
      },
      { change: 'added', number: 3, name: 'Review' },
    ]);
    expect(diff.tasks.map((task) => [task.change, task.step])).toEqual([['added', '3.1']]);

    const removed = diffPlans(renamed, APPROVED);
    expect(removed.phases.map((phase) => [phase.change, phase.name])).toEqual([
      ['renamed', 'Publish'],
      ['removed', 'Review'],
    ]);
  });

  test('Write and Read ranges added or removed, as Sheets writes them', () => {
    const after = edited((text) =>
      text
        .replace('  - Write: Report!B3:E15', "  - Write: Report!B3:E15, 'Q1 Summary'!A1:D20")
        .replace('  - Read: Sales!A2:F500\n', ''),
    );
    expect(diffPlans(APPROVED, after).ranges).toEqual([
      { change: 'added', access: 'write', range: "'Q1 Summary'!A1:D20" },
      { change: 'removed', access: 'read', range: 'Sales!A2:F500' },
    ]);
  });

  test("an agent's re-plan of an approved plan: a new task with its Write range, and a renamed task", () => {
    const after = edited((text) =>
      text
        .replace('Status: approved', 'Status: draft')
        .replace('  - Write: Report!B3:E15', '  - Write: Report!B3:E15\n  - Write: Chart!A1:B12')
        .replace('2.2 Email the link', '2.2 Email the link to the board')
        .concat('- [ ] 2.3 Draw the chart into Chart\n'),
    );
    const diff = diffPlans(APPROVED, after);
    expect(diff.tasks.map((task) => [task.change, task.step, task.title])).toEqual([
      ['changed', '2.2', 'Email the link to the board'],
      ['added', '2.3', 'Draw the chart into Chart'],
    ]);
    expect(diff.ranges).toEqual([{ change: 'added', access: 'write', range: 'Chart!A1:B12' }]);
    expect(diff.phases).toEqual([]);
  });

  test('title and goal changes; from an empty text every task is added', () => {
    const after = edited((text) => text.replace('Goal: Publish Q1 figures', 'Goal: Publish Q1 and Q2 figures'));
    expect(diffPlans(APPROVED, after).goal?.words.filter((part) => part.change !== 'same')).toEqual([
      { text: 'and Q2', change: 'added' },
    ]);
    const fresh = diffPlans('', APPROVED);
    expect(fresh.tasks.every((task) => task.change === 'added')).toBe(true);
    expect(fresh.tasks).toHaveLength(5);
    expect(fresh.phases).toHaveLength(2);
  });

  test('repeated titles pair in order, so a duplicate added at the end is the added one', () => {
    const after = edited((text) => text.concat('- [ ] 2.3 Email the link\n'));
    expect(diffPlans(APPROVED, after).tasks.map((task) => [task.change, task.step])).toEqual([['added', '2.3']]);
  });
});

describe('diffWords', () => {
  test('marks replaced words as removed then added', () => {
    expect(diffWords('Sum sales by month', 'Sum revenue by month')).toEqual([
      { text: 'Sum', change: 'same' },
      { text: 'sales', change: 'removed' },
      { text: 'revenue', change: 'added' },
      { text: 'by month', change: 'same' },
    ]);
  });
});
