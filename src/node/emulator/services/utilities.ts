/**
 * Utilities (https://developers.google.com/apps-script/reference/utilities/utilities): the date
 * formatting, UUIDs and digests the product uses, and sleep, which the execution pool's tests wait with.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createEnum, enumConstantName } from '../runtime/enums';
import { newArray } from '../runtime/realm';
import type { ExecutionScope } from '../runtime/execution-scope';
import { PendingAnswer } from '../runtime/pending-answer';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isDateLike } from '../runtime/value-kinds';
import { formatSimpleDate } from '../time/simple-date-format';
import { findTimeZone } from '../time/time-zones';

/** "The maximum allowed value is 300000 (or 5 minutes)" (Utilities.sleep). */
const MAX_SLEEP_MILLISECONDS = 300_000;

/** Utilities.Charset (https://developers.google.com/apps-script/reference/utilities/charset). */
export const Charset = createEnum(['US_ASCII', 'UTF_8']);
/** Utilities.DigestAlgorithm (https://developers.google.com/apps-script/reference/utilities/digest-algorithm). */
export const DigestAlgorithm = createEnum(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']);

/** Node's names for the digests it has; MD2 is not among them (nothing in the product uses it). */
const NODE_DIGESTS: Readonly<Record<string, string>> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

export class Utilities {
  readonly Charset = Charset;
  readonly DigestAlgorithm = DigestAlgorithm;
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

  /**
   * computeDigest(algorithm, value[, charset]): the digest as a Java byte[], which reaches a script as an array of
   * signed numbers from -128 to 127 (0xff is -1). `value` is a string or such an array.
   * Assumption digest-default-charset (../assumptions.ts): a string without a charset must be ASCII.
   */
  computeDigest(algorithm: unknown, value: unknown, charset?: unknown): number[] {
    const name = enumConstantName(DigestAlgorithm, algorithm);
    const input = digestInput(value, charset);
    if (!name || !input) throw signatureMismatch('Utilities.computeDigest', [algorithm, value, charset]);
    const nodeName = NODE_DIGESTS[name];
    if (!nodeName) throw new ServiceError(`Utilities.computeDigest: ${name} is not emulated`);
    const digest = createHash(nodeName).update(input).digest();
    return newArray(
      this.#scope.realm,
      [...digest].map((byte) => (byte > 127 ? byte - 256 : byte)),
    );
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

/** The bytes computeDigest hashes, or null when the arguments match none of its signatures. */
function digestInput(value: unknown, charset: unknown): Buffer | null {
  if (Array.isArray(value)) {
    if (charset !== undefined) return null;
    const bytes: unknown[] = value;
    if (!bytes.every((byte) => typeof byte === 'number' && Number.isInteger(byte) && byte >= -128 && byte <= 127)) {
      throw new ServiceError('Invalid argument: value (a byte array holds integers from -128 to 127)');
    }
    return Buffer.from((bytes as number[]).map((byte) => byte & 0xff));
  }
  if (typeof value !== 'string') return null;
  if (charset === undefined) {
    if (/\P{ASCII}/u.test(value)) {
      throw new ServiceError(
        'Utilities.computeDigest: a string with characters outside ASCII needs a charset (Utilities.Charset.UTF_8)',
      );
    }
    return Buffer.from(value, 'ascii');
  }
  const charsetName = enumConstantName(Charset, charset);
  if (charsetName === 'UTF_8') return Buffer.from(value, 'utf8');
  // Java's US_ASCII encoder writes '?' for every character it cannot map.
  if (charsetName === 'US_ASCII')
    return Buffer.from([...value].map((c) => (c.charCodeAt(0) < 128 ? c : '?')).join(''), 'ascii');
  return null;
}
