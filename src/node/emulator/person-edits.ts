/**
 * What a person does to cells in the Sheets UI, and the onEdit simple trigger Sheets then runs. Sheets fires onEdit for
 * edits made in the UI, never for script or API writes (https://developers.google.com/apps-script/guides/triggers).
 * Its event (https://developers.google.com/apps-script/guides/triggers/events#edit) has `range`, the edited range,
 * and, "only available if the edited range is a single cell", `value` and `oldValue`, which "will be undefined if the
 * cell had no previous content". So:
 *  - typing into one cell gives `value`, and `oldValue` unless the cell was empty;
 *  - Delete over several cells gives neither; Assumption delete-gives-old-value-only: over one cell, `oldValue` only;
 *  - Assumption paste-gives-no-values: a paste gives neither, even of one cell;
 *  - Assumption undo-fires-onedit-without-values: an undo runs onEdit, with neither.
 * What a person types or pastes is read as Sheets' cell editor reads it (services/cell-input.ts, the rules a script's
 * setValue follows too): `42` is stored as a number, `2026-01-10` as a date, `=A1*2` and `- item` as formulas, and a
 * leading apostrophe keeps the rest as text. The event's `value` is the text as typed.
 */
import { parseA1Area, splitSheetName, formatA1Area, type GridArea } from './model/a1-notation';
import { copyValue, type CellRecord } from './model/cell';
import { readCellValue } from './model/cell-reading';
import type { EmulatedSheet } from './model/emulated-sheet';
import type { EmulatedSpreadsheet } from './model/emulated-spreadsheet';
import { runOnEdit, type RunOutcome, type SimpleTriggerOptions } from './load-bundle';
import { interpretCellInput, type CellContent } from './services/cell-input';

export type PersonEdit =
  /** Types `text` into one cell and presses Enter. */
  | { readonly kind: 'type'; readonly cell: string; readonly text: string }
  /** Pastes a block of text whose top-left cell is `at`. */
  | { readonly kind: 'paste'; readonly at: string; readonly rows: readonly (readonly string[])[] }
  /** Selects `range` and presses Delete: the cells' contents go, their formats stay. */
  | { readonly kind: 'delete'; readonly range: string }
  /** Ctrl+Z: puts back what the person's last edit replaced. */
  | { readonly kind: 'undo' };

interface UndoEntry {
  readonly sheet: EmulatedSheet;
  readonly area: GridArea;
  /** The cells before the edit, row by row (undefined: an untouched cell). */
  readonly before: Array<Array<CellRecord | undefined>>;
}

/** Each spreadsheet's edits a person can still undo, newest last. */
const undoStacks = new WeakMap<EmulatedSpreadsheet, UndoEntry[]>();

/** What a person's edit leaves for onEdit: the edited range (`Sheet!A1:B2`) and the event's values. */
export interface AppliedEdit {
  readonly range: string;
  readonly values: { value?: string; oldValue?: string };
}

/**
 * Makes the edit in the spreadsheet; answers what onEdit is to be told of it. `now` is the clock a date typed without
 * a year is read by. Text over a cell's limit is refused with the editor's message, and nothing changes.
 */
export function applyPersonEdit(
  spreadsheet: EmulatedSpreadsheet,
  edit: PersonEdit,
  now: () => Date = () => new Date(),
): AppliedEdit {
  const applied = applyEdit(spreadsheet, edit, now);
  const { sheet, area } = applied;
  const singleCell = area.numRows === 1 && area.numColumns === 1;
  const values: { value?: string; oldValue?: string } = {};
  if (singleCell && edit.kind === 'type') values.value = edit.text;
  if (singleCell && (edit.kind === 'type' || edit.kind === 'delete') && applied.oldValue !== undefined) {
    values.oldValue = applied.oldValue;
  }
  return { range: `${quotedName(sheet.name)}!${formatA1Area(area)}`, values };
}

/** Makes the edit, then runs the bundle's onEdit(e) in a new trigger execution, as Sheets does. */
export function editAsPerson(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  edit: PersonEdit,
  options: SimpleTriggerOptions = {},
): RunOutcome {
  const { range, values } = applyPersonEdit(spreadsheet, edit, options.now);
  return runOnEdit(spreadsheet, distDir, range, values, options);
}

/** A person types `text` into one cell (what the local server's page does when C2 loses focus). */
export function editCellAsPerson(
  spreadsheet: EmulatedSpreadsheet,
  distDir: string,
  a1Notation: string,
  text: string,
  options: SimpleTriggerOptions = {},
): RunOutcome {
  return editAsPerson(spreadsheet, distDir, { kind: 'type', cell: a1Notation, text }, options);
}

function applyEdit(
  spreadsheet: EmulatedSpreadsheet,
  edit: PersonEdit,
  now: () => Date,
): { sheet: EmulatedSheet; area: GridArea; oldValue?: string } {
  const stack = undoStacks.get(spreadsheet) ?? [];
  undoStacks.set(spreadsheet, stack);
  if (edit.kind === 'undo') {
    const last = stack.pop();
    if (!last) throw new Error('Nothing to undo: the person has made no edit in this spreadsheet');
    forEachCell(last.area, (row, column, i, j) => setCell(last.sheet, row, column, last.before[i][j]));
    return { sheet: last.sheet, area: last.area };
  }
  const target = edit.kind === 'type' ? edit.cell : edit.kind === 'paste' ? edit.at : edit.range;
  const { sheet, area: start } = locate(spreadsheet, target);
  const area =
    edit.kind === 'paste'
      ? { row: start.row, column: start.column, numRows: edit.rows.length, numColumns: edit.rows[0]?.length ?? 0 }
      : start;
  if (edit.kind === 'type' && (area.numRows !== 1 || area.numColumns !== 1)) {
    throw new Error(`A person types into one cell, not ${target}`);
  }
  if (area.numRows < 1 || area.numColumns < 1) throw new Error('Nothing to paste');
  if (area.row + area.numRows - 1 > sheet.maxRows || area.column + area.numColumns - 1 > sheet.maxColumns) {
    throw new Error(`${target} with this edit reaches beyond the ${sheet.name} sheet`);
  }
  // Every cell is read before any changes, so text over a cell's limit leaves the whole area as it was.
  const contents: CellContent[][] = [];
  forEachCell(area, (row, column, i, j) => {
    const text = edit.kind === 'type' ? edit.text : edit.kind === 'paste' ? (edit.rows[i][j] ?? '') : '';
    (contents[i] ??= []).push(asTyped(spreadsheet, sheet.cellAt(row, column), text, now));
  });
  const before: UndoEntry['before'] = [];
  forEachCell(area, (row, column, i) => {
    (before[i] ??= []).push(copyCell(sheet.cellAt(row, column)));
  });
  stack.push({ sheet, area, before });
  const old = readCellValue(sheet.cellAt(area.row, area.column));
  forEachCell(area, (row, column, i, j) =>
    sheet.updateCell(row, column, (cell) => {
      const content = contents[i][j];
      delete cell.computed;
      cell.formula = content.kind === 'formula' ? content.formula : '';
      cell.value = content.kind === 'value' ? content.value : '';
    }),
  );
  return { sheet, area, oldValue: old === '' ? undefined : String(old) };
}

/**
 * The text Sheets' cell editor opens `reference` with: a formula as written (not its result), and a value as the
 * grid shows it, with an apostrophe before text that the editor would read as something else if committed as it
 * stands (`'42`, `'=total`, `'1/10`). Sheets' formula bar shows such an apostrophe as Excel's does, as far as the
 * pages we read say; either way, committing the editor unchanged leaves the cell as it was.
 */
export function editorText(spreadsheet: EmulatedSpreadsheet, reference: string, now: () => Date = () => new Date()) {
  const formula = spreadsheet.formula(reference);
  if (formula) return formula;
  const value = spreadsheet.cell(reference);
  if (typeof value !== 'string' || !value) return spreadsheet.displayed(reference);
  const { sheet, area } = locate(spreadsheet, reference);
  const typed = asTyped(spreadsheet, sheet.cellAt(area.row, area.column), value, now);
  return typed.kind === 'value' && typed.value === value ? value : `'${value}`;
}

/** What the cell editor makes of `text` typed into `cell`; Delete (empty text) empties the cell. */
function asTyped(
  spreadsheet: EmulatedSpreadsheet,
  cell: CellRecord | undefined,
  text: string,
  now: () => Date,
): CellContent {
  if (text === '') return { kind: 'value', value: '' };
  return interpretCellInput(text, {
    numberFormat: cell?.numberFormat,
    timeZone: spreadsheet.zone,
    now: now(),
    method: 'the cell editor',
  });
}

function locate(spreadsheet: EmulatedSpreadsheet, reference: string): { sheet: EmulatedSheet; area: GridArea } {
  const parts = splitSheetName(reference);
  const sheet = parts?.sheetName === undefined ? spreadsheet.sheets[0] : spreadsheet.sheetNamed(parts.sheetName);
  if (!parts || !sheet) throw new Error(`No such range: ${reference}`);
  const area = parseA1Area(parts.a1, sheet);
  if (!area) throw new Error(`Not a range in A1 notation: ${reference}`);
  return { sheet, area };
}

function forEachCell(area: GridArea, visit: (row: number, column: number, i: number, j: number) => void): void {
  for (let i = 0; i < area.numRows; i++) {
    for (let j = 0; j < area.numColumns; j++) visit(area.row + i, area.column + j, i, j);
  }
}

function copyCell(cell: CellRecord | undefined): CellRecord | undefined {
  if (!cell) return undefined;
  return {
    ...cell,
    value: copyValue(cell.value),
    ...(cell.formatting ? { formatting: { ...cell.formatting } } : {}),
  };
}

function setCell(sheet: EmulatedSheet, row: number, column: number, saved: CellRecord | undefined): void {
  sheet.updateCell(row, column, (cell) => {
    for (const key of Object.keys(cell) as Array<keyof CellRecord>) delete cell[key];
    Object.assign(cell, copyCell(saved) ?? { value: '', formula: '' });
  });
}

function quotedName(name: string): string {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
