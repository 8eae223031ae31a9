/**
 * The plan's whole life through the built bundle, as Apps Script runs it: an agent (scripts.run)
 * drafts, a person (the sidebar, with its token) approves or sends back, the agent re-plans without
 * rewriting the document, finishes, and the plan lands in the archive. Every refusal leaves the
 * whole spreadsheet (cells, hidden sheets, properties) byte for byte as it was.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import {
  approveAsPerson,
  callAsPerson,
  call,
  execute,
  openSidebar,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
} from './harness';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';

const TODAY_PATTERN = /\d{4}-\d{2}-\d{2}/;

const PLAN_TEXT = plan(
  '# Plan: Invoices',
  '',
  'Goal: Send March invoices',
  '',
  '### Phase 1: Prepare',
  '- [ ] 1.1 Read Orders!A2:E300 (customer, amount)',
  '- [ ] 1.2 Write Invoices!A2:D80 (one row per customer)',
  '',
  '## Notes',
  '',
);

/** A sidebar function is a person's call, from their window; any other is an agent's. */
function expectRefused(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], message: RegExp) {
  const before = snapshot(spreadsheet);
  const { error, execution } = execute(spreadsheet, name, args, { context: name.startsWith('sidebar') ? 'ui' : 'api' });
  expect(error?.message).toMatch(message);
  expect(snapshot(spreadsheet)).toBe(before);
  expect(execution.leakedLocks).toEqual([]);
}

/** A sheet whose person turned on "the agent needs my approval before it starts", and their sidebar token. */
function approvalSheet(text = PLAN_TEXT): { spreadsheet: EmulatedSpreadsheet; token: string } {
  const spreadsheet = sheetWithPlan(text);
  const token = openSidebar(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: true });
  return { spreadsheet, token };
}

describe('approval, through the bundle', () => {
  test('the agent drafts, is refused until the person approves in the sidebar, then works', () => {
    const { spreadsheet, token } = approvalSheet();
    const draft = call(spreadsheet, 'createPlan', 'Invoices', 'Send March invoices', [
      { name: 'Prepare', steps: ['Read Orders!A2:E300 (customer, amount)'] },
    ]);
    expect(draft).toMatchObject({ status: 'draft', waitingForApproval: true });
    expect(planText(spreadsheet)).toContain('\nStatus: draft\n');

    for (const [name, args] of [
      ['startTask', ['1.1']],
      ['startNextTask', []],
      ['advanceTask', ['1.1']],
      ['applyCommands', [[{ action: 'start', step: '1.1' }]]],
    ] as Array<[string, unknown[]]>) {
      expectRefused(spreadsheet, name, args, /^NEEDS_APPROVAL: (commands\[0\] \(start 1\.1\): )?The plan is a draft/);
    }

    const view = approveAsPerson(spreadsheet, token, 'looks right');
    expect(view.markdown).toContain('\nStatus: approved — looks right\n');
    expect(call(spreadsheet, 'startNextTask')).toMatchObject({ step: '1.1', status: 'doing' });
  });

  test('sent back with a comment: getPlan and the compact view carry what the person said', () => {
    const { spreadsheet, token } = approvalSheet();
    const { stamp } = call(spreadsheet, 'getPlan'); // turning the setting on made the plan a draft: revision 2
    call(spreadsheet, 'replacePlan', PLAN_TEXT.replace('(customer, amount)', '(customer, amount, VAT)'), stamp);
    callAsPerson(spreadsheet, token, 'sidebarRequestPlanChanges', 'add a step for credit notes');
    expect(call(spreadsheet, 'getPlan')).toMatchObject({
      status: 'draft',
      statusNote: 'changes requested: add a step for credit notes',
      waitingForApproval: true,
    });
    const compact = call(spreadsheet, 'getPlan', { view: 'compact' });
    expect(compact.summary).toContain('Status: draft — changes requested: add a step for credit notes (waiting');
  });

  test('only the person, with the sidebar token, approves or changes the settings', () => {
    const { spreadsheet } = approvalSheet(PLAN_TEXT.replace('March invoices\n', 'March invoices\n\nStatus: draft\n'));
    expectRefused(spreadsheet, 'sidebarApprovePlan', [null, 'ok'], /^NEEDS_PERSON/);
    expectRefused(spreadsheet, 'sidebarApprovePlan', ['00000000-0000-4000-8000-000000000000'], /^NEEDS_PERSON/);
    expectRefused(spreadsheet, 'sidebarSaveSettings', [undefined, { approvalRequired: false }], /^NEEDS_PERSON/);
    expectRefused(
      spreadsheet,
      'replacePlan',
      [planText(spreadsheet).replace('Status: draft', 'Status: approved'), 1],
      /^NEEDS_PERSON: Only a person may change what waits for them: the plan's approval/,
    );
    expectRefused(
      spreadsheet,
      'applyCommands',
      [[{ action: 'approve', step: '1.1' }]],
      /^INVALID_ARGUMENT: commands\[0\]\.action must be one of/,
    );
  });

  test('an approval is of the plan the person saw: a plan the agent changed since is not approved', () => {
    const { spreadsheet, token } = approvalSheet(
      PLAN_TEXT.replace('March invoices\n', 'March invoices\n\nStatus: draft\n'),
    );
    const { stamp } = callAsPerson(spreadsheet, token, 'sidebarLoad');
    call(spreadsheet, 'addTask', 1, 'Check Credits!A2:C20 (credit notes)');
    expectRefused(
      spreadsheet,
      'sidebarApprovePlan',
      [token, stamp, 'ok'],
      /^CONFLICT: The plan changed since you read it: .*look at it again before you approve it$/,
    );
    expectRefused(spreadsheet, 'sidebarApprovePlan', [token, null], /^INVALID_ARGUMENT: stamp must be the stamp/);
    expect(approveAsPerson(spreadsheet, token).markdown).toContain('\nStatus: approved\n');
  });

  test('an agent adding a task to an approved plan returns it to draft; the person approves again', () => {
    const { spreadsheet, token } = approvalSheet();
    approveAsPerson(spreadsheet, token);
    const added = call(spreadsheet, 'addTask', 1, 'Check Credits!A2:C20 (credit notes)');
    expect(added).toMatchObject({ step: '1.3', planStatus: 'draft', renumbered: {} });
    expectRefused(spreadsheet, 'startTask', ['1.3'], /^NEEDS_APPROVAL/);
    approveAsPerson(spreadsheet, token);
    expect(call(spreadsheet, 'startTask', '1.3')).toMatchObject({ status: 'doing' });
  });
});

describe('re-planning, through the bundle', () => {
  const calls = (execution: ReturnType<typeof execute>['execution'], service: string) =>
    execution.calls
      .filter((entry: { service: string }) => entry.service === service)
      .map((entry: { method: string }) => entry.method);

  test.each([
    ['addTask', [1, 'Check Credits!A2:C20', { after: '1.1' }]],
    ['addPhase', ['Send', ['Email the invoices']]],
    ['renameTask', ['1.2', 'Write Invoices!A2:D90']],
    ['moveTask', ['1.2', 1]],
  ])('%s is one range read and one range write of the plan (and one of its copy), under the lock', (name, args) => {
    const { error, execution } = execute(sheetWithSavedPlan(PLAN_TEXT), name, args as unknown[]);
    expect(error).toBeUndefined();
    // Read the plan; keep the new text as the last recorded plan (history sheet); write the plan with its record.
    expect(calls(execution, 'Range')).toEqual(['getValues', 'setValues', 'setValues']);
    expect(execution.countCalls({ service: 'Lock', method: 'tryLock' })).toBe(1);
    expect(execution.leakedLocks).toEqual([]);
  });

  test('removeTask also keeps the plan before it in the history', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const removed = call(spreadsheet, 'removeTask', '1.1');
    expect(removed).toMatchObject({ step: '1.1', removedSteps: ['1.1'], renumbered: { '1.2': '1.1' } });
    expect(planText(spreadsheet)).not.toContain('Read Orders');
    const [saved] = call(spreadsheet, 'getHistory', 1);
    expect(saved).toMatchObject({
      text: PLAN_TEXT,
      reason: 'removed task 1.1 (Read Orders!A2:E300 (customer, amount))',
    });
  });

  test('the person re-plans from the sidebar too, removing a task an agent could not', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT.replace('- [ ] 1.1', '- [x] 1.1'));
    const token = openSidebar(spreadsheet);
    expectRefused(spreadsheet, 'removeTask', ['1.1'], /^INVALID_TRANSITION: Only a todo task can be removed/);
    let view = callAsPerson(spreadsheet, token, 'sidebarRemoveTask', '1.1');
    expect(view.markdown).not.toContain('Read Orders');
    view = callAsPerson(spreadsheet, token, 'sidebarAddTask', 1, 'Check totals', { under: '1.1' });
    expect(view.markdown).toContain(
      '- [ ] 1.1 Write Invoices!A2:D80 (one row per customer)\n  - [ ] 1.1.1 Check totals',
    );
    expect(callAsPerson(spreadsheet, token, 'sidebarRenameTask', '1.1.1', 'Check the totals').markdown).toContain(
      '1.1.1 Check the totals',
    );
    expect(callAsPerson(spreadsheet, token, 'sidebarAddPhase', 'Send', ['Email them']).markdown).toContain(
      '### Phase 2: Send\n- [ ] 2.1 Email them',
    );
    view = callAsPerson(spreadsheet, token, 'sidebarMoveTask', '2.1', '1.1');
    expect(view.markdown).toContain(
      '- [ ] 1.1 Write Invoices!A2:D80 (one row per customer)\n  - [ ] 1.1.1 Check the totals\n- [ ] 1.2 Email them\n',
    );
    expect(view.markdown).toContain('### Phase 2: Send\n');
  });

  test.each([
    ['addTask', [7, 'X'], /^NOT_FOUND: Phase 7 not found \(phases: 1\)$/],
    ['addTask', [1, 'X — Y'], /^INVALID_ARGUMENT: title must not contain " — "/],
    ['addPhase', ['Send', 'Email them'], /^INVALID_ARGUMENT: steps must be a non-empty list/],
    ['renameTask', ['1.9', 'X'], /^NOT_FOUND: Task 1\.9 not found/],
    ['moveTask', ['1.1', '1.1'], /^INVALID_ARGUMENT: Task 1\.1 cannot go after itself/],
    ['moveTask', ['1.2', '1.1'], /^INVALID_ARGUMENT: Task 1\.2 is already there/],
    ['removeTask', [1.1], /^INVALID_ARGUMENT: step must be text like "1\.2"/],
    [
      'applyCommands',
      [
        [
          { action: 'add', phase: 1, text: 'ok' },
          { action: 'move', step: '1.3' },
        ],
      ],
      /^INVALID_ARGUMENT/,
    ],
  ])('%s %j is refused and writes nothing', (name, args, message) => {
    expectRefused(sheetWithPlan(PLAN_TEXT), name, args, message);
  });
});

describe('finishing into the archive, through the bundle', () => {
  const FINISHED = PLAN_TEXT.replace('- [ ] 1.1', '- [x] 1.1').replace('- [ ] 1.2', '- [x] 1.2');

  test('finishPlan archives the plan in a hidden sheet and empties the cell; agents and the person browse it', () => {
    const spreadsheet = sheetWithPlan(FINISHED);
    const token = openSidebar(spreadsheet);
    const finished = call(spreadsheet, 'finishPlan', 'All 80 invoices sent');
    expect(finished).toMatchObject({ id: 1, title: 'Invoices', summary: 'All 80 invoices sent', tasks: 2, plan: null });
    expect(planText(spreadsheet)).toBe('');
    expect(call(spreadsheet, 'getPlan')).toBeNull();
    expect(spreadsheet.toJSON().sheets.find((sheet) => sheet.name === PLAN_LOCATION.archiveSheet)?.hidden).toBe(true);

    const list = call(spreadsheet, 'listPlans');
    expect(list).toEqual([
      { id: 1, finishedAt: expect.any(String), title: 'Invoices', summary: 'All 80 invoices sent', tasks: 2 },
    ]);
    const archived = call(spreadsheet, 'getArchivedPlan', 1);
    expect(archived).toMatchObject({ status: 'done', title: 'Invoices', progress: { done: 2, total: 2 } });
    expect(archived.notes).toMatch(new RegExp(`- ${TODAY_PATTERN.source}: finished: All 80 invoices sent`));
    expect(callAsPerson(spreadsheet, token, 'sidebarArchive')).toEqual(list);
    const shown = callAsPerson(spreadsheet, token, 'sidebarArchivedPlan', 1);
    expect(shown).toMatchObject({ id: 1, title: 'Invoices', summary: 'All 80 invoices sent', tasks: 2 });
    expect(shown.markdown).toContain('\nStatus: done\n');
  });

  test('a fresh starter plan follows when the person chose it', () => {
    const spreadsheet = sheetWithPlan(FINISHED);
    const token = openSidebar(spreadsheet);
    expect(callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { afterFinish: 'starter' })).toEqual({
      approvalRequired: false,
      afterFinish: 'starter',
      mailWhenWaiting: false,
      mailTo: [],
      relayUrl: '',
    });
    expect(callAsPerson(spreadsheet, token, 'sidebarSettings')).toEqual({
      approvalRequired: false,
      afterFinish: 'starter',
      mailWhenWaiting: false,
      mailTo: [],
      relayUrl: '',
    });
    const finished = call(spreadsheet, 'finishPlan', 'Sent');
    expect(finished.plan).toMatchObject({ title: 'Getting Started with Sheet Agent' });
    expect(planText(spreadsheet)).toContain('# Plan: Getting Started with Sheet Agent');
  });

  test('the same plan run twice in a day is archived twice, each finish answering its own id', () => {
    const spreadsheet = sheetWithPlan(FINISHED);
    const ids = [1, 2].map(() => {
      call(spreadsheet, 'createPlan', 'Daily', 'Run it', [{ name: 'Only', steps: ['One'] }]);
      call(spreadsheet, 'completeTask', '1.1');
      return call(spreadsheet, 'finishPlan', 'Done').id;
    });
    const [second, first] = call(spreadsheet, 'listPlans');
    expect([first.id, second.id]).toEqual(ids);
    expect(ids[1]).toBe(ids[0] + 1);
    expect(call(spreadsheet, 'getArchivedPlan', ids[1]).text).toBe(call(spreadsheet, 'getArchivedPlan', ids[0]).text);
  });

  test('the archive keeps the newest 50 plans', () => {
    const spreadsheet = sheetWithPlan(FINISHED);
    for (let i = 1; i <= 52; i++) {
      call(spreadsheet, 'createPlan', `Plan ${i}`, 'Finish it', [{ name: 'Only', steps: ['One'] }]);
      call(spreadsheet, 'completeTask', '1.1');
      call(spreadsheet, 'finishPlan', `Finished ${i}`);
    }
    const list = call(spreadsheet, 'listPlans');
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ id: 52, title: 'Plan 52' });
    expect(list[49]).toMatchObject({ id: 3, title: 'Plan 3' });
    expectRefused(spreadsheet, 'getArchivedPlan', [1], /^NOT_FOUND: Plan 1 is not in the archive \(ids: 52, 51/);
  });

  test.each([
    ['a task is unfinished', PLAN_TEXT, ['Done'], /^INVALID_TRANSITION: Every task must be done or skipped/],
    ['there is no summary', FINISHED, [''], /^INVALID_ARGUMENT: summary must not be empty/],
    ['there is no plan', '', ['Done'], /^NO_PLAN/],
  ])('is refused, writing nothing, when %s', (_name, text, args, message) => {
    expectRefused(sheetWithPlan(text), 'finishPlan', args, message);
  });

  test('is refused on a draft the person must approve first', () => {
    const { spreadsheet } = approvalSheet(FINISHED.replace('March invoices\n', 'March invoices\n\nStatus: draft\n'));
    expectRefused(spreadsheet, 'finishPlan', ['Sent'], /^NEEDS_APPROVAL/);
  });

  test('a finishPlan that fails part-way archives nothing; tried again, it archives the plan once', () => {
    const spreadsheet = sheetWithPlan(FINISHED);
    // The third range write fails, after the archive's header and row: an error means nothing was written.
    let writes = 0;
    const failed = execute(spreadsheet, 'finishPlan', ['Sent'], {
      prepare: (run) =>
        run.faults.failNext(
          (entry: { service: string; method: string }) =>
            entry.service === 'Range' && entry.method === 'setValues' && ++writes === 3,
          'Service Spreadsheets failed while accessing document',
        ),
    });
    expect(failed.error?.message).toMatch(/^SERVICE_ERROR: Service Spreadsheets failed/);
    expect(planText(spreadsheet)).toBe(FINISHED);
    expect(call(spreadsheet, 'listPlans')).toHaveLength(0);
    call(spreadsheet, 'finishPlan', 'Sent');
    expect(call(spreadsheet, 'listPlans')).toHaveLength(1);
    expect(planText(spreadsheet)).toBe('');
  });
});
