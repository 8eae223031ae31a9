/** The compact view agents read instead of the whole document (getPlan({ view: 'compact' })). */
import { parsePlan } from '../../src/core/format/parse';
import { argumentsProblem } from '../../src/core/api/argument-check';
import { argumentTable } from '../../src/core/api/argument-table';
import { compactPlan, summarizePlan } from '../../src/core/format/summary';

const EXAMPLE = `# Plan: Monthly Inventory Reconciliation

Goal: Reconcile warehouse inventory with sales data and flag discrepancies

## Questions for User

- Should we include items with zero stock in the reconciliation?
  - Answer: yes
- Threshold for flagging discrepancy? (default: >5% variance)

### Phase 1: Data Collection
- [x] 1.1 Read Warehouse!A2:F500 (current stock levels by SKU) ✅ 2026-01-08
- [x] 1.2 Read Sales!A2:H1000 (January transactions) ✅ 2026-01-08

### Phase 2: Calculation
- [x] 2.1 Calculate expected inventory per SKU ✅ 2026-01-09
- [!] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — please verify 5% threshold is correct

### Phase 3: Reporting
- [/] 3.1 Write flagged items to Discrepancies!A2:G100
- [ ] 3.2 Calculate summary stats for Summary!B3:E15
- [>] 3.3 Update Dashboard!A1:D10 (chart data) — waiting for Phase 2 review approval

### Phase 4: Validation
- [ ] 4.1 Verify row counts
- [ ] 4.2 Spot-check 5 random SKUs
- [ ] 4.3 Send notification to warehouse team

## Notes

- Known issue: SKU "WH-4521" has duplicate entries
`;

/**
 * 30 phases of 10 tasks; phases before `current` finished (a few skipped), `current` half done with one of each status.
 */
function bigPlan(phases = 30, current = 27): string {
  const lines = [
    '# Plan: Quarterly close for all regions',
    '',
    'Goal: Close the books for every region and publish the consolidated report',
    '',
  ];
  for (let p = 1; p <= phases; p++) {
    lines.push(`### Phase ${p}: Region ${p} reconciliation`);
    for (let t = 1; t <= 10; t++) {
      const title = `Reconcile Ledger${p}!A2:H400 account group ${t} (debits, credits, balance)`;
      if (p < current)
        lines.push(
          t === 10 && p % 5 === 0
            ? `- [-] ${p}.${t} ${title} — not needed this quarter`
            : `- [x] ${p}.${t} ${title} ✅ 2026-01-0${1 + (p % 9)}`,
        );
      else if (p === current && t <= 5) lines.push(`- [x] ${p}.${t} ${title} ✅ 2026-01-10`);
      else if (p === current && t === 6) lines.push(`- [/] ${p}.${t} ${title}`);
      else if (p === current && t === 7)
        lines.push(`- [>] ${p}.${t} ${title} — waiting for the bank statement in Bank!A2:D90`);
      else if (p === current && t === 8)
        lines.push(`- [!] ${p}.${t} ${title} — please confirm the FX rate in Rates!B2`);
      else lines.push(`- [ ] ${p}.${t} ${title}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

describe('the compact summary', () => {
  test('shows what needs attention in full, finished phases as one line, and the next todo tasks', () => {
    const summary = summarizePlan(parsePlan(EXAMPLE));
    expect(summary).toBe(
      [
        '# Plan: Monthly Inventory Reconciliation',
        'Goal: Reconcile warehouse inventory with sales data and flag discrepancies',
        'Progress: 3/10 done (30%) · 1 doing · 1 blocked · 1 review',
        'Open questions (1):',
        '- Threshold for flagging discrepancy? (default: >5% variance)',
        '✓ Phase 1: Data Collection (2 done)',
        '### Phase 2: Calculation (1/2 finished)',
        '- [!] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — please verify 5% threshold is ' +
          'correct',
        '### Phase 3: Reporting (0/3 finished)',
        '- [/] 3.1 Write flagged items to Discrepancies!A2:G100',
        '- [ ] 3.2 Calculate summary stats for Summary!B3:E15',
        '- [>] 3.3 Update Dashboard!A1:D10 (chart data) — waiting for Phase 2 review approval',
        '### Phase 4: Validation (0/3 finished)',
        '- [ ] 4.1 Verify row counts',
        '- [ ] 4.2 Spot-check 5 random SKUs',
        '  (1 more todo)',
      ].join('\n'),
    );
  });

  test('nextCount decides how many todo tasks are listed; the others are counted', () => {
    const summary = summarizePlan(parsePlan(EXAMPLE), { nextCount: 0 });
    expect(summary).not.toContain('- [ ]');
    expect(summary).toContain('### Phase 4: Validation (0/3 finished, 3 todo)');
    expect(summary).toContain('- [/] 3.1');
  });

  test('a 300-task plan with most phases finished fits in a few hundred tokens', () => {
    const plan = parsePlan(bigPlan());
    expect(plan.progress.total).toBe(300);
    const summary = summarizePlan(plan);
    // ~4 characters a token: under 1,600 characters is under ~400 tokens, for a document of ~25,000.
    expect(plan.raw.length).toBeGreaterThan(20_000);
    expect(summary.length).toBeLessThan(1600);
    expect(summary).toContain('✓ Phases 1–26 finished (260 tasks: 255 done, 5 skipped)');
    expect(summary).toContain('- [/] 27.6 ');
    expect(summary).toContain(
      '- [>] 27.7 Reconcile Ledger27!A2:H400 account group 7 (debits, credits, balance) — waiting for the bank ' +
        'statement in Bank!A2:D90',
    );
    expect(summary).toContain('- [!] 27.8 ');
    expect(summary).toContain('- [ ] 27.9 ');
    expect(summary).toContain('- [ ] 28.1 ');
    expect(summary).toContain('### Phase 30: Region 30 reconciliation (0/10 finished, 10 todo)');
    expect(summary.match(/- \[ \]/g)).toHaveLength(3);
  });

  test('blocked and review items far from the current phase are still shown', () => {
    const text = bigPlan(30, 30)
      .replace('- [x] 3.4 ', '- [>] 3.4 ')
      .replace(/(- \[>\] 3\.4 [^\n]*?) ✅ \d{4}-\d{2}-\d{2}/, '$1 — waiting for access');
    const summary = summarizePlan(parsePlan(text));
    expect(summary).toContain('✓ Phases 1–2 finished');
    expect(summary).toContain('### Phase 3: Region 3 reconciliation (9/10 finished)');
    expect(summary).toContain(
      '- [>] 3.4 Reconcile Ledger3!A2:H400 account group 4 (debits, credits, balance) — waiting for access',
    );
    expect(summary).toContain('✓ Phases 4–29 finished');
  });

  test('a plan without phases says so', () => {
    expect(summarizePlan(parsePlan('# Plan: Empty\n\nGoal: Nothing yet\n'))).toBe(
      '# Plan: Empty\nGoal: Nothing yet\nProgress: 0/0 done (0%)\n(no phases yet)',
    );
  });

  test('compactPlan carries the figures a program wants beside the summary', () => {
    const view = compactPlan({
      ...parsePlan(EXAMPLE),
      revision: 7,
      changedBy: 'api',
      changedAt: '2026-01-10T10:00:00.000Z',
    });
    expect(view).toEqual({
      view: 'compact',
      title: 'Monthly Inventory Reconciliation',
      goal: 'Reconcile warehouse inventory with sales data and flag discrepancies',
      revision: 7,
      changedBy: 'api',
      changedAt: '2026-01-10T10:00:00.000Z',
      progress: { total: 10, todo: 4, doing: 1, done: 3, blocked: 1, review: 1, skipped: 0, percent: 30 },
      waitingForApproval: false,
      summary: summarizePlan(parsePlan(EXAMPLE)),
    });
  });

  test("a plan's status and what the person said are under the goal; a draft says that work waits", () => {
    const draft = EXAMPLE.replace(
      /^(Goal: .*)$/m,
      '$1\n\nStatus: draft — changes requested: check the Sales range first',
    );
    const view = compactPlan({ ...parsePlan(draft), revision: 3, changedBy: 'sidebar', waitingForApproval: true });
    expect(view).toMatchObject({
      status: 'draft',
      statusNote: 'changes requested: check the Sales range first',
      waitingForApproval: true,
    });
    expect(view.summary.split('\n').slice(1, 3)).toEqual([
      'Goal: Reconcile warehouse inventory with sales data and flag discrepancies',
      "Status: draft — changes requested: check the Sales range first (waiting for the person's approval: no task " +
        'may be started until then)',
    ]);
    const approved = summarizePlan(parsePlan(draft.replace(/Status: .*/, 'Status: approved — go ahead')));
    expect(approved.split('\n')[2]).toBe('Status: approved — go ahead');
  });

  test('a plan without a Status line that waits for approval is summarized as a draft, as its status says', () => {
    const plain = parsePlan(EXAMPLE.replace(/^Status: .*\n/m, ''));
    expect(plain.status).toBeUndefined();
    const waiting = compactPlan({ ...plain, revision: 1, changedBy: 'sidebar', waitingForApproval: true });
    expect(waiting.summary.split('\n')[2]).toBe(
      "Status: draft (waiting for the person's approval: no task may be started until then)",
    );
    // On a sheet that does not ask for approval first, such a plan has no status, and the summary no Status line.
    const free = compactPlan({ ...plain, revision: 1, changedBy: 'sidebar', waitingForApproval: false });
    expect(free.summary.split('\n')[2]).toMatch(/^Progress: /);
  });

  test('getPlan options are checked with messages that say what to send', () => {
    const problemOf = (options: unknown) => argumentsProblem(argumentTable().getPlan, [options]);
    expect(problemOf(undefined)).toBeNull();
    expect(problemOf({ view: 'compact' })).toBeNull();
    expect(problemOf({ view: 'short' })).toBe('options.view must be "full" or "compact" (got "short")');
    expect(problemOf({ view: 'compact', nextCount: 99 })).toBe(
      'options.nextCount must be a whole number from 0 to 20 (got the number 99)',
    );
    expect(problemOf('compact')).toBe('options must be an object with view, nextCount, agent (got "compact")');
  });
});
