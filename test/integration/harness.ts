/**
 * Runs entry points of the built dist/Code.js the way Apps Script does: every call is a new
 * execution with a fresh global object, on an emulated spreadsheet that outlives executions.
 */
import path from 'node:path';
import { sessionFromPage } from '../../sidebar/src/protocol';
import {
  EmulatedSpreadsheet,
  createExecution,
  editAsPerson,
  editCellAsPerson,
  loadBundle,
  runSimpleTrigger,
  type PersonEdit,
  type SpreadsheetOptions,
} from '../../src/node/emulator';
import { TextOutput } from '../../src/node/emulator/services/content-service';
import { PLAN_LOCATION, cellA1, cellAddress, cellReference } from '../../src/apps-script/plan-location';
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import { DEFAULT_SETTINGS } from '../../src/core/person/settings';

export const DIST = path.resolve(__dirname, '../../dist');
/** The plan's cells, from the one object that says where the plan lives. */
export const PLAN = cellReference(PLAN_LOCATION.planCell);
export const MARKER = cellReference(PLAN_LOCATION.markerCell);
export const REVISION = cellReference(PLAN_LOCATION.metadataCell);
export const PLAN_SHEET = PLAN_LOCATION.sheet;
/** The revision record's column on the plan sheet (hidden by set-up), and a cell of it further down. */
export const RECORD_COLUMN = cellAddress(PLAN_LOCATION.metadataCell).column;
export const BELOW_THE_RECORD = cellReference(
  cellA1({ row: cellAddress(PLAN_LOCATION.metadataCell).row + 3, column: RECORD_COLUMN }),
);
export const HISTORY_SHEET = PLAN_LOCATION.historySheet;
/** `text` as a pattern that matches it literally, for messages that name a cell. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Agents' calls run as scripts.run runs them ('api', the default) or in a web app ('webapp'): outside the document. */
export type Context = 'ui' | 'api' | 'webapp' | 'trigger';

export interface CallOptions {
  context?: Context;
  /** Set up the execution (fault injection, clock) before the function runs. */
  prepare?: (execution: ReturnType<typeof createExecution>) => void;
  now?: () => Date;
}

/** `args` may be made from the execution (an event object of the script's realm, say). */
export function execute(
  spreadsheet: EmulatedSpreadsheet,
  name: string,
  args: unknown[] | ((execution: ReturnType<typeof createExecution>) => unknown[]) = [],
  options: CallOptions = {},
) {
  const execution = createExecution(spreadsheet, {
    context: options.context ?? 'api',
    now: options.now,
  });
  options.prepare?.(execution);
  const code = loadBundle(execution, DIST) as Record<string, unknown>;
  const entry = code[name];
  if (typeof entry !== 'function') throw new Error(`dist/Code.js has no top-level function ${name}`);
  let result: unknown;
  let error: Error | undefined;
  try {
    // Through JSON, as google.script.run and scripts.run carry results; a web app's TextOutput as Google serves it.
    const value = (entry as (...a: unknown[]) => unknown)(...(typeof args === 'function' ? args(execution) : args));
    const output = execution.implementationOf(value);
    if (output instanceof TextOutput) result = TextOutput.served(output);
    else result = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  } catch (thrown) {
    error = new Error((thrown as Error).message);
  } finally {
    execution.end();
  }
  return { result, error, execution };
}

/** Calls an entry point and returns its result, throwing its error's message. */
export function call<T = any>(spreadsheet: EmulatedSpreadsheet, name: string, ...args: unknown[]): T {
  const { result, error } = execute(spreadsheet, name, args);
  if (error) throw error;
  return result as T;
}

/**
 * A person opens the spreadsheet in Sheets: onOpen builds the menu and remembers the spreadsheet for agents, whose
 * executions have no active spreadsheet (src/apps-script/spreadsheet-access.ts).
 */
export function openedByPerson(spreadsheet: EmulatedSpreadsheet): EmulatedSpreadsheet {
  const outcome = runSimpleTrigger(spreadsheet, DIST, 'onOpen');
  if ('error' in outcome) throw new Error(outcome.error.message);
  return spreadsheet;
}

/**
 * A new spreadsheet a person has opened once, as every sheet an agent works on has been. Its id is fixed (the script
 * properties hold it), so that two runs of one scenario leave the same state.
 */
export function openedSheet(options: SpreadsheetOptions = {}): EmulatedSpreadsheet {
  return withApprovalOff(openedByPerson(new EmulatedSpreadsheet({ id: 'test-spreadsheet', ...options })));
}

/**
 * The settings a person saves with "the agent needs my approval" off. A new sheet has it on
 * (src/core/person/settings.ts);
 * the shared fixtures turn it off explicitly, as most tests are not about approval. Tests of approval turn it on, or
 * delete the property to see a new sheet's default.
 */
export function withApprovalOff(spreadsheet: EmulatedSpreadsheet): EmulatedSpreadsheet {
  spreadsheet.properties.script.set(
    SETTINGS_PROPERTY,
    JSON.stringify({ ...DEFAULT_SETTINGS, approvalRequired: false }),
  );
  return spreadsheet;
}

/** A spreadsheet with a plan typed into the plan cell (and the marker above it), as a person would; opened once. */
export function sheetWithPlan(
  markdown: string,
  options: { marker?: string | null; timeZone?: string } = {},
): EmulatedSpreadsheet {
  const spreadsheet = openedSheet({ sheets: ['Sheet1', PLAN_SHEET], timeZone: options.timeZone });
  if (options.marker !== null) spreadsheet.setCellText(MARKER, options.marker ?? PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, markdown);
  return spreadsheet;
}

export function planText(spreadsheet: EmulatedSpreadsheet): string {
  const value = spreadsheet.cell(PLAN);
  return value === undefined || value === null ? '' : String(value);
}

/** A spreadsheet whose plan Sheet Plan itself wrote (initPlan took it up): its revision record and copy are kept. */
export function sheetWithSavedPlan(markdown: string): EmulatedSpreadsheet {
  const spreadsheet = sheetWithPlan(markdown, { marker: null });
  const { error } = execute(spreadsheet, 'initPlan');
  if (error) throw error;
  if (planText(spreadsheet) !== markdown) throw new Error('initPlan did not keep the plan');
  return spreadsheet;
}

/**
 * Everything a failed call must leave exactly as it was: every sheet and cell, properties, caches, locks. Not the
 * counter the next new sheet's id comes from: a change that made a sheet and was put back has used one up.
 */
export function snapshot(spreadsheet: EmulatedSpreadsheet): string {
  const { nextSheetId: _unused, ...state } = spreadsheet.toJSON();
  return JSON.stringify(state);
}

export { refusedWrites, snapshotBesideTheLog, type NotedRefusal } from './write-log-rows';

export function plan(...lines: string[]): string {
  return lines.join('\n');
}

/** A person types `text` into a cell in the Sheets UI: Sheets stores it and runs onEdit(e). */
export function personEdits(spreadsheet: EmulatedSpreadsheet, a1Notation: string, text: string): void {
  const outcome = editCellAsPerson(spreadsheet, DIST, a1Notation, text);
  if ('error' in outcome) throw new Error(outcome.error.message);
}

/** A person opens the sidebar (Agent Plan → Open plan): the person token its page was given. */
export function openSidebar(spreadsheet: EmulatedSpreadsheet): string {
  const { error, execution } = execute(spreadsheet, 'showPlanSidebar', [], { context: 'ui' });
  if (error) throw error;
  const session = sessionFromPage(execution.ui.sidebars[0].content);
  if (!session) throw new Error('The sidebar page holds no session');
  return session.token;
}

/** A sidebar function called by the person (with the token, in the UI context), throwing its error's message. */
export function callAsPerson<T = any>(
  spreadsheet: EmulatedSpreadsheet,
  token: string,
  name: string,
  ...args: unknown[]
): T {
  const { result, error } = execute(spreadsheet, name, [token, ...args], { context: 'ui' });
  if (error) throw error;
  return result as T;
}

/** The person approves the plan the sidebar shows them: its stamp from sidebarLoad, then sidebarApprovePlan. */
export function approveAsPerson(spreadsheet: EmulatedSpreadsheet, token: string, comment?: string): any {
  const { stamp } = callAsPerson(spreadsheet, token, 'sidebarLoad');
  return callAsPerson(spreadsheet, token, 'sidebarApprovePlan', stamp, comment ?? null);
}

/**
 * Types rows into a sheet from `topLeft` (`Warehouse!A1`) as a person would: `'12'` becomes a number,
 * `'2026-01-10'` a date, a leading apostrophe keeps text. The sheet is created if it is missing.
 */
export function typeRows(spreadsheet: EmulatedSpreadsheet, topLeft: string, rows: unknown[][]): void {
  const execution = createExecution(spreadsheet, { context: 'ui' });
  const app = execution.globals.SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  const [sheetName, cell] = topLeft.split('!');
  const name = sheetName.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
  const active = app.getActiveSpreadsheet();
  const sheet = active.getSheetByName(name) ?? active.insertSheet(name);
  const start = sheet.getRange(cell);
  sheet.getRange(start.getRow(), start.getColumn(), rows.length, rows[0].length).setValues(rows);
  execution.end();
}

/**
 * Runs `name` with the `failAt`-th service call (from 1) throwing "Service error: Spreadsheets", as Google's
 * services sometimes do; answers the outcome and which call failed (`Range.setValues`).
 */
export function executeFailingAt(
  spreadsheet: EmulatedSpreadsheet,
  name: string,
  args: unknown[],
  failAt: number,
  context: Context = 'api',
) {
  let seen = 0;
  let failed = '';
  const outcome = execute(spreadsheet, name, args, {
    context,
    prepare: (run) =>
      run.faults.failNext((call: { service: string; method: string }) => {
        if (++seen !== failAt) return false;
        failed = `${call.service}.${call.method}`;
        return true;
      }, 'Service error: Spreadsheets'),
  });
  return { ...outcome, failed };
}

/** A person edits cells in the Sheets UI (types, pastes, presses Delete, undoes); Sheets then runs onEdit(e). */
export function personDoes(spreadsheet: EmulatedSpreadsheet, edit: PersonEdit): void {
  const outcome = editAsPerson(spreadsheet, DIST, edit);
  if ('error' in outcome) throw new Error(outcome.error.message);
}

/** `text` without its `- Working: … until …` lines (an agent's claims, src/core/rules/claims.ts), their line breaks
 * too. */
export function withoutClaims(text: string): string {
  return text.replace(/\r?\n[ \t]*- Working: [^\r\n]*/g, '');
}
