/**
 * PropertiesService and Properties (https://developers.google.com/apps-script/guides/properties):
 * string key-value stores for the document, the script and each user, kept in the model.
 *
 * Limits from the Quotas page (https://developers.google.com/apps-script/guides/services/quotas):
 * "Properties value size 9 KB / val" and "Properties total storage 500 KB / property store".
 * Assumption (strict): a kilobyte is 1,000 bytes, and key and value (UTF-8) both count.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { newArray, newRecord } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isPlainObject } from '../runtime/value-kinds';
import type { PropertyStore } from '../model/stores';

export const MAX_PROPERTY_BYTES = 9_000;
export const MAX_PROPERTY_STORE_BYTES = 500_000;

export class PropertiesService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** null when the script is not bound to a document. */
  getDocumentProperties(): Properties | null {
    const stores = this.#scope.spreadsheet.properties;
    return this.#scope.settings.containerBound ? this.#properties(stores.document) : null;
  }

  getScriptProperties(): Properties {
    return this.#properties(this.#scope.spreadsheet.properties.script);
  }

  getUserProperties(): Properties {
    return this.#properties(this.#scope.spreadsheet.properties.user(this.#scope.settings.user));
  }

  #properties(store: PropertyStore): Properties {
    return this.#scope.expose('Properties', new Properties(this.#scope, store));
  }
}

export class Properties {
  readonly #scope: ExecutionScope;
  readonly #store: PropertyStore;

  constructor(scope: ExecutionScope, store: PropertyStore) {
    this.#scope = scope;
    this.#store = store;
  }

  getProperty(key: unknown): string | null {
    return this.#store.get(requireKey(key, 'Properties.getProperty')) ?? null;
  }

  /** A copy of every key and value. */
  getProperties(): Record<string, string> {
    return newRecord(this.#scope.realm, this.#store);
  }

  getKeys(): string[] {
    return newArray(this.#scope.realm, this.#store.keys());
  }

  /** "Data types that are not already strings are automatically converted to strings." */
  setProperty(key: unknown, value: unknown): this {
    this.#write([[requireKey(key, 'Properties.setProperty'), String(value)]], false);
    return this;
  }

  /** Sets several properties at once; with deleteAllOthers, the store then holds only these. */
  setProperties(properties: unknown, deleteAllOthers?: unknown): this {
    if (!isPlainObject(properties) || (deleteAllOthers !== undefined && typeof deleteAllOthers !== 'boolean')) {
      throw signatureMismatch('Properties.setProperties', [...arguments]);
    }
    this.#write(
      Object.entries(properties).map(([key, value]) => [key, String(value)]),
      deleteAllOthers === true,
    );
    return this;
  }

  deleteProperty(key: unknown): this {
    this.#store.delete(requireKey(key, 'Properties.deleteProperty'));
    return this;
  }

  deleteAllProperties(): this {
    this.#store.clear();
    return this;
  }

  /** Checks the quotas on the store as it would be, then writes all or nothing. */
  #write(entries: ReadonlyArray<readonly [string, string]>, replaceAll: boolean): void {
    const next = new Map(replaceAll ? [] : this.#store);
    for (const [key, value] of entries) {
      if (entryBytes(key, value) > MAX_PROPERTY_BYTES) throw new ServiceError('Argument too large: value');
      next.set(key, value);
    }
    let total = 0;
    for (const [key, value] of next) total += entryBytes(key, value);
    if (total > MAX_PROPERTY_STORE_BYTES) {
      throw new ServiceError(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
    this.#store.clear();
    for (const [key, value] of next) this.#store.set(key, value);
  }
}

function requireKey(key: unknown, method: string): string {
  if (typeof key !== 'string') throw signatureMismatch(method, [key]);
  return key;
}

function entryBytes(key: string, value: string): number {
  return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
}
