/**
 * What the history and the archive keep for a person: the words only a person writes, whether an entry is the last to
 * hold one, and which entries a bounded record drops (never a person's for an agent's).
 */
import { entriesToDrop, holdsLastWords, personWords } from '../../src/core/person/person-words';

const PLAN = [
  '# Plan: Close',
  '',
  'Goal: Close the month',
  '',
  'Status: approved',
  '',
  '## Questions for User',
  '',
  '- Which month?',
  '  - Answer: March',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Post the journal — approved: totals match',
  '- [ ] 1.2 Check — a note of the agent',
  '',
  '## Notes',
  '',
  '- 2026-03-01: plan approved: go',
  '- 2026-03-02: review of 1.1 (Post the journal) approved: totals match',
  '- 2026-03-02: the agent noted something',
  '',
].join('\n');

test("a person's words: the answer, the approval, a review decision's note and the decision lines in Notes", () => {
  expect(personWords(PLAN)).toEqual([
    'answer to "Which month?": March',
    'status: approved',
    'note of "Post the journal": approved: totals match',
    'notes: - 2026-03-01: plan approved: go',
    'notes: - 2026-03-02: review of 1.1 (Post the journal) approved: totals match',
  ]);
});

test('a plan an agent wrote holds no words of a person', () => {
  expect(personWords('# Plan: A\n\nGoal: B\n\nStatus: draft\n\n### Phase 1: W\n- [x] 1.1 One — done fast\n')).toEqual(
    [],
  );
});

test('an entry is the last to hold a word when no later entry and not the plan now holds it', () => {
  expect(holdsLastWords([['a'], ['a'], ['b'], []], ['b'])).toEqual([false, true, false, false]);
});

describe('entries a bounded record drops', () => {
  test("the oldest agent's entries beyond the bound", () => {
    expect(entriesToDrop([false, false, false, false], 2)).toEqual([0, 1]);
  });

  test("an agent's entries never push a person's out", () => {
    expect(entriesToDrop([true, false, false, false], 2)).toEqual([1]);
  });

  test("a person's own push out their oldest beyond the bound of a person's entries", () => {
    expect(entriesToDrop([true, true, true, false], 2)).toEqual([0]);
    expect(entriesToDrop([true, true, true, true], 2)).toEqual([0, 1]);
  });
});
