/**
 * The change check an open sidebar makes (each one an Apps Script execution): backing off while nothing
 * changes, none while hidden, and quick again when the person does something. Run on jest's fake clock with
 * the real SidebarController and a server that counts its calls.
 */
import { ChangeWatcher } from '../../sidebar/src/change-watcher';
import { SidebarController } from '../../sidebar/src/controller';
import type { PlanView } from '../../sidebar/src/protocol';
import type { Server } from '../../sidebar/src/server';

const HOUR = 60 * 60 * 1000;

function view(markdown: string, revision: number): PlanView {
  return { markdown, revision, changedBy: 'api', stamp: `${revision}:${markdown.length}` };
}

/** A sidebar open on a plan, its change check running; `agentWrites` changes the plan on the server. */
async function openSidebar() {
  let current = view('# Plan: One\n\nGoal: g\n', 1);
  const calls: string[] = [];
  const server = (async (name: string, ...args: unknown[]) => {
    calls.push(name);
    if (name === 'sidebarLoad') return current;
    if (name === 'sidebarCheck') return args[0] === current.stamp ? null : current;
    throw new Error(`unexpected call ${name}`);
  }) as unknown as Server;
  const controller = new SidebarController(server, () => '2026-01-10');
  await controller.load();
  const watcher = new ChangeWatcher(() => controller.check());
  watcher.show();
  return {
    controller,
    watcher,
    checks: () => calls.filter((name) => name === 'sidebarCheck').length,
    agentWrites(markdown: string) {
      current = view(markdown, current.revision + 1);
    },
  };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

test('an idle open sidebar makes at most 120 checks an hour (a fixed 3-second poll made 1,200)', async () => {
  const sidebar = await openSidebar();
  await jest.advanceTimersByTimeAsync(HOUR);
  expect(sidebar.checks()).toBeLessThanOrEqual(120);
  expect(sidebar.checks()).toBeGreaterThan(30); // it still looks, about once a minute
  // The first minute is still quick: an agent at work is seen at once.
  const fresh = await openSidebar();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(fresh.checks()).toBe(2); // at 3 s and 7.5 s
});

test('a hidden sidebar makes no checks, and checks at once when it is shown again', async () => {
  const sidebar = await openSidebar();
  sidebar.watcher.hide();
  await jest.advanceTimersByTimeAsync(HOUR);
  expect(sidebar.checks()).toBe(0);
  sidebar.agentWrites('# Plan: Changed while hidden\n\nGoal: g\n');
  sidebar.watcher.show();
  await jest.advanceTimersByTimeAsync(0);
  expect(sidebar.checks()).toBe(1);
  expect(sidebar.controller.state.markdown).toContain('Changed while hidden');
});

test('after a quiet spell, a change appears within 3 seconds of the person doing something', async () => {
  const sidebar = await openSidebar();
  await jest.advanceTimersByTimeAsync(30 * 60 * 1000); // half an hour idle: checks are a minute apart
  // Right after a check, so that the next one is a minute away.
  const checked = sidebar.checks();
  while (sidebar.checks() === checked) await jest.advanceTimersByTimeAsync(100);
  sidebar.agentWrites('# Plan: The agent moved on\n\nGoal: g\n');
  await jest.advanceTimersByTimeAsync(1000);
  sidebar.watcher.activity(); // the person moves the pointer over the sidebar
  await jest.advanceTimersByTimeAsync(3000);
  expect(sidebar.controller.state.markdown).toContain('The agent moved on');
});

test('activity never makes more than one check per 3 seconds, however busy the pointer', async () => {
  const sidebar = await openSidebar();
  const before = sidebar.checks();
  for (let i = 0; i < 600; i++) {
    sidebar.watcher.activity();
    await jest.advanceTimersByTimeAsync(100); // a pointer moving for a minute
  }
  expect(sidebar.checks() - before).toBeLessThanOrEqual(20);
  expect(sidebar.checks() - before).toBeGreaterThanOrEqual(19);
});

test('a change brings the checks back to every 3 seconds', async () => {
  const sidebar = await openSidebar();
  await jest.advanceTimersByTimeAsync(20 * 60 * 1000);
  sidebar.agentWrites('# Plan: Working again\n\nGoal: g\n');
  let waited = 0;
  while (!sidebar.controller.state.markdown.includes('Working again')) {
    await jest.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  expect(waited).toBeLessThanOrEqual(60_000); // the next slow check sees it
  const before = sidebar.checks();
  await jest.advanceTimersByTimeAsync(6_000);
  expect(sidebar.checks() - before).toBe(2); // 3 s apart again
});

test('while an agent is at work, its next change shows within 5 seconds even after a quiet spell', async () => {
  const sidebar = await openSidebar();
  await jest.advanceTimersByTimeAsync(HOUR / 2); // idle: the waits have grown to a minute
  sidebar.watcher.agentActive(); // the agent just changed something (app.tsx reads it from the change's author)
  const before = sidebar.checks();
  await jest.advanceTimersByTimeAsync(45_000); // 45 s with nothing new: still at work, checks stay quick
  expect(sidebar.checks() - before).toBeGreaterThanOrEqual(14);
  sidebar.agentWrites('# Plan: One\n\nGoal: g\n\n- [!] 1.1 Check the totals\n');
  await jest.advanceTimersByTimeAsync(5000);
  expect(sidebar.controller.state.markdown).toContain('Check the totals');
});

test('ten minutes after the agent’s last change the checks back off again: an idle hour stays near 120', async () => {
  const sidebar = await openSidebar();
  sidebar.watcher.agentActive();
  await jest.advanceTimersByTimeAsync(10 * 60_000);
  const atWork = sidebar.checks();
  expect(atWork).toBeGreaterThanOrEqual(190); // every 3 s while the agent is at work
  await jest.advanceTimersByTimeAsync(HOUR);
  expect(sidebar.checks() - atWork).toBeLessThanOrEqual(120);
});
