/**
 * Utilities (https://developers.google.com/apps-script/reference/utilities/utilities): the date
 * formatting and UUIDs the product uses, and sleep, which the execution pool's tests wait with.
 */
import { randomUUID } from 'node:crypto';
import type { ExecutionScope } from '../runtime/execution-scope';
import { PendingAnswer } from '../runtime/pending-answer';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isDateLike } from '../runtime/value-kinds';
import { formatSimpleDate } from '../time/simple-date-format';
import { findTimeZone } from '../time/time-zones';

/** "The maximum allowed value is 300000 (or 5 minutes)" (Utilities.sleep). */
const MAX_SLEEP_MILLISECONDS = 300_000;

export class Utilities {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /**
   * The date as the pattern describes it (Java SimpleDateFormat letters) in the time zone.
   * Assumption unknown-time-zone (../assumptions.ts): an unknown time zone is refused.
   */
  formatDate(date: unknown, timeZone: unknown, format: unknown): string {
    if (!isDateLike(date) || typeof timeZone !== 'string' || typeof format !== 'string') {
      throw signatureMismatch('Utilities.formatDate', [date, timeZone, format]);
    }
    const zone = findTimeZone(timeZone);
    if (!zone) throw new ServiceError(`Invalid argument: timeZone ("${timeZone}" is not a known time zone)`);
    const time = date.getTime();
    if (Number.isNaN(time)) throw new ServiceError('Invalid argument: date (an invalid Date)');
    try {
      return formatSimpleDate(time, zone, format);
    } catch (error) {
      throw new ServiceError(`Invalid argument: format (${(error as Error).message})`);
    }
  }

  getUuid(): string {
    return randomUUID();
  }

  /** Recorded in execution.sleeps; only a concurrent execution (the pool) really sleeps. */
  sleep(milliseconds: unknown): void | PendingAnswer {
    if (typeof milliseconds !== 'number' || !Number.isInteger(milliseconds))
      throw signatureMismatch('Utilities.sleep', [milliseconds]);
    if (milliseconds < 0 || milliseconds > MAX_SLEEP_MILLISECONDS) {
      throw new ServiceError(
        `Invalid argument: milliseconds must be from 0 to ${MAX_SLEEP_MILLISECONDS} (got ${milliseconds})`,
      );
    }
    this.#scope.sleeps.push(milliseconds);
    if (this.#scope.settings.concurrent && milliseconds > 0)
      return new PendingAnswer(new Promise((resolve) => setTimeout(resolve, milliseconds)));
  }
}
