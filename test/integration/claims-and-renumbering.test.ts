/**
 * What another agent's claim holds, and what a renumbering under a holder refuses, without refusing ordinary work: a
 * task the claimed one waits for stays anyone's to rename; a sub-step with a claim of its own is its holder's; an
 * agent's own re-plan shows it has the new numbers; a claim taken over is the new holder's, with nothing remembered
 * of the old one's numbers; every re-plan that names a step (rename, remove, add under, a move's target) is checked
 * as a task action is, a sub-step of the task moved too, and a batch as its commands would be in calls of their own; a
 * record's field edited by hand is not believed (src/core/features/claims.ts, src/core/rules/moved-claims.ts).
 */
import { at, connectAgent, deployed, refused, tool } from './web-agents';
import { PLAN, REVISION, personEdits, planText, sheetWithSavedPlan } from './harness';
import { NORTH_AND_SOUTH, salesPlan } from './sales-plan';

const PLAN_TEXT = salesPlan(['  - After: 1.1', ...NORTH_AND_SOUTH]);

function agents(text = PLAN_TEXT) {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(text));
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  const beta = connectAgent(spreadsheet, token, 'Beta');
  const gamma = connectAgent(spreadsheet, token, 'Gamma');
  return { spreadsheet, alpha, beta, gamma };
}

const cmds = (...commands: object[]) => ({ commands });

describe('a claim holds its task whole, and only its task', () => {
  test("Beta renames its own done task 1.1, which Alpha's claimed 1.2 waits for: written (1.1 is not Alpha's)", () => {
    const { spreadsheet, alpha, beta } = agents();
    tool(spreadsheet, beta, 'complete_task', { step: '1.1' }, at(0));
    tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
    const answer = tool(
      spreadsheet,
      beta,
      'apply_commands',
      cmds({ action: 'rename', step: '1.1', text: 'Read the sales CSV' }),
      at(1),
    );
    expect(JSON.parse(answer).tasks[0]).toMatchObject({ title: 'Read the sales CSV' });
    expect(planText(spreadsheet)).toContain('1.1 Read the sales CSV');
  });

  test('Gamma, holding sub-step 1.2.1 before Alpha claimed 1.2, completes its own sub-step: written', () => {
    const { spreadsheet, alpha, beta, gamma } = agents();
    tool(spreadsheet, beta, 'complete_task', { step: '1.1' }, at(0));
    tool(spreadsheet, gamma, 'start_task', { step: '1.2.1' }, at(0));
    tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(1));
    expect(planText(spreadsheet)).toMatch(/Working: Alpha/);
    expect(JSON.parse(tool(spreadsheet, gamma, 'complete_task', { step: '1.2.1' }, at(2)))).toMatchObject({
      step: '1.2.1',
      status: 'done',
    });
  });
});

const FLAT = salesPlan();

/** Alpha holds 1.2; Beta adds "Check the regions" after 1.1: Alpha's task is 1.3, Beta's 1.2. */
function renumbered() {
  const all = agents(FLAT);
  tool(all.spreadsheet, all.alpha, 'start_task', { step: '1.2' }, at(0));
  tool(
    all.spreadsheet,
    all.beta,
    'apply_commands',
    cmds({ action: 'add', phase: 1, text: 'Check the regions', after: '1.1' }),
    at(1),
  );
  expect(planText(all.spreadsheet)).toContain('- [ ] 1.2 Check the regions\n- [/] 1.3 Sum them per region\n');
  return all;
}

describe('a renumbering under a holder', () => {
  test("Alpha's stale rename of 1.2 (its task's old step): CONFLICT, Beta's task not renamed", () => {
    const { spreadsheet, alpha } = renumbered();
    const before = planText(spreadsheet);
    const attempt = () =>
      tool(
        spreadsheet,
        alpha,
        'apply_commands',
        cmds({ action: 'rename', step: '1.2', text: 'Sum per region (EU)' }),
        at(2),
      );
    expect(refused(attempt)).toMatch(/^CONFLICT: commands\[0\] \(rename 1\.2\): Task 1\.2 is "Check the regions" now/);
    expect(planText(spreadsheet)).toBe(before);
  });

  test("Alpha's stale remove of 1.2: CONFLICT, Beta's task not removed", () => {
    const { spreadsheet, alpha } = renumbered();
    const before = planText(spreadsheet);
    const message = refused(() =>
      tool(spreadsheet, alpha, 'apply_commands', cmds({ action: 'remove', step: '1.2' }), at(2)),
    );
    expect(message).toMatch(/^CONFLICT: commands\[0\] \(\w+ 1\.2\): Task 1\.2 is "Check the regions" now/);
    expect(planText(spreadsheet)).toBe(before);
  });

  test("Alpha's stale add of a sub-step under 1.2: CONFLICT, nothing added under Beta's task", () => {
    const { spreadsheet, alpha } = renumbered();
    const before = planText(spreadsheet);
    const message = refused(() =>
      tool(spreadsheet, alpha, 'apply_commands', cmds({ action: 'add', phase: 1, text: 'East', under: '1.2' }), at(2)),
    );
    expect(message).toMatch(/^CONFLICT: commands\[0\] \(add\): Task 1\.2 is "Check the regions" now/);
    expect(planText(spreadsheet)).toBe(before);
  });

  test('Alpha re-plans (its own new task at 1.2), then blocks that task by its new step: written', () => {
    const { spreadsheet, alpha } = renumbered();
    // A change of Alpha's own (a note on its task at its new step) shows Alpha has the new numbers.
    tool(spreadsheet, alpha, 'apply_commands', cmds({ action: 'note', step: '1.3', text: 'north done' }), at(2));
    tool(
      spreadsheet,
      alpha,
      'apply_commands',
      cmds({ action: 'remove', step: '1.2' }, { action: 'add', phase: 1, text: 'Tidy the inputs', after: '1.1' }),
      at(2),
    );
    expect(planText(spreadsheet)).toContain('- [ ] 1.2 Tidy the inputs\n- [/] 1.3 Sum them per region — north done\n');
    expect(
      JSON.parse(tool(spreadsheet, alpha, 'block_task', { step: '1.2', reason: 'no inputs yet' }, at(3))),
    ).toMatchObject({
      title: 'Tidy the inputs',
      status: 'blocked',
    });
  });

  test("Gamma takes over Alpha's lapsed claim on 1.3; Gamma's block of 1.2 (which it never held) is written", () => {
    const { spreadsheet, gamma } = renumbered();
    // The claim lapsed (lease 30 minutes): Gamma blocks the task, then starts it, and holds it.
    tool(spreadsheet, gamma, 'block_task', { step: '1.3', reason: 'Alpha went quiet' }, at(45));
    tool(spreadsheet, gamma, 'start_task', { step: '1.3' }, at(45));
    expect(planText(spreadsheet)).toMatch(/1\.3 Sum them per region\n {2}- Working: Gamma/);
    expect(
      JSON.parse(tool(spreadsheet, gamma, 'block_task', { step: '1.2', reason: 'no regions' }, at(46))),
    ).toMatchObject({
      title: 'Check the regions',
      status: 'blocked',
    });
  });
});

describe("the renumbering check's edges", () => {
  test("Alpha's stale complete of its task's sub-step 1.2.1, now Beta's task's: CONFLICT naming Alpha's 1.3.1", () => {
    const { spreadsheet, alpha, beta } = agents(PLAN_TEXT.replace('  - After: 1.1\n', ''));
    tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
    const add = cmds(
      { action: 'add', phase: 1, text: 'Check the regions', after: '1.1' },
      { action: 'add', phase: 1, text: 'East', under: '1.2' },
    );
    tool(spreadsheet, beta, 'apply_commands', add, at(1));
    expect(planText(spreadsheet)).toContain('- [ ] 1.2 Check the regions\n  - [ ] 1.2.1 East\n- [/] 1.3 Sum');
    const before = planText(spreadsheet);
    expect(refused(() => tool(spreadsheet, alpha, 'complete_task', { step: '1.2.1' }, at(2)))).toMatch(
      /^CONFLICT: Task 1\.2\.1 is "East" now: Beta renumbered the plan, and the task you hold, "North", is 1\.3\.1\./,
    );
    expect(planText(spreadsheet)).toBe(before);
    expect(JSON.parse(tool(spreadsheet, alpha, 'complete_task', { step: '1.3.1' }, at(2)))).toMatchObject({
      title: 'North',
      status: 'done',
    });
  });

  test("Alpha notes its task at its new step, then blocks Beta's 1.2: written in two calls, not in one batch", () => {
    const { spreadsheet, alpha } = renumbered();
    const note = { action: 'note', step: '1.3', text: 'north done' };
    const block = { action: 'block', step: '1.2', text: 'no regions yet' };
    // A batch is written from one read: its commands are all checked against the moves.
    expect(refused(() => tool(spreadsheet, alpha, 'apply_commands', cmds(note, block), at(2)))).toMatch(
      /^CONFLICT: commands\[1\] \(block 1\.2\): Task 1\.2 is "Check the regions" now/,
    );
    tool(spreadsheet, alpha, 'apply_commands', cmds(note), at(2));
    expect(JSON.parse(tool(spreadsheet, alpha, 'apply_commands', cmds(block), at(3))).tasks).toMatchObject([
      { title: 'Check the regions', status: 'blocked' },
    ]);
  });

  test("an unrelated change of Alpha's (a note on 1.1) shows no new numbers: its stale block of 1.2 is refused", () => {
    const { spreadsheet, alpha } = renumbered();
    tool(spreadsheet, alpha, 'apply_commands', cmds({ action: 'note', step: '1.1', text: 'read' }), at(2));
    const before = planText(spreadsheet);
    expect(refused(() => tool(spreadsheet, alpha, 'block_task', { step: '1.2', reason: 'no regions' }, at(3)))).toMatch(
      /^CONFLICT: Task 1\.2 is "Check the regions" now/,
    );
    expect(planText(spreadsheet)).toBe(before);
  });

  test('a batch written before the renumbering, an unrelated command first: its stale note on 1.2 is refused', () => {
    const { spreadsheet, alpha } = renumbered();
    const before = planText(spreadsheet);
    const batch = cmds(
      { action: 'note', step: '1.1', text: 'read' },
      { action: 'note', step: '1.2', text: 'north done' },
    );
    expect(refused(() => tool(spreadsheet, alpha, 'apply_commands', batch, at(2)))).toMatch(
      /^CONFLICT: commands\[1\] \(note 1\.2\): Task 1\.2 is "Check the regions" now/,
    );
    expect(planText(spreadsheet)).toBe(before);
  });

  test("Alpha's stale move of 1.1 after 1.2 (its task's old step): CONFLICT, nothing moved after Beta's task", () => {
    const { spreadsheet, alpha } = renumbered();
    const before = planText(spreadsheet);
    const move = cmds({ action: 'move', step: '1.1', after: '1.2' });
    expect(refused(() => tool(spreadsheet, alpha, 'apply_commands', move, at(2)))).toMatch(
      /^CONFLICT: commands\[0\] \(move 1\.1\): Task 1\.2 is "Check the regions" now/,
    );
    expect(planText(spreadsheet)).toBe(before);
  });
});

describe("a person's edit typed into the cell", () => {
  test("keeps what Beta's renumbering moved: after a typo fix, Alpha's stale block of 1.2 is still refused", () => {
    const { spreadsheet, alpha } = renumbered();
    personEdits(spreadsheet, PLAN, planText(spreadsheet).replace('Goal: Sum the sales', 'Goal: Sum all the sales'));
    const before = planText(spreadsheet);
    expect(refused(() => tool(spreadsheet, alpha, 'block_task', { step: '1.2', reason: 'no data' }, at(2)))).toMatch(
      /^CONFLICT: Task 1\.2 is "Check the regions" now: Beta renumbered the plan/,
    );
    expect(planText(spreadsheet)).toBe(before);
  });

  test("that renumbers Alpha's task is remembered too: Alpha's stale complete of 1.2 names the person", () => {
    const { spreadsheet, alpha } = agents(FLAT);
    tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
    const typed = planText(spreadsheet).replace('- [/] 1.2 Sum', '- [ ] 1.2 Ask Dana for the regions\n- [/] 1.3 Sum');
    personEdits(spreadsheet, PLAN, typed.replace('- [ ] 1.3 Write', '- [ ] 1.4 Write'));
    expect(refused(() => tool(spreadsheet, alpha, 'complete_task', { step: '1.2' }, at(2)))).toMatch(
      /^CONFLICT: Task 1\.2 is "Ask Dana for the regions" now: the person renumbered the plan, .* is 1\.3\./,
    );
  });
});

describe('the record field moved, as read', () => {
  test('a moved field edited by hand (not a list of moves) is not believed, and no write fails on it', () => {
    const { spreadsheet, alpha, beta } = renumbered();
    const record = JSON.parse(String(spreadsheet.cell(REVISION)));
    expect(record.moved).toEqual([['1.2', '1.3', 'Beta', 'Alpha']]);
    spreadsheet.setCellText(REVISION, JSON.stringify({ ...record, moved: [7] }));
    // Beta's ordinary change, and Alpha's completion of its own task.
    expect(JSON.parse(tool(spreadsheet, beta, 'block_task', { step: '1.4', reason: 'wait' }, at(2)))).toMatchObject({
      status: 'blocked',
    });
    expect(JSON.parse(tool(spreadsheet, alpha, 'complete_task', { step: '1.3' }, at(3)))).toMatchObject({
      status: 'done',
    });
  });
});
