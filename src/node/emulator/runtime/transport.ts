/**
 * What google.script.run and scripts.run carry between the caller and the script.
 * google.script.run (https://developers.google.com/apps-script/guides/html/reference/run): "Legal
 * parameters are JavaScript primitives like a Number, Boolean, String, or null, as well as
 * JavaScript objects and arrays that are composed of primitives, objects, and arrays. … Requests
 * fail if you attempt to pass a Date, Function, DOM element besides a form, or other prohibited
 * type, including prohibited types inside objects or arrays. Objects that create circular
 * references will also fail, and undefined fields within arrays become null."
 * scripts.run (https://developers.google.com/apps-script/api/reference/rest/v1/ExecutionResponse):
 * functions "can only return primitive types such as a string, number, array, object, or boolean".
 *
 * Assumption results-carried-like-arguments (../assumptions.ts): return values follow the same
 * rules as parameters (a returned Date fails the call); any non-plain object (class instance, Map,
 * Promise, Error) is refused, since JSON would silently turn it into `{}`; an `undefined` property
 * is left out and NaN/±Infinity become null, as in JSON.
 */
import { isDateLike, isPlainObject } from './value-kinds';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Which way the value travels, for the message. */
export type TransportDirection = 'argument' | 'result';

export class TransportError extends Error {}

/** A plain-JSON copy of the value, or a TransportError naming the refused part. */
export function toTransportValue(value: unknown, direction: TransportDirection): JsonValue {
  return copy(value, direction === 'result' ? 'result' : 'arguments', direction, new Set());
}

function copy(value: unknown, path: string, direction: TransportDirection, ancestors: Set<object>): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object':
      break;
    default:
      throw refusal(typeof value === 'function' ? 'a function' : `a ${typeof value}`, path, direction);
  }
  if (isDateLike(value)) throw refusal('a Date', path, direction);
  if (ancestors.has(value)) throw refusal('a circular reference', path, direction);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return (value as unknown[]).map((item, index) => copy(item, `${path}[${index}]`, direction, ancestors));
    }
    if (!isPlainObject(value)) throw refusal(`an object of type ${describeObject(value)}`, path, direction);
    const result: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      result[key] = copy(item, `${path}.${key}`, direction, ancestors);
    }
    return result;
  } finally {
    ancestors.delete(value);
  }
}

function refusal(what: string, path: string, direction: TransportDirection): TransportError {
  const verb = direction === 'result' ? 'The function returned' : 'The call passed';
  return new TransportError(
    `${verb} ${what} (at ${path}); google.script.run and scripts.run carry only primitives, null, and plain ` +
      `objects and arrays of them. ` +
      (what === 'a Date' ? 'Send the date as text, e.g. date.toISOString().' : 'Send plain data instead.'),
  );
}

function describeObject(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  const constructorName = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof constructorName === 'string' && constructorName !== '' ? constructorName : tag;
}
