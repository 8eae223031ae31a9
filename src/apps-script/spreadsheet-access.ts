/**
 * The spreadsheet, and the state the script keeps beside it, reached the same way in every kind of execution.
 *
 * A bound script's "special methods" (getActiveSpreadsheet(), document properties, the document lock, getUi()) are
 * not available when it runs as a web app or through the Apps Script API
 * (https://developers.google.com/apps-script/guides/bound#special_methods): an agent's execution has no active
 * spreadsheet. So a person's run (opening the sheet, the menu, the sidebar) remembers the spreadsheet's id in script
 * properties, which every execution of the script can read, and an execution without an active spreadsheet opens it
 * with SpreadsheetApp.openById. Before any person's run there is nothing to open: NOT_CONNECTED says what to do.
 *
 * The settings and the write log's mark live in script properties too (a bound script belongs to one spreadsheet),
 * and a setting that cannot be read is never taken as "off": the call is refused (fail closed).
 */
import { needsPerson, PlanError } from '../core/errors';
import { ownValue } from '../core/own-keys';
import * as rareRefusals from './rare-refusals';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Properties = GoogleAppsScript.Properties.Properties;

/** The script property that holds the id of the spreadsheet the script is bound to. */
export const SPREADSHEET_ID_PROPERTY = 'sheetPlan.spreadsheetId';
/** The property that holds the settings: a script property now; a document property before (moved on connect). */
export const SETTINGS_PROPERTY = 'sheetPlan.settings';

/** The spreadsheet's time zone, remembered beside its id: an agent's change that writes a date need not ask it. */
export const TIME_ZONE_PROPERTY = 'sheetPlan.timeZone';

/**
 * What an execution keeps here: its script properties, and whether it is a person's run (it has the spreadsheet it was
 * made from: it asks the time zone afresh, once). Apps Script evaluates the project afresh for each execution; the
 * tests that run src/ in several executions in one process start afresh with each execution's PropertiesService.
 */
interface ExecutionState {
  service: GoogleAppsScript.Properties.PropertiesService;
  properties?: ScriptProperties;
  personRun: boolean;
  /** The time zone this person's run read from the spreadsheet: asked once (a change meanwhile is the next run's). */
  timeZone?: string;
}
let state: ExecutionState | undefined;

function executionState(): ExecutionState {
  if (state?.service !== PropertiesService) state = { service: PropertiesService, personRun: false };
  return state;
}

/**
 * The script properties as an execution uses them. Every key is read at once, on first use (getProperties: one
 * service call per execution, where the web app URL, the agents' keys, the spreadsheet id, its time zone and the
 * settings were four or five reads); a write goes to the store and to that copy. A read-change-write under the
 * lock (a list of agents, the mail state, the check results) reads its key afresh: another execution may have written
 * it since this one began.
 */
export class ScriptProperties {
  private values: Record<string, string> | undefined;

  constructor(private readonly store: Properties) {}

  /** As this execution first read it: for what the execution only reads. */
  getProperty(key: string): string | null {
    this.values ??= { ...this.store.getProperties() };
    return ownValue(this.values, key) ?? null;
  }

  /** As the store holds it now: for a read-change-write under the lock. */
  freshProperty(key: string): string | null {
    const value = this.store.getProperty(key);
    if (this.values) this.remember(key, value);
    return value;
  }

  setProperty(key: string, value: string): void {
    this.store.setProperty(key, value);
    if (this.values) this.values[key] = value;
  }

  deleteProperty(key: string): void {
    this.store.deleteProperty(key);
    if (this.values) this.remember(key, null);
  }

  private remember(key: string, value: string | null): void {
    if (value === null) delete this.values![key];
    else this.values![key] = value;
  }
}

/**
 * The script's properties: there in every kind of execution. Where they are not (never documented, but a setting
 * must never read as "off"), the call is refused before anything is read or written.
 */
export function scriptProperties(): ScriptProperties {
  // Once per execution: every later use is free.
  const current = executionState();
  if (current.properties) return current.properties;
  const properties = PropertiesService.getScriptProperties();
  if (!properties) {
    throw new PlanError(
      'SERVICE_ERROR',
      "Sheet Plan's settings are kept in script properties, which this execution cannot read; nothing was done",
    );
  }
  current.properties = new ScriptProperties(properties);
  return current.properties;
}

/**
 * A person's run has the spreadsheet: remember its id for the executions that have not (one property read; a write
 * only the first time, or after the spreadsheet was copied with its script). Settings an earlier version kept in
 * document properties move to script properties first, so that once the id is known every setting is where an agent's
 * execution reads it.
 */
export function rememberSpreadsheet(spreadsheet: Spreadsheet, { withTimeZone = false } = {}): string {
  executionState().personRun = true;
  const properties = scriptProperties();
  const id = spreadsheet.getId();
  const known = properties.getProperty(SPREADSHEET_ID_PROPERTY) === id;
  // Opening the sheet or the sidebar asks the time zone again (File → Settings may have changed it); so does a copy.
  if (withTimeZone || !known) rememberTimeZone(spreadsheet.getSpreadsheetTimeZone());
  if (known) return id;
  moveDocumentSettings(properties);
  properties.setProperty(SPREADSHEET_ID_PROPERTY, id);
  return id;
}

function rememberTimeZone(zone: string): void {
  executionState().timeZone = zone;
  const properties = scriptProperties();
  if (zone && properties.getProperty(TIME_ZONE_PROPERTY) !== zone) properties.setProperty(TIME_ZONE_PROPERTY, zone);
}

/**
 * The spreadsheet's time zone, for the dates and wall-clock times a change writes: a person's run asks the
 * spreadsheet, once (and remembers what it says); an agent's takes the one remembered with the spreadsheet's id, and
 * asks only when none is (one service call saved on every agent's change that writes a date or a claim).
 */
export function spreadsheetTimeZone(spreadsheet: Spreadsheet): string {
  const { personRun, timeZone } = executionState();
  if (timeZone) return timeZone;
  const remembered = personRun ? null : scriptProperties().getProperty(TIME_ZONE_PROPERTY);
  if (remembered) return remembered;
  const zone = spreadsheet.getSpreadsheetTimeZone();
  if (personRun) rememberTimeZone(zone);
  return zone;
}

function moveDocumentSettings(properties: ScriptProperties): void {
  const documentProperties = PropertiesService.getDocumentProperties();
  if (!documentProperties) {
    throw new Error('A person’s run must read document properties to move the settings, and this one cannot');
  }
  const saved = documentProperties.getProperty(SETTINGS_PROPERTY);
  if (saved === null) return;
  if (properties.freshProperty(SETTINGS_PROPERTY) === null) properties.setProperty(SETTINGS_PROPERTY, saved);
  documentProperties.deleteProperty(SETTINGS_PROPERTY);
}

/** The spreadsheet a person's call was made from (a sidebar's, a menu's): there is one in every person's run. */
export function activeSpreadsheet(): Spreadsheet {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  // None in an execution of the Apps Script API (scripts.run) or of the web app: whoever calls there is not a person
  // in the sheet.
  if (!spreadsheet) {
    throw needsPerson(rareRefusals.noSpreadsheetOpen());
  }
  return spreadsheet;
}

/** The spreadsheet a person's run (menu, sidebar, trigger) works on, remembered for the agents' executions. */
export function personSpreadsheet(options?: { withTimeZone?: boolean }): Spreadsheet {
  const spreadsheet = activeSpreadsheet();
  rememberSpreadsheet(spreadsheet, options);
  return spreadsheet;
}

/**
 * The spreadsheet an agent's call works on, in any kind of execution: the one a person's run remembered, opened by its
 * id (one call, as getActiveSpreadsheet is; and the same in scripts.run, a web app, or wherever Google would give the
 * container). NOT_CONNECTED, saying what to do, before the first person's run.
 */
export function planSpreadsheet(): Spreadsheet {
  const id = scriptProperties().getProperty(SPREADSHEET_ID_PROPERTY);
  if (!id) {
    throw new PlanError('NOT_CONNECTED', rareRefusals.notConnected());
  }
  return SpreadsheetApp.openById(id);
}
