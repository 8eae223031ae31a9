/** A status or note change rewrites only what it must on the task's own line: a note adds no done date. */
import { lines, person, refusal, savedPlan } from './memory-store';

// spec-kit's spelling: finished tasks without a done date.
const SPEC_KIT = lines(
  '# Plan: Import tab',
  '',
  '## Phase 3.1: Setup',
  '- [X] T001 Create the Import tab',
  '- [ ] T002 Name the ranges',
  '',
);

describe('a note on a task done without a date', () => {
  test('is written without giving the task a date', () => {
    const store = savedPlan(SPEC_KIT);
    person(store).setTaskNote('1.1', 'checked by Ann');
    expect(store.text).toBe(SPEC_KIT.replace('Create the Import tab', 'Create the Import tab — checked by Ann'));
  });

  test('removing a note it does not have changes nothing, and says so', () => {
    const store = savedPlan(SPEC_KIT);
    expect(refusal(() => person(store).setTaskNote('1.1', null))).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'INVALID_TRANSITION: Task 1.1 already reads that way; nothing to change',
    });
    expect(store.text).toBe(SPEC_KIT);
  });
});
