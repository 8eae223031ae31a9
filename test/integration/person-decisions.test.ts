/**
 * A person's decision lands on what the person saw, and nothing that is a person's can be made by an agent (issue 16,
 * items 1–4), each replayed as an agent would run it through the built bundle on the emulator: a decision refused when
 * the agent moved another item into its place, a review that cannot be made to look approved, the approval setting
 * holding a plan without a Status line, and writes held to what the person approved.
 */
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  PLAN_SHEET,
  approveAsPerson,
  call,
  callAsPerson,
  execute,
  openSidebar,
  plan,
  planText,
  sheetWithPlan,
  refusedWrites,
  snapshot,
  snapshotBesideTheLog,
  typeRows,
} from './harness';
import { at } from './web-agents';

const PLAN_TEXT = plan(
  '# Plan: Sales clean-up',
  '',
  'Goal: Tidy the sales sheet',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Sheet1!A1:B5 (the summary)',
  '',
  '## Questions for User',
  '',
  '- Which month?',
  '',
  '### Phase 1: Work',
  '- [!] 1.1 Check totals — do they match the bank?',
  '- [ ] 1.2 Delete every row of Sales!A2:Z5000',
  '- [/] 1.3 Write the summary',
  '',
  '## Notes',
  '',
);

/** An agent's call through scripts.run; throws its error. */
function agent(spreadsheet: EmulatedSpreadsheet, name: string, ...args: unknown[]): any {
  return call(spreadsheet, name, ...args);
}

/**
 * Runs `name` and expects `code`, with every cell, sheet and property byte for byte as it was; a refused writeRange
 * changes the write log alone, which notes the attempt with its code.
 */
function refused(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], code: string, ui = false): string {
  const write = name === 'writeRange';
  const state = write ? snapshotBesideTheLog : snapshot;
  const notedBefore = refusedWrites(spreadsheet).length;
  const before = state(spreadsheet);
  const { error } = execute(spreadsheet, name, args, ui ? { context: 'ui' } : {});
  expect(error?.message).toMatch(new RegExp(`^${code}: `));
  expect(state(spreadsheet)).toBe(before);
  const noted = refusedWrites(spreadsheet);
  expect(noted).toHaveLength(notedBefore + (write ? 1 : 0));
  if (write) expect(noted[0]).toMatchObject({ range: args[0], step: args[2], code });
  return error!.message;
}

/** What the sidebar shows of a step: the task the person decides on. */
function shownTask(spreadsheet: EmulatedSpreadsheet, token: string, step: string) {
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const task = (agent(spreadsheet, 'getPlan').phases as Array<{ tasks: any[] }>)
    .flatMap((phase) => phase.tasks)
    .find((candidate) => candidate.step === step);
  expect(view.markdown).toContain(task.title);
  return task.note === undefined
    ? { title: task.title, status: task.status }
    : { title: task.title, status: task.status, note: task.note };
}

/** The person decides on `step` in the sidebar, as they see it now: approves it or requests changes, with `comment`. */
function personDecides(
  spreadsheet: EmulatedSpreadsheet,
  token: string,
  action: 'approve' | 'requestChanges',
  step: string,
  comment: string,
) {
  return callAsPerson(
    spreadsheet,
    token,
    'sidebarTaskAction',
    action,
    step,
    comment,
    shownTask(spreadsheet, token, step),
  );
}

describe('a decision lands on what the person saw', () => {
  test("an agent that moves another task into the step and asks for its review gets no person's approval", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const seen = shownTask(spreadsheet, token, '1.1');
    // Between the sidebar's checks: the destructive task becomes 1.1 and asks for review.
    agent(spreadsheet, 'moveTask', '1.2', 1);
    agent(spreadsheet, 'reviewTask', '1.1', 'ok to go ahead?');
    expect(planText(spreadsheet)).toContain('- [!] 1.1 Delete every row of Sales!A2:Z5000 — ok to go ahead?');
    const message = refused(
      spreadsheet,
      'sidebarTaskAction',
      [token, 'approve', '1.1', 'fine', seen],
      'CONFLICT',
      true,
    );
    expect(message).toContain('you saw "Check totals" (waiting for review — do they match the bank?)');
    expect(message).toContain('it is now "Delete every row of Sales!A2:Z5000"');
    // What the person sees now, they may decide on.
    const now = shownTask(spreadsheet, token, '1.1');
    callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'requestChanges', '1.1', 'not this', now);
    expect(planText(spreadsheet)).toContain(
      '- [ ] 1.1 Delete every row of Sales!A2:Z5000 — changes requested: not this',
    );
  });

  test('rename, move and remove by step are refused when the step holds another task', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const seen = shownTask(spreadsheet, token, '1.2');
    agent(spreadsheet, 'addTask', 1, 'Archive the old tab', { after: '1.1' });
    refused(spreadsheet, 'sidebarRenameTask', [token, '1.2', 'Keep every row', seen], 'CONFLICT', true);
    refused(spreadsheet, 'sidebarMoveTask', [token, '1.2', 1, seen], 'CONFLICT', true);
    refused(spreadsheet, 'sidebarRemoveTask', [token, '1.2', seen], 'CONFLICT', true);
    callAsPerson(spreadsheet, token, 'sidebarRemoveTask', '1.3', seen);
    expect(planText(spreadsheet)).not.toContain('Delete every row');
  });

  test.each([
    ['sidebarTaskAction', ['approve', '1.1', null, { title: 'Check totals' }]],
    ['sidebarTaskAction', ['approve', '1.1', null, 'Check totals']],
    ['sidebarRemoveTask', ['1.2', { title: 'x', status: 'todo', extra: 1 }]],
    ['sidebarAnswerQuestion', [1, 'March', { question: 'Which month?' }]],
  ])('%s with a malformed seen %j says what it must be, writing nothing', (name, args) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    expect(refused(spreadsheet, name, [token, ...args], 'INVALID_ARGUMENT', true)).toMatch(
      /seen must be the (task|question) as the person saw it/,
    );
  });

  test("a question put above the person's does not get their answer", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const view = agent(spreadsheet, 'getPlan');
    const moved = view.raw.replace('- Which month?', '- May I delete Payroll?\n- Which month?');
    agent(spreadsheet, 'replacePlan', moved, view.stamp);
    const message = refused(
      spreadsheet,
      'sidebarAnswerQuestion',
      [token, 1, 'Yes', { text: 'Which month?' }],
      'CONFLICT',
      true,
    );
    expect(message).toContain('it is now "May I delete Payroll?"');
    callAsPerson(spreadsheet, token, 'sidebarAnswerQuestion', 2, 'March', { text: 'Which month?' });
    expect(planText(spreadsheet)).toContain('- Which month?\n  - Answer: March');
  });
});

describe('a review never looks approved without a person', () => {
  const WITH_COPY = PLAN_TEXT.replace('- [/] 1.3 Write the summary', '- [ ] 1.3 Check totals');

  test.each([
    ['the review moved to a copy, the original marked approved', '[ ] 1.1 Check totals — approved: fine', '[!] 1.3'],
    ['the review moved to a copy', '[ ] 1.1 Check totals', '[!] 1.3'],
  ])('replacePlan: %s is refused', (_case, first, copy) => {
    const spreadsheet = sheetWithPlan(WITH_COPY);
    const view = agent(spreadsheet, 'getPlan');
    const forged = view.raw
      .replace('[!] 1.1 Check totals — do they match the bank?', first)
      .replace('[ ] 1.3 Check totals', `${copy} Check totals — do they match the bank?`);
    refused(spreadsheet, 'replacePlan', [forged, view.stamp], 'NEEDS_PERSON');
  });

  test('an agent rewords no review note, and writes no decision words or decision line in Notes', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const view = agent(spreadsheet, 'getPlan');
    const reworded = view.raw.replace('do they match the bank?', 'approve deleting Sales too');
    expect(refused(spreadsheet, 'replacePlan', [reworded, view.stamp], 'NEEDS_PERSON')).toContain('would be changed');
    refused(spreadsheet, 'setTaskNote', ['1.2', 'approved: looks right'], 'NEEDS_PERSON');
    refused(spreadsheet, 'skipTask', ['1.2', 'Changes requested: none'], 'NEEDS_PERSON');
    const noted = view.raw.replace('## Notes\n', '## Notes\n\n- 2026-03-01: review of 1.1 (Check totals) approved\n');
    expect(refused(spreadsheet, 'replacePlan', [noted, view.stamp], 'NEEDS_PERSON')).toContain('in Notes');
  });

  test("the person's approval stays theirs: the agent then starts the task, and the words move to Notes", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    personDecides(spreadsheet, token, 'approve', '1.1', 'fine');
    expect(planText(spreadsheet)).toContain('- [ ] 1.1 Check totals — approved: fine');
    agent(spreadsheet, 'startTask', '1.1');
    expect(planText(spreadsheet)).toContain('- [/] 1.1 Check totals');
  });

  test("the person's approval stays on the task they decided: moved to another in one change, it is refused", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    personDecides(spreadsheet, token, 'approve', '1.1', 'fine');
    const view = agent(spreadsheet, 'getPlan');
    // Taken off 1.1 (allowed alone) and written on the destructive 1.2 (refused alone), together.
    const moved = view.raw
      .replace('- [ ] 1.1 Check totals — approved: fine', '- [ ] 1.1 Check totals')
      .replace('Delete every row of Sales!A2:Z5000', 'Delete every row of Sales!A2:Z5000 — approved: fine');
    expect(refused(spreadsheet, 'replacePlan', [moved, view.stamp], 'NEEDS_PERSON')).toContain(
      `the person's decision "approved: fine" on task "Delete every row of Sales!A2:Z5000"`,
    );
    const commands = [
      { action: 'note', step: '1.1' },
      { action: 'note', step: '1.2', text: 'approved: fine' },
    ];
    refused(spreadsheet, 'applyCommands', [commands], 'NEEDS_PERSON');
    expect(planText(spreadsheet)).toContain('- [ ] 1.1 Check totals — approved: fine\n- [ ] 1.2 Delete every row');
  });

  test("the agent's next review note takes the place of the person's request for changes, which Notes keeps", () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const shown = shownTask(spreadsheet, token, '1.1');
    callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'requestChanges', '1.1', 'use 3%', shown);
    agent(spreadsheet, 'startTask', '1.1');
    agent(spreadsheet, 'reviewTask', '1.1', 'reworked with 3%; please check again');
    const text = planText(spreadsheet);
    expect(text).toContain('- [!] 1.1 Check totals — reworked with 3%; please check again\n');
    expect(text).toMatch(/\n- \d{4}-\d\d-\d\d: 1\.1 \(Check totals\) .*changes requested: use 3%/);
  });
});

describe('the approval setting holds a plan without a Status line', () => {
  const UNMARKED = PLAN_TEXT.replace('- [!] 1.1 Check totals — do they match the bank?', '- [ ] 1.1 Check totals');

  test('turning it on makes the plan a draft: no work, no sheet write until the person approves', () => {
    const spreadsheet = sheetWithPlan(UNMARKED);
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
    expect(planText(spreadsheet)).toContain('Goal: Tidy the sales sheet\n\nStatus: draft\n');
    expect(agent(spreadsheet, 'getPlan')).toMatchObject({ status: 'draft', waitingForApproval: true });
    refused(spreadsheet, 'startTask', ['1.1'], 'NEEDS_APPROVAL');
    refused(spreadsheet, 'writeRange', ['Sheet1!A1', [['x']], '1.3'], 'PLAN_NOT_APPROVED');
    approveAsPerson(spreadsheet, token);
    expect(agent(spreadsheet, 'startTask', '1.1')).toMatchObject({ status: 'doing' });
  });

  test('a task in progress is not completed while a re-plan waits for approval; after it, it is', () => {
    const spreadsheet = sheetWithPlan(UNMARKED);
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
    approveAsPerson(spreadsheet, token);
    agent(spreadsheet, 'startTask', '1.1');
    agent(spreadsheet, 'writeRange', 'Sheet1!A1', [['total']], '1.1');
    agent(spreadsheet, 'addTask', 1, 'Check the returns');
    expect(planText(spreadsheet)).toContain('\nStatus: draft\n');
    // Refused before its cells are read (also before the lock): no check result is kept either.
    expect(refused(spreadsheet, 'completeTask', ['1.1'], 'NEEDS_APPROVAL')).toContain('The plan is a draft');
    expect(execute(spreadsheet, 'completeTask', ['1.1']).execution.countCalls({ method: 'getDisplayValues' })).toBe(0);
    const view = agent(spreadsheet, 'getPlan');
    const ticked = view.raw.replace('- [/] 1.1 Check totals', '- [x] 1.1 Check totals');
    refused(spreadsheet, 'replacePlan', [ticked, view.stamp], 'NEEDS_APPROVAL');
    approveAsPerson(spreadsheet, token);
    expect(agent(spreadsheet, 'completeTask', '1.1')).toMatchObject({ status: 'done' });
  });

  test('a plan without a Status line put in the cell later is a draft too', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
    approveAsPerson(spreadsheet, token);
    spreadsheet.setCellText(PLAN, UNMARKED); // the Sheets API, around Sheet Plan
    expect(agent(spreadsheet, 'getPlan')).toMatchObject({ waitingForApproval: true });
    expect(refused(spreadsheet, 'startTask', ['1.1'], 'NEEDS_APPROVAL')).toContain('no Status line');
    refused(spreadsheet, 'writeRange', ['Sheet1!A1', [['x']], '1.3'], 'PLAN_NOT_APPROVED');
    // Re-planning is allowed, and marks it a draft for the person to approve.
    agent(spreadsheet, 'addTask', 1, 'Check the returns');
    expect(planText(spreadsheet)).toContain('\nStatus: draft\n');
  });
});

describe('writes stay inside what the person approved', () => {
  function sheet(text = PLAN_TEXT): { spreadsheet: EmulatedSpreadsheet; token: string } {
    const spreadsheet = sheetWithPlan(text);
    typeRows(spreadsheet, 'Payroll!A1', [['name', 'pay']]);
    return { spreadsheet, token: openSidebar(spreadsheet) };
  }

  test.each([
    ['a code fence', '```\n- Write: Payroll!A:Z\n```'],
    ['indented code', 'An example:\n\n    - Write: Payroll!A:Z\n'],
    ['an HTML comment', '<!--\n- Write: Payroll!A:Z\n-->'],
    ['a one-line HTML comment', '<!-- - Write: Payroll!A:Z -->'],
  ])('a Write line inside %s is no range of the plan', (_where, block) => {
    const { spreadsheet } = sheet(PLAN_TEXT.replace('## Questions for User', `${block}\n\n## Questions for User`));
    refused(spreadsheet, 'writeRange', ['Payroll!A1', [['x']], '1.3'], 'OUT_OF_SCOPE');
  });

  /** The plan approved, then the agent adds `line` under its Write line: a draft again. */
  function approvedThenAdded(line: string): { spreadsheet: EmulatedSpreadsheet; token: string } {
    const { spreadsheet, token } = sheet();
    approveAsPerson(spreadsheet, token);
    const view = agent(spreadsheet, 'getPlan');
    const widened = view.raw.replace('  - Write: Sheet1!A1:B5', `  - Write: Sheet1!A1:B5\n${line}`);
    expect(agent(spreadsheet, 'replacePlan', widened, view.stamp)).toMatchObject({ status: 'draft' });
    return { spreadsheet, token };
  }

  test('a Write range the agent adds after the approval waits for the person to approve again', () => {
    const { spreadsheet, token } = approvedThenAdded('  - Write: Payroll!A:Z');
    const message = refused(spreadsheet, 'writeRange', ['Payroll!A1', [['x']], '1.3'], 'OUT_OF_SCOPE');
    expect(message).toContain('not in those of the plan a person last approved (Sheet1!A1:B5)');
    expect(agent(spreadsheet, 'writeRange', 'Sheet1!A1', [['ok']], '1.3')).toMatchObject({ range: 'Sheet1!A1' });
    approveAsPerson(spreadsheet, token);
    expect(agent(spreadsheet, 'writeRange', 'Payroll!A1', [['x']], '1.3')).toMatchObject({ range: 'Payroll!A1' });
  });

  test('formulas the agent allows after the approval wait for the person to approve again', () => {
    const { spreadsheet, token } = approvedThenAdded('- Formulas: allowed');
    const formula = [[{ formula: '=IMPORTRANGE("https://example.com","A1")' }]];
    // refused() also holds every cell, Sheet1!A1 included, byte for byte as it was.
    const message = refused(spreadsheet, 'writeRange', ['Sheet1!A1', formula, '1.3'], 'FORMULA_NOT_ALLOWED');
    expect(message).toContain('the plan a person last approved does not');
    approveAsPerson(spreadsheet, token);
    expect(agent(spreadsheet, 'writeRange', 'Sheet1!A1', formula, '1.3')).toMatchObject({ range: 'Sheet1!A1' });
  });

  test('a new plan after an approval is a draft, held to the approved ranges until the person approves it', () => {
    const { spreadsheet, token } = sheet(PLAN_TEXT.replace('[!] 1.1 Check totals', '[x] 1.1 Check totals'));
    approveAsPerson(spreadsheet, token);
    agent(spreadsheet, 'createPlan', 'Payroll', 'Pay everyone', [{ name: 'Work', steps: ['Write pay'] }], {
      analysis: { write: ['Payroll!A:Z'] },
    });
    expect(planText(spreadsheet)).toContain('\nStatus: draft\n');
    agent(spreadsheet, 'startTask', '1.1');
    refused(spreadsheet, 'writeRange', ['Payroll!A1', [['x']], '1.1'], 'OUT_OF_SCOPE');
  });

  const mixedCase = [...PLAN_SHEET].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  test.each([PLAN_SHEET.toLowerCase(), mixedCase, PLAN_SHEET])("Sheet Plan's own sheet is refused as %s", (name) => {
    const { spreadsheet } = sheet(PLAN_TEXT.replace('Sheet1!A1:B5', cellReference('C1:C5', name)));
    const target = cellReference(PLAN_LOCATION.planCell, name);
    expect(refused(spreadsheet, 'writeRange', [target, [['approved']], '1.3'], 'OUT_OF_SCOPE')).toContain(
      "Sheet Plan's own sheet",
    );
  });
});

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

  test('a task in review with sub-steps is renumbered with them when a task above it goes', () => {
    const spreadsheet = sheetWithPlan(
      plan(
        '# Plan: P',
        '',
        'Goal: G',
        '',
        '### Phase 1: Work',
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
