/**
 * The spec's "Status Update Tests", in our words: what the plan text looks like after a task's
 * status changes. Every assertion compares whole documents, so a change to any other line shows.
 */
import { updateTaskStatus, localDate } from '../../src/core';

const work = `# Plan: Monthly close

Goal: Close January's books

### Phase 1: Work
- [ ] 1.1 Copy Ledger!A2:D90 (entries)
- [ ] 1.2 Sum Ledger!D2:D90 (amounts)
- [/] 1.3 Check Totals!B2 (grand total)
`;

/** `work` with one line replaced. */
function workWith(step: string, line: string): string {
  return work
    .split('\n')
    .map((existing) => (existing.includes(`] ${step} `) ? line : existing))
    .join('\n');
}

describe('changing a task status', () => {
  test('starting a task turns its box into [/]', () => {
    expect(updateTaskStatus(work, '1.1', 'doing')).toBe(workWith('1.1', '- [/] 1.1 Copy Ledger!A2:D90 (entries)'));
  });

  // Deliberate difference (b): the spec stamps the UTC date of the machine running the code; we take
  // today's date as an argument (PlanManager passes the spreadsheet's local date).
  test('finishing a task ticks it and stamps the date it was given', () => {
    expect(updateTaskStatus(work, '1.3', 'done', undefined, '2026-02-01')).toBe(
      workWith('1.3', '- [x] 1.3 Check Totals!B2 (grand total) ✅ 2026-02-01'),
    );
  });

  test('without a date, finishing uses the local date of the machine', () => {
    const before = localDate();
    const updated = updateTaskStatus(work, '1.3', 'done');
    const after = localDate();
    const stamped = /✅ (\d{4}-\d{2}-\d{2})/.exec(updated)?.[1];
    expect([before, after]).toContain(stamped);
  });

  test('the local date is the calendar day of the given moment, not UTC', () => {
    expect(localDate(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(localDate(new Date(2026, 11, 1, 0, 1))).toBe('2026-12-01');
  });

  test('blocking a task writes its reason after an em dash', () => {
    expect(updateTaskStatus(work, '1.1', 'blocked', 'waiting for data')).toBe(
      workWith('1.1', '- [>] 1.1 Copy Ledger!A2:D90 (entries) — waiting for data'),
    );
  });

  test('sending a task to review writes the note for the reviewer', () => {
    expect(updateTaskStatus(work, '1.2', 'review', 'check formula')).toBe(
      workWith('1.2', '- [!] 1.2 Sum Ledger!D2:D90 (amounts) — check formula'),
    );
  });

  // Deliberate difference (c): the spec has five statuses; we add `- [-]` skipped, with a reason.
  test('skipping a task writes [-] and its reason', () => {
    expect(updateTaskStatus(work, '1.2', 'skipped', 'totals come from the bank')).toBe(
      workWith('1.2', '- [-] 1.2 Sum Ledger!D2:D90 (amounts) — totals come from the bank'),
    );
  });

  test('unblocking a task removes the old reason', () => {
    const blocked = '### Phase 1: Work\n- [>] 1.1 Task — old reason';
    expect(updateTaskStatus(blocked, '1.1', 'doing')).toBe('### Phase 1: Work\n- [/] 1.1 Task');
  });

  test('reopening a done task removes its date', () => {
    const done = '### Phase 1: Work\n- [x] 1.1 Task ✅ 2026-01-01';
    expect(updateTaskStatus(done, '1.1', 'doing')).toBe('### Phase 1: Work\n- [/] 1.1 Task');
  });

  test('a reason is not written on a status that has none', () => {
    expect(updateTaskStatus(work, '1.1', 'doing', 'ignored')).toBe(
      workWith('1.1', '- [/] 1.1 Copy Ledger!A2:D90 (entries)'),
    );
  });

  test('other tasks stay exactly as they were', () => {
    const updated = updateTaskStatus(work, '1.1', 'done', undefined, '2026-02-01');
    expect(updated.split('\n').filter((line, i) => line !== work.split('\n')[i])).toEqual([
      '- [x] 1.1 Copy Ledger!A2:D90 (entries) ✅ 2026-02-01',
    ]);
  });

  test('a step that is not in the plan leaves the text untouched', () => {
    expect(updateTaskStatus(work, '9.9', 'done')).toBe(work);
  });

  test('a sub-step is found by its full number', () => {
    const nested = '### Phase 2: Split\n- [ ] 2.1 Parent\n  - [ ] 2.1.1 Child\n';
    expect(updateTaskStatus(nested, '2.1.1', 'doing')).toBe(
      '### Phase 2: Split\n- [ ] 2.1 Parent\n  - [/] 2.1.1 Child\n',
    );
  });

  test('step 1.1 is not mistaken for 1.10', () => {
    const many = '### Phase 1: Many\n- [ ] 1.10 Tenth\n- [ ] 1.1 First\n';
    expect(updateTaskStatus(many, '1.1', 'doing')).toBe('### Phase 1: Many\n- [ ] 1.10 Tenth\n- [/] 1.1 First\n');
  });
});
