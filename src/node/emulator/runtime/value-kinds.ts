/**
 * Recognising values that come from a script. The bundle runs in a vm context with its own Date,
 * Array and Object, so `instanceof` fails on them: these checks look at what a value is, not at
 * which realm made it.
 */

export interface DateLike {
  getTime(): number;
}

/** A Date from any realm (or anything that behaves as one: it has getTime() giving a number). */
export function isDateLike(value: unknown): value is DateLike {
  if (Object.prototype.toString.call(value) === '[object Date]') return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getTime?: unknown }).getTime === 'function' &&
    typeof (value as DateLike).getTime() === 'number'
  );
}

/** `{…}` made by an object literal, JSON.parse or Object.create(null), in any realm; not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  // A realm's Object.prototype is the only prototype whose own prototype is null.
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
