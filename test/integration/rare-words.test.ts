/**
 * The core's rare refusals (src/core/rare-words.ts) are not in Code.js: the bundle reads them from RareTexts.html when
 * one is needed. Through the built bundle, each comes whole, every `{place}` filled, and refuses as it did. (The
 * request-id texts are pinned in request-ids.test.ts, the approved check gone in approved-checks-hold.test.ts, the
 * claimed cells in claimed-cells.test.ts.)
 */
import { STOCK_PLAN, stockSheet } from './stock-plan';
import { DIST, call, callAsPerson, execute, planText, plan, sheetWithSavedPlan } from './harness';
import { connectAgent } from './keyed-agents';
import { deployed, refused, tool } from './web-agents';
import { createExecution, loadBundle, runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { readFileSync } from 'node:fs';
import { APPROVED, agent, refused as refusedWrite, workbook } from './sheet-work-fixtures';

/** The small plan most cases play on, "Tidy", with `lines` after its goal. */
const tidy = (...lines: string[]) => plan('# Plan: Tidy', '', 'Goal: Tidy up', '', ...lines);

/** The agent's replace_plan of the whole document, at the revision it read. */
function replacePlan(spreadsheet: EmulatedSpreadsheet, key: string, edit: (text: string) => string) {
  const { revision } = JSON.parse(tool(spreadsheet, key, 'get_plan', { view: 'full' })) as { revision: number };
  return tool(spreadsheet, key, 'replace_plan', { markdown: edit(planText(spreadsheet)), base: revision });
}

/**
 * An MCP client's refusal (with tool names as MCP names them), checked to have every place filled and to have left the
 * plan as it was.
 */
function refusal(spreadsheet: EmulatedSpreadsheet, work: () => unknown): string {
  const before = planText(spreadsheet);
  const message = refused(work);
  expect(message).not.toMatch(/\{\w+\}/);
  expect(planText(spreadsheet)).toBe(before);
  return message;
}

test("claims written by hand: another holder's, one past a lease, one on a task the change does not start", () => {
  const { spreadsheet, gemini } = stockSheet(STOCK_PLAN);
  const underTask = (step: string, line: string) => (text: string) =>
    text.replace(new RegExp(`(- \\[ \\] ${step.replace('.', '\\.')} [^\\n]*)`), `$1\n  - ${line}`);
  expect(
    refusal(spreadsheet, () =>
      replacePlan(spreadsheet, gemini, underTask('1.3', 'Working: Dana until 2026-11-26 14:10')),
    ),
  ).toBe(
    'CLAIMED: Only Sheet Plan writes a "Working:" line, for the agent that starts the task: the change writes one ' +
      'for "Dana" under task 1.3, and you are Gemini. Leave Working lines as they are (start_task claims a task for ' +
      'you); nothing was written',
  );
  const startedFarAhead = (text: string) =>
    underTask('1.3', 'Working: Gemini until 2026-11-26 16:00')(text).replace('- [ ] 1.3', '- [/] 1.3');
  expect(refusal(spreadsheet, () => replacePlan(spreadsheet, gemini, startedFarAhead))).toBe(
    'INVALID_ARGUMENT: A claim lasts at most 30 minutes from your last call on the task (until 2026-11-26 14:30); ' +
      'the change writes "Working: Gemini until 2026-11-26 16:00" under task 1.3. Leave Working lines to ' +
      'start_task, which writes and renews them; nothing was written',
  );
  expect(
    refusal(spreadsheet, () =>
      replacePlan(spreadsheet, gemini, underTask('1.3', 'Working: Gemini until 2026-11-26 14:10')),
    ),
  ).toBe(
    'INVALID_TRANSITION: A claim is written by starting the task: task 1.3 is not started by this change and you ' +
      'held no claim on it. Call start_task with {"step":"1.3"} to claim it; nothing was written',
  );
});

test('a task added to a phase read without its heading', () => {
  const { spreadsheet } = deployed(sheetWithSavedPlan(tidy('## Tasks', '- [ ] 1.1 Sort', '- [ ] 1.2 Sweep')));
  const { error } = execute(spreadsheet, 'addTask', [1, 'Dust']);
  expect(error?.message).not.toMatch(/\{\w+\}/);
  expect(error?.message).toBe(
    'INVALID_PLAN: Phase 1 ("Tasks") is read from a section without a "### Phase N: Name" heading, so tasks cannot ' +
      'be added to or moved into it; adoptFormat() writes that heading for every phase (every task keeps its step)',
  );
});

test('a rewrite into the standard format that would change how a task reads', () => {
  // The first `**` after the step is read as the end of the bold around step and title; here it opens one in the title.
  const spreadsheet = sheetWithSavedPlan(plan('# Plan: Tidy', '', '### Phase 1: W', '- [ ] **1.2: Check **totals**'));
  const before = planText(spreadsheet);
  expect(execute(spreadsheet, 'adoptFormat', []).error?.message).toBe(
    'INVALID_PLAN: Rewriting the plan would change how the task on line 4 reads; nothing was written. Edit that ' +
      'line by hand, or leave the plan as it is (it is read as it stands)',
  );
  expect(planText(spreadsheet)).toBe(before);
});

test('a move after its own sub-step, an add after no step, a plan in the format already, a release of no claim', () => {
  const { spreadsheet, token } = deployed(
    sheetWithSavedPlan(tidy('### Phase 1: Work', '- [ ] 1.1 Sort', '  - [ ] 1.1.1 Left bin')),
  );
  const before = planText(spreadsheet);
  const refusedWith = (name: string, args: unknown[]) => execute(spreadsheet, name, args).error?.message;
  expect(refusedWith('moveTask', ['1.1', '1.1.1'])).toBe(
    'INVALID_ARGUMENT: Task 1.1 cannot go after itself or one of its own sub-steps',
  );
  expect(refusedWith('applyCommands', [[{ action: 'add', text: 'Dust', after: 1 }]])).toBe(
    'INVALID_ARGUMENT: commands[0] (add): after must be the step the new task goes after, like "1.2" (got the number ' +
      '1); nothing was written',
  );
  expect(refusedWith('adoptFormat', [])).toBe(
    'INVALID_ARGUMENT: The plan is already in the canonical format; nothing to change',
  );
  expect(() => callAsPerson(spreadsheet, token, 'sidebarReleaseClaim', '1.1')).toThrow(
    'INVALID_TRANSITION: Task 1.1 has no Working line: nobody holds it; nothing to release',
  );
  expect(planText(spreadsheet)).toBe(before);
});

test('changes that would change nothing, and a re-plan of a plan whose steps are listed twice', () => {
  const spreadsheet = sheetWithSavedPlan(
    tidy('Status: approved', '', '### Phase 1: Work', '- [ ] 1.1 Sort', '- [ ] 1.2 Sweep'),
  );
  const refusedWith = (name: string, args: unknown[]) => execute(spreadsheet, name, args).error?.message;
  expect(refusedWith('renameTask', ['1.1', 'Sort'])).toBe(
    'INVALID_ARGUMENT: Task 1.1 is already called "Sort"; nothing to change',
  );
  expect(refusedWith('moveTask', ['1.2', '1.1'])).toBe(
    'INVALID_ARGUMENT: Task 1.2 is already there; nothing to change',
  );
  execute(spreadsheet, 'setTaskNote', ['1.1', 'by size']);
  expect(refusedWith('setTaskNote', ['1.1', 'by size'])).toBe(
    'INVALID_TRANSITION: Task 1.1 already reads that way; nothing to change',
  );
  const twice = sheetWithSavedPlan(plan('# Plan: Tidy', '', '### Phase 1: Work', '- [ ] 1.1 Sort', '- [ ] 1.1 Sweep'));
  expect(execute(twice, 'addTask', [1, 'Dust']).error?.message).toMatch(
    /^INVALID_PLAN: The plan must be fixed before tasks are added, moved or removed: Step 1\.1 is listed twice/,
  );
  expect(planText(spreadsheet)).toContain('- [ ] 1.1 Sort — by size\n- [ ] 1.2 Sweep');
});

test("a relay's address that is none, in the person's settings", () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(STOCK_PLAN));
  const settings = callAsPerson(spreadsheet, token, 'sidebarLoad').settings;
  expect(() =>
    callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { ...settings, relayUrl: 'ftp://relay.example' }),
  ).toThrow(
    'INVALID_ARGUMENT: relayUrl: "ftp://relay.example" is not a relay\'s address: give its https origin, like ' +
      'https://sheet-plan-relay.you.workers.dev (http only for 127.0.0.1 or localhost), with no path',
  );
});

test('a review item an agent would decide, rows of values uneven, and a date cell that is no date', () => {
  const spreadsheet = sheetWithSavedPlan(
    tidy(
      '## Analysis',
      '',
      '- Target ranges:',
      '  - Write: Sheet1!A1:B2',
      '',
      '### Phase 1: Work',
      '- [!] 1.1 Sort the bins — please check the order',
      '- [/] 1.2 Date the count',
    ),
  );
  const before = planText(spreadsheet);
  const refusedWith = (name: string, args: unknown[]) => {
    const { error } = execute(spreadsheet, name, args);
    expect(planText(spreadsheet)).toBe(before);
    return error?.message;
  };
  expect(refusedWith('completeTask', ['1.1'])).toBe(
    'NEEDS_PERSON: Task 1.1 is waiting for review; only a person can complete it: they approve it or request ' +
      'changes in the sidebar, which puts it back as todo',
  );
  expect(refusedWith('writeRange', ['Sheet1!A1', [['a', 'b'], ['c']], '1.2'])).toBe(
    'INVALID_ARGUMENT: values[1] has 1 cells but values[0] has 2; every row needs the same number (use null for an ' +
      'empty cell)',
  );
  expect(refusedWith('writeRange', ['Sheet1!A1', [[{ date: '2026-02-30T00:00:00Z' }]], '1.2'])).toBe(
    'INVALID_ARGUMENT: values[0][0].date must be an ISO 8601 date-time of a real day, with Z or an offset, like ' +
      '"2026-01-10T00:00:00-05:00" (got "2026-02-30T00:00:00Z")',
  );
});

test('a Check line that cannot be read, an After line on no step, no setting changed, an unknown MCP method', () => {
  const { spreadsheet, token } = deployed(
    sheetWithSavedPlan(
      tidy('### Phase 1: Work', '- [/] 1.1 Sort the bins', '  - Check: the bins look sorted', '- [ ] 1.2 Sweep'),
    ),
  );
  const before = planText(spreadsheet);
  const { error: unreadable } = execute(spreadsheet, 'completeTask', ['1.1']);
  expect(unreadable?.message).toMatch(
    /^CHECK_FAILED: Task 1\.1 cannot be completed: its check line "Check: the bins look sorted" cannot be read \(.+\)\. Nothing was written; write the line again \(replacePlan\) or call reviewTask to ask the person$/,
  );
  const waiting = before.replace('- [ ] 1.2 Sweep', '- [ ] 1.2 Sweep\n  - After: 1.9');
  const { error: noStep } = execute(spreadsheet, 'replacePlan', [waiting, call(spreadsheet, 'getPlan').stamp]);
  expect(noStep?.message).toContain(
    'Step 1.2 waits for 1.9, which is not in the plan: it would never start (name a step of the plan, or remove it ' +
      'from the After line)',
  );
  expect(planText(spreadsheet)).toBe(before);
  expect(() => callAsPerson(spreadsheet, token, 'sidebarSaveSettings', {})).toThrow(
    'INVALID_ARGUMENT: settings must change at least one of approvalRequired, afterFinish, mailWhenWaiting, mailTo, ' +
      'relayUrl',
  );
  const answer = runWebApp(spreadsheet, DIST, {
    method: 'POST',
    queryString: `key=${encodeURIComponent(connectAgent(spreadsheet, token, 'Alpha').key)}`,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list' }),
    contentType: 'application/json',
  });
  expect(JSON.parse(answer.content).error.message).toBe(
    'Method not found: resources/list. This server answers initialize, ping, tools/list and tools/call.',
  );
});

test("an agent's whole-document write that marks the plan done", () => {
  const spreadsheet = sheetWithSavedPlan(tidy('### Phase 1: Work', '- [x] 1.1 Sort'));
  const before = planText(spreadsheet);
  const done = before.replace('Goal: Tidy up', 'Goal: Tidy up\n\nStatus: done');
  const { error } = execute(spreadsheet, 'replacePlan', [done, call(spreadsheet, 'getPlan').stamp]);
  expect(error?.message).toBe(
    'INVALID_ARGUMENT: "Status: done" is written by finishPlan(summary) once every task is finished, which also ' +
      'archives the plan; nothing was written',
  );
  expect(planText(spreadsheet)).toBe(before);
});

test("writeRange's rarer refusals: no such step, Write lines not read as ranges, values of no rows, no formula", () => {
  const spreadsheet = workbook(
    APPROVED.replace("  - Write: 'Bin Notes'!A:A (a note per bin)", '$&\n  - Write: Sales Summary!B3'),
  );
  // The refusal without its code; `noted`, the reason the write log notes for a refusal of the sheet rules.
  const refusedWith = (args: unknown[], noted?: string) =>
    refusedWrite(spreadsheet, 'writeRange', args, noted).replace(/^\w+: /, '');
  expect(refusedWith(['Summary!B3', [['x']], '9.9'], 'no task 9.9 in the plan')).toBe(
    'Task 9.9 not found (steps: 1.1, 1.2, 1.3). Nothing was written',
  );
  expect(refusedWith(['Summary!B3', [['x']], '1.1'], 'task 1.1 is not in progress')).toBe(
    'Task 1.1 is done, not in progress; write under a task in progress; in progress now: 1.2. Nothing was written',
  );
  expect(refusedWith(['Warehouse!E1', [['x']], '1.2'], "outside the plan's Write ranges")).toBe(
    "Warehouse!E1 is outside the plan's Write ranges: Summary!B3:C5, 'Bin Notes'!A:A (not read as ranges: " +
      '"Sales Summary!B3"; a Write line names a range as Sheets writes it: Summary!B3:C5, or \'Sales Summary\'!B3:C5 ' +
      "for a sheet name of more than one word). Write inside one of them, or change the plan's Target ranges (a " +
      'person approves the change). Nothing was written',
  );
  expect(refusedWith(['Summary!B3', [], '1.2'])).toBe(
    'values must be a list of rows, each a list of cells: [["SKU", 12], ["B-7", 3]] (got a list)',
  );
  expect(refusedWith(['Summary!B3', [[]], '1.2'])).toBe(
    'values[0] must be a non-empty list of cells; values must be a list of rows, each a list of cells: [["SKU", 12], ' +
      '["B-7", 3]]',
  );
  expect(refusedWith(['Summary!B3', [[{ formula: 'SUM(A1)' }]], '1.2'])).toBe(
    'values[0][0].formula must start with "=" and fit in a cell (got "SUM(A1)")',
  );
  expect(refusedWith(['Summary!B3', [['x'.repeat(50_001)]], '1.2'])).toBe(
    'values[0][0] is 50,001 characters; a cell holds at most 49,999 here (50,000 with the text marker)',
  );
  expect(refusedWith(['Summary!B3', [[{ formula: '=1+1' }]], '1.2'], 'a formula, and the plan allows none')).toBe(
    'values[0][0] is a formula, and the plan does not allow formulas. Write its value instead, or ask the person to ' +
      'add "- Formulas: allowed" to the plan\'s Analysis. Nothing was written',
  );
  agent(spreadsheet, 'startTask', ['1.3', { agent: 'Gemini' }]);
  expect(refusedWith(["'Bin Notes'!A1", [['x']], '1.3', { agent: 'Alpha' }], "task 1.3 is another agent's")).toMatch(
    /^Task 1\.3 is claimed by Gemini until [\d-]+ [\d:]+, so you \(Alpha\) cannot write cells under it: write under a task you started\. Nothing was written$/,
  );
});

test("an agent's change refused: a task that waits, one done already, one another agent holds, a stale base", () => {
  const spreadsheet = sheetWithSavedPlan(
    tidy('### Phase 1: Work', '- [x] 1.1 Sort', '- [ ] 1.2 Sweep', '  - After: 1.3', '- [ ] 1.3 Dust'),
  );
  const before = planText(spreadsheet);
  const refusedWith = (name: string, args: unknown[]) => {
    const { error } = execute(spreadsheet, name, args);
    expect(planText(spreadsheet)).toBe(before);
    return error?.message;
  };
  expect(refusedWith('startTask', ['1.2'])).toBe(
    'WAITING: Task 1.2 waits for 1.3 (todo): it can start once they are done or skipped (getNextTask answers a task ' +
      'that can start now); nothing was written',
  );
  const { stamp, revision } = call(spreadsheet, 'getPlan');
  expect(refusedWith('replacePlan', [before.replace('- [x] 1.1 Sort', '- [/] 1.1 Sort'), stamp])).toBe(
    'INVALID_TRANSITION: Task 1.1 is done already (maybe by another agent since you read the plan): take the next ' +
      'task (getNextTask), or reopenTask first if it must be done again; nothing was written',
  );
  expect(refusedWith('replacePlan', [before, stamp])).toBe(
    'INVALID_ARGUMENT: The new text is the same as the plan; nothing to change',
  );
  expect(refusedWith('replacePlan', [' ', stamp])).toBe(
    'INVALID_ARGUMENT: markdown must be the whole plan as non-empty text',
  );
  expect(refusedWith('replacePlan', [`${before}\nMore`, revision - 1])).toBe(
    `CONFLICT: The plan changed since revision ${revision - 1}: it is now revision ${revision} (last changed by ` +
      `${call(spreadsheet, 'getPlan').changedBy}). Nothing was written; reload it and apply your change again`,
  );
  call(spreadsheet, 'startTask', '1.3', { agent: 'Gemini' });
  const claimed = planText(spreadsheet);
  const { error } = execute(spreadsheet, 'completeTask', ['1.3', { agent: 'Alpha' }]);
  expect(error?.message).toMatch(
    /^CLAIMED: Task 1\.3 is claimed by Gemini until [\d-]+ [\d:]+, so you \(Alpha\) cannot complete it: take another task \(getNextTask passes over claimed ones\), wait until the claim ends, or ask the person to release it in the sidebar; nothing was written$/,
  );
  expect(planText(spreadsheet)).toBe(claimed);
});

test("a person's refusals: a question changed since they saw it, addresses that are none, a revision not kept", () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(STOCK_PLAN));
  const before = planText(spreadsheet);
  const asPerson =
    (name: string, ...args: unknown[]) =>
    () =>
      callAsPerson(spreadsheet, token, name, ...args);
  const seen = { text: 'Which shelves?' };
  expect(asPerson('sidebarAnswerQuestion', 1, 'A-1', seen)).toThrow(
    'CONFLICT: Question 1 changed since you saw it: you saw "Which shelves?", it is now "Net or gross?". Nothing was ' +
      'written; look at it again before you decide',
  );
  expect(asPerson('sidebarAnswerQuestion', 9, 'A-1', seen)).toThrow(
    'CONFLICT: Question 9 changed since you saw it: you saw "Which shelves?", there is no question 9 now. Nothing ' +
      'was written; look at it again before you decide',
  );
  const settings = callAsPerson(spreadsheet, token, 'sidebarLoad').settings;
  expect(asPerson('sidebarSaveSettings', { ...settings, mailTo: ['dana'] })).toThrow(
    'INVALID_ARGUMENT: mailTo: "dana" is not an e-mail address (like dana@example.com)',
  );
  const eleven = Array.from({ length: 11 }, (_, i) => `dana${i}@example.com`);
  expect(asPerson('sidebarSaveSettings', { ...settings, mailTo: eleven })).toThrow(
    'INVALID_ARGUMENT: mailTo takes at most 10 addresses (got 11)',
  );
  expect(asPerson('sidebarRestore', 99)).toThrow('NOT_FOUND: Revision 99 is not in the history (the history is empty)');
  expect(planText(spreadsheet)).toBe(before);
});

test("the shapes of a person's sidebar calls, said when a call of another shape is refused", () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(STOCK_PLAN));
  const before = planText(spreadsheet);
  const asPerson =
    (name: string, ...args: unknown[]) =>
    () =>
      callAsPerson(spreadsheet, token, name, ...args);
  expect(asPerson('sidebarTaskAction', 'note', '1.1', 'x', { title: 'Count' })).toThrow(
    'INVALID_ARGUMENT: seen.status is required: seen must be the task as the person saw it, { title, status, note? }',
  );
  expect(asPerson('sidebarAnswerQuestion', 1, 'Net', { text: 'Net or gross?', more: 1 })).toThrow(
    'seen.more is not a field of seen; seen must be the question as the person saw it, { text }',
  );
  const settings = callAsPerson(spreadsheet, token, 'sidebarLoad').settings;
  expect(asPerson('sidebarSaveSettings', { ...settings, mailTo: 'dana@example.com' })).toThrow(
    'change.mailTo must be a list of e-mail addresses like ["dana@example.com"] (got "dana@example.com")',
  );
  expect(asPerson('sidebarConnectAgent', '')).toThrow(
    'name must be text of 1 to 60 characters on one line, something visible, without half characters, such as ' +
      '"Claude on my laptop"',
  );
  expect(planText(spreadsheet)).toBe(before);
});

test('finishing a plan that is done already, or one without tasks', () => {
  const spreadsheet = sheetWithSavedPlan(tidy('Status: done', '', '### Phase 1: Work', '- [x] 1.1 Sort'));
  const { error } = execute(spreadsheet, 'finishPlan', ['Tidy']);
  expect(error?.message).toBe('INVALID_TRANSITION: The plan is already marked done; createPlan() starts the next one');
  const empty = sheetWithSavedPlan(tidy('Status: approved', ''));
  expect(execute(empty, 'finishPlan', ['Tidy']).error?.message).toBe(
    'INVALID_TRANSITION: The plan has no tasks to finish; nothing was written',
  );
});

test("an agent's change of what waits for the person names how the person makes each change", () => {
  const spreadsheet = sheetWithSavedPlan(
    tidy(
      'Status: draft — changes requested: fewer bins',
      '',
      '### Phase 1: Work',
      '- [!] 1.1 Sort the bins — please check the order',
      '- [ ] 1.2 Sweep',
      '',
      '## Questions',
      '',
      '1. Net or gross?',
      '',
      '## Notes',
      '',
    ),
  );
  const before = planText(spreadsheet);
  const changed = before
    .replace('changes requested: fewer bins', 'changes requested: more bins')
    .replace('- [!] 1.1 Sort the bins — please check the order', '- [ ] 1.1 Sort the bins')
    .replace('1. Net or gross?', '1. Net or gross?\n   - Answer: net')
    .replace('## Notes\n', '## Notes\n\n- 2026-03-02: plan approved\n');
  const { error } = execute(spreadsheet, 'replacePlan', [changed, call(spreadsheet, 'getPlan').stamp]);
  expect(planText(spreadsheet)).toBe(before);
  expect(error?.message).toBe(
    'NEEDS_PERSON: Only a person may change what waits for them: task "Sort the bins" (waiting for review) would be ' +
      'taken out of review; the decision line "- 2026-03-02: plan approved" would be added; the answer ' +
      '"net" to "Net or gross?" would be added; the person\'s comment on the plan\'s status ("changes requested: ' +
      'fewer bins") would be changed. Nothing was written; keep them as they are (a person approves a review item or ' +
      "requests changes in the sidebar; only a person's decision in the sidebar writes it; a line right under one is " +
      'shown as part of it unless it starts a new item at the margin ("- …"), a heading, or a paragraph after a ' +
      'blank line; a person answers questions in the sidebar; only the person writes the text after the status, in ' +
      'the sidebar)',
  );
});

test('a RareTexts.html of another build than Code.js (pushed apart) gives none of its words: it says so', () => {
  const own = readFileSync(`${DIST}/RareTexts.html`, 'utf8');
  const other = own.replace(/"rareWordsKey":"[^"]+"/, '"rareWordsKey":"another"');
  expect(other).not.toBe(own);
  const spreadsheet = sheetWithSavedPlan(plan('# Plan: P', '', '### Phase 1: Work', '- [x] 1.1 Read ✅ 2026-11-20'));
  const run = (file: string) => {
    const execution = createExecution(spreadsheet, { context: 'api', projectFiles: { RareTexts: file } });
    const code = loadBundle(execution, DIST) as Record<string, (...args: unknown[]) => unknown>;
    return refused(() => code.restoreRevision(99));
  };
  // The same refusal, read from its own file and from another build's.
  expect(run(own)).toMatch(/^NOT_FOUND: Revision 99 is not in the history/);
  expect(run(other)).toBe("SERVICE_ERROR: RareTexts.html is not of this Code.js's build: push all of dist/ together");
});
