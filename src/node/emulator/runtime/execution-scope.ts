/**
 * The state one execution's services share, and the gate every script call passes through:
 * `expose` turns a service implementation into the object a script holds, whose methods log the
 * call, apply fault injection, refuse calls after the execution ended, and hand errors over in
 * the script's realm.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmulatedSheet } from '../model/emulated-sheet';
import type { LockWait } from '../model/lock-table';
import type { EmulatedSpreadsheet } from '../model/emulated-spreadsheet';
import { callMatches, summarizeArguments, type CallFilter, type CallRecord, type ServiceName } from './call-log';
import { isAppsScriptEnum } from './enums';
import type { FaultInjector } from './faults';
import type { LogEntry } from './log-entries';
import { hostRealm, type Realm } from './realm';
import { ServiceError } from './service-error';
import type { UiRecord } from './ui-record';
import { ownValue } from '../../../core/own-keys';

/**
 * Where the execution came from: `ui` (a menu click, or google.script.run from a sidebar or
 * dialog: there is a Sheets window), `trigger` (a trigger without UI), `api` (scripts.run) or
 * `webapp` (a web app's doGet/doPost). Only `ui` and `trigger` run inside the container: in `api` and
 * `webapp` a bound script's special methods answer null or throw.
 * Assumption no-container-outside-the-document (../assumptions.ts).
 */
export type ExecutionContextKind = 'ui' | 'api' | 'webapp' | 'trigger';

/** The kinds of execution that run outside the document, as a web app or through the Apps Script API. */
export const OUTSIDE_THE_DOCUMENT: readonly ExecutionContextKind[] = ['api', 'webapp'];

export type AuthModeName = 'NONE' | 'LIMITED' | 'FULL' | 'CUSTOM_FUNCTION';

export interface ExecutionSettings {
  readonly context: ExecutionContextKind;
  /** The email of the person (or account) running the script. */
  readonly user: string;
  /** A script bound to this spreadsheet; false for a standalone script or web app. */
  readonly containerBound: boolean;
  /** HTML files of the script project, by name without `.html`; undefined: those beside the bundle it runs. */
  readonly projectFiles: Readonly<Record<string, string>> | undefined;
  /**
   * When 'NONE', only what an unused add-on's onOpen may do is allowed: building menus. When 'LIMITED' (a simple
   * trigger: onOpen, onEdit), what needs the person's authorization is refused (REFUSED_IN_AUTH_MODE_LIMITED).
   */
  readonly authMode: AuthModeName | undefined;
  readonly now: () => Date;
  /** Print console output to the process console as well as recording it. */
  readonly echoLogs: boolean;
  /**
   * The script runs on its own thread while other executions run (the execution pool): lock waits and
   * Utilities.sleep take real time. False for an in-process execution, which nothing could overtake.
   */
  readonly concurrent: boolean;
}

/**
 * Calls allowed in AuthMode.NONE (https://developers.google.com/apps-script/add-ons/concepts/editor-auth-lifecycle).
 */
const ALLOWED_IN_AUTH_MODE_NONE: readonly CallFilter[] = ['SpreadsheetApp.getUi', 'Ui.createMenu', 'Menu'];

const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const SCRIPTAPP_SCOPE = 'https://www.googleapis.com/auth/script.scriptapp';
const CONTAINER_UI_SCOPE = 'https://www.googleapis.com/auth/script.container.ui';

/**
 * Calls refused in AuthMode.LIMITED, the mode of a simple trigger (onOpen, onEdit), each with the scope Google's
 * refusal names: a simple trigger "cannot access services that require authorization" and "can modify the file they
 * are bound to, but cannot access other files" (https://developers.google.com/apps-script/guides/triggers#restrictions).
 * Assumption simple-trigger-authorization (../assumptions.ts): which calls, and which stay allowed. Some of Google's
 * methods named here are not emulated (openByUrl, showModalDialog): should they be, they are refused already.
 */
const REFUSED_IN_AUTH_MODE_LIMITED: ReadonlyArray<{ readonly call: CallFilter; readonly scope: string }> = [
  { call: 'MailApp', scope: 'https://www.googleapis.com/auth/script.send_mail' },
  { call: 'ScriptApp.newTrigger', scope: SCRIPTAPP_SCOPE },
  { call: 'ScriptApp.getProjectTriggers', scope: SCRIPTAPP_SCOPE },
  { call: 'ScriptApp.deleteTrigger', scope: SCRIPTAPP_SCOPE },
  { call: 'SpreadsheetApp.openById', scope: SPREADSHEETS_SCOPE },
  { call: 'SpreadsheetApp.openByUrl', scope: SPREADSHEETS_SCOPE },
  { call: 'SpreadsheetApp.open', scope: SPREADSHEETS_SCOPE },
  { call: 'SpreadsheetApp.create', scope: SPREADSHEETS_SCOPE },
  { call: 'Ui.showSidebar', scope: CONTAINER_UI_SCOPE },
  { call: 'Ui.showModalDialog', scope: CONTAINER_UI_SCOPE },
  { call: 'Ui.showModelessDialog', scope: CONTAINER_UI_SCOPE },
];

type Method = (...args: unknown[]) => unknown;

const methodNamesByPrototype = new WeakMap<object, readonly string[]>();

export class ExecutionScope {
  /** The realm of the script's values; load-bundle.ts switches it to the vm context's. */
  realm: Realm = hostRealm;
  ended = false;
  /** Locks this execution holds: lock owner (a Lock object) → scope name. */
  readonly heldLocks = new Map<object, string>();
  /** Lock waits in progress (concurrent executions only); ending the execution cancels them. */
  readonly pendingWaits = new Set<LockWait>();
  readonly sleeps: number[] = [];
  /** The directory of the Code.js the execution runs (set when it loads it): the project's files are beside it. */
  projectDir: string | undefined;
  #activeSheet: EmulatedSheet | undefined;
  readonly #implementations = new WeakMap<object, object>();

  constructor(
    readonly executionId: number,
    readonly spreadsheet: EmulatedSpreadsheet,
    readonly settings: ExecutionSettings,
    readonly calls: CallRecord[],
    readonly faults: FaultInjector,
    readonly ui: UiRecord,
    readonly logs: LogEntry[],
  ) {}

  now(): Date {
    return this.settings.now();
  }

  /**
   * Whether the bound script's special methods reach the container here (getActiveSpreadsheet, document
   * properties, the document lock and cache): a bound script in a menu, sidebar or trigger execution.
   */
  get inContainer(): boolean {
    return this.settings.containerBound && !OUTSIDE_THE_DOCUMENT.includes(this.settings.context);
  }

  /**
   * The text of the project's HTML file `name` (without `.html`), or undefined if the project has none: one of the
   * files the execution was given, or else of the `.html` files beside the bundle it runs, as `clasp push` uploads
   * them with it. Read when asked, so that a script reads what was built last, as Apps Script reads what was pushed.
   */
  projectFile(name: string): string | undefined {
    const given = this.settings.projectFiles;
    if (given) return ownValue(given, name);
    // A project's files are side by side, named without folders.
    if (this.projectDir === undefined || /[\\/]/.test(name)) return undefined;
    const file = path.join(this.projectDir, `${name}.html`);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }

  /** The sheet a bare `A1` refers to: the first sheet, unless the script activated another. */
  get activeSheet(): EmulatedSheet {
    const chosen = this.#activeSheet;
    return chosen && this.spreadsheet.sheets.includes(chosen) ? chosen : this.spreadsheet.sheets[0];
  }

  set activeSheet(sheet: EmulatedSheet) {
    this.#activeSheet = sheet;
  }

  /**
   * The object a script gets for a service implementation: the implementation's public methods
   * (its class's prototype methods), each going through the call gate; a method returning the
   * implementation itself (chaining) returns this object instead. Enum fields are copied; nothing
   * else of the implementation is reachable.
   */
  expose<T extends object>(service: ServiceName, implementation: T): T {
    const surface: Record<string, unknown> = {};
    const methods = implementation as unknown as Record<string, Method>;
    for (const name of publicMethodNames(implementation)) {
      const method = methods[name];
      surface[name] = (...args: unknown[]): unknown => {
        this.#enterCall(service, name, args);
        let result: unknown;
        try {
          result = method.apply(implementation, args);
        } catch (error) {
          throw this.#toScriptError(error);
        }
        return result === implementation ? surface : result;
      };
    }
    for (const [key, value] of Object.entries(implementation)) {
      if (isAppsScriptEnum(value)) surface[key] = value;
    }
    // `String(range)` is "Range", as Apps Script objects print their class name.
    Object.defineProperty(surface, 'toString', { value: () => service, enumerable: false });
    this.#implementations.set(surface, implementation);
    return surface as T;
  }

  /** The implementation behind an object the script passed back (a Sheet, an HtmlOutput, …). */
  implementationOf<T extends object>(surface: unknown, type: abstract new (...args: never[]) => T): T | undefined {
    if (typeof surface !== 'object' || surface === null) return undefined;
    const implementation = this.#implementations.get(surface);
    return implementation instanceof type ? implementation : undefined;
  }

  /** Whether `value` is an object `expose` made (a service object the script holds). */
  isServiceObject(value: unknown): boolean {
    return typeof value === 'object' && value !== null && this.#implementations.has(value);
  }

  /** An Error of the script's realm, named as Apps Script's service errors are. */
  scriptError(message: string, name = 'Exception'): Error {
    const error = new this.realm.Error(message);
    // Assumption service-errors-named-exception (../assumptions.ts): "Exception: <message>".
    error.name = name;
    return error;
  }

  #enterCall(service: ServiceName, method: string, args: readonly unknown[]): void {
    if (this.ended) {
      throw this.scriptError(
        `${service}.${method}: this execution has ended; service objects cannot be used after it.`,
      );
    }
    const call: CallRecord = { index: this.calls.length, service, method, args: summarizeArguments(args) };
    this.calls.push(call);
    if (this.settings.authMode === 'NONE' && !ALLOWED_IN_AUTH_MODE_NONE.some((allowed) => callMatches(call, allowed))) {
      call.failure = 'AuthMode.NONE';
      throw this.scriptError(
        `You do not have permission to call ${service}.${method} in AuthMode.NONE: before the add-on is used in ` +
          `this document, onOpen may only build menus.`,
      );
    }
    const needed =
      this.settings.authMode === 'LIMITED'
        ? REFUSED_IN_AUTH_MODE_LIMITED.find((refused) => callMatches(call, refused.call))
        : undefined;
    if (needed !== undefined) {
      call.failure = 'AuthMode.LIMITED';
      // Google's words, as simple triggers report them (Assumption simple-trigger-authorization).
      throw this.scriptError(
        `You do not have permission to call ${service}.${method}. Required permissions: ${needed.scope}`,
      );
    }
    const fault = this.faults.faultFor(call);
    if (fault !== undefined) {
      call.failure = fault;
      throw this.scriptError(fault, 'Error');
    }
  }

  #toScriptError(error: unknown): unknown {
    return error instanceof ServiceError ? this.scriptError(error.message) : error;
  }
}

/** The methods of an implementation's class (and its base classes), except the constructor. */
function publicMethodNames(implementation: object): readonly string[] {
  const prototype = Object.getPrototypeOf(implementation) as object;
  const cached = methodNamesByPrototype.get(prototype);
  if (cached) return cached;
  const names = new Set<string>();
  for (
    let current: object | null = prototype;
    current && current !== Object.prototype;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(current)) {
      const descriptor = Object.getOwnPropertyDescriptor(current, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
  }
  const list = [...names];
  methodNamesByPrototype.set(prototype, list);
  return list;
}
