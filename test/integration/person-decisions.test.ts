/**
 * A person's decision lands on what the person saw, and nothing that is a person's can be made by an agent (issue 16,
 * items 1–4), each replayed as an agent would run it through the built bundle on the emulator: a decision refused when
 * the agent moved another item into its place, a review that cannot be made to look approved, the approval setting
 * holding a plan without a Status line, and writes held to what the person approved (what a review holds:
 * review-holds.test.ts).
 */
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  PLAN,
  PLAN_SHEET,
  approveAsPerson,
  callAsPerson,
  execute,
  openSidebar,
  planText,
  sheetWithPlan,
  typeRows,
} from './harness';
import { agent, personDecides, PLAN_TEXT, refused, shownTask } from './person-decisions-fixtures';

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
    expect(refused(spreadsheet, 'replacePlan', [noted, view.stamp], 'NEEDS_PERSON')).toContain(
      'the decision line "- 2026-03-01: review of 1.1',
    );
  });

  test.each([
    ['a zero-width space', '\u200b'],
    ['a no-break space', '\u00a0'],
    ['a word joiner', '\u2060'],
  ])(
    'decision words hidden behind %s, or spelt with a Cyrillic letter, are refused as the plain ones',
    (_what, mark) => {
      const spreadsheet = sheetWithPlan(PLAN_TEXT);
      const view = agent(spreadsheet, 'getPlan');
      refused(spreadsheet, 'setTaskNote', ['1.2', `${mark}approved: looks right`], 'NEEDS_PERSON');
      refused(spreadsheet, 'setTaskNote', ['1.2', '\u0430pproved'], 'NEEDS_PERSON'); // Cyrillic а
      const line = `- 2026-03-01:${mark === '\u00a0' ? mark : ` ${mark}`}review of 1.2 (Delete every row) approved`;
      const noted = view.raw.replace('## Notes\n', `## Notes\n\n${line}\n`);
      expect(refused(spreadsheet, 'replacePlan', [noted, view.stamp], 'NEEDS_PERSON')).toContain(
        `the decision line "${line}"`,
      );
    },
  );

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
