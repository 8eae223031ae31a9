/**
 * A person's decisions over an in-memory store: only a person approves a review item or requests changes, and
 * answers a question.
 */
import { TODAY, savedPlan } from './memory-store';
import { lineOf, codeOf, person, agent, mixed } from './write-path-fixtures';

describe("reviews are a person's call", () => {
  test('a person approving puts the task back in the queue with the comment, and Notes gets a dated line', () => {
    const store = savedPlan(mixed);
    const task = person(store).approveReview('1.4', 'the table is right');
    const reviewLine = lineOf(mixed, '] 1.4 ');
    const lastNote = lineOf(mixed, 'Rates changed');
    const expected = mixed.split('\n');
    expected[reviewLine] = '- [ ] 1.4 Confirm Pay!C2:C40 (deductions) — approved: the table is right';
    expected.splice(
      lastNote + 1,
      0,
      `- ${TODAY}: 1.4 (Confirm Pay!C2:C40 (deductions)) review note was: is the 2026 tax table right?`,
      `- ${TODAY}: review of 1.4 (Confirm Pay!C2:C40 (deductions)) approved: the table is right`,
    );
    expect(store.text).toBe(expected.join('\n'));
    expect(task).toMatchObject({ status: 'todo', note: 'approved: the table is right' });
    expect(store.cells?.meta).toContain('"by":"sidebar"');
  });

  test('once approved, getNextTask gives it to the agent with the approval note', () => {
    const store = savedPlan(mixed);
    person(store).approveReview('1.4');
    expect(agent(store).getNextTask()).toMatchObject({ step: '1.4', status: 'todo', note: 'approved' });
  });

  test('a person requesting changes must say what to change', () => {
    const store = savedPlan(mixed);
    const before = store.state();
    expect(codeOf(() => person(store).requestChanges('1.4', ''))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => person(store).act('requestChanges', '1.4'))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });

  test('a person requesting changes sends the task back with the comment', () => {
    const store = savedPlan(mixed);
    person(store).requestChanges('1.4', 'use the 2025 table');
    expect(store.text).toContain('- [ ] 1.4 Confirm Pay!C2:C40 (deductions) — changes requested: use the 2025 table\n');
    expect(store.text).toContain(
      `- ${TODAY}: review of 1.4 (Confirm Pay!C2:C40 (deductions)) changes requested: use the 2025 table\n`,
    );
  });

  test('approving adds a Notes section when the plan has none', () => {
    const store = savedPlan('# Plan: T\n\nGoal: G\n\n### Phase 1: W\n- [!] 1.1 Check — look\n');
    person(store).approveReview('1.1');
    expect(store.text).toBe(
      `# Plan: T\n\nGoal: G\n\n### Phase 1: W\n- [ ] 1.1 Check — approved\n\n## Notes\n\n- ${TODAY}: 1.1 (Check) ` +
        `review note was: look\n- ${TODAY}: review of 1.1 (Check) approved\n`,
    );
  });

  test('only a task in review can be approved', () => {
    const store = savedPlan(mixed);
    expect(codeOf(() => person(store).approveReview('2.1'))).toBe('INVALID_TRANSITION');
  });

  test('a person may start or complete a task in review directly', () => {
    const store = savedPlan(mixed);
    person(store).completeTask('1.4');
    expect(store.text).toContain(`- [x] 1.4 Confirm Pay!C2:C40 (deductions) ✅ ${TODAY}\n`);
  });

  test('an agent never re-words a review request once the person has it', () => {
    const store = savedPlan(mixed);
    expect(() => agent(store).reviewTask('1.4', 'is the 2026 table right (rows 2-40)?')).toThrow(/^NEEDS_PERSON/);
    expect(store.text).toBe(mixed);
  });
});

describe('answerQuestion', () => {
  const asked = `# Plan: Q

Goal: Ask first

## Questions for User

- Include refunds?
- Which region?

### Phase 1: Work
- [ ] 1.1 Read Orders!A:F (orders)
`;

  test('adds the answer under the question', () => {
    const store = savedPlan(asked);
    const plan = person(store).answerQuestion(1, 'No, only sales');
    const expected = asked.split('\n');
    expected.splice(lineOf(asked, 'Include refunds?') + 1, 0, '  - Answer: No, only sales');
    expect(store.text).toBe(expected.join('\n'));
    expect(plan.questionDetails?.[0].answer).toBe('No, only sales');
    expect([store.reads, store.writes]).toEqual([1, 1]);
  });

  test('answers the last question before the phases', () => {
    const store = savedPlan(asked);
    person(store).answerQuestion(2, 'EMEA');
    expect(store.text).toContain('- Which region?\n  - Answer: EMEA\n\n### Phase 1: Work\n');
  });

  test('replaces an answer that is already there', () => {
    const store = savedPlan(asked.replace('- Include refunds?\n', '- Include refunds?\n  - Answer: yes\n'));
    person(store).answerQuestion(1, 'no');
    expect(store.text).toBe(asked.replace('- Include refunds?\n', '- Include refunds?\n  - Answer: no\n'));
  });

  test('refuses a question that is not there, or an empty answer', () => {
    const store = savedPlan(asked);
    const before = store.state();
    expect(() => person(store).answerQuestion(3, 'x')).toThrow('Question 3 not found (questions are numbered 1 to 2)');
    expect(codeOf(() => person(store).answerQuestion(1, ' '))).toBe('INVALID_ARGUMENT');
    expect(store.state()).toBe(before);
  });
});
