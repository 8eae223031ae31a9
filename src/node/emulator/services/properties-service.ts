/**
 * PropertiesService and Properties (https://developers.google.com/apps-script/guides/properties):
 * the document's and the script's string key-value stores, kept in the model. The user store and the batch writes
 * are not emulated: the product does not call them.
 *
 * Limits from the Quotas page (https://developers.google.com/apps-script/guides/services/quotas):
 * "Properties value size 9 KB / val" and "Properties total storage 500 KB / property store".
 * Assumption property-limits (../assumptions.ts): a kilobyte is 1,000 bytes, and key and value
 * (UTF-8) both count.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import type { PropertyStore } from '../model/stores';

export const MAX_PROPERTY_BYTES = 9_000;
export const MAX_PROPERTY_STORE_BYTES = 500_000;

export class PropertiesService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /**
   * "If the script is not bound to a document, this method returns null"; null in a web app or scripts.run
   * execution too (assumption no-container-outside-the-document, ../assumptions.ts).
   */
  getDocumentProperties(): Properties | null {
    if (!this.#scope.inContainer) return null;
    return this.#scope.expose('Properties', new Properties(this.#scope.spreadsheet.properties.document));
  }

  /** The script's own store: every execution of the script reads the same one, whatever started it. */
  getScriptProperties(): Properties {
    return this.#scope.expose('Properties', new Properties(this.#scope.spreadsheet.properties.script));
  }
}

export class Properties {
  readonly #store: PropertyStore;

  constructor(store: PropertyStore) {
    this.#store = store;
  }

  getProperty(key: unknown): string | null {
    return this.#store.get(requireKey(key, 'Properties.getProperty')) ?? null;
  }

  /** "Gets a copy of all key-value pairs in the current Properties store": one call for every key. */
  getProperties(): Record<string, string> {
    return Object.fromEntries(this.#store);
  }

  /** "Data types that are not already strings are automatically converted to strings." */
  setProperty(key: unknown, value: unknown): this {
    const name = requireKey(key, 'Properties.setProperty');
    const text = String(value);
    if (entryBytes(name, text) > MAX_PROPERTY_BYTES) throw new ServiceError('Argument too large: value');
    let total = entryBytes(name, text);
    for (const [other, otherValue] of this.#store) if (other !== name) total += entryBytes(other, otherValue);
    if (total > MAX_PROPERTY_STORE_BYTES) {
      throw new ServiceError(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
    this.#store.set(name, text);
    return this;
  }

  /** Removes the key (putting back a store that had none); no effect when it is not there. */
  deleteProperty(key: unknown): this {
    this.#store.delete(requireKey(key, 'Properties.deleteProperty'));
    return this;
  }
}

function requireKey(key: unknown, method: string): string {
  if (typeof key !== 'string') throw signatureMismatch(method, [key]);
  return key;
}

function entryBytes(key: string, value: string): number {
  return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
}
