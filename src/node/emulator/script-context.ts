/**
 * Evaluates the bundle (dist/Code.js) in a fresh context, as Apps Script evaluates a project for each
 * execution. Shared by in-process executions (load-bundle.ts) and the execution pool's threads
 * (pool/worker-main.ts), so both run the script exactly alike.
 *
 * The evaluation is gas-local's (`require('gas-local').require(folder, globals, { filter })`:
 * vm.createContext on the globals object, then the folder's .js files run in it under their paths),
 * limited to Code.js. The context is made first so that the script realm's clock is in place before
 * the bundle runs (gas-local takes an already made context as it is).
 */
import path from 'node:path';
import vm from 'node:vm';
import type { Realm } from './runtime/realm';
import { installScriptClock } from './runtime/script-clock';

export const BUNDLE_FILE = 'Code.js';

/** The bundle's global scope: the Apps Script globals plus the bundle's top-level declarations. */
export type BundleContext = Record<string, unknown>;

export interface ScriptFailure {
  readonly message: string;
  readonly stack?: string;
}

// gas-local ships no types: its one function, as documented in its README.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gasLocal = require('gas-local') as {
  require(folder: string, globals: object, options: { filter(file: string): boolean }): Record<string, unknown>;
};

/** The script realm's built-ins, read from inside the context. */
const REALM_PROBE = '({ Array: Array, Date: Date, Error: Error, Object: Object, JSON: JSON })';

/**
 * Makes `globals` the global object of a new context, installs the script clock (`now`; the real clock
 * when absent) and runs Code.js from `distDir` in it.
 */
export function evaluateBundle(
  globals: object,
  distDir: string,
  now?: () => Date,
): { context: BundleContext; realm: Realm } {
  const context = vm.createContext(globals);
  const realm = vm.runInContext(REALM_PROBE, context) as Realm;
  if (now) installScriptClock(context, realm, now);
  gasLocal.require(path.resolve(distDir), context, { filter: (file) => path.basename(file) === BUNDLE_FILE });
  return { context: context as BundleContext, realm };
}

/** Errors may come from the script's realm: read them by shape, not with instanceof. */
export function describeFailure(error: unknown): ScriptFailure {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const { message, stack } = error as { message: string; stack?: unknown };
    return typeof stack === 'string' ? { message, stack } : { message };
  }
  return { message: String(error) };
}
