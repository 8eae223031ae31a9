/**
 * CacheService and Cache (https://developers.google.com/apps-script/reference/cache/cache). Entries
 * live in the model and expire by the execution's clock.
 *
 * From the Cache reference: keys up to 250 characters, up to 100KB per value, expiration from 1 to
 * 21600 seconds (6 hours), 600 seconds by default, and "The cap for cached items is 1,000. If more
 * than 1,000 items are written, the cache stores the 900 items farthest from expiration."
 * Assumption cache-limits (../assumptions.ts): 100KB is 100,000 UTF-8 bytes, and an expiration
 * outside 1–21600 is refused rather than clamped.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { newRecord } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isPlainObject } from '../runtime/value-kinds';
import type { CacheStore } from '../model/stores';

export const MAX_CACHE_KEY_LENGTH = 250;
export const MAX_CACHE_VALUE_BYTES = 100_000;
export const DEFAULT_CACHE_SECONDS = 600;
export const MAX_CACHE_SECONDS = 21_600;
const ITEM_CAP = 1_000;
const ITEMS_KEPT_OVER_CAP = 900;

export class CacheService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** null when the script is not bound to a document, and in a web app or scripts.run execution. */
  getDocumentCache(): Cache | null {
    return this.#scope.inContainer ? this.#cache(this.#scope.spreadsheet.caches.document) : null;
  }

  getScriptCache(): Cache {
    return this.#cache(this.#scope.spreadsheet.caches.script);
  }

  getUserCache(): Cache {
    return this.#cache(this.#scope.spreadsheet.caches.user(this.#scope.settings.user));
  }

  #cache(store: CacheStore): Cache {
    return this.#scope.expose('Cache', new Cache(this.#scope, store));
  }
}

export class Cache {
  readonly #scope: ExecutionScope;
  readonly #store: CacheStore;

  constructor(scope: ExecutionScope, store: CacheStore) {
    this.#scope = scope;
    this.#store = store;
  }

  /** The value, or null when missing or expired. */
  get(key: unknown): string | null {
    return this.#live(requireKey(key, 'Cache.get')) ?? null;
  }

  /** The keys found, with their values. */
  getAll(keys: unknown): Record<string, string> {
    if (!Array.isArray(keys)) throw signatureMismatch('Cache.getAll', [keys]);
    const found: Array<[string, string]> = [];
    for (const key of keys as unknown[]) {
      const value = this.#live(requireKey(key, 'Cache.getAll'));
      if (value !== undefined) found.push([key as string, value]);
    }
    return newRecord(this.#scope.realm, found);
  }

  put(key: unknown, value: unknown, expirationInSeconds?: unknown): void {
    const expiresAt = this.#expiry(expirationInSeconds, 'Cache.put');
    this.#store.set(requireKey(key, 'Cache.put'), { value: requireValue(value, 'Cache.put'), expiresAt });
    this.#enforceCap();
  }

  putAll(values: unknown, expirationInSeconds?: unknown): void {
    if (!isPlainObject(values)) throw signatureMismatch('Cache.putAll', [...arguments]);
    const expiresAt = this.#expiry(expirationInSeconds, 'Cache.putAll');
    const entries = Object.entries(values).map(
      ([key, value]) => [requireKey(key, 'Cache.putAll'), requireValue(value, 'Cache.putAll')] as const,
    );
    for (const [key, value] of entries) this.#store.set(key, { value, expiresAt });
    this.#enforceCap();
  }

  remove(key: unknown): void {
    this.#store.delete(requireKey(key, 'Cache.remove'));
  }

  removeAll(keys: unknown): void {
    if (!Array.isArray(keys)) throw signatureMismatch('Cache.removeAll', [keys]);
    for (const key of keys as unknown[]) this.#store.delete(requireKey(key, 'Cache.removeAll'));
  }

  /** Reading never changes the store (an expired entry is skipped, not deleted). */
  #live(key: string): string | undefined {
    const entry = this.#store.get(key);
    return entry && entry.expiresAt > this.#scope.now().getTime() ? entry.value : undefined;
  }

  #expiry(expirationInSeconds: unknown, method: string): number {
    const seconds = expirationInSeconds ?? DEFAULT_CACHE_SECONDS;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds))
      throw signatureMismatch(method, [expirationInSeconds]);
    if (seconds < 1 || seconds > MAX_CACHE_SECONDS) {
      throw new ServiceError(
        `Invalid argument: expirationInSeconds must be from 1 to ${MAX_CACHE_SECONDS} (got ${seconds})`,
      );
    }
    return this.#scope.now().getTime() + seconds * 1000;
  }

  #enforceCap(): void {
    const now = this.#scope.now().getTime();
    for (const [key, entry] of this.#store) if (entry.expiresAt <= now) this.#store.delete(key);
    if (this.#store.size <= ITEM_CAP) return;
    const kept = [...this.#store].sort(([, a], [, b]) => b.expiresAt - a.expiresAt).slice(0, ITEMS_KEPT_OVER_CAP);
    this.#store.clear();
    for (const [key, entry] of kept) this.#store.set(key, entry);
  }
}

function requireKey(key: unknown, method: string): string {
  if (typeof key !== 'string') throw signatureMismatch(method, [key]);
  if (key.length > MAX_CACHE_KEY_LENGTH) throw new ServiceError('Argument too large: key');
  return key;
}

function requireValue(value: unknown, method: string): string {
  if (typeof value !== 'string') throw signatureMismatch(method, [value]);
  if (Buffer.byteLength(value, 'utf8') > MAX_CACHE_VALUE_BYTES) throw new ServiceError('Argument too large: value');
  return value;
}
