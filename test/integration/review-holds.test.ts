/**
 * What waits for the person stays as they see it (issue 16): an agent changes nothing of a task in review, nor what is
 * written under it, on any path; the work around it goes on (re-planning, its sub-steps, its own holder moving it).
 */
import { callAsPerson, execute, openSidebar, plan, planText, sheetWithPlan } from './harness';
import { agent, personDecides, PLAN_TEXT, refused } from './person-decisions-fixtures';
import { at } from './web-agents';

/** A plan of one phase with these task lines. */
const phaseOf = (...lines: string[]) => plan('# Plan: P', '', 'Goal: G', '', '### Phase 1: Work', ...lines);

describe('what the person reviews stays as they see it', () => {
  const DETAILED = PLAN_TEXT.replace(
    '- [!] 1.1 Check totals — do they match the bank?',
    '- [!] 1.1 Check totals — do they match the bank?\n' +
      '  - Uses net figures, returns excluded\n' +
      '  - Check: Sheet1!A1:B5 numbers',
  );

  test('an agent rewords no line under a task in review: its details, its Check line; a person may', () => {
    const spreadsheet = sheetWithPlan(DETAILED);
    const view = agent(spreadsheet, 'getPlan');
    const gross = view.raw.replace('Uses net figures, returns excluded', 'Uses gross figures, returns included');
    expect(refused(spreadsheet, 'replacePlan', [gross, view.stamp], 'NEEDS_PERSON')).toContain(
      'task "Check totals" (waiting for review) would be changed',
    );
    const looser = view.raw.replace('  - Check: Sheet1!A1:B5 numbers\n', '');
    refused(spreadsheet, 'replacePlan', [looser, view.stamp], 'NEEDS_PERSON');
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarReplacePlan', gross, view.revision, view.stamp);
    expect(planText(spreadsheet)).toContain('Uses gross figures');
  });

  test('nor the lines a detail wraps onto; its sub-steps stay work the agent goes on with', () => {
    const NESTED = PLAN_TEXT.replace(
      '- [!] 1.1 Check totals — do they match the bank?',
      '- [ ] 1.0 Gather the statements\n' +
        '- [!] 1.1 Check totals — do they match the bank?\n' +
        '  - Uses net figures,\n' +
        '    returns excluded\n' +
        '\n' +
        '    (card fees as costs)\n' +
        '  - [ ] 1.1.1 Total the card lines',
    );
    const spreadsheet = sheetWithPlan(NESTED);
    const view = agent(spreadsheet, 'getPlan');
    for (const [was, now] of [
      ['    returns excluded', '    returns included'],
      ['    (card fees as costs)', '    (card fees as income)'],
    ]) {
      expect(view.raw).toContain(was);
      expect(refused(spreadsheet, 'replacePlan', [view.raw.replace(was, now), view.stamp], 'NEEDS_PERSON')).toContain(
        'task "Check totals" (waiting for review) would be changed',
      );
    }
    // The agent's loop goes on around the review: its sub-step started and done.
    expect(agent(spreadsheet, 'getNextTask')).toMatchObject({ step: '1.0' });
    agent(spreadsheet, 'startTask', '1.1.1');
    agent(spreadsheet, 'completeTask', '1.1.1');
    expect(planText(spreadsheet)).toMatch(/- \[x\] 1\.1\.1 Total the card lines/);
  });

  const underReview = (...under: string[]) => phaseOf('- [!] 1.1 Check totals — ok?', ...under, '- [ ] 1.2 Next');
  test.each([
    ['its own wrapped line', underReview('  Compare with the March statement'), 'March', 'April'],
    ['a paragraph after its details', underReview('  - Uses net figures', '', '  Fees are costs.'), 'costs', 'income'],
    ['text added under it', underReview(), 'ok?', 'ok?\n  Already checked by the bank: approve as is'],
    ["a detail line at the detail's column", underReview('  - Uses net figures,', '  returns excluded'), 'ex', 'in'],
    ['a fence under it', underReview('  ```', '  =SUM(A1:A9)', '  ```'), 'A9', 'A8'],
    ['a line under its After line', underReview('  - After: 1.2', '    only net figures'), 'net', 'gross'],
  ])('nor %s', (_what, text, was, now) => {
    const spreadsheet = sheetWithPlan(text);
    const view = agent(spreadsheet, 'getPlan');
    expect(refused(spreadsheet, 'replacePlan', [view.raw.replace(was, now), view.stamp], 'NEEDS_PERSON')).toContain(
      'task "Check totals" (waiting for review) would be changed',
    );
  });

  test('a task in review with sub-steps is renumbered with them when a task above it goes', () => {
    const spreadsheet = sheetWithPlan(
      phaseOf(
        '- [ ] 1.1 Gather',
        '- [!] 1.2 Check totals — ok?',
        '  - [x] 1.2.1 Total the bank lines',
        '- [ ] 1.3 Next',
      ),
    );
    agent(spreadsheet, 'removeTask', '1.1');
    expect(planText(spreadsheet)).toContain('- [!] 1.1 Check totals — ok?\n  - [x] 1.1.1 Total the bank lines\n');
  });

  test('once the person has asked for changes, the agent reworks the details', () => {
    const spreadsheet = sheetWithPlan(DETAILED);
    const token = openSidebar(spreadsheet);
    personDecides(spreadsheet, token, 'requestChanges', '1.1', 'use gross');
    const view = agent(spreadsheet, 'getPlan');
    agent(spreadsheet, 'replacePlan', view.raw.replace('net figures', 'gross figures'), view.stamp);
    expect(planText(spreadsheet)).toContain('Uses gross figures');
  });
});

describe('work around what the person reviews goes on', () => {
  test('a task in review whose After line renumbers when a task is added above, removed or moved', () => {
    const waiting = PLAN_TEXT.replace(
      '- [!] 1.1 Check totals — do they match the bank?',
      '- [ ] 1.1 Gather the statements\n- [!] 1.2 Check totals — do they match the bank?\n  - After: 1.1',
    )
      .replace('- [ ] 1.2 Delete every row', '- [ ] 1.3 Delete every row')
      .replace('- [/] 1.3 Write the summary', '- [/] 1.4 Write the summary');
    const spreadsheet = sheetWithPlan(waiting);
    agent(spreadsheet, 'addTask', 1, 'Open the books');
    agent(spreadsheet, 'moveTask', '1.5', 1); // first in the phase: every step below it moves down one
    expect(planText(spreadsheet)).toContain('- [!] 1.3 Check totals — do they match the bank?\n  - After: 1.2');
    agent(spreadsheet, 'removeTask', '1.1'); // and back up
    expect(planText(spreadsheet)).toContain('- [!] 1.2 Check totals — do they match the bank?\n  - After: 1.1');
  });

  test('the agent holding a task in review may move it: its renewed Working line is not what is reviewed', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    // Minutes apart: each call renews the claim, so the Working line changes with every one.
    const alpha = (minute: number, name: string, ...args: unknown[]) => {
      const { result, error } = execute(spreadsheet, name, [...args, { agent: 'Alpha' }], { now: at(minute) });
      if (error) throw error;
      return result as { step: string };
    };
    alpha(0, 'startTask', '1.2');
    alpha(1, 'reviewTask', '1.2', 'is this the right sheet?');
    expect(alpha(5, 'moveTask', '1.2', 1).step).toBe('1.1');
    expect(planText(spreadsheet)).toMatch(
      /- \[!\] 1\.1 Delete every row of Sales!A2:Z5000 — is this the right sheet\?\n {2}- Working: Alpha until/,
    );
  });

  test('another task of the same title, undecided, may move or go while the decided one keeps its decision', () => {
    const twins = PLAN_TEXT.replace('- [ ] 1.2 Delete every row of Sales!A2:Z5000', '- [ ] 1.2 Check totals');
    const spreadsheet = sheetWithPlan(twins);
    const token = openSidebar(spreadsheet);
    personDecides(spreadsheet, token, 'approve', '1.1', 'fine');
    agent(spreadsheet, 'moveTask', '1.2', 1);
    agent(spreadsheet, 'removeTask', '1.1');
    expect(planText(spreadsheet)).toContain('Check totals — approved: fine');
  });
});
