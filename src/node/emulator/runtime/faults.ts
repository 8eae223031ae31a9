/**
 * Fault injection: make a service call throw, as Google's services sometimes do ("Service
 * Spreadsheets timed out", quota errors), to check how the product copes. A failing call throws
 * before it has any effect, so the test knows exactly what state the spreadsheet is in.
 */
import { callMatches, type CallFilter, type CallRecord } from './call-log';

interface Fault {
  readonly matcher: CallFilter;
  readonly message: string;
  readonly once: boolean;
}

export class FaultInjector {
  #faults: Fault[] = [];
  #interleaved: Array<{ readonly matcher: CallFilter; readonly action: () => void }> = [];

  /**
   * Runs `action` once, just before the next call matching `matcher` runs: how a test plays another execution that
   * overlaps this one at that moment (executions here run one at a time).
   */
  interleave(matcher: CallFilter, action: () => void): void {
    this.#interleaved.push({ matcher, action });
  }

  /** The next call matching `matcher` throws `new Error(message)`; later ones run normally. */
  failNext(matcher: CallFilter, message: string): void {
    this.#faults.push({ matcher, message, once: true });
  }

  /** Every call matching `matcher` throws `new Error(message)` until clear(). */
  failAlways(matcher: CallFilter, message: string): void {
    this.#faults.push({ matcher, message, once: false });
  }

  clear(): void {
    this.#faults = [];
    this.#interleaved = [];
  }

  /**
   * The message this call must fail with, if a fault applies (the earliest registered one wins).
   * A one-shot fault is used up by the call it applies to.
   */
  faultFor(call: CallRecord): string | undefined {
    const interleaved = this.#interleaved.findIndex((entry) => callMatches(call, entry.matcher));
    if (interleaved >= 0) this.#interleaved.splice(interleaved, 1)[0].action();
    const index = this.#faults.findIndex((fault) => callMatches(call, fault.matcher));
    if (index < 0) return undefined;
    const fault = this.#faults[index];
    if (fault.once) this.#faults.splice(index, 1);
    return fault.message;
  }
}
