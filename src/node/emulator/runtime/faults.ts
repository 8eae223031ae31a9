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
  }

  /**
   * The message this call must fail with, if a fault applies (the earliest registered one wins).
   * A one-shot fault is used up by the call it applies to.
   */
  faultFor(call: CallRecord): string | undefined {
    const index = this.#faults.findIndex((fault) => callMatches(call, fault.matcher));
    if (index < 0) return undefined;
    const fault = this.#faults[index];
    if (fault.once) this.#faults.splice(index, 1);
    return fault.message;
  }
}
