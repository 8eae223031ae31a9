/**
 * Checking a plan: errors are what stops the plan from working as intended (an agent's
 * replacePlan is refused on them); warnings are worth a look but never block anything.
 */
import { validatePlan, type ValidationReport } from '../../src/core';

const codes = (problems: ValidationReport['errors']) => problems.map((problem) => problem.code);

const clean = `# Plan: Clean

Goal: Nothing to complain about

### Phase 1: Gather
- [x] 1.1 Read Orders!A2:F500 (orders) ✅ 2026-01-10
- [/] 1.2 Read Items!A2:D200 (items)

### Phase 2: Report
- [>] 2.1 Write Summary!B5:E20 (totals) — waiting for 1.2
- [!] 2.2 Check Summary!E20 (grand total) — does it match the bank?
- [-] 2.3 Email the summary — the team reads the sheet
  - [ ] 2.3.1 Sub-step of a skipped task
`;

describe('a plan without problems', () => {
  test('is valid, with no errors and no warnings', () => {
    expect(validatePlan(clean)).toEqual({ valid: true, errors: [], warnings: [] });
  });
});

describe('errors', () => {
  test('a step listed twice', () => {
    const report = validatePlan(clean.replace('- [/] 1.2 Read', '- [/] 1.1 Read'));
    expect(report.valid).toBe(false);
    expect(report.errors).toEqual([
      { code: 'duplicate-step', message: 'Step 1.1 is listed twice (lines 6 and 7)', line: 7 },
    ]);
  });

  test('a step numbered for another phase', () => {
    const report = validatePlan(clean.replace('- [>] 2.1 Write', '- [>] 3.1 Write'));
    expect(report.errors).toEqual([
      { code: 'misnumbered-step', message: 'Step 3.1 is under Phase 2; its number should start with 2.', line: 10 },
    ]);
  });

  test('a plan without a goal', () => {
    const report = validatePlan(clean.replace('Goal: Nothing to complain about', ''));
    expect(codes(report.errors)).toEqual(['empty-goal']);
  });

  test('a "Goal:" line with nothing after it', () => {
    const report = validatePlan(clean.replace('Goal: Nothing to complain about', 'Goal:'));
    expect(report.errors).toEqual([expect.objectContaining({ code: 'empty-goal', line: 3 })]);
  });

  test('a status character the format does not know', () => {
    const report = validatePlan(clean.replace('- [/] 1.2', '- [?] 1.2'));
    expect(report.errors).toEqual([
      {
        code: 'unknown-status',
        message: 'Step 1.2 has status "[?]"; known statuses are [ ] [/] [x] [>] [!] [-]',
        line: 7,
      },
    ]);
  });

  test('a phase number used twice', () => {
    const report = validatePlan(clean.replace('### Phase 2: Report', '### Phase 1: Report'));
    expect(codes(report.errors)).toContain('duplicate-phase');
    expect(report.errors.find((problem) => problem.code === 'duplicate-phase')).toEqual({
      code: 'duplicate-phase',
      message: 'Phase 1 appears twice (lines 5 and 9)',
      line: 9,
    });
  });

  test('a task with only a done date and no title', () => {
    const report = validatePlan(
      clean.replace('- [x] 1.1 Read Orders!A2:F500 (orders) ✅ 2026-01-10', '- [x] 1.1 ✅ 2026-01-10'),
    );
    expect(report.errors).toEqual([{ code: 'empty-task', message: 'Step 1.1 has no title', line: 6 }]);
  });

  test('every error comes with a line number people can find', () => {
    const broken =
      '# Plan: Broken\n\nGoal: G\n\n### Phase 1: A\n- [ ] 1.1 One\n- [ ] 1.1 Again\n- [?] 1.2 Odd\n### Phase 1: ' +
      'B\n- [ ] 2.1 Wrong phase\n';
    const report = validatePlan(broken);
    expect(codes(report.errors).sort()).toEqual([
      'duplicate-phase',
      'duplicate-step',
      'misnumbered-step',
      'unknown-status',
    ]);
    expect(report.errors.map((problem) => problem.line).sort()).toEqual([10, 7, 8, 9].sort());
  });
});

describe('warnings', () => {
  test('steps out of order', () => {
    const report = validatePlan(
      clean.replace('- [!] 2.2 Check', '- [!] 2.4 Check').replace('- [-] 2.3 Email', '- [-] 2.5 Email'),
    );
    expect(report.valid).toBe(true);
    expect(report.warnings).toEqual([
      { code: 'step-order', message: 'Step 2.4 follows step 2.1; expected 2.2', line: 11 },
    ]);
  });

  test('phases out of order', () => {
    const report = validatePlan(
      clean.replace('### Phase 2: Report', '### Phase 3: Report').replace(/- \[(.)\] 2\./g, '- [$1] 3.'),
    );
    expect(report.valid).toBe(true);
    expect(codes(report.warnings)).toEqual(['phase-order']);
  });

  test('blocked or skipped without a reason, review without a note', () => {
    const report = validatePlan(
      clean
        .replace(' — waiting for 1.2', '')
        .replace(' — does it match the bank?', '')
        .replace(' — the team reads the sheet', ''),
    );
    expect(report.valid).toBe(true);
    expect(report.warnings.map((problem) => [problem.code, problem.line])).toEqual([
      ['missing-reason', 10],
      ['missing-review-note', 11],
      ['missing-reason', 12],
    ]);
  });

  test('done without a date', () => {
    const report = validatePlan(clean.replace(' ✅ 2026-01-10', ''));
    expect(codes(report.warnings)).toEqual(['missing-done-date']);
  });

  test('tasks that are not under a phase heading', () => {
    const report = validatePlan('# Plan: Flat\n\nGoal: G\n\n- [ ] 1.1 A\n- [ ] 1.2 B\n');
    expect(report.valid).toBe(true);
    expect(report.warnings).toEqual([
      { code: 'task-outside-phase', message: 'Step 1.1 is not under a "### Phase N: Name" heading', line: 5 },
      { code: 'task-outside-phase', message: 'Step 1.2 is not under a "### Phase N: Name" heading', line: 6 },
    ]);
  });

  test('no title, no tasks, an empty or unnamed phase', () => {
    const report = validatePlan('Goal: Just a goal\n\n### Phase 1\n');
    expect(report.valid).toBe(true);
    expect(codes(report.warnings).sort()).toEqual(['empty-phase', 'missing-title', 'no-tasks', 'unnamed-phase']);
  });
});

describe('odd input', () => {
  test('an empty text has no goal and no tasks', () => {
    const report = validatePlan('');
    expect(codes(report.errors)).toEqual(['empty-goal']);
    expect(codes(report.warnings)).toEqual(['missing-title', 'no-tasks']);
  });

  test('a value that is not text is checked as an empty text', () => {
    expect(validatePlan(null as unknown as string)).toEqual(validatePlan(''));
  });
});

describe('checklists in other spellings', () => {
  test('tasks without step numbers are warned about once, with a count and the first lines', () => {
    const tasks = Array.from({ length: 12 }, (_, i) => `- [ ] Task ${i + 1}`).join('\n');
    const report = validatePlan(`# Plan: Flat\n\nGoal: G\n\n## Tasks\n\n${tasks}\n`);
    expect(report.valid).toBe(true);
    const derived = report.warnings.filter((warning) => warning.code === 'derived-step');
    expect(derived).toEqual([
      {
        code: 'derived-step',
        message:
          'The task on line 7 has no step number; it is read as step 1.1, which changes if tasks are added above it. ' +
          'adoptFormat() writes the numbers into the plan (and 11 more like it; lines 7, 8, 9, 10, 11, 12, 13, 14, ' +
          '15, 16, …)',
        line: 7,
        count: 12,
        lines: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
      },
    ]);
  });

  test('three problems of a kind or fewer stay separate entries', () => {
    const report = validatePlan('# Plan: P\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 A\n- [ ] 1.1 B\n- [ ] 1.1 C\n');
    expect(codes(report.errors)).toEqual(['duplicate-step', 'duplicate-step']);
    expect(report.errors.every((problem) => problem.count === undefined)).toBe(true);
  });

  test('lines that look like tasks but are not read say why', () => {
    const report = validatePlan(
      '# Plan: P\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 A\n-[ ] B\n- [ x ] C\n```\n- [ ] 1.2 D\n```\n\n' +
        '## Notes\n\n- [ ] E\n',
    );
    expect(report.warnings.map((warning) => [warning.code, warning.line])).toEqual([
      ['unread-no-space-after-marker', 7],
      ['unread-wide-box', 8],
      ['unread-in-code', 10],
      ['unread-in-section', 15],
    ]);
    expect(report.warnings[3].message).toBe(
      'Line 15 looks like a task but is not read: it is in the "Notes" section, where a checklist is part of the ' +
        'text, not a task; move it under a phase heading to make it one',
    );
  });
});
