/**
 * A claim on a task holds its sub-steps but for one whose own claim lives (a lapsed claim, or a Working line that holds
 * nothing, leaves it the parent's); a renumbering undone before the holder acts refuses nothing; ordinary work stays
 * written (src/core/features/claims.ts, src/core/rules/moved-claims.ts).
 */
import { planErrorCode } from '../../src/core';
import { PlanManager } from './plan-manager';
import { agent, clockedStore, person } from './clocked-agents';

function outcome(call: () => unknown): string {
  try {
    call();
    return 'written';
  } catch (error) {
    return `${planErrorCode(error)}: ${(error as Error).message}`;
  }
}

const WITH_SUBSTEPS = `# Plan: Sales
Goal: Sum the sales

## Phase 1: Work
- [ ] 1.1 Read the sales
- [ ] 1.2 Sum them per region
  - [ ] 1.2.1 North
  - [ ] 1.2.2 South
- [ ] 1.3 Write the totals

## Notes
`;

const FLAT = `# Plan: Sales
Goal: Sum the sales

## Phase 1: Work
- [ ] 1.1 Read the sales
- [ ] 1.2 Sum them per region
- [ ] 1.3 Write the totals

## Notes
`;

describe("a claim on a task holds its sub-steps, but one another agent's live claim holds", () => {
  /** Alpha holds 1.2 (renewed to 09:50) and started 1.2.1 (its own line lapsed at 09:30); now 09:40. */
  function lapsedSubStep() {
    const store = clockedStore(WITH_SUBSTEPS);
    const alpha = agent(store, 'Alpha');
    alpha.startTask('1.2');
    alpha.startTask('1.2.1');
    store.minutes = 20;
    alpha.setTaskNote('1.2', 'half way');
    store.minutes = 40;
    return { store, gamma: agent(store, 'Gamma') };
  }

  test.each([
    ['complete', (g: PlanManager) => g.completeTask('1.2.1')],
    ['skip', (g: PlanManager) => g.skipTask('1.2.1', 'not needed')],
    ['rename', (g: PlanManager) => g.renameTask('1.2.1', 'Nord')],
    ['block', (g: PlanManager) => g.blockTask('1.2.1', 'mine')],
  ])(
    "a sub-step whose own claim LAPSED is still held by Alpha's live claim on its parent: Gamma's %s is CLAIMED",
    (_, call) => {
      const { store, gamma } = lapsedSubStep();
      const before = store.text;
      expect(outcome(() => call(gamma))).toMatch(/^CLAIMED/);
      expect(store.text).toBe(before);
    },
  );

  test('a sub-step whose Working line has no time (it holds nothing) is held by the live claim on its parent', () => {
    const text = WITH_SUBSTEPS.replace('  - [ ] 1.2.1 North\n', '  - [ ] 1.2.1 North\n    - Working: Bob\n');
    const store = clockedStore(text);
    agent(store, 'Alpha').startTask('1.2');
    const before = store.text;
    const gamma = agent(store, 'Gamma');
    expect(outcome(() => gamma.removeTask('1.2.1'))).toMatch(/^CLAIMED/);
    expect(store.text).toBe(before);
  });
});

/** Alpha holds 1.2; Beta adds "Check the regions" after 1.1: Alpha's task is 1.3, Beta's 1.2. */
function renumbered(text = FLAT) {
  const store = clockedStore(text);
  const alpha = agent(store, 'Alpha');
  const beta = agent(store, 'Beta');
  alpha.startTask('1.2');
  store.minutes = 1;
  beta.addTask(1, 'Check the regions', { after: '1.1' });
  expect(store.text).toContain('- [ ] 1.2 Check the regions\n- [/] 1.3 Sum them per region\n');
  return { store, alpha, beta };
}

describe('the renumbering check', () => {
  test("Beta adds above Alpha's task and removes it again: Alpha's numbers are right, its act on 1.3 written", () => {
    const { store, alpha, beta } = renumbered();
    store.minutes = 2;
    beta.removeTask('1.2');
    expect(store.text).toContain('- [/] 1.2 Sum them per region\n  - Working: Alpha');
    expect(store.text).toContain('- [ ] 1.3 Write the totals');
    store.minutes = 3;
    // Alpha last saw 1.1 Read, 1.2 Sum (its own), 1.3 Write: exactly the plan now.
    const result = outcome(() => alpha.skipTask('1.3', 'not needed'));
    expect(result).toBe('written');
  });

  test('the same undone renumbering by the person in the sidebar: Alpha is not refused', () => {
    const { store, alpha } = renumbered();
    store.minutes = 2;
    person(store).removeTask('1.2');
    store.minutes = 3;
    expect(outcome(() => alpha.skipTask('1.3', 'not needed'))).toBe('written');
  });
});

describe('ordinary work that must stay written (held up in review)', () => {
  test("the holder's own batch: add above its task, then rename, note and block it by its new step", () => {
    const store = clockedStore(WITH_SUBSTEPS);
    const alpha = agent(store, 'Alpha');
    alpha.startTask('1.2');
    store.minutes = 1;
    expect(
      outcome(() =>
        alpha.applyCommands([
          { action: 'add', phase: 1, text: 'Tidy the inputs', after: '1.1' },
          { action: 'rename', step: '1.3', text: 'Sum the sales per region' },
          { action: 'note', step: '1.3', text: 'north first' },
          { action: 'complete', step: '1.3.1' },
          { action: 'add', phase: 1, text: 'East', under: '1.3' },
        ]),
      ),
    ).toBe('written');
  });

  test("a person completes and removes sub-steps of Alpha's claimed task", () => {
    const store = clockedStore(WITH_SUBSTEPS);
    agent(store, 'Alpha').startTask('1.2');
    expect(outcome(() => person(store).completeTask('1.2.1'))).toBe('written');
    expect(outcome(() => person(store).removeTask('1.2.2'))).toBe('written');
  });

  test("Gamma works on sub-steps of Alpha's task once its claim expired", () => {
    const store = clockedStore(WITH_SUBSTEPS);
    agent(store, 'Alpha').startTask('1.2');
    store.minutes = 45;
    const gamma = agent(store, 'Gamma');
    expect(outcome(() => gamma.completeTask('1.2.1'))).toBe('written');
    expect(outcome(() => gamma.renameTask('1.2.2', 'South and West'))).toBe('written');
  });

  test('After lines of a claimed task renumbered by another agent adding above: written', () => {
    const text = FLAT.replace('- [ ] 1.3 Write the totals', '- [ ] 1.3 Write the totals\n  - After: 1.2');
    const store = clockedStore(text);
    agent(store, 'Alpha').skipTask('1.2', 'done by hand');
    agent(store, 'Alpha').startTask('1.3');
    expect(outcome(() => agent(store, 'Beta').addTask(1, 'Check the regions', { after: '1.1' }))).toBe('written');
    expect(store.text).toContain('1.4 Write the totals\n  - Working: Alpha until 2026-03-14 09:30\n  - After: 1.3');
  });
});
