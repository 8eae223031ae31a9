/**
 * Makes the script's own clock the execution's: `new Date()`, `Date()` and `Date.now()` in the
 * bundle read ExecutionOptions.now, so a test can run a script "at 02:30 UTC on March 1st".
 * Dates made with arguments, `instanceof Date` and the services' Dates are untouched: the
 * replacement is a Proxy of the realm's own Date constructor, sharing its prototype.
 */
import type { Realm } from './realm';

export function installScriptClock(globalScope: object, realm: Realm, now: () => Date): void {
  const clockDate = new Proxy(realm.Date, {
    construct(target, args: unknown[], newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now().getTime()] : args, newTarget) as object;
    },
    // `Date()` called without `new` gives the current time as text, whatever the arguments.
    apply(target) {
      return new target(now().getTime()).toString();
    },
    get(target, key, receiver) {
      if (key === 'now') return () => now().getTime();
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  Object.defineProperty(globalScope, 'Date', {
    value: clockDate,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
