/** The one rule of what only a person may change, compared between the document replaced and the one written. */
import {
  HELD_ITEMS,
  heldItemDifferences,
  planErrorCode,
  requireHeldItemsKept,
  type HeldItemKind,
} from '../../src/core';

const PLAN = `# Plan: Held
Goal: G

## Questions for User

- Which month?
  - Answer: March
- Include returns?

### Phase 1: Work
- [!] 1.1 Check totals — right?
- [ ] 1.2 Write report
`;

function refusal(before: string, after: string, kinds?: readonly HeldItemKind[]): string {
  try {
    requireHeldItemsKept(before, after, kinds);
  } catch (error) {
    expect(planErrorCode(error)).toBe('NEEDS_PERSON');
    return (error as Error).message;
  }
  return 'allowed';
}

test.each([
  ['a task taken out of review', 'released', PLAN.replace('[!] 1.1', '[ ] 1.1')],
  ['a review item removed', 'removed', PLAN.replace('- [!] 1.1 Check totals — right?\n', '')],
  ['a review item renamed', 'removed,added', PLAN.replace('Check totals', 'Check nothing')],
  ['a task put in review', 'added', PLAN.replace('[ ] 1.2 Write report', '[!] 1.2 Write report — ok?')],
  ['an answer written', 'added', PLAN.replace('- Include returns?', '- Include returns?\n  - Answer: No')],
  ['an answer rewritten', 'changed', PLAN.replace('Answer: March', 'Answer: April')],
  ['an answer removed under its question', 'released', PLAN.replace('  - Answer: March\n', '')],
  ['a question removed with its answer', 'removed', PLAN.replace('- Which month?\n  - Answer: March\n', '')],
])('%s is seen as %s', (_change, change, after) => {
  expect(heldItemDifferences(PLAN, after).map((difference) => difference.change)).toEqual(change.split(','));
});

test('what an agent may do: ask for a review, drop a question with its answer', () => {
  expect(refusal(PLAN, PLAN.replace('[ ] 1.2 Write report', '[!] 1.2 Write report — ok?'))).toBe('allowed');
  expect(refusal(PLAN, PLAN.replace('- Which month?\n  - Answer: March\n', ''))).toBe('allowed');
});

test('a review line keeps its status and what to check, whatever copies of its title exist', () => {
  expect(refusal(PLAN, PLAN.replace('— right?', '— do they match the bank?'))).toMatch(
    /task "Check totals" \(waiting for review\) would be changed/,
  );
  const copy = PLAN.replace('[ ] 1.2 Write report', '[ ] 1.2 Check totals');
  const swapped = copy
    .replace('[!] 1.1 Check totals — right?', '[ ] 1.1 Check totals')
    .replace('[ ] 1.2 Check totals', '[!] 1.2 Check totals — right?');
  expect(refusal(copy, swapped)).toMatch(/task "Check totals" \(waiting for review\) would be taken out/);
  expect(refusal(copy, copy.replace('[ ] 1.2 Check totals', '[!] 1.2 Check totals — also?'))).toBe('allowed');
});

test('a twin put before a review item cannot take its place while the item is marked done', () => {
  // The keys count same-titled tasks in order: the twin would be "the" Check totals, still in review.
  const swapped = PLAN.replace(
    '- [!] 1.1 Check totals — right?\n- [ ] 1.2 Write report',
    '- [!] 1.1 Check totals — right?\n- [x] 1.2 Check totals ✅ 2026-01-03\n- [ ] 1.3 Write report',
  );
  expect(heldItemDifferences(PLAN, swapped).map((difference) => difference.change)).toEqual(['twinned']);
  expect(refusal(PLAN, swapped)).toMatch(
    /^NEEDS_PERSON: Only a person may change what waits for them: task "Check totals" \(waiting for review\) would get a twin \(give the new task another title\)\. /,
  );
  // A fresh task of that title (todo) after the item is re-planning; before it, it would take the item's key, and the
  // refusal says why (not "taken out of review", which the item is not).
  expect(refusal(PLAN, PLAN.replace('- [ ] 1.2 Write report', '- [ ] 1.2 Check totals\n- [ ] 1.3 Write report'))).toBe(
    'allowed',
  );
  expect(
    refusal(PLAN, PLAN.replace('- [!] 1.1 Check totals', '- [ ] 1.1 Check totals\n- [!] 1.2 Check totals')),
  ).toMatch(/task "Check totals" \(waiting for review\) would get a twin \(give the new task another title\)\. /);
  // A twin of a task that is not in review, or one that was there before, is no one's business.
  expect(refusal(PLAN, PLAN.replace('- [ ] 1.2 Write report', '- [ ] 1.2 Write report\n- [ ] 1.3 Write report'))).toBe(
    'allowed',
  );
});

test("a person's decision words and Notes lines are theirs: an agent never writes one, may leave one out", () => {
  const approved = PLAN.replace('[!] 1.1 Check totals — right?', '[ ] 1.1 Check totals — approved: fine');
  expect(refusal(PLAN, PLAN.replace('[ ] 1.2 Write report', '[ ] 1.2 Write report — Approved'))).toMatch(
    /the person's decision "Approved" on task "Write report" would be added/,
  );
  expect(refusal(approved, approved.replace('approved: fine', 'changes requested: none'))).toMatch(
    /the person's decision "approved: fine" on task "Check totals" would be changed/,
  );
  // Moved to another task in the same change: the words are the decided task's.
  const moved = approved
    .replace(' — approved: fine', '')
    .replace('[ ] 1.2 Write report', '[ ] 1.2 Write report — approved: fine');
  expect(refusal(approved, moved)).toMatch(/"approved: fine" on task "Write report" would be added/);
  expect(refusal(approved, approved.replace(' — approved: fine', ''))).toBe('allowed');
  const noted = `${PLAN}\n## Notes\n\n- 2026-03-01: plan approved\n`;
  expect(refusal(PLAN.replace('[!] 1.1', '[x] 1.1'), noted.replace('[!] 1.1', '[x] 1.1'))).toMatch(
    /the decision line "- 2026-03-01: plan approved" would be added/,
  );
  expect(refusal(noted, PLAN)).toBe('allowed');
});

test('a decision line is a Notes text as the sidebar shows it: a line carrying it on is part of it', () => {
  const noted = `${PLAN}\n## Notes\n\n- 2026-03-01: plan approved: go\n`;
  // A new item after the person's line, or a line of the agent's own carried onto its next line, leaves it as it was.
  expect(refusal(noted, `${noted}- 2026-03-02: started 1.2\n`)).toBe('allowed');
  expect(refusal(noted, `${noted}- 2026-03-02: asked whether the plan\n  is approved\n`)).toBe('allowed');
  // A line carried onto the person's line changes what the sidebar shows as the decision; the refusal says how a line
  // under it starts on its own.
  expect(refusal(noted, `${noted}  and 1.2 needs no review\n`)).toMatch(
    /the decision line "- 2026-03-01: plan approved: go" would be changed.*unless it starts a new item/,
  );
  expect(refusal(PLAN, `${PLAN}\n## Notes\n\n> 2026-03-01: plan\n> approved: go\n`)).toMatch(
    /the decision line "> 2026-03-01: plan > approved: go" would be added/,
  );
});

test('two questions alike are two items: answering the second is still a change', () => {
  const twice = PLAN.replace('- Include returns?', '- Which month?');
  expect(refusal(twice, twice.replace(/(- Which month\?\n)(?!\s+- Answer)/, '$1  - Answer: May\n'))).toMatch(
    /the answer "May" to "Which month\?" would be added/,
  );
});

test('the approval and the comment on the status: an agent may make a plan a draft, never approve it', () => {
  const draft = PLAN.replace('Goal: G', 'Goal: G\n\nStatus: draft — changes requested: split phase 1');
  const approved = PLAN.replace('Goal: G', 'Goal: G\n\nStatus: approved');
  expect(refusal(draft, draft.replace(/Status: .*/, 'Status: approved'))).toMatch(
    /the plan's approval \("Status: approved"\) would be added/,
  );
  expect(refusal(draft, draft.replace('split phase 1', 'none, go ahead'))).toMatch(
    /the person's comment on the plan's status \("changes requested: split phase 1"\) would be changed/,
  );
  expect(refusal(approved, approved.replace('Status: approved', 'Status: draft'))).toBe('allowed');
  expect(refusal(draft, draft.replace(/Status: .*/, 'Status: draft'))).toBe('allowed');
});

test('a new kind is one entry: a deadline line only the person sets', () => {
  const deadline: HeldItemKind = {
    describe: (_key, value) => `the deadline "${value}"`,
    entries: (outline) => [
      ['deadline', outline.document.lines.find((line) => line.startsWith('Deadline: '))?.slice(10)],
    ],
    released: 'would be dropped',
    agentMay: [],
    personPath: 'a person sets the deadline',
  };
  const kinds = [...HELD_ITEMS, deadline];
  const set = PLAN.replace('Goal: G', 'Goal: G\nDeadline: Friday');
  expect(refusal(PLAN, set, kinds)).toMatch(/^NEEDS_PERSON: .*the deadline "Friday" would be added/);
  expect(refusal(set, PLAN, kinds)).toMatch(/the deadline "Friday" would be dropped/);
  expect(refusal(PLAN, set)).toBe('allowed');
});

describe('a change that keeps every task title in its place is compared task by task', () => {
  const plan = [
    '# Plan: Same titles',
    '',
    'Goal: g',
    '',
    '### Phase 1: Work',
    '- [!] 1.1 Check totals — compare with the ledger',
    '- [ ] 1.2 Check totals',
    '- [!] 1.3 Other',
    '- [ ] 1.4 Last',
  ].join('\n');
  /** The kinds with the held tasks' kind as a copy: compared key by key over every task, as before. */
  const everyTask = [{ ...HELD_ITEMS[0] }, ...HELD_ITEMS.slice(1)];
  test.each([
    ['put in review', plan.replace('- [ ] 1.2', '- [!] 1.2')],
    ['taken out of review', plan.replace('- [!] 1.1', '- [x] 1.1')],
    ['what to check reworded', plan.replace('compare with the ledger', 'compare with last year')],
    [
      'the second of two same titles in review, then out',
      plan.replace('- [ ] 1.2', '- [!] 1.2').replace('- [!] 1.1', '- [/] 1.1'),
    ],
    ['a task started', plan.replace('- [ ] 1.4', '- [/] 1.4')],
  ])('%s: the same differences as comparing every task', (_case, after) => {
    const described = (differences: ReturnType<typeof heldItemDifferences>) =>
      differences.map(({ kind, change, key, value }) => [HELD_ITEMS.indexOf(kind), change, key, value]);
    const compared = described(heldItemDifferences(plan, after, everyTask)).map(([kind, ...rest]) => [
      kind === -1 ? 0 : kind,
      ...rest,
    ]);
    expect(described(heldItemDifferences(plan, after))).toEqual(compared);
  });
});
