/**
 * Runs entry points of the built dist/Code.js the way Apps Script does: every call is a new
 * execution with a fresh global object, on an emulated spreadsheet that outlives executions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatedSpreadsheet, createExecution, editCellAsPerson, loadBundle } from '../../src/node/emulator';
import { sessionFromPage } from '../../sidebar/src/protocol';

export const DIST = path.resolve(__dirname, '../../dist');
export const PLAN = 'AGENT_BASE!C2';
export const MARKER = 'AGENT_BASE!C1';
export const REVISION = 'AGENT_BASE!D2';

export type Context = 'ui' | 'api' | 'trigger';

export interface CallOptions {
  context?: Context;
  /** Set up the execution (fault injection, clock) before the function runs. */
  prepare?: (execution: ReturnType<typeof createExecution>) => void;
  now?: () => Date;
}

/** The project's HTML files, by name without extension, as HtmlService.createHtmlOutputFromFile finds them. */
function projectFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(DIST)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file.slice(0, -'.html'.length), readFileSync(path.join(DIST, file), 'utf8')]),
  );
}

export function execute(
  spreadsheet: EmulatedSpreadsheet,
  name: string,
  args: unknown[] = [],
  options: CallOptions = {},
) {
  const execution = createExecution(spreadsheet, {
    context: options.context ?? 'api',
    now: options.now,
    projectFiles: projectFiles(),
  });
  options.prepare?.(execution);
  const code = loadBundle(execution, DIST) as Record<string, unknown>;
  const entry = code[name];
  if (typeof entry !== 'function') throw new Error(`dist/Code.js has no top-level function ${name}`);
  let result: unknown;
  let error: Error | undefined;
  try {
    // Through JSON, as google.script.run and scripts.run carry results.
    const value = (entry as (...a: unknown[]) => unknown)(...args);
    result = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
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

/** A spreadsheet with a plan typed into AGENT_BASE!C2 (and the marker in C1), as a person would. */
export function sheetWithPlan(
  markdown: string,
  options: { marker?: string | null; timeZone?: string } = {},
): EmulatedSpreadsheet {
  const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Sheet1', 'AGENT_BASE'], timeZone: options.timeZone });
  if (options.marker !== null) spreadsheet.setCellText(MARKER, options.marker ?? 'PLAN.md Contents');
  spreadsheet.setCellText(PLAN, markdown);
  return spreadsheet;
}

export function planText(spreadsheet: EmulatedSpreadsheet): string {
  const value = spreadsheet.cell(PLAN);
  return value === undefined || value === null ? '' : String(value);
}

/** Everything a failed call must leave exactly as it was. */
export function snapshot(spreadsheet: EmulatedSpreadsheet): string {
  return JSON.stringify(spreadsheet.toJSON());
}

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
