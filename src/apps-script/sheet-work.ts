/**
 * Sheet work under the plan: the functions an agent reads and writes the spreadsheet with
 * (listSheets, readRange, writeRange, getWriteLog), and the person's undo of a write. The rules
 * live in src/core/sheet/sheet-rules.ts; this module reads the cells and the plan, asks the rules, and
 * writes. A write is one lock, one read of the plan cells, one getValues, one getFormulas and one getNumberFormats
 * of the target's rows (./range-cells.ts: the undo record, with the formulas so that an undo puts a formula back, not
 * its last value, and what tells the rows apart beside the target, so that an undo after a sort is refused; the
 * formats because a plain-text cell takes text without the apostrophe that keeps it text elsewhere), one setValues
 * and one appended log row; the first write of a step also lists the step in the plan's revision record (two
 * calls), so that the done check of a task that never wrote skips the log.
 */
import { describeValue } from '../core/api/arguments';
import {
  describeCell,
  fromCellValue,
  movedColumns,
  holds,
  isDate,
  isFormulaCell,
  requireGrid,
  type CellJson,
} from '../core/sheet/cell-values';
import { conflict, invalidArgument, invalidTransition, notFound } from '../core/errors';
import { LEASE_MINUTES, holderOf, type Claimant } from '../core/rules/claims';
import type { ChangeSource } from '../core/write-path/revision';
import { stepsListedIn } from '../core/write-path/steps-that-wrote';
import type { ReadResult, SheetSummary, WriteLogEntry, WriteResult } from '../core/sheet/sheet-results';
import {
  anchoredAt,
  cellCount,
  cellName,
  clippedTo,
  columnCount,
  formatSheetRange,
  isBounded,
  overlaps,
  requireSheetRange,
  rowCount,
  type SheetRange,
} from '../core/sheet/sheet-range';
import { columnLetters } from '../core/sheet/a1';
import {
  SHEET_LIMITS,
  enforceSheetRules,
  readIsDeclared,
  ruleContext,
  sheetRefusal,
  type SheetRefusal,
  type SheetRequest,
} from '../core/sheet/sheet-rules';
import { OWN_SHEETS } from './plan-location';
import { spreadsheetTimeZone } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';
import { gridRange, readRows, requireTextsFit, sheetNamed, writeCells } from './range-cells';
import { WriteLog, undoRecordParts, type LogChange } from './write-log';
import { warn } from './warn';
import * as rareRefusals from './rare-refusals';
import { filled } from '../core/text';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export { OWN_SHEETS };

/** Rules that need no plan, for requests made before anything is read. */
const NO_PLAN_CONTEXT = ruleContext('', { approvalRequired: true }, OWN_SHEETS);

// ---- listSheets ----

export function listSheets(spreadsheet: Spreadsheet): SheetSummary[] {
  const own: readonly string[] = OWN_SHEETS;
  return spreadsheet
    .getSheets()
    .map((sheet) => ({ sheet, name: sheet.getName() }))
    .filter(({ name }) => !own.includes(name))
    .map(({ sheet, name }) => {
      const rows = sheet.getLastRow();
      const columns = sheet.getLastColumn();
      const header = columns > 0 ? sheet.getRange(1, 1, 1, columns).getDisplayValues()[0].map(String) : [];
      const summary: SheetSummary = { name, rows, columns, header };
      if (sheet.isSheetHidden()) summary.hidden = true;
      return summary;
    });
}

// ---- readRange ----

export interface ReadOptions {
  /** Also answer the values as the sheet shows them (formatted numbers and dates). */
  display?: boolean;
}

export function readRange(
  spreadsheet: Spreadsheet,
  a1: string,
  options: ReadOptions | null | undefined,
  source: ChangeSource,
): ReadResult {
  const requested = requireSheetRange(a1);
  const display = options?.display === true;
  const request: SheetRequest = { call: 'read', range: requested };
  if (isBounded(requested)) enforceSheetRules(request, NO_PLAN_CONTEXT, false);
  else enforceSheetRules({ ...request, range: anchoredAt(requested, 1, 1) }, NO_PLAN_CONTEXT, false);

  const store = new SpreadsheetPlanStore(spreadsheet);
  const cellsOfPlan = store.read();
  // Reads are never refused for the plan's sake; the plan only says whether this one is declared.
  const context = ruleContext(cellsOfPlan?.text ?? '', { approvalRequired: false }, OWN_SHEETS);
  let range = requested;
  if (!isBounded(requested)) {
    const sheet = sheetNamed(spreadsheet, requested.sheet);
    range = clippedTo(requested, sheet.getLastRow(), sheet.getLastColumn());
    enforceSheetRules({ call: 'read', range }, NO_PLAN_CONTEXT, false);
  }
  const result: ReadResult = {
    range: formatSheetRange(requested),
    rows: Math.max(0, rowCount(range)),
    columns: Math.max(0, columnCount(range)),
    values: [],
    declared: false,
  };
  const anyCells = result.rows > 0 && result.columns > 0;
  // What was read counts: `Data!A:F` that stops at row 40 lies inside a declared `Data!A1:F500`.
  result.declared = readIsDeclared(anyCells ? range : requested, context.plan);
  if (anyCells) {
    result.range = formatSheetRange(range);
    const cells = gridRange(spreadsheet, range);
    const values = cells.getValues();
    result.values = values.map((row) => row.map(fromCellValue));
    if (display) result.displayValues = cells.getDisplayValues().map((row) => row.map(String));
    if (values.some((row) => row.some(isDate))) result.timeZone = spreadsheetTimeZone(spreadsheet);
  } else if (display) {
    result.displayValues = [];
  }
  if (!result.declared) {
    store.exclusive(
      () =>
        new WriteLog(spreadsheet, store, store.planIdOf(cellsOfPlan)).append({
          kind: 'read',
          at: store.clock.now(),
          by: source,
          step: '',
          range: result.range,
          rows: result.rows,
          columns: result.columns,
        }),
      'nothing',
    );
  }
  return result;
}

// ---- writeRange ----

/** The rectangle the values fill: the range itself (same size), or the block starting at its one cell. */
function writeTarget(range: SheetRange, values: CellJson[][]): SheetRange {
  const rows = values.length;
  const columns = values[0].length;
  const shape = `${rows} row${rows === 1 ? '' : 's'} × ${columns} column${columns === 1 ? '' : 's'}`;
  const target = anchoredAt(range, rows, columns);
  if (!isBounded(range)) {
    throw invalidArgument(
      filled(rareRefusals.openWrite(), { range: formatSheetRange(range), target: formatSheetRange(target), shape }),
    );
  }
  if (cellCount(range) === 1) return target;
  if (rowCount(range) !== rows || columnCount(range) !== columns) {
    const size = `${rowCount(range)} × ${columnCount(range)}`;
    const first = formatSheetRange(anchoredAt(range, 1, 1));
    throw invalidArgument(filled(rareRefusals.writeSize(), { range: formatSheetRange(range), size, shape, first }));
  }
  return range;
}

function firstFormula(values: CellJson[][]): string | undefined {
  for (let r = 0; r < values.length; r++) {
    const c = values[r].findIndex(isFormulaCell);
    if (c >= 0) return `values[${r}][${c}]`;
  }
  return undefined;
}

/** The agent that writes, on the spreadsheet's wall clock. */
function writerClaimant(store: SpreadsheetPlanStore, source: ChangeSource): Claimant {
  // The rules ask the time once for each claim they compare; the clock is read once per write.
  let now: string | undefined;
  let leaseEnd: string | undefined;
  return {
    holder: holderOf(source),
    now: () => (now ??= store.clock.wallClock(0)),
    leaseEnd: () => (leaseEnd ??= store.clock.wallClock(LEASE_MINUTES)),
  };
}

export function writeRange(
  spreadsheet: Spreadsheet,
  a1: unknown,
  values: unknown,
  step: string,
  source: ChangeSource,
): WriteResult {
  const range = requireSheetRange(a1);
  const grid = requireGrid(values, SHEET_LIMITS.writeCells);
  const task = step.trim();
  const target = writeTarget(range, grid);
  const request: SheetRequest = { call: 'write', range: target, step: task, formulaAt: firstFormula(grid) };
  // The call's shape (its size) is refused before anything is read; a refusal the log notes waits for the plan's id.
  const early = sheetRefusal(request, NO_PLAN_CONTEXT, false);
  if (early && !early.noted) throw early.error;

  const store = new SpreadsheetPlanStore(spreadsheet);
  return store.exclusive(() => {
    const planCells = store.read();
    const planText = planCells?.text ?? '';
    const approved = store.versions.lastApproved()?.text;
    const planId = store.planIdOf(planCells);
    const context = ruleContext(planText, store.settings.readSettings(), OWN_SHEETS, approved, {
      claimant: writerClaimant(store, source),
      writes: () => new WriteLog(spreadsheet, store, planId).standingWrites(planId),
      stepsThatWrote: () => stepsListedIn(planCells),
    });
    const refusal = early ?? sheetRefusal(request, context, true);
    if (refusal) {
      if (refusal.noted)
        noteRefusal(spreadsheet, planId, refusal, {
          at: store.clock.now(),
          by: source,
          step: task,
          range: formatSheetRange(target),
          rows: grid.length,
          columns: grid[0].length,
        });
      throw refusal.error;
    }
    const sheet = sheetNamed(spreadsheet, target.sheet);
    // Read immediately before writing, so that the undo record keeps what the write really overwrote: a person's edit
    // that landed since the plan was read is in it.
    const { cells, read, beside } = readRows(sheet, target);
    // What the write puts in, and what its undo (or its failure) puts back.
    requireTextsFit([grid, read.recorded], read, target, (places, grid) =>
      invalidArgument(filled(grid ? rareRefusals.plainTextHeld() : rareRefusals.plainTextFormula(), places)),
    );
    const replaced = read.recorded;
    const a1Text = formatSheetRange(target);
    const parts = undoRecordParts({ replaced, written: grid, beside }, a1Text);
    const at = store.clock.now();
    writeCells(store, cells, grid, read);
    // Listed before it is logged, in the same change: the log never holds a write of a step the record says never
    // wrote.
    store.listStepThatWrote(task);
    // A write the person cannot see or undo never happens: if the log row fails, the cells are put back with it.
    const { entry } = new WriteLog(spreadsheet, store, planId).append(
      { kind: 'write', at, by: source, step: task, range: a1Text, rows: grid.length, columns: grid[0].length },
      parts,
    );
    return {
      id: entry.id,
      range: a1Text,
      rows: entry.rows,
      columns: entry.columns,
      cells: entry.cells,
      step: task,
      at,
      replacedCells: replaced.reduce((count, cellsOfRow) => count + cellsOfRow.filter((cell) => cell !== '').length, 0),
    };
  }, 'plan');
}

/**
 * Notes a refused write in the log for the person (its range, task, and why), as a read outside the plan is noted:
 * one appended row that stays, whatever the refusal that follows; no cell of the sheet and nothing of the plan
 * changes. Noting it must not change the agent's answer: if the row cannot be written, what its append made (a log
 * sheet made but not hidden) is put back and the refusal is answered all the same.
 */
function noteRefusal(
  spreadsheet: Spreadsheet,
  plan: string,
  refusal: SheetRefusal,
  fields: Omit<WriteLogEntry, 'id' | 'kind' | 'cells' | 'refused'>,
): void {
  const putBack: Array<() => void> = [];
  const kept: LogChange = {
    kept: true,
    registerPutBack: (step) => putBack.unshift(step),
    afterCommit: (step) => step(),
  };
  try {
    new WriteLog(spreadsheet, kept, plan).append({
      ...fields,
      kind: 'refused',
      refused: { code: refusal.error.code, reason: refusal.brief },
    });
  } catch (error) {
    try {
      putBack.forEach((step) => step());
    } catch {
      // What is left is a log sheet without its rows: no cell of the person's, and the next append uses it.
    }
    warn(`a refused write to ${fields.range} was not noted in the write log`, error);
  }
}

// ---- the log, and undo ----

/** The newest `limit` entries of the write log (20 unless told; the descriptor allows 1 to 100). */
export function getWriteLog(spreadsheet: Spreadsheet, limit?: number | null): WriteLogEntry[] {
  return new WriteLog(spreadsheet).list(limit ?? 20);
}

/**
 * Keeps every write that can still be undone (a person's choice in the sidebar): they can no longer be undone, and the
 * log has room again for the agent's writes. Answers what `answer` reads inside the same change.
 */
export function keepWritesThen<T>(spreadsheet: Spreadsheet, seen: number, answer: (kept: number) => T): T {
  // `seen` is checked by the descriptor's argument rules (a whole number from 1) before this runs.
  const store = new SpreadsheetPlanStore(spreadsheet);
  return store.exclusive(() => answer(new WriteLog(spreadsheet, store).keepAll(seen)), 'nothing');
}

/** How many differing cells an undo refusal lists before "and N more". */
const DIFFERENCES_SHOWN = 5;

/**
 * Puts back the values a write replaced, only if its cells still hold exactly what it wrote;
 * otherwise CONFLICT says what changed since, and nothing is written.
 */
export function undoWrite(spreadsheet: Spreadsheet, id: unknown, source: ChangeSource): WriteLogEntry {
  return undoWriteThen(spreadsheet, id, source, (entry) => entry);
}

/**
 * undoWrite, answering what `answer` reads inside the same change (under the lock, before the commit): if that read
 * fails, the undo is put back, so an error always means nothing was undone.
 */
export function undoWriteThen<T>(
  spreadsheet: Spreadsheet,
  id: unknown,
  source: ChangeSource,
  answer: (entry: WriteLogEntry) => T,
): T {
  if (typeof id !== 'string' || !id.trim()) {
    throw invalidArgument(filled(rareRefusals.undoIdShape(), { got: describeValue(id) }));
  }
  const store = new SpreadsheetPlanStore(spreadsheet);
  return store.exclusive(() => {
    const log = new WriteLog(spreadsheet, store);
    const found = log.find(id.trim());
    if (!found) {
      throw notFound(filled(rareRefusals.notInLog(), { id }));
    }
    const { entry, row, record, later, others } = found;
    if (entry.kind !== 'write') {
      throw invalidArgument(
        filled(entry.kind === 'read' ? rareRefusals.undoRead() : rareRefusals.undoRefused(), { id }),
      );
    }
    if (entry.undone) {
      throw invalidTransition(filled(rareRefusals.undoneAlready(), { range: entry.range, at: entry.undone.at }));
    }
    if (entry.kept) throw invalidTransition(filled(rareRefusals.undoKept(), { range: entry.range }));
    if (!record) throw notFound(filled(rareRefusals.recordUnreadable(), { range: entry.range }));
    const range = requireSheetRange(entry.range, 'the logged range');
    // Undone out of order, it would put back values a later write replaced: a correction of the person's that the
    // agent then wrote over with the same value would be lost, though the cells hold what this write wrote.
    const covering = later.find((write) => overlaps(range, requireSheetRange(write.range)));
    if (covering) throw conflict(filled(rareRefusals.undoCovered(), { range: covering.range, step: covering.step }));
    const sheet = spreadsheet.getSheetByName(range.sheet);
    if (!sheet) {
      throw conflict(filled(rareRefusals.sheetGone(), { sheet: range.sheet }));
    }
    // The cells the write read beside it (a write logged before they were kept: its own). Read immediately before
    // writing: an edit that landed since the log was read is seen, never overwritten.
    const marked = record.beside ?? { from: range.left, rows: [''] };
    const { cells, read: current, beside } = readRows(sheet, range, marked);
    // The person may have formatted the cells as plain text since: what the undo puts back must read as it was.
    requireTextsFit([record.replaced, current.recorded], current, range, (places) =>
      conflict(filled(rareRefusals.plainTextUndo(), places)),
    );
    const changed: string[] = [];
    record.written.forEach((writtenRow, r) =>
      writtenRow.forEach((written, c) => {
        if (!holds(written, current.values[r]?.[c], current.formulas[r]?.[c] ?? '')) {
          const cell = cellName(range.top + r, range.left + c);
          const now = describeCell(current.recorded[r]?.[c] ?? '');
          changed.push(filled(rareRefusals.cellChanged(), { cell, now, wrote: describeCell(written) }));
        }
      }),
    );
    if (changed.length) {
      const more = changed.length > DIFFERENCES_SHOWN ? `, and ${changed.length - DIFFERENCES_SHOWN} more` : '';
      const differences = `${changed.slice(0, DIFFERENCES_SHOWN).join('; ')}${more}`;
      throw conflict(filled(rareRefusals.undoChanged(), { range: entry.range, differences }));
    }
    // The rows may have moved though the cells hold what the agent wrote. A cell another write of the agent's wrote
    // (or an undo put back) tells nothing of them.
    const rewritten = others.map((write) => requireSheetRange(write.range));
    const moved = movedColumns(marked.rows, beside.rows, (r, c) => {
      const cell = {
        ...range,
        top: range.top + r,
        bottom: range.top + r,
        left: marked.from + c,
        right: marked.from + c,
      };
      return rewritten.some((written) => overlaps(written, cell));
    });
    if (moved.length) {
      const columns = moved.map((c) => columnLetters(marked.from + c)).join(', ');
      throw conflict(filled(rareRefusals.rowsMoved(), { range: entry.range, columns }));
    }
    const undone = { at: store.clock.now(), by: source };
    writeCells(store, cells, record.replaced, current);
    // Put back with the cells if it fails: the log never shows as written what an undo put back, nor the reverse.
    log.markUndone(row, undone);
    return answer({ ...entry, undone });
  }, 'nothing');
}
