/**
 * When the sidebar asks whether the plan changed. Every check is an Apps Script execution, which counts
 * against the person's daily quota; a fixed 3-second poll made about 1,200 an hour while a sidebar sat open.
 *
 * - Every 3 seconds at first, and again after a change arrives or the person does something in the sidebar.
 * - While nothing changes, each wait is 1.5 times the one before, up to a minute: an idle hour costs
 *   about 66 checks.
 * - Nothing while the sidebar is hidden (Page Visibility); a check at once when it shows again.
 * - When the person does something after a quiet spell, a check within 3 seconds of it (at once when the last
 *   one is that old), so whatever the agent did meanwhile is on screen by then.
 * - While an agent is at work (it changed the plan or wrote cells in the last 10 minutes), never more than 3 seconds
 *   between checks: its next review item or question is on screen within about 5 seconds. Once it has been quiet
 *   for 10 minutes the waits grow again; an idle hour without an agent costs what it did.
 */
export const CHECK_TIMING = {
  quickestMs: 3000,
  growth: 1.5,
  slowestMs: 60_000,
  /** The longest wait while an agent is at work. */
  agentAtWorkMs: 3000,
  /** How long after an agent's last change it counts as at work. */
  agentWindowMs: 10 * 60_000,
} as const;

/** Whether a change made at `changedAt` (ISO) by `changedBy` says an agent is at work at `now`. */
export function agentAtWork(changedBy: string, changedAt: string | undefined, now: number): boolean {
  const byAgent = changedBy === 'api' || changedBy.startsWith('agent:');
  const at = changedAt ? Date.parse(changedAt) : NaN;
  return byAgent && now - at < CHECK_TIMING.agentWindowMs;
}

/** The timers the watcher uses: the browser's, or a fake clock's in tests and the benchmark. */
export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ChangeWatcher {
  private wait: number = CHECK_TIMING.quickestMs;
  /** When the last check started (the first load counts as one). */
  private lastCheck: number;
  private timer: unknown = null;
  private dueAt = Infinity;
  private visible = false;
  private checking = false;
  /** Until when an agent counts as at work (agentActive). */
  private agentUntil = -Infinity;

  /** `check` answers whether the plan had changed. */
  constructor(
    private readonly check: () => Promise<boolean>,
    private readonly timers: Timers = browserTimers,
  ) {
    this.lastCheck = timers.now();
  }

  /** The sidebar is on screen: check at once if the last check is more than the quickest wait old. */
  show(): void {
    if (this.visible) return;
    this.visible = true;
    this.wait = CHECK_TIMING.quickestMs;
    this.scheduleWithin(Math.max(0, this.lastCheck + CHECK_TIMING.quickestMs - this.timers.now()));
  }

  /** The sidebar is hidden (another tab, a minimised window): no checks at all. */
  hide(): void {
    this.visible = false;
    this.cancel();
  }

  /** The person did something here (a pointer, a key, focus): be quick again. */
  activity(): void {
    if (!this.visible) return;
    this.wait = CHECK_TIMING.quickestMs;
    this.scheduleWithin(Math.max(0, this.lastCheck + CHECK_TIMING.quickestMs - this.timers.now()));
  }

  /** The plan changed by other means (the person's own change came back): be quick again. */
  changed(): void {
    this.wait = CHECK_TIMING.quickestMs;
    if (this.visible) this.scheduleWithin(CHECK_TIMING.quickestMs);
  }

  /** An agent changed something at `at` (now by default): checks stay quick for the next 10 minutes. */
  agentActive(at: number = this.timers.now()): void {
    this.agentUntil = Math.max(this.agentUntil, at + CHECK_TIMING.agentWindowMs);
    if (this.visible && this.timers.now() < this.agentUntil) this.scheduleWithin(CHECK_TIMING.agentAtWorkMs);
  }

  /** Moves the next check earlier to `delay` from now; never later. */
  private scheduleWithin(delay: number): void {
    if (this.checking) return; // the check under way schedules the next one when it ends
    const dueAt = this.timers.now() + delay;
    if (this.timer !== null && this.dueAt <= dueAt) return;
    this.cancel();
    this.dueAt = dueAt;
    this.timer = this.timers.setTimeout(() => void this.run(), delay);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.dueAt = Infinity;
    if (!this.visible) return;
    this.checking = true;
    this.lastCheck = this.timers.now();
    let changed = false;
    try {
      changed = await this.check();
    } catch {
      // The controller shows what went wrong; the next check comes at the usual pace.
    } finally {
      this.checking = false;
    }
    const atWork = this.timers.now() < this.agentUntil;
    const delay = changed
      ? CHECK_TIMING.quickestMs
      : atWork
        ? Math.min(this.wait, CHECK_TIMING.agentAtWorkMs)
        : this.wait;
    this.wait = changed
      ? CHECK_TIMING.quickestMs
      : Math.min(Math.round(this.wait * CHECK_TIMING.growth), CHECK_TIMING.slowestMs);
    if (this.visible) this.scheduleWithin(delay);
  }
}
