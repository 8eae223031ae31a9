/**
 * One Apps Script execution against an emulated spreadsheet: a fresh set of globals for the
 * script, and what the execution did (service calls, UI shown, logs, locks left held). Many
 * executions share one spreadsheet, as many runs share one document.
 */
import type { EmulatedSpreadsheet } from './model/emulated-spreadsheet';
import { countCalls, type CallFilter, type CallRecord } from './runtime/call-log';
import {
  ExecutionScope,
  type AuthModeName,
  type ExecutionContextKind,
  type ExecutionSettings,
} from './runtime/execution-scope';
import { FaultInjector } from './runtime/faults';
import type { LogEntry } from './runtime/log-entries';
import { newRecord, type Realm } from './runtime/realm';
import { UiRecord, type ButtonName } from './runtime/ui-record';
import { CacheService } from './services/cache-service';
import { ContentService } from './services/content-service';
import { HtmlService } from './services/html-service';
import { LockService } from './services/lock-service';
import { createConsole, type EmulatedConsole } from './services/logging';
import { MailApp } from './services/mail-app';
import { PropertiesService } from './services/properties-service';
import { AuthMode, ScriptApp } from './services/script-app';
import { SpreadsheetApp } from './services/spreadsheet-app';
import { Utilities } from './services/utilities';

export interface ExecutionOptions {
  /**
   * Default 'api' (scripts.run). 'ui' is a menu click or google.script.run from a sidebar: only there getUi() works.
   * 'webapp' is a web app's doGet/doPost (WEB_APP_EXECUTION). 'api' and 'webapp' run outside the document: no active
   * spreadsheet, document properties, document lock or cache; SpreadsheetApp.openById reaches the sheet.
   */
  readonly context?: ExecutionContextKind;
  /** The running user's email. Default owner@example.com. */
  readonly user?: string;
  /** The execution's clock (cache expiry, dates typed without a year). Default: real time. */
  readonly now?: () => Date;
  /** Default true. False: no active spreadsheet, no document lock, properties or cache. */
  readonly containerBound?: boolean;
  /**
   * The project's HTML files by name without `.html`, for createHtmlOutputFromFile. Default: the `.html` files beside
   * the Code.js the execution runs (a pushed project holds them with it); none before it loads one.
   */
  readonly projectFiles?: Readonly<Record<string, string>>;
  /**
   * AuthMode.NONE allows only building menus (an add-on's onOpen before it is used in the document); LIMITED, a simple
   * trigger's, refuses what needs the person's authorization (e-mail, triggers, other files, sidebars and dialogs).
   * Default: none given, everything the script's scopes allow (a menu item, the sidebar, scripts.run, a web app).
   */
  readonly authMode?: AuthModeName;
  /** Buttons the person presses on alerts, in order (also: execution.ui.queueAlertResponse). */
  readonly alertResponses?: readonly ButtonName[];
  /** Also print console output. Default false (it is always recorded in execution.logs). */
  readonly echoLogs?: boolean;
  /**
   * Set by the execution pool, whose scripts run on their own threads at the same time: LockService
   * waits and Utilities.sleep sleeps for real. Default false: an in-process execution cannot wait.
   */
  readonly concurrent?: boolean;
}

/** The documented Apps Script globals a script sees, and nothing else (no require, no process). */
export interface AppsScriptGlobals {
  readonly SpreadsheetApp: SpreadsheetApp;
  readonly LockService: LockService;
  readonly Utilities: Utilities;
  readonly PropertiesService: PropertiesService;
  readonly CacheService: CacheService;
  readonly HtmlService: HtmlService;
  readonly ContentService: ContentService;
  readonly ScriptApp: ScriptApp;
  readonly MailApp: MailApp;
  readonly console: EmulatedConsole;
}

export const DEFAULT_USER = 'owner@example.com';

/** The options of a web app's execution (doGet/doPost): outside the document, as scripts.run is. */
export const WEB_APP_EXECUTION: ExecutionOptions = Object.freeze({ context: 'webapp' });
/** The options of a scripts.run execution. */
export const API_EXECUTION: ExecutionOptions = Object.freeze({ context: 'api' });

let executionsStarted = 0;

export class Execution {
  readonly id: number;
  readonly spreadsheet: EmulatedSpreadsheet;
  readonly context: ExecutionContextKind;
  readonly user: string;
  /**
   * A fresh object per execution holding only the Apps Script globals. load-bundle.ts makes it
   * the global object of the bundle's vm context, so top-level functions land on it too.
   */
  readonly globals: AppsScriptGlobals;
  /** Every service method the script called, in order. */
  readonly calls: readonly CallRecord[];
  readonly faults = new FaultInjector();
  /** Menus, alerts and sidebars shown, and the buttons queued for alerts. */
  readonly ui = new UiRecord();
  readonly logs: readonly LogEntry[];
  readonly #scope: ExecutionScope;
  #leakedLocks: string[] = [];

  constructor(spreadsheet: EmulatedSpreadsheet, options: ExecutionOptions = {}) {
    this.id = ++executionsStarted;
    this.spreadsheet = spreadsheet;
    const settings: ExecutionSettings = {
      context: options.context ?? 'api',
      user: options.user ?? DEFAULT_USER,
      containerBound: options.containerBound ?? true,
      projectFiles: options.projectFiles && { ...options.projectFiles },
      authMode: options.authMode,
      now: options.now ?? (() => new Date()),
      echoLogs: options.echoLogs ?? false,
      concurrent: options.concurrent ?? false,
    };
    this.context = settings.context;
    this.user = settings.user;
    const calls: CallRecord[] = [];
    const logs: LogEntry[] = [];
    this.calls = calls;
    this.logs = logs;
    for (const button of options.alertResponses ?? []) this.ui.queueAlertResponse(button);
    const scope = new ExecutionScope(this.id, spreadsheet, settings, calls, this.faults, this.ui, logs);
    this.#scope = scope;
    this.globals = createGlobals(scope);
  }

  /** Milliseconds the script asked Utilities.sleep for, in order (only a concurrent execution really sleeps). */
  get sleeps(): readonly number[] {
    return this.#scope.sleeps;
  }

  get ended(): boolean {
    return this.#scope.ended;
  }

  /**
   * Locks the script still held when the execution ended (`document`, `script`, `user:<email>`).
   * Apps Script releases them then, but code that relies on that holds them for its whole run.
   */
  get leakedLocks(): readonly string[] {
    return this.#leakedLocks;
  }

  /** The execution's clock (ExecutionOptions.now); the bundle's `new Date()` reads it too. */
  now(): Date {
    return this.#scope.now();
  }

  /** Whether `value` is a service object (a Range, a Lock, …) this execution handed out. */
  isServiceObject(value: unknown): boolean {
    return this.#scope.isServiceObject(value);
  }

  /** The implementation behind a service object the script returned (a web app's TextOutput), if it is one. */
  implementationOf(value: unknown): object | undefined {
    return this.#scope.isServiceObject(value) ? this.#scope.implementationOf(value, Object) : undefined;
  }

  countCalls(filter?: CallFilter): number {
    return countCalls(this.calls, filter);
  }

  /** The execution runs the Code.js in `distDir`: its project files are beside it (called as it loads the bundle). */
  runsProjectIn(distDir: string): void {
    this.#scope.projectDir = distDir;
  }

  /** Makes the services build values with the script's realm (called by loadBundle). */
  useScriptRealm(realm: Realm): void {
    this.#scope.realm = realm;
  }

  /**
   * The event Apps Script passes a simple trigger such as onOpen(e)
   * (https://developers.google.com/apps-script/guides/triggers/events): `authMode`, and unless it is
   * NONE, `source` (the spreadsheet). Its `user` and `triggerUid` are left out: nothing reads them.
   */
  triggerEvent(authMode: AuthModeName): Record<string, unknown> {
    const entries: Array<[string, unknown]> = [['authMode', AuthMode[authMode]]];
    if (authMode !== 'NONE') {
      // Made directly, not through the globals: the platform builds the event, not the script.
      entries.push(['source', new SpreadsheetApp(this.#scope).getActive()]);
    }
    return newRecord(this.#scope.realm, entries);
  }

  /**
   * The event of a time-driven trigger (https://developers.google.com/apps-script/guides/triggers/events#time-driven_events):
   * `authMode` (FULL) and `triggerUid`, the id of the trigger that fired. The date parts (`year`, `hour`, …) are left
   * out: nothing reads them.
   */
  clockEvent(triggerUid: string): Record<string, unknown> {
    const entries: Array<[string, unknown]> = [
      ['authMode', AuthMode.FULL],
      ['triggerUid', triggerUid],
    ];
    return newRecord(this.#scope.realm, entries);
  }

  /**
   * The event of an installable or simple onEdit trigger: what triggerEvent gives, plus `range` (the edited range),
   * and `value` and `oldValue` where given: Sheets gives them only for an edit of a single cell, and no `oldValue`
   * when that cell was empty (https://developers.google.com/apps-script/guides/triggers/events#edit).
   */
  editEvent(
    authMode: AuthModeName,
    a1Notation: string,
    values: { readonly value?: string; readonly oldValue?: string } = {},
  ): Record<string, unknown> {
    const event = this.triggerEvent(authMode);
    const spreadsheet = new SpreadsheetApp(this.#scope).getActive();
    if (!spreadsheet) throw new Error('An edit event needs a container-bound execution');
    const range = spreadsheet.getRange(a1Notation);
    Object.assign(event, { range });
    if (values.value !== undefined) Object.assign(event, { value: values.value });
    if (values.oldValue !== undefined) Object.assign(event, { oldValue: values.oldValue });
    return event;
  }

  /**
   * Ends the execution: lock waits are given up, locks still held are released (as Apps Script does
   * when a script terminates) and listed in leakedLocks; service objects refuse further calls.
   */
  end(): void {
    if (this.#scope.ended) return;
    this.#scope.ended = true;
    // Pending changes are applied as the script ends, before its locks are released.
    for (const sheet of this.spreadsheet.sheets) sheet.flushWrites(this.#scope);
    for (const wait of this.#scope.pendingWaits) wait.cancel();
    for (const [owner, scopeName] of this.#scope.heldLocks) {
      this.spreadsheet.locks.release(scopeName, owner);
      this.#leakedLocks.push(scopeName);
    }
    this.#scope.heldLocks.clear();
  }
}

export function createExecution(spreadsheet: EmulatedSpreadsheet, options: ExecutionOptions = {}): Execution {
  return new Execution(spreadsheet, options);
}

/**
 * The globals object has no prototype, so nothing of Node (not even Object.prototype's
 * `constructor`) is reachable from the script through it.
 */
function createGlobals(scope: ExecutionScope): AppsScriptGlobals {
  const globals: AppsScriptGlobals = Object.assign(Object.create(null) as object, {
    SpreadsheetApp: scope.expose('SpreadsheetApp', new SpreadsheetApp(scope)),
    LockService: scope.expose('LockService', new LockService(scope)),
    Utilities: scope.expose('Utilities', new Utilities(scope)),
    PropertiesService: scope.expose('PropertiesService', new PropertiesService(scope)),
    CacheService: scope.expose('CacheService', new CacheService(scope)),
    HtmlService: scope.expose('HtmlService', new HtmlService(scope)),
    ContentService: scope.expose('ContentService', new ContentService(scope)),
    ScriptApp: scope.expose('ScriptApp', new ScriptApp(scope)),
    MailApp: scope.expose('MailApp', new MailApp(scope)),
    console: createConsole(scope),
  });
  return globals;
}
