/**
 * What the local Sheets window shows besides the plan cells, answered from the emulated spreadsheet:
 * Like /api/cells they answer only this server's pages (the secret, local-only.ts).
 *  - GET  /api/window     the sheet tabs and the person's selection (what a range link selected), with the
 *                         cells around it, every visible sheet's cells and its hidden columns, so the page shows
 *                         them as Sheets would
 *  - PUT  /api/window/cell a person types into one cell of a sheet other than the plan's (onEdit runs)
 *  - GET  /api/menu       the menus onOpen builds, run as Sheets runs it when the document opens
 *  - POST /api/menu/run   a menu item clicked: its function in a 'ui' execution, and the alerts it showed
 * The page draws the menu from what onOpen built, so it has exactly the items of the real Agent Plan menu.
 */
import { DEFAULT_USER, type EmulatedSpreadsheet, type ExecutionPool, type MenuEntry } from '../emulator';
import { cellA1, columnLetters } from '../emulator/model/a1-notation';
import type { EmulatedSheet } from '../emulator/model/emulated-sheet';
import { editorText } from '../emulator/person-edits';
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
  /**
   * The cells the page draws: from `firstRow`/`firstColumn`, display text by row; and the text the cell editor opens
   * each with where that differs (a formula, an apostrophe before text that reads as a number), by row and column.
   */
  grid: {
    firstRow: number;
    firstColumn: number;
    columnLetters: string[];
    rows: string[][];
    editing: Record<string, string>;
  };
}

/** The most of a sheet drawn from A1 when nothing is selected there: its data, up to this many rows and columns. */
const MAX_SHEET_ROWS = 200;
const MAX_SHEET_COLUMNS = 26;

type Grid = SelectionView['grid'];

export interface WindowState {
  sheets: string[];
  selection: SelectionView | null;
  /** Every visible sheet but the plan's, from A1: its data and an empty row and column after it, as Sheets shows. */
  grids: Record<string, Grid>;
  /**
   * The columns (1-based) hideColumns hid, by visible sheet (the plan's too: set-up hides its record column): the
   * page leaves them out, as Sheets does. A sheet with none is not listed.
   */
  hiddenColumns: Record<string, number[]>;
}

/** The hidden columns of each sheet that has some, in order. */
function hiddenColumnsOf(sheets: readonly EmulatedSheet[]): Record<string, number[]> {
  const hidden: Record<string, number[]> = {};
  for (const sheet of sheets) {
    if (sheet.hiddenColumns.size) hidden[sheet.name] = [...sheet.hiddenColumns].sort((a, b) => a - b);
  }
  return hidden;
}

function quoted(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/** The cells' text from (firstRow, firstColumn) to (lastRow, lastColumn), clipped to the sheet. */
function gridOf(spreadsheet: EmulatedSpreadsheet, sheet: EmulatedSheet, first: GridCorner, last: GridCorner): Grid {
  const lastRow = Math.min(sheet.maxRows, last.row);
  const lastColumn = Math.min(sheet.maxColumns, last.column);
  const rows: string[][] = [];
  const editing: Record<string, string> = {};
  for (let row = first.row; row <= lastRow; row++) {
    const cells: string[] = [];
    for (let column = first.column; column <= lastColumn; column++) {
      const reference = `${quoted(sheet.name)}!${cellA1(row, column)}`;
      const shown = spreadsheet.displayed(reference);
      const edited = editorText(spreadsheet, reference);
      if (edited !== shown) editing[cellA1(row, column)] = edited;
      cells.push(shown);
    }
    rows.push(cells);
  }
  const letters = [];
  for (let column = first.column; column <= lastColumn; column++) letters.push(columnLetters(column));
  return { firstRow: first.row, firstColumn: first.column, columnLetters: letters, rows, editing };
}

interface GridCorner {
  row: number;
  column: number;
}

export function windowState(spreadsheet: EmulatedSpreadsheet, planSheet: string): WindowState {
  const visible = spreadsheet.sheets.filter((sheet) => !sheet.hidden);
  const grids: Record<string, Grid> = {};
  for (const sheet of visible) {
    if (sheet.name === planSheet) continue;
    grids[sheet.name] = gridOf(
      spreadsheet,
      sheet,
      { row: 1, column: 1 },
      {
        row: Math.min(MAX_SHEET_ROWS, Math.max(GRID_ROWS, sheet.lastRow() + 1)),
        column: Math.min(MAX_SHEET_COLUMNS, Math.max(GRID_COLUMNS, sheet.lastColumn() + 1)),
      },
    );
  }
  const sheets = visible.map((sheet) => sheet.name);
  const hiddenColumns = hiddenColumnsOf(visible);
  const selected = spreadsheet.selections.get(DEFAULT_USER);
  if (!selected || !spreadsheet.sheets.includes(selected.sheet)) {
    return { sheets, selection: null, grids, hiddenColumns };
  }
  const { sheet, area } = selected;
  const first = { row: Math.max(1, area.row - 1), column: Math.max(1, area.column - 1) };
  const grid = gridOf(spreadsheet, sheet, first, {
    row: first.row + GRID_ROWS - 1,
    column: first.column + GRID_COLUMNS - 1,
  });
  return {
    sheets,
    grids,
    hiddenColumns,
    selection: {
      ...spreadsheet.selection(DEFAULT_USER)!,
      row: area.row,
      column: area.column,
      numRows: area.numRows,
      numColumns: area.numColumns,
      grid,
    },
  };
}

/**
 * PUT /api/window/cell `{ sheet, cell, text }`: a person types `text` into one cell of a visible sheet other than the
 * plan's (whose cells go through /api/cells), through the emulator's person-edit path, so onEdit runs as in Sheets.
 */
export async function editSheetCell(options: WindowOptions, planSheet: string, body: unknown): Promise<HttpAnswer> {
  const { sheet, cell, text } = (body ?? {}) as { sheet?: unknown; cell?: unknown; text?: unknown };
  const target = typeof sheet === 'string' ? options.spreadsheet.sheetNamed(sheet) : undefined;
  const refuse = (message: string): HttpAnswer => ({ status: 400, body: { error: { message } } });
  if (!target || target.hidden || target.name === planSheet) {
    return refuse(`Expected "sheet": one of the visible sheets other than ${planSheet}`);
  }
  if (typeof cell !== 'string' || !/^[A-Z]{1,3}[1-9][0-9]*$/.test(cell)) {
    return refuse('Expected "cell": one cell in A1 notation, such as B3');
  }
  if (typeof text !== 'string') return refuse('Expected "text": what the person typed, as a string');
  const reference = `${quoted(target.name)}!${cell}`;
  let outcome: Awaited<ReturnType<ExecutionPool['editCellAsPerson']>>;
  try {
    outcome = await options.pool.editCellAsPerson(options.spreadsheet, options.distDir, reference, text);
  } catch (error) {
    return refuse(`${reference} cannot be edited: ${(error as Error).message}`);
  }
  options.persist?.();
  return 'error' in outcome
    ? { status: 200, body: { ok: true, onEditError: { message: outcome.error.message } } }
    : { status: 200, body: { ok: true } };
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
