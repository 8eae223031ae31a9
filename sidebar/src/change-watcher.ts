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
 */
export const CHECK_TIMING = { quickestMs: 3000, growth: 1.5, slowestMs: 60_000 } as const;

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
    const delay = changed ? CHECK_TIMING.quickestMs : this.wait;
    this.wait = changed
      ? CHECK_TIMING.quickestMs
      : Math.min(Math.round(this.wait * CHECK_TIMING.growth), CHECK_TIMING.slowestMs);
    if (this.visible) this.scheduleWithin(delay);
  }
}
