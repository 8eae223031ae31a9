/**
 * The plan's lifecycle through PlanClient → the emulator's scripts.run → dist/Code.js: the person's
 * approval (played through the sidebar's own calls), re-planning, finishing and the archive. Every
 * refusal leaves the spreadsheet byte for byte as it was.
 */
import type { PlanClient } from '../../src/node/client';
import { caught } from './caught';
import {
  approveInSidebar,
  decideInSidebar,
  runInSidebar,
  startLocalEmulator,
  type LocalEmulator,
} from './local-emulator';

let emulator: LocalEmulator;
let client: PlanClient;

beforeEach(async () => {
  emulator = await startLocalEmulator();
  client = emulator.client();
});
afterEach(async () => {
  await emulator.close();
});

/** Everything a call could write: cells, hidden sheets, properties. */
const state = () => JSON.stringify(emulator.spreadsheet.toJSON());

async function expectRefused(call: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  const before = state();
  const error = await caught(call);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
  expect(state()).toBe(before);
}

test('a draft waits for the person; approving is theirs alone; then the agent works', async () => {
  await runInSidebar(emulator.url, 'sidebarSaveSettings', { approvalRequired: true });
  // A new plan would take the example's review item away from the person: they decide it first.
  await decideInSidebar(emulator.url, 'approve', '2.3', 'threshold is right');
  const draft = await client.createPlan('Invoices', 'Send March invoices', [
    { name: 'Prepare', steps: ['Read Orders!A2:E300 (customer, amount)', 'Write Invoices!A2:D80'] },
  ]);
  expect(draft).toMatchObject({ status: 'draft', waitingForApproval: true });

  await expectRefused(client.startTask('1.1'), 'NEEDS_APPROVAL', /^NEEDS_APPROVAL: The plan is a draft/);
  await expectRefused(client.startNextTask(), 'NEEDS_APPROVAL', /draft/);
  await expectRefused(client.advanceTask('1.1'), 'NEEDS_APPROVAL', /draft/);
  await expectRefused(client.applyCommands([{ action: 'start', step: '1.1' }]), 'NEEDS_APPROVAL', /draft/);
  await expectRefused(
    client.replacePlan(draft.raw.replace('Status: draft', 'Status: approved'), draft.stamp),
    'NEEDS_PERSON',
    /^NEEDS_PERSON: Only a person may change what waits for them: the plan's approval/,
  );
  await expectRefused(client.run('sidebarApprovePlan', [null]), 'NEEDS_PERSON', /^NEEDS_PERSON/);
  await expectRefused(
    client.run('sidebarSaveSettings', ['not-a-token', { approvalRequired: false }]),
    'NEEDS_PERSON',
    /^NEEDS_PERSON/,
  );

  await approveInSidebar(emulator.url, 'go');
  await expect(client.startNextTask()).resolves.toMatchObject({ step: '1.1', status: 'doing' });
  expect(await client.getPlan()).toMatchObject({ status: 'approved', statusNote: 'go', waitingForApproval: false });
});

test('re-planning: each operation answers the task and the numbers it changed', async () => {
  const added = await client.addTask(2, 'Check Returns!A2:D50 (refunds)', { after: '2.1' });
  expect(added).toMatchObject({ step: '2.2', title: 'Check Returns!A2:D50 (refunds)', renumbered: { '2.2': '2.3' } });
  const sub = await client.addTask(2, 'Only March returns', { under: '2.2' });
  expect(sub).toMatchObject({ step: '2.2.1', renumbered: {} });
  const phase = await client.addPhase('Follow up', ['Email the summary'], 4);
  expect(phase).toMatchObject({ phase: 5, name: 'Follow up', renumbered: {} });
  await expect(client.renameTask('5.1', 'Email the summary to finance')).resolves.toMatchObject({
    title: 'Email the summary to finance',
  });
  const moved = await client.moveTask('5.1', '4.1');
  expect(moved).toMatchObject({ step: '4.2', renumbered: { '5.1': '4.2', '4.2': '4.3', '4.3': '4.4' } });
  const removed = await client.removeTask('2.2');
  expect(removed).toMatchObject({ step: '2.2', removedSteps: ['2.2', '2.2.1'], renumbered: { '2.3': '2.2' } });
  expect((await client.getHistory(1))[0].reason).toBe('removed task 2.2 (Check Returns!A2:D50 (refunds))');

  await expectRefused(client.removeTask('1.1'), 'INVALID_TRANSITION', /^INVALID_TRANSITION: Only a todo task/);
  await expectRefused(
    client.renameTask('2.3', 'Another title'),
    'NEEDS_PERSON',
    /Task 2\.3 is waiting for review; only a person can rename it/,
  );
  await expectRefused(client.addTask(9, 'X'), 'NOT_FOUND', /^NOT_FOUND: Phase 9 not found \(phases: 1, 2, 3, 4, 5\)/);
  await expectRefused(client.moveTask('3.1', '3.1'), 'INVALID_ARGUMENT', /cannot go after itself/);
});

test('finishing: refused while work is open; then archived, listed and read back', async () => {
  await expectRefused(client.finishPlan('Done'), 'INVALID_TRANSITION', /^INVALID_TRANSITION: Every task must be/);
  await decideInSidebar(emulator.url, 'approve', '2.3', 'threshold is right');
  const created = await client.createPlan('Small', 'Finish quickly', [{ name: 'Only', steps: ['One', 'Two'] }]);
  await client.applyCommands([
    { action: 'complete', step: '1.1' },
    { action: 'skip', step: '1.2', text: 'not needed' },
  ]);
  const finished = await client.finishPlan('One done, one not needed');
  expect(finished).toMatchObject({ id: 1, title: 'Small', tasks: 2, plan: null, revision: created.revision + 2 });
  await expect(client.getPlan()).resolves.toBeNull();
  await expect(client.listPlans()).resolves.toEqual([
    { id: 1, finishedAt: expect.any(String), title: 'Small', summary: 'One done, one not needed', tasks: 2 },
  ]);
  await expect(client.getArchivedPlan(1)).resolves.toMatchObject({ status: 'done', progress: { percent: 100 } });
  await expectRefused(client.getArchivedPlan(2), 'NOT_FOUND', /^NOT_FOUND: Plan 2 is not in the archive \(ids: 1\)/);
  await expect(runInSidebar(emulator.url, 'sidebarArchive')).resolves.toHaveLength(1);
});
