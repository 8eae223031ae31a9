/**
 * Interleavings driven explicitly through the execution pool: executions really run at once (each script on its own
 * thread), and a gate holds one of them inside a chosen service call until the test opens it. The services answer on
 * this thread, so a gate is a spy on the service's method that answers a PendingAnswer (what a lock wait answers): the
 * script's thread waits in that call while the others run on. Nothing sleeps: the test waits for what it needs to
 * have happened (a lock awaited), never for time to pass.
 */
import { ExecutionPool, type EmulatedSpreadsheet, type RunOutcome } from '../../src/node/emulator';
import { PendingAnswer } from '../../src/node/emulator/runtime/pending-answer';
import { DIST } from './harness';

type Method = (...args: unknown[]) => unknown;

export interface Gate {
  /** Resolves once an execution is held in the gated call. */
  readonly reached: Promise<void>;
  /** Lets the held call run on. */
  open(): void;
}

/**
 * Holds the `nth` call (1 for the first) of `method` on `prototype`'s service objects made from now on, whichever
 * execution makes it, until the gate is opened; every other call runs as before. Install before the executions start:
 * a service object's methods are bound when it is made.
 */
export function gate(prototype: object, method: string, nth = 1): Gate {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const opened = new Promise<void>((resolve) => (release = resolve));
  const original = (prototype as Record<string, Method>)[method];
  let calls = 0;
  jest.spyOn(prototype as Record<string, Method>, method).mockImplementation(function (this: unknown, ...args) {
    if (++calls !== nth) return original.apply(this, args);
    reach();
    return new PendingAnswer(opened.then(() => original.apply(this, args)));
  });
  return { reached, open: release };
}

/** Waits until an execution waits for the script lock. */
export async function lockAwaited(spreadsheet: EmulatedSpreadsheet): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!spreadsheet.locks.inUse().awaited.includes('script')) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for an execution to wait for the lock');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The result of a pooled run, or its error's message as `{ error }`. */
export function answerOf(outcome: RunOutcome): unknown {
  return 'error' in outcome ? { error: outcome.error.message } : outcome.result;
}

/** Runs `name(...args)` of the built bundle in the pool, as scripts.run does (an 'api' execution) unless told. */
export function run(
  pool: ExecutionPool,
  spreadsheet: EmulatedSpreadsheet,
  name: string,
  args: unknown[] = [],
  context: 'api' | 'ui' = 'api',
): Promise<RunOutcome> {
  return pool.run(spreadsheet, DIST, name, args, { context });
}
