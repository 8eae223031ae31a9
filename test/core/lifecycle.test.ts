/**
 * The plan's lifecycle: a `Status:` line a person controls (draft → approved → done), the setting
 * "the agent needs my approval before it starts", finishing into the archive.
 */
import { argumentsProblem } from '../../src/core/api/argument-check';
import { argumentTable } from '../../src/core/api/argument-table';
import { parsePlan } from '../../src/core';
import { PlanManager } from './plan-manager';
import { MemoryStore, TODAY, agent, lines, person, refusal, savedPlan } from './memory-store';

const PLAN = lines(
  '# Plan: Clean the customer list',
  '',
  'Goal: One row per customer in Customers!A2:F900',
  '',
  '### Phase 1: Find',
  '- [ ] 1.1 Read Customers!A2:F900 (name, email)',
  '- [ ] 1.2 Mark duplicates in Customers!G2:G900',
  '',
  '## Notes',
  '',
);

const DRAFT = PLAN.replace('A2:F900\n', 'A2:F900\n\nStatus: draft\n');
const APPROVED = PLAN.replace('A2:F900\n', 'A2:F900\n\nStatus: approved\n');

/** A plan in a sheet whose person asked to approve plans first. */
function approvalSheet(text: string): MemoryStore {
  const store = savedPlan(text);
  store.savedSettings.approvalRequired = true;
  return store;
}

describe('the Status line', () => {
  test('is read under the goal, in the spellings people use, with the comment after the dash', () => {
    expect(parsePlan(DRAFT)).toMatchObject({ status: 'draft', goal: 'One row per customer in Customers!A2:F900' });
    expect(parsePlan(PLAN.replace('\n\n###', '\n\n**Status:** Approved\n\n###')).status).toBe('approved');
    const sentBack = parsePlan(
      DRAFT.replace('Status: draft', 'Status: draft — changes requested: keep the oldest row'),
    );
    expect(sentBack).toMatchObject({ status: 'draft', statusNote: 'changes requested: keep the oldest row' });
  });

  test('a status that is not the lifecycle’s, or one inside a section, is plain text', () => {
    expect(parsePlan(PLAN.replace('\n\n###', '\n\n**Status:** Green 🟢\n\n###')).status).toBeUndefined();
    expect(parsePlan(PLAN.replace('## Notes\n', '## Notes\n\nStatus: approved\n')).status).toBeUndefined();
  });

  test('a plan without it works as the spec says while the person does not ask to approve plans', () => {
    const store = savedPlan(PLAN);
    agent(store).startTask('1.1');
    agent(store).advanceTask('1.1');
    expect(store.text).toContain('- [/] 1.2');
    expect(agent(store).getPlan()).toMatchObject({ waitingForApproval: false });
    expect(agent(store).getPlan()?.status).toBeUndefined();
  });

  test('a plan without it is a draft once the person asks to approve plans: work waits, a re-plan marks it', () => {
    const store = approvalSheet(PLAN);
    expect(agent(store).getPlan()).toMatchObject({ waitingForApproval: true });
    expect(refusal(() => agent(store).startTask('1.1')).message).toMatch(/^NEEDS_APPROVAL: The plan has no Status/);
    expect(store.text).toBe(PLAN);
    agent(store).addTask(1, 'Merge the duplicates');
    expect(store.text).toContain('\n\nStatus: draft\n');
  });

  test('task changes read the settings only when the plan is a draft or has no Status line', () => {
    const store = savedPlan(APPROVED);
    agent(store).startTask('1.1');
    agent(store).getPlan();
    expect(store.settingsReads).toBe(0);
  });
});

describe('when the person asks to approve plans first', () => {
  test('a plan an agent creates is a draft, with the status under the goal', () => {
    const store = approvalSheet(PLAN);
    const plan = agent(store).createPlan('Dedupe', 'One row per customer', [{ name: 'Find', steps: ['Read A'] }]);
    expect(store.text).toMatch(/^# Plan: Dedupe\n\nGoal: One row per customer\n\nStatus: draft\n\n## Analysis\n/);
    expect(plan).toMatchObject({ status: 'draft', waitingForApproval: true });
  });

  test('without the setting, createPlan writes no status line', () => {
    const store = savedPlan(PLAN);
    agent(store).createPlan('Dedupe', 'One row per customer', [{ name: 'Find', steps: ['Read A'] }]);
    expect(store.text).not.toContain('Status:');
  });

  test.each([
    ['startTask', (manager: PlanManager) => manager.startTask('1.1')],
    ['completeTask', (manager: PlanManager) => manager.completeTask('1.1')],
    ['startNextTask', (manager: PlanManager) => manager.startNextTask()],
    ['advanceTask', (manager: PlanManager) => manager.advanceTask('1.1')],
    ['applyCommands', (manager: PlanManager) => manager.applyCommands([{ action: 'start', step: '1.1' }])],
    ['finishPlan', (manager: PlanManager) => manager.finishPlan('all clean')],
  ])('%s on a draft is refused with NEEDS_APPROVAL and writes nothing', (_name, call) => {
    const store = approvalSheet(DRAFT);
    const before = store.state();
    const error = refusal(() => call(agent(store)));
    expect(error.code).toBe('NEEDS_APPROVAL');
    expect(store.state()).toBe(before);
  });

  test('a batch refused on a draft names the command that started work, not one a later command undid', () => {
    const store = approvalSheet(DRAFT);
    const before = store.state();
    const error = refusal(() =>
      agent(store).applyCommands([
        { action: 'start', step: '1.1' },
        { action: 'reopen', step: '1.1' },
        { action: 'start', step: '1.2' },
      ]),
    );
    expect(error.message).toMatch(/^NEEDS_APPROVAL: commands\[2\] \(start 1\.2\): The plan is a draft/);
    expect(store.state()).toBe(before);
    // Two starts that both stand: the first is named.
    const both = refusal(() =>
      agent(store).applyCommands([
        { action: 'start', step: '1.1' },
        { action: 'start', step: '1.2' },
      ]),
    );
    expect(both.message).toMatch(/^NEEDS_APPROVAL: commands\[0\] \(start 1\.1\): The plan is a draft/);
  });

  test('the refusal passes on what the person said', () => {
    const store = approvalSheet(DRAFT.replace('Status: draft', 'Status: draft — changes requested: split phase 1'));
    expect(refusal(() => agent(store).startTask('1.1')).message).toMatch(
      /^NEEDS_APPROVAL: The plan is a draft.*The person said: "changes requested: split phase 1"/,
    );
    expect(agent(store).getPlan()).toMatchObject({ statusNote: 'changes requested: split phase 1' });
  });

  test('a draft can still be re-planned, noted and asked about', () => {
    const store = approvalSheet(DRAFT);
    agent(store).addTask(1, 'Merge duplicates into Customers!A2:F900');
    agent(store).setTaskNote('1.1', 'emails are case-insensitive');
    agent(store).reviewTask('1.2', 'keep the oldest or the newest row?');
    expect(parsePlan(store.text).status).toBe('draft');
  });

  test('a person approves the whole plan; the agent then works, and ticking tasks keeps the approval', () => {
    const store = approvalSheet(DRAFT);
    const approved = person(store).approvePlan('go ahead');
    expect(store.text).toContain('\nStatus: approved — go ahead\n');
    expect(store.text).toContain(`## Notes\n\n- ${TODAY}: plan approved: go ahead`);
    expect(approved).toMatchObject({ status: 'approved', statusNote: 'go ahead', waitingForApproval: false });
    agent(store).startTask('1.1');
    agent(store).advanceTask('1.1');
    expect(parsePlan(store.text).status).toBe('approved');
  });

  test('a person sends it back with a comment the agent reads', () => {
    const store = approvalSheet(DRAFT);
    person(store).requestPlanChanges('keep the oldest row');
    expect(store.text).toContain('\nStatus: draft — changes requested: keep the oldest row\n');
    expect(store.text).toContain(`- ${TODAY}: plan sent back: keep the oldest row`);
    expect(agent(store).getPlan()).toMatchObject({
      status: 'draft',
      statusNote: 'changes requested: keep the oldest row',
      waitingForApproval: true,
    });
  });

  test('a plan without a status line gets one when a person approves it', () => {
    const store = approvalSheet(PLAN);
    person(store).approvePlan();
    expect(store.text).toBe(APPROVED.replace('## Notes\n', `## Notes\n\n- ${TODAY}: plan approved\n`));
  });

  test('an approval given with the stamp the person saw is refused when the plan changed since', () => {
    const store = approvalSheet(DRAFT);
    const seen = agent(store).getPlan()!.stamp;
    agent(store).addTask(1, 'Merge duplicates');
    const before = store.state();
    expect(refusal(() => person(store).approvePlan('ok', seen)).code).toBe('CONFLICT');
    expect(store.state()).toBe(before);
    person(store).approvePlan('ok', agent(store).getPlan()!.stamp);
    expect(parsePlan(store.text).status).toBe('approved');
  });

  test('sending back needs a comment; approving an approved plan is refused', () => {
    const store = approvalSheet(APPROVED);
    expect(refusal(() => person(store).requestPlanChanges('')).code).toBe('INVALID_ARGUMENT');
    expect(refusal(() => person(store).approvePlan()).message).toBe('INVALID_TRANSITION: The plan is already approved');
  });
});

describe('only a person approves, on every path', () => {
  test('an agent cannot approve or send back a plan', () => {
    const store = approvalSheet(DRAFT);
    const before = store.state();
    expect(refusal(() => agent(store).approvePlan()).code).toBe('NEEDS_PERSON');
    expect(refusal(() => agent(store).requestPlanChanges('no')).code).toBe('NEEDS_PERSON');
    expect(store.state()).toBe(before);
  });

  test('replacePlan writing "Status: approved" is refused, whatever the setting', () => {
    for (const required of [true, false]) {
      const store = savedPlan(DRAFT);
      store.savedSettings.approvalRequired = required;
      const before = store.state();
      const error = refusal(() => agent(store).replacePlan(DRAFT.replace('Status: draft', 'Status: approved'), 1));
      expect(error.message).toMatch(/^NEEDS_PERSON: Only a person may change what waits for them: the plan's approval/);
      expect(store.state()).toBe(before);
    }
  });

  test('replacePlan adding approval to a plan without a status line is refused', () => {
    const store = savedPlan(PLAN);
    expect(refusal(() => agent(store).replacePlan(APPROVED, 1)).code).toBe('NEEDS_PERSON');
  });

  test('the person’s comment on the status line is theirs', () => {
    const store = approvalSheet(DRAFT.replace('Status: draft', 'Status: draft — changes requested: split it'));
    const forged = DRAFT.replace('Status: draft', 'Status: draft — changes requested: none, go ahead');
    expect(refusal(() => agent(store).replacePlan(forged, 1)).message).toMatch(
      /^NEEDS_PERSON: Only a person may change what waits for them: the person's comment on the plan's status/,
    );
  });

  test('"Status: done" is finishPlan’s to write', () => {
    const store = savedPlan(APPROVED);
    expect(refusal(() => agent(store).replacePlan(APPROVED.replace('approved', 'done'), 1)).message).toMatch(
      /^INVALID_ARGUMENT: "Status: done" is written by finishPlan/,
    );
  });

  test('restoring an approved version over a draft is refused', () => {
    const store = approvalSheet(APPROVED);
    person(store).replacePlan(APPROVED.replace('(name, email)', '(name, e-mail)'), 1); // revision 1 is saved
    agent(store).addTask(1, 'Merge duplicates'); // a draft again
    const before = store.state();
    expect(refusal(() => agent(store).restoreRevision(1)).message).toMatch(
      /^NEEDS_PERSON: Only a person may change what waits for them: the plan's approval/,
    );
    expect(store.state()).toBe(before);
  });

  test('with the setting on, an agent that drops the status line gets its draft back', () => {
    const store = approvalSheet(DRAFT.replace('Status: draft', 'Status: draft — changes requested: split it'));
    const plan = agent(store).replacePlan(PLAN.replace('Mark duplicates', 'Flag duplicates'), 1);
    expect(plan).toMatchObject({ status: 'draft', statusNote: 'changes requested: split it' });
    expect(store.text).toContain('\nStatus: draft — changes requested: split it\n');
  });

  test('with the setting on, a plan an agent replaces is a draft', () => {
    const store = approvalSheet(PLAN);
    expect(agent(store).replacePlan(PLAN.replace('Mark duplicates', 'Flag duplicates'), 1).status).toBe('draft');
  });
});

describe('an agent re-planning an approved plan', () => {
  test.each([
    ['addTask', (manager: PlanManager) => manager.addTask(1, 'Merge duplicates')],
    ['addPhase', (manager: PlanManager) => manager.addPhase('Merge', ['Merge duplicates'])],
    ['renameTask', (manager: PlanManager) => manager.renameTask('1.2', 'Flag duplicates in Customers!G2:G900')],
    ['moveTask', (manager: PlanManager) => manager.moveTask('1.1', '1.2')],
    ['removeTask', (manager: PlanManager) => manager.removeTask('1.2')],
    [
      'replacePlan with a reworded task',
      (manager: PlanManager) => manager.replacePlan(APPROVED.replace('Mark duplicates', 'Flag duplicates'), 1),
    ],
  ])('%s returns it to draft', (_name, call) => {
    const store = approvalSheet(APPROVED);
    call(agent(store));
    expect(parsePlan(store.text).status).toBe('draft');
    expect(store.text).toContain('\nStatus: draft\n');
  });

  test('the result says so', () => {
    const store = savedPlan(APPROVED);
    expect(agent(store).addTask(1, 'Merge duplicates')).toMatchObject({ step: '1.3', planStatus: 'draft' });
  });

  test('ticking tasks in the whole document keeps the approval', () => {
    const store = approvalSheet(APPROVED);
    const plan = agent(store).replacePlan(APPROVED.replace('- [ ] 1.1', '- [x] 1.1'), 1);
    expect(plan.status).toBe('approved');
  });

  test('a person’s own re-planning keeps the approval', () => {
    const store = approvalSheet(APPROVED);
    person(store).addTask(1, 'Merge duplicates');
    person(store).renameTask('1.1', 'Read Customers!A2:F950 (name, email)');
    expect(parsePlan(store.text).status).toBe('approved');
  });
});

describe('finishPlan', () => {
  const FINISHED = APPROVED.replace('- [ ] 1.1', '- [x] 1.1')
    .replace('- [ ] 1.2', '- [-] 1.2')
    .replace('G2:G900', 'G2:G900 — no duplicates found');

  test('marks the plan done, archives it, and leaves the cell empty', () => {
    const store = savedPlan(FINISHED);
    const result = agent(store).finishPlan('The list had no duplicates');
    expect(result).toMatchObject({
      id: 1,
      title: 'Clean the customer list',
      summary: 'The list had no duplicates',
      tasks: 2,
      plan: null,
      revision: 2,
    });
    expect(store.text).toBe('');
    expect(store.archive[0].text).toBe(
      FINISHED.replace('Status: approved', 'Status: done').replace(
        '## Notes\n',
        `## Notes\n\n- ${TODAY}: finished: The list had no duplicates\n`,
      ),
    );
    expect(agent(store).getPlan()).toBeNull();
  });

  test('or leaves a fresh starter plan, as the person chose (a draft when they approve plans first)', () => {
    const store = savedPlan(FINISHED);
    person(store).saveSettings({ afterFinish: 'starter', approvalRequired: true });
    const result = agent(store).finishPlan('Done');
    expect(result.plan).toMatchObject({ title: 'Getting Started with Sheet Agent', status: 'draft' });
    expect(parsePlan(store.text).title).toBe('Getting Started with Sheet Agent');
  });

  test('listPlans and getArchivedPlan let an agent learn from earlier plans', () => {
    const store = savedPlan(FINISHED);
    agent(store).finishPlan('First');
    agent(store).createPlan('Second', 'Again', [{ name: 'Only', steps: ['One'] }]);
    agent(store).completeTask('1.1');
    agent(store).finishPlan('Second done');
    expect(
      agent(store)
        .listPlans()
        .map((entry) => [entry.id, entry.title, entry.summary]),
    ).toEqual([
      [2, 'Second', 'Second done'],
      [1, 'Clean the customer list', 'First'],
    ]);
    const archived = agent(store).getArchivedPlan(1);
    expect(archived).toMatchObject({ id: 1, status: 'done', title: 'Clean the customer list', summary: 'First' });
    expect(archived.progress).toMatchObject({ done: 1, skipped: 1, percent: 100 });
    expect(refusal(() => agent(store).getArchivedPlan(9)).message).toBe(
      'NOT_FOUND: Plan 9 is not in the archive (ids: 2, 1)',
    );
  });

  test.each([
    [
      'a task is not finished',
      APPROVED,
      /^INVALID_TRANSITION: Every task must be done or skipped.*1\.1 \(todo\), 1\.2 \(todo\)/,
    ],
    ['the plan has no tasks', lines('# Plan: T', '', 'Goal: G', ''), /^INVALID_TRANSITION: The plan has no tasks/],
    ['the plan is done already', FINISHED.replace('approved', 'done'), /^INVALID_TRANSITION: The plan is already/],
  ])('is refused when %s, writing nothing', (_name, text, message) => {
    const store = savedPlan(text);
    const before = store.state();
    expect(refusal(() => agent(store).finishPlan('Done')).message).toMatch(message);
    expect(store.state()).toBe(before);
  });

  test('needs a summary', () => {
    const store = savedPlan(FINISHED);
    expect(refusal(() => agent(store).finishPlan('')).code).toBe('INVALID_ARGUMENT');
    expect(store.writes).toBe(0);
  });
});

describe('settings', () => {
  test('only a person changes them; what a change leaves out keeps its value', () => {
    const store = savedPlan(PLAN);
    expect(refusal(() => agent(store).saveSettings({ approvalRequired: false })).code).toBe('NEEDS_PERSON');
    expect(person(store).saveSettings({ approvalRequired: true })).toEqual({
      approvalRequired: true,
      afterFinish: 'empty',
      mailWhenWaiting: false,
      mailTo: [],
      relayUrl: '',
    });
    expect(person(store).saveSettings({ afterFinish: 'starter' })).toEqual({
      approvalRequired: true,
      afterFinish: 'starter',
      mailWhenWaiting: false,
      mailTo: [],
      relayUrl: '',
    });
  });

  test.each([[{}, /must change at least one/]])('%j is refused', (change, message) => {
    const store = savedPlan(PLAN);
    expect(refusal(() => person(store).saveSettings(change)).message).toMatch(message);
    expect(store.savedSettings).toEqual({
      approvalRequired: false,
      afterFinish: 'empty',
      mailWhenWaiting: false,
      mailTo: [],
      relayUrl: '',
    });
  });

  test.each([
    [{ approvalRequired: 'yes' }, 'change.approvalRequired must be true or false (got "yes")'],
    [{ afterFinish: 'nothing' }, 'change.afterFinish must be "empty" or "starter" (got "nothing")'],
    [
      { approval: true },
      'change.approval is not a field of change; change takes ' +
        'approvalRequired, afterFinish, mailWhenWaiting, mailTo, relayUrl',
    ],
    [null, 'change must be an object with approvalRequired, afterFinish, mailWhenWaiting, mailTo, relayUrl (got null)'],
  ])('the descriptor refuses %j, saying what the settings are', (change, message) => {
    const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(argumentsProblem(argumentTable().sidebarSaveSettings, [token, change])).toBe(message);
  });
});
