/**
 * What an open sidebar costs while nobody works: each change check is an Apps Script execution, counted
 * against the person's quota. The real SidebarController and ChangeWatcher run on a virtual clock (an hour
 * takes milliseconds), answering from a server stand-in that counts calls.
 */
import { CHECK_TIMING, ChangeWatcher, type Timers } from '../sidebar/src/change-watcher';
import { SidebarController } from '../sidebar/src/controller';
import type { PlanView } from '../sidebar/src/protocol';
import type { Server } from '../sidebar/src/server';

const HOUR_MS = 60 * 60 * 1000;

/** Timers that fire only when the clock is moved on, in order of their time. */
class VirtualClock implements Timers {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves on by `ms`, running each timer due and letting what it started (promises) settle. */
  async runFor(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; run: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = end;
  }
}

async function openSidebar(clock: VirtualClock) {
  let current: PlanView = { markdown: '# Plan: Idle\n\nGoal: g\n', revision: 1, changedBy: 'api', stamp: 's1' };
  let checks = 0;
  const server = (async (name: string, stamp?: unknown) => {
    if (name === 'sidebarLoad') return current;
    checks++;
    return stamp === current.stamp ? null : current;
  }) as unknown as Server;
  const controller = new SidebarController(server, () => '2026-01-10');
  await controller.load();
  const watcher = new ChangeWatcher(() => controller.check(), clock);
  watcher.show();
  return {
    controller,
    watcher,
    checks: () => checks,
    agentWrites(markdown: string) {
      current = { ...current, markdown, revision: current.revision + 1, stamp: `s${current.revision + 1}` };
    },
  };
}

export interface IdleSidebarFigures {
  /** Change checks (executions) an open, visible sidebar makes in an idle hour. */
  visibleIdleHour: number;
  /** The same with the old fixed poll. */
  fixedPollHour: number;
  /** While hidden. */
  hiddenHour: number;
  /** After an idle half hour: from the person's first activity until the agent's change is on screen. */
  changeShownAfterActivityMs: number;
}

export async function measureIdleSidebar(): Promise<IdleSidebarFigures> {
  const idleClock = new VirtualClock();
  const idle = await openSidebar(idleClock);
  await idleClock.runFor(HOUR_MS);

  const hiddenClock = new VirtualClock();
  const hidden = await openSidebar(hiddenClock);
  hidden.watcher.hide();
  await hiddenClock.runFor(HOUR_MS);

  // The worst moment for the change to land: just after a slow check, so the next is a minute away.
  const clock = new VirtualClock();
  const sidebar = await openSidebar(clock);
  await clock.runFor(HOUR_MS / 2);
  const seen = sidebar.checks();
  while (sidebar.checks() === seen) await clock.runFor(100);
  sidebar.agentWrites('# Plan: The agent moved on\n\nGoal: g\n');
  await clock.runFor(1000);
  const activityAt = clock.now();
  sidebar.watcher.activity();
  while (!sidebar.controller.state.markdown.includes('moved on')) await clock.runFor(100);

  return {
    visibleIdleHour: idle.checks(),
    fixedPollHour: HOUR_MS / CHECK_TIMING.quickestMs,
    hiddenHour: hidden.checks(),
    changeShownAfterActivityMs: clock.now() - activityAt,
  };
}
