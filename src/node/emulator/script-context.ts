/**
 * Evaluates the bundle (dist/Code.js) in a fresh context, as Apps Script evaluates a project for each
 * execution. Shared by in-process executions (load-bundle.ts) and the execution pool's threads
 * (pool/worker-main.ts), so both run the script exactly alike.
 *
 * The globals object becomes the context's global object (vm.createContext), the script realm's clock is
 * installed, then Code.js runs in it under its path, so stacks name the file. The compiled script is kept
 * while the file stays the same: each execution still runs it afresh in its own context.
 */
import { readFileSync, statSync } from 'node:fs';
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

/** The script realm's built-ins, read from inside the context (compiled once, run in each). */
const REALM_PROBE = new vm.Script('({ Array: Array, Date: Date, Error: Error, Object: Object, JSON: JSON })');

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
  const realm = REALM_PROBE.runInContext(context) as Realm;
  if (now) installScriptClock(context, realm, now);
  bundleScript(distDir).runInContext(context);
  return { context: context as BundleContext, realm };
}

const compiledScripts = new Map<string, { version: string; script: vm.Script }>();

/**
 * Code.js compiled once per version of the file (its modification time and size, as load-bundle.ts reads its function
 * names), so that a rebuilt file is never missed. Reading the whole file to compare its text cost each execution
 * about 1.5 ms, a quarter of an in-process execution.
 */
function bundleScript(distDir: string): vm.Script {
  const file = path.resolve(distDir, BUNDLE_FILE);
  const { mtimeMs, size } = statSync(file);
  const version = `${mtimeMs}:${size}`;
  const cached = compiledScripts.get(file);
  if (cached?.version === version) return cached.script;
  const script = new vm.Script(readFileSync(file, 'utf8'), { filename: file });
  compiledScripts.set(file, { version, script });
  return script;
}

/** Errors may come from the script's realm: read them by shape, not with instanceof. */
export function describeFailure(error: unknown): ScriptFailure {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const { message, stack } = error as { message: string; stack?: unknown };
    return typeof stack === 'string' ? { message, stack } : { message };
  }
  return { message: String(error) };
}
