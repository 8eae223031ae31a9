/**
 * Runs the built bundle (dist/Code.js) the way Apps Script runs a project, in this process: every
 * execution evaluates the code afresh (script-context.ts) in a context whose global object is the
 * execution's globals, and callers reach only top-level function declarations. What the bundle
 * declares at the top level is read once per version of the file (path, mtime and size).
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { isPrivateFunctionName, topLevelFunctionNames } from './bundle-functions';
import { createExecution, type Execution, type ExecutionOptions } from './execution';
import type { EmulatedSpreadsheet } from './model/emulated-spreadsheet';
import type { ProjectTrigger } from './model/project-triggers';
import type { AuthModeName } from './runtime/execution-scope';
import type { Realm } from './runtime/realm';
import { toTransportValue, type JsonValue } from './runtime/transport';
import { BUNDLE_FILE, describeFailure, evaluateBundle, type BundleContext, type ScriptFailure } from './script-context';
import {
  WEB_APP_CONTEXT,
  servedOutput,
  webAppErrorPage,
  webAppEvent,
  webAppFunction,
  type WebAppAnswer,
  type WebAppRequest,
} from './web-app';

export { BUNDLE_FILE, type BundleContext, type ScriptFailure };

/**
 * What a google.script.run or scripts.run call gives back: the result as plain JSON, or the
 * error. `execution` (calls, UI, logs) is attached but not enumerable, so the outcome itself can
 * be sent as JSON.
 */
export type RunOutcome =
  | { readonly result: JsonValue; readonly execution: Execution }
  | { readonly error: ScriptFailure; readonly execution: Execution };

interface CompiledBundle {
  readonly mtimeMs: number;
  readonly size: number;
  readonly distDir: string;
  readonly functionNames: ReadonlySet<string>;
}

const compiledBundles = new Map<string, CompiledBundle>();

/** Evaluates Code.js from distDir for this execution and returns its global scope. */
export function loadBundle(execution: Execution, distDir: string): BundleContext {
  return loadIntoExecution(execution, compiledBundle(distDir)).context;
}

/** The functions of the bundle a caller may run: top-level declarations, private ones excluded. */
export function bundleFunctionNames(distDir: string): string[] {
  return [...compiledBundle(distDir).functionNames].filter((name) => !isPrivateFunctionName(name)).sort();
}

/**
 * Runs one function as google.script.run or scripts.run would: a new execution, the bundle
 * loaded afresh, the arguments and result carried as JSON (a Date either way fails the call).
 * The execution is ended afterwards, releasing locks the script left held.
 */
export function runFunction(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  functionName: string,
  args: readonly unknown[] = [],
  options: ExecutionOptions = {},
): RunOutcome {
  const execution = createExecution(spreadsheet, options);
  return settle(execution, () => {
    const transported = toTransportValue([...args], 'argument');
    const bundle = compiledBundle(distDir);
    const { context, realm } = loadIntoExecution(execution, bundle);
    const entry = callableFunction(context, bundle, functionName);
    const scriptArgs = realm.JSON.parse(JSON.stringify(transported)) as unknown[];
    return toTransportValue(entry(...scriptArgs), 'result');
  });
}

export interface SimpleTriggerOptions extends ExecutionOptions {
  /** Default LIMITED (a bound script's onOpen); NONE is an add-on not yet used in the document. */
  readonly authMode?: AuthModeName;
}

/**
 * Runs a simple trigger such as onOpen(e) with the event Apps Script builds; by default in the
 * 'ui' context (the document was just opened in a window). A project without that function is
 * not an error: nothing runs. The result is always null.
 */
export function runSimpleTrigger(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  triggerName: string,
  options: SimpleTriggerOptions = {},
): RunOutcome {
  const authMode = options.authMode ?? 'LIMITED';
  const execution = createExecution(spreadsheet, { ...options, context: options.context ?? 'ui', authMode });
  return settle(execution, () => {
    const bundle = compiledBundle(distDir);
    const { context } = loadIntoExecution(execution, bundle);
    if (!bundle.functionNames.has(triggerName)) return null;
    callableFunction(context, bundle, triggerName)(execution.triggerEvent(authMode));
    return null;
  });
}

/**
 * Runs the bundle's onEdit(e) simple trigger for a person's edit of `a1Notation` (already made: see person-edits.ts),
 * in a new trigger execution, with the event Sheets builds. A project without onEdit is not an error: nothing runs.
 */
export function runOnEdit(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  a1Notation: string,
  values: { readonly value?: string; readonly oldValue?: string },
  options: SimpleTriggerOptions = {},
): RunOutcome {
  const authMode = options.authMode ?? 'LIMITED';
  const execution = createExecution(spreadsheet, { ...options, context: options.context ?? 'trigger', authMode });
  return settle(execution, () => {
    const bundle = compiledBundle(distDir);
    const { context } = loadIntoExecution(execution, bundle);
    if (!bundle.functionNames.has('onEdit')) return null;
    callableFunction(context, bundle, 'onEdit')(execution.editEvent(authMode, a1Notation, values));
    return null;
  });
}

/**
 * Runs one installable time-driven trigger as Apps Script does when it is due: a new execution of the trigger kind, as
 * the user who created it, in AuthMode.FULL, with no active spreadsheet (Assumption time-trigger-no-container), its
 * handler given the clock event. The trigger is marked fired first: a one-off trigger runs once, even if it fails.
 * A handler the bundle does not declare at the top level (or a private one) fails: "Script function not found".
 */
export function runTimeTrigger(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  trigger: ProjectTrigger,
  options: ExecutionOptions = {},
): RunOutcome {
  trigger.fired = true;
  const execution = createExecution(spreadsheet, {
    ...options,
    context: 'trigger',
    authMode: 'FULL',
    containerBound: false,
    user: trigger.user,
  });
  return settle(execution, () => {
    const bundle = compiledBundle(distDir);
    const { context } = loadIntoExecution(execution, bundle);
    callableFunction(context, bundle, trigger.handlerFunction)(execution.clockEvent(trigger.uniqueId));
    return null;
  });
}

/** Runs every time-driven trigger due by the clock (`options.now`, default real time), soonest first. */
export function runDueTriggers(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  options: ExecutionOptions = {},
): RunOutcome[] {
  const now = options.now?.() ?? new Date();
  return spreadsheet.triggers.due(now).map((trigger) => runTimeTrigger(spreadsheet, distDir, trigger, options));
}

/** What a web app request gave: what is served (always with status 200), and the execution. */
export type WebAppOutcome = WebAppAnswer & { readonly execution: Execution };

/**
 * A request to the web app, in this process: doGet(e) or doPost(e) in a new execution (by default of the web-app kind),
 * and what Google would serve: the returned TextOutput or HtmlOutput, or its own page when the script threw, returned
 * something else, or has no such function ("Script function not found: doPost").
 */
export function runWebApp(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  request: WebAppRequest,
  options: ExecutionOptions = {},
): WebAppOutcome {
  const execution = createExecution(spreadsheet, { context: WEB_APP_CONTEXT, ...options });
  let answer: WebAppAnswer;
  try {
    const bundle = compiledBundle(distDir);
    const { context, realm } = loadIntoExecution(execution, bundle);
    const entry = callableFunction(context, bundle, webAppFunction(request));
    const event = realm.JSON.parse(JSON.stringify(webAppEvent(request))) as unknown;
    answer = servedOutput(execution.implementationOf(entry(event)));
  } catch (error) {
    answer = webAppErrorPage(describeFailure(error).message);
  } finally {
    execution.end();
  }
  Object.defineProperty(answer, 'execution', { value: execution, enumerable: false });
  return answer as WebAppOutcome;
}

function loadIntoExecution(execution: Execution, bundle: CompiledBundle): { context: BundleContext; realm: Realm } {
  if (vm.isContext(execution.globals)) {
    throw new Error(`Execution ${execution.id} already loaded a bundle; use a new execution for each run`);
  }
  execution.runsProjectIn(bundle.distDir);
  const loaded = evaluateBundle(execution.globals, bundle.distDir, () => execution.now());
  execution.useScriptRealm(loaded.realm);
  return loaded;
}

function compiledBundle(distDir: string): CompiledBundle {
  const file = path.resolve(distDir, BUNDLE_FILE);
  const { mtimeMs, size } = statSync(file);
  const cached = compiledBundles.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached;
  const source = readFileSync(file, 'utf8');
  const compiled: CompiledBundle = {
    mtimeMs,
    size,
    distDir: path.dirname(file),
    functionNames: topLevelFunctionNames(source, file),
  };
  compiledBundles.set(file, compiled);
  return compiled;
}

/** The function, if callers may reach it; otherwise Assumption script-function-not-found (assumptions.ts). */
function callableFunction(
  context: BundleContext,
  bundle: CompiledBundle,
  name: string,
): (...args: unknown[]) => unknown {
  const entry = context[name];
  if (!bundle.functionNames.has(name) || isPrivateFunctionName(name) || typeof entry !== 'function') {
    throw new Error(`Script function not found: ${name}`);
  }
  return entry as (...args: unknown[]) => unknown;
}

function settle(execution: Execution, run: () => JsonValue): RunOutcome {
  let outcome: { result: JsonValue } | { error: ScriptFailure };
  try {
    outcome = { result: run() };
  } catch (error) {
    outcome = { error: describeFailure(error) };
  } finally {
    execution.end();
  }
  return withExecution(outcome, execution);
}

/** The outcome with its execution attached, not enumerable, so the outcome itself can be sent as JSON. */
export function withExecution(
  outcome: { result: JsonValue } | { error: ScriptFailure },
  execution: Execution,
): RunOutcome {
  Object.defineProperty(outcome, 'execution', { value: execution, enumerable: false });
  return outcome as RunOutcome;
}
