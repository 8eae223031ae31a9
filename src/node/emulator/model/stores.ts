/**
 * The PropertiesService and CacheService stores of one spreadsheet document: document-wide ones,
 * script-wide ones, and one per user. They belong to the model so they outlive executions.
 */

/** One cached value; the cache drops it once the execution clock passes `expiresAt`. */
export interface CacheEntry {
  readonly value: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** A document store, a script store and a store per user email, created on first use. */
export class ScopedStores<Store> {
  readonly document: Store;
  readonly script: Store;
  readonly #users = new Map<string, Store>();

  constructor(private readonly createStore: () => Store) {
    this.document = createStore();
    this.script = createStore();
  }

  user(email: string): Store {
    let store = this.#users.get(email);
    if (!store) {
      store = this.createStore();
      this.#users.set(email, store);
    }
    return store;
  }

  users(): IterableIterator<[string, Store]> {
    return this.#users.entries();
  }
}

export type PropertyStore = Map<string, string>;
export type CacheStore = Map<string, CacheEntry>;

export function createPropertyStores(): ScopedStores<PropertyStore> {
  return new ScopedStores<PropertyStore>(() => new Map());
}

export function createCacheStores(): ScopedStores<CacheStore> {
  return new ScopedStores<CacheStore>(() => new Map());
}
