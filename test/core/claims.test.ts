/**
 * Claims over PlanManager and an in-memory store: starting a task claims it for the agent (a Working line under it,
 * in the same write), another agent's change of it is refused with CLAIMED, a person is never stopped, an expired
 * claim is free, and the claim leaves with the task's completion.
 */
import { planErrorCode, parsePlan } from '../../src/core';
import { readClaimValue, isActive } from '../../src/core/rules/claims';
import { compactPlan } from '../../src/core/format/summary';
import { agent, clockedStore as clocked, person } from './clocked-agents';

const PLAN = `# Plan: Sales
Goal: Sum the sales

## Phase 1: Work
- [ ] 1.1 Read the sales
- [ ] 1.2 Sum them per region
  - [ ] 1.2.1 North
- [ ] 1.3 Write the totals

## Notes
`;

/** A store whose wall clock stands at `minutes` (after 2026-03-14 09:00, UTC), moved by the test. */
const clockedStore = (text = PLAN) => clocked(text);

function refusal(call: () => unknown): { code?: string; message: string } {
  try {
    call();
  } catch (error) {
    return { code: planErrorCode(error), message: (error as Error).message };
  }
  throw new Error('expected the call to be refused');
}

test('starting a task writes a Working line under it, with the agent and the lease end, in the same write', () => {
  const store = clockedStore();
  const writes = store.writes;
  const task = agent(store, 'Claude on my laptop').startTask('1.1');
  expect(store.writes).toBe(writes + 1);
  expect(store.text).toContain(
    '- [/] 1.1 Read the sales\n  - Working: Claude on my laptop until 2026-03-14 09:30\n- [ ] 1.2',
  );
  expect(task.working).toEqual({ by: 'Claude on my laptop', until: '2026-03-14 09:30' });
});

test("another agent's start, complete, block, review, note, rename, move and remove are refused with CLAIMED", () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2');
  const before = store.state();
  const other = agent(store, 'Gemini');
  const calls: Array<() => unknown> = [
    () => other.startTask('1.2'),
    () => other.completeTask('1.2'),
    () => other.blockTask('1.2', 'waiting'),
    () => other.reviewTask('1.2', 'look'),
    () => other.setTaskNote('1.2', 'mine now'),
    () => other.skipTask('1.2', 'not needed'),
    () => other.reopenTask('1.2'),
    () => other.renameTask('1.2', 'Sum them'),
    () => other.moveTask('1.2', '1.3'),
    () => other.removeTask('1.2'),
    () => other.applyCommands([{ action: 'complete', step: '1.2' }]),
    () => other.applyCommands([{ action: 'rename', step: '1.2', text: 'Other' }]),
  ];
  for (const call of calls) {
    const { code, message } = refusal(call);
    expect(code).toBe('CLAIMED');
    expect(message).toMatch(/claimed by Claude until 2026-03-14 09:30/);
  }
  expect(store.state()).toBe(before);
});

test("removing a task whose sub-step another agent holds is refused; the holder's own calls go through", () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2.1');
  expect(refusal(() => agent(store, 'Gemini').removeTask('1.2')).code).toBe('CLAIMED');
  expect(agent(store, 'claude').setTaskNote('1.2.1', 'half done').note).toBe('half done');
});

test('the holder renews its lease with each call on the task; completing takes the Working line off', () => {
  const store = clockedStore();
  const claude = agent(store, 'Claude');
  claude.startTask('1.1');
  store.minutes = 20;
  claude.setTaskNote('1.1', 'reading');
  expect(store.text).toContain('  - Working: Claude until 2026-03-14 09:50');
  expect(store.text.match(/Working:/g)).toHaveLength(1);
  claude.completeTask('1.1');
  expect(store.text).not.toContain('Working:');
  expect(store.text).toMatch(/- \[x\] 1\.1 Read the sales — reading ✅ \d{4}-\d{2}-\d{2}\n- \[ \] 1\.2/);
});

test('an expired claim is free: another agent may act on the task, and claims it by starting it', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.1');
  store.minutes = 30;
  const gemini = agent(store, 'Gemini');
  gemini.blockTask('1.1', 'no data');
  // Blocking renews only a claim of one's own: the expired one stays as it was written.
  expect(store.text).toContain('  - Working: Claude until 2026-03-14 09:30');
  gemini.startTask('1.1');
  expect(store.text).toContain('  - Working: Gemini until 2026-03-14 10:00');
  expect(store.text).not.toContain('Claude');
});

test("an agent's note or block of an unclaimed task writes no Working line; giving it back takes it off", () => {
  const store = clockedStore(PLAN.replace('- [ ] 1.1', '- [/] 1.1'));
  const codex = agent(store, 'Codex');
  codex.setTaskNote('1.1', 'half');
  codex.blockTask('1.1', 'no data');
  expect(store.text).not.toContain('Working:');
  codex.startTask('1.1');
  expect(store.text).toContain('  - Working: Codex until');
  codex.reopenTask('1.1');
  expect(store.text).not.toContain('Working:');
});

test('a person always acts, keeps the claim while the task is open, and a completion takes it off', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2');
  person(store).setTaskNote('1.2', 'look at the north too');
  expect(store.text).toContain('  - Working: Claude until 2026-03-14 09:30');
  person(store).act('complete', '1.2');
  expect(store.text).not.toContain('Working:');
});

test("getNextTask and startNextTask pass over another agent's claimed task and its sub-steps, not the caller's", () => {
  const reserved = PLAN.replace(
    '- [ ] 1.1 Read the sales\n',
    '- [ ] 1.1 Read the sales\n  - Working: Claude until 09:20\n',
  );
  const store = clockedStore(reserved);
  expect(agent(store, 'Gemini').getNextTask()?.step).toBe('1.2');
  expect(agent(store, 'Claude').getNextTask()?.step).toBe('1.1');
  expect(agent(store, 'Gemini').startNextTask()?.step).toBe('1.2');
  // The claimed task is not started twice, nor its sub-step (the claim holds it too): the next agent takes 1.3.
  expect(agent(store, 'Codex').startNextTask()?.step).toBe('1.3');
});

test('a claim survives a person typing around it and every re-planning operation', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2');
  const claude = agent(store, 'Claude');
  const editor = person(store);
  const summing = () =>
    parsePlan(store.text)
      .phases.flatMap((phase) => phase.tasks)
      .find((candidate) => candidate.title.startsWith('Sum them'))!;
  editor.addTask(1, 'Check the totals', { after: '1.1' });
  expect(summing().step).toBe('1.3');
  editor.moveTask('1.3', '1.4');
  expect(summing().step).toBe('1.4');
  editor.addPhase('Report', ['Write the report']);
  claude.renameTask('1.4', 'Sum them per region and country');
  editor.removeTask('1.2');
  store.cells!.text = store.text.replace('## Notes', 'A line a person typed.\n\n## Notes');
  const task = summing();
  expect(task.step).toBe('1.3');
  expect(task?.status).toBe('doing');
  expect(task?.working).toEqual({ by: 'Claude', until: '2026-03-14 09:30' });
  expect(refusal(() => agent(store, 'Gemini').completeTask(task!.step)).code).toBe('CLAIMED');
});

test('a Working line is read as people write it: the time alone means today, an unreadable time holds nothing', () => {
  expect(readClaimValue('Claude on my laptop until 14:30')).toEqual({ by: 'Claude on my laptop', until: '14:30' });
  expect(readClaimValue('Bob until 2026-03-14T9:05')).toEqual({ by: 'Bob', until: '2026-03-14 09:05' });
  expect(readClaimValue('Bob until lunch')).toEqual({ by: 'Bob until lunch' });
  expect(isActive({ until: '14:30' }, '2026-03-14 14:29')).toBe(true);
  expect(isActive({ until: '14:30' }, '2026-03-14 14:30')).toBe(false);
  expect(isActive({}, '2026-03-14 14:29')).toBe(false);
});

test('an agent does not start a finished task straight away (another may have finished it since its read)', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.1');
  agent(store, 'Claude').completeTask('1.1');
  const before = store.state();
  const { code, message } = refusal(() => agent(store, 'Gemini').startTask('1.1'));
  expect(code).toBe('INVALID_TRANSITION');
  expect(message).toMatch(/Task 1\.1 is done already .*reopenTask first/);
  expect(store.state()).toBe(before);
  agent(store, 'Gemini').reopenTask('1.1');
  expect(agent(store, 'Gemini').startTask('1.1').status).toBe('doing');
  // A person restarts finished work when they choose.
  person(store).act('complete', '1.1');
  expect(person(store).act('start', '1.1').status).toBe('doing');
});

test('a person releases a claim; an agent cannot', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2');
  expect(refusal(() => agent(store, 'Gemini').releaseClaim('1.2')).code).toBe('NEEDS_PERSON');
  person(store).releaseClaim('1.2');
  expect(store.text).not.toContain('Working:');
  expect(agent(store, 'Gemini').completeTask('1.2').status).toBe('done');
});

test("the holder's rename or move of its task renews its claim, in the same write", () => {
  const store = clockedStore();
  const claude = agent(store, 'Claude');
  claude.startTask('1.3');
  store.minutes = 10;
  claude.renameTask('1.3', 'Write the totals per region');
  expect(store.text).toContain('- [/] 1.3 Write the totals per region\n  - Working: Claude until 2026-03-14 09:40');
  store.minutes = 20;
  claude.applyCommands([{ action: 'move', step: '1.3', after: '1.1' }]);
  expect(store.text).toContain('- [/] 1.2 Write the totals per region\n  - Working: Claude until 2026-03-14 09:50');
  // Another agent's claim is not renewed by a person's edit.
  person(store).renameTask('1.2', 'Write the totals');
  expect(store.text).toContain('  - Working: Claude until 2026-03-14 09:50');
});

test('the compact view shows who works on a task, as the plan says it', () => {
  const store = clockedStore();
  agent(store, 'Claude').startTask('1.2');
  const view = agent(store, 'Gemini').getPlan();
  expect(compactPlan(view!).summary).toContain(
    '- [/] 1.2 Sum them per region\n  - Working: Claude until 2026-03-14 09:30',
  );
});

test('validatePlan warns of a Working line whose time it cannot read: it holds nothing', () => {
  const store = clockedStore(
    PLAN.replace('- [ ] 1.3 Write the totals', '- [ ] 1.3 Write the totals\n  - Working: Bob until lunch'),
  );
  const report = agent(store, 'Gemini').validatePlan();
  expect(report.warnings).toEqual([
    expect.objectContaining({
      code: 'unreadable-claim',
      line: 9,
      message: expect.stringMatching(/^The Working line under 1\.3/),
    }),
  ]);
  expect(agent(store, 'Gemini').startTask('1.3').working).toEqual({ by: 'Gemini', until: '2026-03-14 09:30' });
});

test('the holder sends its task to review, its claim renewed; after the decision the claim stays with it', () => {
  const store = clockedStore();
  const claude = agent(store, 'Claude');
  claude.startTask('1.1');
  store.minutes = 5;
  expect(claude.reviewTask('1.1', 'check the totals').status).toBe('review');
  expect(store.text).toContain(
    '- [!] 1.1 Read the sales — check the totals\n  - Working: Claude until 2026-03-14 09:35',
  );
  person(store).act('requestChanges', '1.1', 'use March');
  // Back in the queue with the agent's claim: getNextTask gives it to Claude, not to another agent.
  expect(agent(store, 'Gemini').getNextTask()?.step).toBe('1.2');
  expect(claude.getNextTask()?.step).toBe('1.1');
  expect(claude.startTask('1.1').working).toEqual({ by: 'Claude', until: '2026-03-14 09:35' });
});
