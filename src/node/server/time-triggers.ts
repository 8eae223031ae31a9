/**
 * `npm start` runs the script's installable time-driven triggers when they are due, as Google does: every few seconds
 * the due ones (by the real clock) run in the execution pool, as the user who made them, with no active spreadsheet
 * (src/node/emulator/load-bundle.ts runTimeTrigger does the same in one process). The e-mail a trigger sends is
 * printed like any other ("would send: …").
 */
import type { EmulatedSpreadsheet, ExecutionPool } from '../emulator';

/** How often the local server looks for due triggers. Google's own timing is "not less than" the given minimum. */
export const TRIGGER_CHECK_MS = 5000;

export interface TriggerTimerOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  pool: ExecutionPool;
  persist: () => void;
  log?: (line: string) => void;
}

/** Starts the timer; the function it returns stops it. */
export function runTriggersWhenDue(options: TriggerTimerOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void runDue(options).finally(() => {
      running = false;
    });
  }, TRIGGER_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs the due triggers one after another; a failing one is reported, the next still runs. */
export async function runDue(options: TriggerTimerOptions, now = new Date()): Promise<number> {
  const { spreadsheet, distDir, pool, persist } = options;
  const due = spreadsheet.triggers.due(now);
  for (const trigger of due) {
    // A one-off trigger runs once, even when it fails.
    trigger.fired = true;
    const outcome = await pool.run(spreadsheet, distDir, trigger.handlerFunction, [{ triggerUid: trigger.uniqueId }], {
      context: 'trigger',
      authMode: 'FULL',
      containerBound: false,
      user: trigger.user,
    });
    if ('error' in outcome)
      (options.log ?? console.warn)(`Trigger ${trigger.handlerFunction}: ${outcome.error.message}`);
    persist();
  }
  return due.length;
}
