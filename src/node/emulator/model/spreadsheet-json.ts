/**
 * The JSON form of an emulated spreadsheet, for the local server's file. Cells are listed by A1
 * address so the file can be read by a person; Dates are `{ "date": "<ISO instant>" }`.
 */
import type { CellFormatting, CellRecord, CellValue } from './cell';
import type { CacheEntry } from './stores';

export const SPREADSHEET_JSON_FORMAT = 'sheet-plan/emulated-spreadsheet@1';

export type JsonCellValue = string | number | boolean | { readonly date: string };

export interface CellJson {
  readonly cell: string;
  readonly value?: JsonCellValue;
  readonly formula?: string;
  /** The result a test gave the formula (see EmulatedSpreadsheet.setFormulaResult). */
  readonly computed?: JsonCellValue;
  readonly numberFormat?: string;
  readonly formatting?: CellFormatting;
}

export interface SheetJson {
  readonly name: string;
  readonly sheetId: number;
  readonly hidden: boolean;
  readonly maxRows: number;
  readonly maxColumns: number;
  readonly columnWidths: Record<string, number>;
  /** Columns hidden by hideColumns (absent in files saved before it existed). */
  readonly hiddenColumns?: readonly number[];
  readonly cells: readonly CellJson[];
}

export interface ScopedStoresJson<Store> {
  readonly document: Store;
  readonly script: Store;
  readonly users: Record<string, Store>;
}

export interface SpreadsheetJson {
  readonly format: typeof SPREADSHEET_JSON_FORMAT;
  readonly id: string;
  readonly name: string;
  readonly timeZone: string;
  readonly nextSheetId: number;
  readonly sheets: readonly SheetJson[];
  readonly properties: ScopedStoresJson<Record<string, string>>;
  readonly caches: ScopedStoresJson<Record<string, CacheEntry>>;
  /** Locks a test or another process held when the file was written (`document`, `user:…`). */
  readonly locksHeldByAnotherProcess: readonly string[];
}

export function encodeCell(a1: string, cell: CellRecord): CellJson {
  return {
    cell: a1,
    ...(cell.value !== '' ? { value: encodeCellValue(cell.value) } : {}),
    ...(cell.formula !== '' ? { formula: cell.formula } : {}),
    ...(cell.formula !== '' && cell.computed !== undefined ? { computed: encodeCellValue(cell.computed) } : {}),
    ...(cell.numberFormat !== undefined ? { numberFormat: cell.numberFormat } : {}),
    ...(cell.formatting !== undefined ? { formatting: { ...cell.formatting } } : {}),
  };
}

export function decodeCell(json: CellJson): CellRecord {
  return {
    value: json.value === undefined ? '' : decodeCellValue(json.value),
    formula: json.formula ?? '',
    ...(json.formula && json.computed !== undefined ? { computed: decodeCellValue(json.computed) } : {}),
    ...(json.numberFormat !== undefined ? { numberFormat: json.numberFormat } : {}),
    ...(json.formatting !== undefined ? { formatting: { ...json.formatting } } : {}),
  };
}

function encodeCellValue(value: CellValue): JsonCellValue {
  return value instanceof Date ? { date: value.toISOString() } : value;
}

function decodeCellValue(value: JsonCellValue): CellValue {
  if (typeof value !== 'object') return value;
  const date = new Date(value.date);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid date in spreadsheet file: ${JSON.stringify(value)}`);
  return date;
}

export function isSpreadsheetJson(json: unknown): json is SpreadsheetJson {
  if (typeof json !== 'object' || json === null) return false;
  const candidate = json as Partial<SpreadsheetJson>;
  return (
    candidate.format === SPREADSHEET_JSON_FORMAT &&
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.timeZone === 'string' &&
    Array.isArray(candidate.sheets) &&
    typeof candidate.properties === 'object' &&
    typeof candidate.caches === 'object' &&
    Array.isArray(candidate.locksHeldByAnotherProcess)
  );
}
