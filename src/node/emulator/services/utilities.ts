/**
 * Utilities (https://developers.google.com/apps-script/reference/utilities/utilities): date
 * formatting, UUIDs, base64 and digests. Byte arrays are Java bytes, so they hold signed numbers
 * from -128 to 127, as Google returns them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createEnum, enumConstantName } from '../runtime/enums';
import type { ExecutionScope } from '../runtime/execution-scope';
import { PendingAnswer } from '../runtime/pending-answer';
import { newArray } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isDateLike } from '../runtime/value-kinds';
import { formatSimpleDate } from '../time/simple-date-format';
import { findTimeZone } from '../time/time-zones';

export const DigestAlgorithm = createEnum(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']);
export const Charset = createEnum(['US_ASCII', 'UTF_8']);

const NODE_DIGESTS: Record<string, string | undefined> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

/** "The maximum allowed value is 300000 (or 5 minutes)" (Utilities.sleep). */
const MAX_SLEEP_MILLISECONDS = 300_000;

export class Utilities {
  readonly DigestAlgorithm = DigestAlgorithm;
  readonly Charset = Charset;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /**
   * The date as the pattern describes it (Java SimpleDateFormat letters) in the time zone.
   * Assumption (strict): an unknown time zone is refused; Java would silently use GMT.
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

  base64Encode(data: unknown, charset?: unknown): string {
    return this.#bytes(data, charset, 'Utilities.base64Encode').toString('base64');
  }

  /** URL-safe alphabet (`-` and `_`), padding kept. */
  base64EncodeWebSafe(data: unknown, charset?: unknown): string {
    return this.#bytes(data, charset, 'Utilities.base64EncodeWebSafe')
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  }

  base64Decode(encoded: unknown): number[] {
    return this.#signedBytes(decodeBase64(encoded, /^[A-Za-z0-9+/]*={0,2}$/, 'Utilities.base64Decode'));
  }

  base64DecodeWebSafe(encoded: unknown): number[] {
    return this.#signedBytes(decodeBase64(encoded, /^[A-Za-z0-9_-]*={0,2}$/, 'Utilities.base64DecodeWebSafe'));
  }

  /** The digest of a string (UTF-8 unless `charset` says US_ASCII) or of a byte array. */
  computeDigest(algorithm: unknown, value: unknown, charset?: unknown): number[] {
    const name = enumConstantName(DigestAlgorithm, algorithm);
    if (!name) throw signatureMismatch('Utilities.computeDigest', [...arguments]);
    const nodeName = NODE_DIGESTS[name];
    if (!nodeName) throw new Error(`Utilities.DigestAlgorithm.${name} is not emulated`);
    return this.#signedBytes(
      createHash(nodeName)
        .update(this.#bytes(value, charset, 'Utilities.computeDigest'))
        .digest(),
    );
  }

  #bytes(data: unknown, charset: unknown, method: string): Buffer {
    if (typeof data === 'string') {
      const charsetName = charset === undefined ? 'UTF_8' : enumConstantName(Charset, charset);
      if (!charsetName) throw signatureMismatch(method, [data, charset]);
      // Java's US-ASCII encoder writes `?` for every character outside ASCII.
      return charsetName === 'US_ASCII'
        ? // eslint-disable-next-line no-control-regex -- every character outside ASCII (0 to 127) becomes '?'
          Buffer.from(data.replace(/[^\x00-\x7f]/gu, '?'), 'ascii')
        : Buffer.from(data, 'utf8');
    }
    if (Array.isArray(data) && data.every((byte) => Number.isInteger(byte) && byte >= -128 && byte <= 255)) {
      return Buffer.from((data as number[]).map((byte) => byte & 0xff));
    }
    throw signatureMismatch(method, [data]);
  }

  #signedBytes(bytes: Buffer): number[] {
    return newArray(
      this.#scope.realm,
      [...bytes].map((byte) => (byte > 127 ? byte - 256 : byte)),
    );
  }
}

function decodeBase64(encoded: unknown, alphabet: RegExp, method: string): Buffer {
  if (typeof encoded !== 'string') throw signatureMismatch(method, [encoded]);
  const compact = encoded.replace(/\s+/g, '');
  if (!alphabet.test(compact) || compact.length % 4 === 1) throw new ServiceError('Could not decode string.');
  return Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
