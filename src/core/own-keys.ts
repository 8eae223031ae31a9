/**
 * Lookups in tables keyed by names that come from callers (a function's name, a property): only a table's own keys
 * count, so that `constructor` or `__proto__` is never taken for an entry.
 */

/** Whether `table` has `key` of its own. */
export const hasOwn = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** `table[key]` when it is the table's own, else undefined. */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  hasOwn(table, key) ? table[key] : undefined;

/** A JSON object: not null, not a list (what a table of keys can be read from). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
