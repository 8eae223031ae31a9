/**
 * Claims through the built bundle: two agents with keys (the web app's MCP tools) and callers without keys
 * (scripts.run, named by the `agent` option or `api`). Starting a task writes the agent's Working line in the same
 * write; another agent's change of it is refused with CLAIMED and writes nothing; the lease ends on the spreadsheet's
 * wall clock; a person acts anyway and releases the claim in the sidebar; hand edits of the cell keep it.
 */
import { parsePlan } from '../../src/core/format/parse';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { at, connectAgent, deployed, refused, tool } from './web-agents';
import { APPROVED, requireApproval, workbook } from './sheet-work-fixtures';
import {
  PLAN,
  callAsPerson,
  execute,
  personEdits,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
  snapshotBesideTheLog,
} from './harness';
import { salesPlan } from './sales-plan';

/** Task 1.2 as a person typed it: an ended claim of Beta's, then a live one of Alpha's (at 14:01 New York time). */
const TWO_CLAIMS = [
  '- [/] 1.2 Write the totals to Summary!B3:C5',
  '  - Working: Beta until 2026-11-26 13:00',
  '  - Working: Alpha until 2026-11-26 14:25',
].join('\n');

const PLAN_TEXT = salesPlan();

function deployedSheet(): { spreadsheet: EmulatedSpreadsheet; token: string } {
  return deployed(sheetWithSavedPlan(PLAN_TEXT));
}

/** A scripts.run call (no key), throwing its error's message. */
function run(spreadsheet: EmulatedSpreadsheet, name: string, args: unknown[], now = at(0)) {
  const { result, error } = execute(spreadsheet, name, args, { now });
  if (error) throw error;
  return result;
}

function twoAgents() {
  const { spreadsheet, token } = deployedSheet();
  const claude = connectAgent(spreadsheet, token, 'Claude on my laptop');
  const gemini = connectAgent(spreadsheet, token, 'Gemini');
  return { spreadsheet, token, claude, gemini };
}

test("an agent's start writes its Working line in the same write; another agent's change: CLAIMED", () => {
  const { spreadsheet, claude, gemini } = twoAgents();
  tool(spreadsheet, claude, 'start_task', { step: '1.2' });
  expect(planText(spreadsheet)).toContain(
    '- [/] 1.2 Sum them per region\n  - Working: Claude on my laptop until 2026-11-26 14:30\n- [ ] 1.3',
  );
  // Every sheet as it was (a key's "last used" may change: it was used).
  const sheets = () => JSON.stringify(spreadsheet.toJSON().sheets);
  const before = sheets();
  for (const [name, args] of [
    ['complete_task', { step: '1.2' }],
    ['block_task', { step: '1.2', reason: 'mine now' }],
    ['review_task', { step: '1.2', note: 'mine now' }],
    ['apply_commands', { commands: [{ action: 'note', step: '1.2', text: 'mine now' }] }],
  ] as const) {
    expect(refused(() => tool(spreadsheet, gemini, name, args))).toMatch(
      /^CLAIMED: (commands\[0\] \(note 1\.2\): )?Task 1\.2 is claimed by Claude on my laptop until 2026-11-26 14:30.*nothing was written$/,
    );
  }
  // Nor may it start a new plan over the claimed task (an adversarial review found createPlan passed over claims).
  const fresh = { title: 'Mine', goal: 'Start over', phases: [{ name: 'Work', steps: ['Begin'] }] };
  expect(refused(() => tool(spreadsheet, gemini, 'create_plan', fresh))).toMatch(
    /^CLAIMED: Task 1\.2 is claimed by Claude on my laptop until 2026-11-26 14:30.*cannot remove it.*nothing was written$/,
  );
  expect(sheets()).toBe(before);
  // The other agent's next task is another one: the claimed task is in progress, and 1.1 is free.
  expect(JSON.parse(tool(spreadsheet, gemini, 'get_next_task', {}))).toMatchObject({ step: '1.1' });
});

test('the lease runs on the wall clock: renewed by the holder, free for another agent once it ends', () => {
  const { spreadsheet, claude, gemini } = twoAgents();
  tool(spreadsheet, claude, 'start_task', { step: '1.1' }, at(0));
  tool(spreadsheet, claude, 'block_task', { step: '1.1', reason: 'half read' }, at(20));
  expect(planText(spreadsheet)).toContain('  - Working: Claude on my laptop until 2026-11-26 14:50');
  expect(refused(() => tool(spreadsheet, gemini, 'complete_task', { step: '1.1' }, at(49)))).toMatch(/^CLAIMED/);
  tool(spreadsheet, gemini, 'start_task', { step: '1.1' }, at(50));
  expect(planText(spreadsheet)).toContain('- [/] 1.1 Read the sales\n  - Working: Gemini until 2026-11-26 15:20\n');
});

test("the Working line is the spreadsheet's wall clock, with the date: a lease may end after midnight", () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT, { timeZone: 'Asia/Tokyo' });
  const tokyo = new Date(Date.UTC(2026, 10, 26, 14, 45)); // 23:45 in Tokyo
  run(spreadsheet, 'startTask', ['1.1', { agent: 'Report builder' }], () => tokyo);
  expect(planText(spreadsheet)).toContain('  - Working: Report builder until 2026-11-27 00:15');
});

test('a person acts on a claimed task, and releases the claim in the sidebar: then any agent may act', () => {
  const { spreadsheet, token, claude, gemini } = twoAgents();
  tool(spreadsheet, claude, 'start_task', { step: '1.2' });
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const task = parsePlan(view.markdown).phases[0].tasks[1];
  expect(task.working).toEqual({ by: 'Claude on my laptop', until: '2026-11-26 14:30' });
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'note', '1.2', 'check the north', null);
  expect(planText(spreadsheet)).toContain('  - Working: Claude on my laptop until 2026-11-26 14:30');
  callAsPerson(spreadsheet, token, 'sidebarReleaseClaim', '1.2', null);
  expect(planText(spreadsheet)).not.toContain('Working:');
  expect(refused(() => callAsPerson(spreadsheet, token, 'sidebarReleaseClaim', '1.2', null))).toMatch(
    /^INVALID_TRANSITION: Task 1\.2 has no Working line/,
  );
  tool(spreadsheet, gemini, 'complete_task', { step: '1.2' });
  expect(planText(spreadsheet)).toContain('- [x] 1.2 Sum them per region — check the north ✅');
});

test('callers without keys are one agent, api, unless they name themselves with the agent option', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  run(spreadsheet, 'startTask', ['1.1']);
  expect(planText(spreadsheet)).toContain('  - Working: api until 2026-11-26 14:30');
  // Another caller without a name is the same agent: it may complete the task.
  run(spreadsheet, 'setTaskNote', ['1.1', 'read']);
  expect(refused(() => run(spreadsheet, 'completeTask', ['1.1', { agent: 'Report builder' }]))).toMatch(
    /^CLAIMED: Task 1\.1 is claimed by api until 2026-11-26 14:30, so you \(Report builder\) cannot complete it/,
  );
  run(spreadsheet, 'startTask', ['1.2', { requestId: 'request-0001', agent: 'Report builder' }]);
  expect(planText(spreadsheet)).toContain('  - Working: Report builder until 2026-11-26 14:30');
  expect(run(spreadsheet, 'getPlan', [])).toMatchObject({ changedBy: 'agent:Report builder' });
  // getNextTask for a named caller passes over what others claimed, not what it claimed itself.
  const reserved = planText(spreadsheet).replace(
    '- [ ] 1.3 Write the totals',
    '- [ ] 1.3 Write the totals\n  - Working: Report builder until 14:20',
  );
  personEdits(spreadsheet, PLAN, reserved);
  expect(run(spreadsheet, 'getNextTask', [])).toBeNull();
  expect(run(spreadsheet, 'getNextTask', [{ agent: 'Report builder' }])).toMatchObject({ step: '1.3' });
  // Nothing is left for api: 1.1 is its own but in progress, 1.2 is Report builder's, 1.3 reserved for it.
  expect(run(spreadsheet, 'startNextTask', [])).toBeNull();
});

test("a name that is no name, or a person's, is refused with what a name is; nothing is written", () => {
  const { spreadsheet, claude } = twoAgents();
  const before = snapshot(spreadsheet);
  expect(refused(() => run(spreadsheet, 'startTask', ['1.1', { agent: '' }]))).toMatch(
    /^INVALID_ARGUMENT: agent must be text of 1 to 60 characters on one line/,
  );
  expect(refused(() => run(spreadsheet, 'startTask', ['1.1', { agent: 'sidebar' }]))).toMatch(/^INVALID_ARGUMENT/);
  expect(refused(() => run(spreadsheet, 'getNextTask', [{ agent: 'x', other: 1 }]))).toMatch(/^INVALID_ARGUMENT/);
  expect(snapshot(spreadsheet)).toBe(before);
  expect(claude).toBeTruthy();
});

test('a claim survives a hand edit of the cell around it, and still stops the other agent', () => {
  const { spreadsheet, claude, gemini } = twoAgents();
  tool(spreadsheet, claude, 'start_task', { step: '1.2' });
  const retitled = planText(spreadsheet).replace('- [ ] 1.3 Write the totals', '- [ ] 1.3 Write the totals by hand');
  const edited = `${retitled}\n\n## Notes\n\n- Typed by a person`;
  personEdits(spreadsheet, PLAN, edited);
  expect(refused(() => tool(spreadsheet, gemini, 'start_task', { step: '1.2' }))).toMatch(/^CLAIMED/);
  tool(spreadsheet, claude, 'complete_task', { step: '1.2' });
  expect(planText(spreadsheet)).not.toContain('Working:');
  expect(planText(spreadsheet)).toContain('- Typed by a person');
});

test("a Working line left on a task a person ticked done holds nothing: another agent's finishPlan passes", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  run(spreadsheet, 'startTask', ['1.2', { agent: 'Claude' }]);
  run(spreadsheet, 'completeTask', ['1.1', { agent: 'Gemini' }]);
  personEdits(spreadsheet, PLAN, planText(spreadsheet).replace('- [/] 1.2', '- [x] 1.2').replace('[ ] 1.3', '[x] 1.3'));
  expect(planText(spreadsheet)).toContain('- [x] 1.2 Sum them per region\n  - Working: Claude until');
  expect(run(spreadsheet, 'finishPlan', ['Summed', { agent: 'Gemini' }])).toMatchObject({ title: 'Sales report' });
});

test('a claim stays with its task through every re-planning call, and still stops the other agent', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const gemini = { agent: 'Gemini' };
  run(spreadsheet, 'startTask', ['1.2', { agent: 'Claude' }]);
  run(spreadsheet, 'addTask', [1, 'Check the sales', { after: '1.1' }, gemini]); // 1.2 becomes 1.3
  run(spreadsheet, 'addPhase', ['Publish', ['Send the report'], null, gemini]);
  run(spreadsheet, 'moveTask', ['1.4', '1.1', gemini]); // Write the totals moves up: the claimed task is 1.4
  run(spreadsheet, 'renameTask', ['1.3', 'Check the sales twice', gemini]);
  run(spreadsheet, 'removeTask', ['1.3', gemini]); // the claimed task is 1.3 again
  run(spreadsheet, 'applyCommands', [[{ action: 'add', phase: 2, text: 'Archive it' }], gemini]);
  const task = parsePlan(planText(spreadsheet)).phases[0].tasks.find((each) => each.title === 'Sum them per region');
  expect(task).toMatchObject({ step: '1.3', status: 'doing', working: { by: 'Claude', until: '2026-11-26 14:30' } });
  expect(refused(() => run(spreadsheet, 'completeTask', ['1.3', gemini]))).toMatch(
    /^CLAIMED: Task 1\.3 is claimed by Claude/,
  );
  expect(refused(() => run(spreadsheet, 'moveTask', ['1.3', '1.1', gemini]))).toMatch(/^CLAIMED/);
  expect(run(spreadsheet, 'completeTask', ['1.3', { agent: 'Claude' }])).toMatchObject({ status: 'done' });
});

test("the compact view through the web app marks the caller's own claim (you), and names another agent's", () => {
  const { spreadsheet, claude, gemini } = twoAgents();
  tool(spreadsheet, claude, 'start_task', { step: '1.1' });
  tool(spreadsheet, gemini, 'start_task', { step: '1.2' });
  const seenByGemini = JSON.parse(tool(spreadsheet, gemini, 'get_plan', {})).summary as string;
  expect(seenByGemini).toContain('- [/] 1.1 Read the sales\n  - Working: Claude on my laptop until 2026-11-26 14:30\n');
  expect(seenByGemini).toContain('- [/] 1.2 Sum them per region\n  - Working: Gemini until 2026-11-26 14:30 (you)\n');
});

test('a write under a task reads each of its Working lines: a live claim below an ended one stops the others', () => {
  const spreadsheet = workbook(APPROVED.replace('- [/] 1.2 Write the totals to Summary!B3:C5', TWO_CLAIMS));
  requireApproval(spreadsheet, false);
  const { token } = deployed(spreadsheet);
  const beta = connectAgent(spreadsheet, token, 'Beta');
  connectAgent(spreadsheet, token, 'Alpha');
  // Nothing written but the log's notes of the refusals, for the person (and the key's last use).
  const sheets = () => JSON.stringify(JSON.parse(snapshotBesideTheLog(spreadsheet)).sheets);
  const before = sheets();
  // The guard reads both lines for a change of the task; a write under it must read them alike.
  expect(
    refused(() => tool(spreadsheet, beta, 'write_range', { a1: 'Summary!B3', values: [['B']], step: '1.2' }, at(1))),
  ).toMatch(/^CLAIMED: Task 1\.2 is claimed by Alpha until 2026-11-26 14:25, so you \(Beta\) cannot write cells/);
  expect(execute(spreadsheet, 'writeRange', ['Summary!B4', [['api']], '1.2'], { now: at(1) }).error?.message).toMatch(
    /^CLAIMED: Task 1\.2 is claimed by Alpha/,
  );
  expect(sheets()).toBe(before);
});
