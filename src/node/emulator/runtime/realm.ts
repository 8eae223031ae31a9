/**
 * The JavaScript realm a script runs in. A bundle loaded by load-bundle.ts runs in a vm context
 * with its own built-ins; values the services hand to it are made with the script's constructors,
 * so that `value instanceof Date`, `Array.isArray` and `error instanceof Error` in the script behave
 * as they do in Apps Script. Before a bundle is loaded (tests calling the services directly) the
 * realm is Node's own.
 */
export interface Realm {
  readonly Array: ArrayConstructor;
  readonly Date: DateConstructor;
  readonly Error: ErrorConstructor;
  readonly Object: ObjectConstructor;
  readonly JSON: JSON;
}

export const hostRealm: Realm = { Array, Date, Error, Object, JSON };

export function newDate(realm: Realm, epochMilliseconds: number): Date {
  return new realm.Date(epochMilliseconds);
}

export function newArray<T>(realm: Realm, items: Iterable<T>): T[] {
  return realm.Array.from(items);
}

export function newRecord<T>(realm: Realm, entries: Iterable<readonly [string, T]>): Record<string, T> {
  return realm.Object.fromEntries(entries) as Record<string, T>;
}
