/**
 * What the local Sheets window shows besides the plan cells, answered from the emulated spreadsheet:
 * Like /api/cells they answer only this server's pages (the secret, local-only.ts).
 *  - GET  /api/window     the sheet tabs and the person's selection (what a range link selected), with the
 *                         cells around it, so the page can show the selection as Sheets would
 *  - GET  /api/menu       the menus onOpen builds, run as Sheets runs it when the document opens
 *  - POST /api/menu/run   a menu item clicked: its function in a 'ui' execution, and the alerts it showed
 * The page draws the menu from what onOpen built, so it has exactly the items of the real Agent Plan menu.
 */
import { DEFAULT_USER, type EmulatedSpreadsheet, type ExecutionPool, type MenuEntry } from '../emulator';
import { cellA1, columnLetters } from '../emulator/model/a1-notation';
import type { HttpAnswer } from './scripts-run';

export interface WindowOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  pool: ExecutionPool;
  persist?: () => void;
}

/** How much of a sheet the page draws around a selection. */
const GRID_ROWS = 24;
const GRID_COLUMNS = 8;

export interface SelectionView {
  sheetName: string;
  a1: string;
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
  /** The cells the page draws: from `firstRow`/`firstColumn`, display text by row. */
  grid: { firstRow: number; firstColumn: number; columnLetters: string[]; rows: string[][] };
}

export function windowState(spreadsheet: EmulatedSpreadsheet): { sheets: string[]; selection: SelectionView | null } {
  const sheets = spreadsheet.sheets.filter((sheet) => !sheet.hidden).map((sheet) => sheet.name);
  const selected = spreadsheet.selections.get(DEFAULT_USER);
  if (!selected || !spreadsheet.sheets.includes(selected.sheet)) return { sheets, selection: null };
  const { sheet, area } = selected;
  const firstRow = Math.max(1, area.row - 1);
  const firstColumn = Math.max(1, area.column - 1);
  const lastRow = Math.min(sheet.maxRows, firstRow + GRID_ROWS - 1);
  const lastColumn = Math.min(sheet.maxColumns, firstColumn + GRID_COLUMNS - 1);
  const rows: string[][] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const cells: string[] = [];
    for (let column = firstColumn; column <= lastColumn; column++) {
      cells.push(String(spreadsheet.cell(`'${sheet.name.replace(/'/g, "''")}'!${cellA1(row, column)}`) ?? ''));
    }
    rows.push(cells);
  }
  const letters = [];
  for (let column = firstColumn; column <= lastColumn; column++) letters.push(columnLetters(column));
  return {
    sheets,
    selection: {
      ...spreadsheet.selection(DEFAULT_USER)!,
      row: area.row,
      column: area.column,
      numRows: area.numRows,
      numColumns: area.numColumns,
      grid: { firstRow, firstColumn, columnLetters: letters, rows },
    },
  };
}

/** The menus onOpen adds, as the document opening in Sheets runs it (a simple trigger, AuthMode.LIMITED). */
export async function documentMenus(options: WindowOptions): Promise<Array<{ name: string; items: MenuEntry[] }>> {
  const outcome = await options.pool.run(options.spreadsheet, options.distDir, 'onOpen', [], {
    context: 'ui',
    authMode: 'LIMITED',
  });
  if ('error' in outcome) throw new Error(`onOpen failed: ${outcome.error.message}`);
  return outcome.execution.ui.menus.map((menu) => ({ name: menu.name, items: [...menu.items] }));
}

function menuFunctions(items: readonly MenuEntry[]): string[] {
  return items.flatMap((item) => (item.type === 'item' ? [item.functionName] : []));
}

/** Runs a menu item's function as a click in Sheets does; only functions onOpen put in a menu may run. */
export async function runMenuItem(options: WindowOptions, body: unknown): Promise<HttpAnswer> {
  const functionName = (body as { functionName?: unknown } | undefined)?.functionName;
  const allowed = (await documentMenus(options)).flatMap((menu) => menuFunctions(menu.items));
  if (typeof functionName !== 'string' || !allowed.includes(functionName)) {
    return {
      status: 400,
      body: { error: { message: `Expected { "functionName": one of ${allowed.join(', ')} }` } },
    };
  }
  const outcome = await options.pool.run(options.spreadsheet, options.distDir, functionName, [], { context: 'ui' });
  options.persist?.();
  const { alerts, sidebars } = outcome.execution.ui;
  return {
    status: 200,
    body: {
      alerts: alerts.map(({ title, prompt }) => ({ title, prompt })),
      showedSidebar: sidebars.length > 0,
      ...('error' in outcome ? { error: { message: outcome.error.message } } : {}),
    },
  };
}
