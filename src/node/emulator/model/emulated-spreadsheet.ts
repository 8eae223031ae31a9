/**
 * One emulated spreadsheet document: its sheets and cells, time zone, PropertiesService and
 * CacheService stores and lock state. It outlives executions (each execution is one script run
 * against it) and round-trips through JSON for the local server.
 *
 * The helpers at the end (cell, formula, setCellText, …) are for tests and the server; scripts
 * never see this object, only the services built on it.
 */
import { randomBytes } from 'node:crypto';
import { cellA1, formatA1Area, parseA1Area, splitSheetName, type GridArea } from './a1-notation';
import type { CellValue } from './cell';
import { displayCellValue, readCellValue } from './cell-reading';
import { copyValue } from './cell';
import { EmulatedSheet } from './emulated-sheet';
import { LockTable } from './lock-table';
import { ProjectTriggers } from './project-triggers';
import {
  decodeCell,
  encodeCell,
  isSpreadsheetJson,
  SPREADSHEET_JSON_FORMAT,
  type ScopedStoresJson,
  type SpreadsheetJson,
} from './spreadsheet-json';
import { createCacheStores, createPropertyStores, type ScopedStores } from './stores';
import { findTimeZone, type TimeZone } from '../time/time-zones';

export const DEFAULT_TIME_ZONE = 'America/New_York';
const DEFAULT_NAME = 'Untitled spreadsheet';
const MAX_CELL_CHARACTERS = 50_000;
/**
 * "Up to 10 million cells or 18,278 columns (column ZZZ) for spreadsheets that are created in or converted to
 * Google Sheets" (Google Drive Help, "Files you can store in Google Drive", support.google.com/drive/answer/37603).
 * Cells count by the grid (rows × columns of every sheet), not by content.
 */
export const MAX_SPREADSHEET_CELLS = 10_000_000;

export interface SpreadsheetOptions {
  readonly name?: string;
  /** Default: a random 44-character id, like Google's. */
  readonly id?: string;
  /** An IANA time zone id. Default America/New_York. */
  readonly timeZone?: string;
  /** Sheet names in order. Default ['Sheet1']. */
  readonly sheets?: readonly string[];
}

/** An e-mail a script sent through MailApp (services/mail-app.ts): recorded, never delivered. */
export interface SentMail {
  to: string[];
  subject: string;
  body: string;
  sentAt: string;
}

/** Recipients a consumer account may e-mail in a day (Quotas for Google Services; assumption mail-quota). */
export const DAILY_MAIL_RECIPIENTS = 100;

export class EmulatedSpreadsheet {
  readonly id: string;
  name: string;
  readonly sheets: EmulatedSheet[] = [];
  readonly properties = createPropertyStores();
  readonly caches = createCacheStores();
  readonly locks = new LockTable();
  /**
   * What each person has selected in their Sheets window, by email: set by Range.activate() in a 'ui'
   * execution. Window state, not document content, so it is not saved with the spreadsheet.
   */
  readonly selections = new Map<string, { sheet: EmulatedSheet; area: GridArea }>();
  /**
   * The URL of the bound script's web-app deployment, which ScriptApp.getService().getUrl() answers: null until one is
   * deployed. The local server sets it to its own address; it is the project's, not the document's, so not saved.
   */
  webAppUrl: string | null = null;
  /** The document's owner, as Spreadsheet.getOwner() answers; null for a file in a shared drive. Not saved. */
  owner: string | null = 'owner@example.com';
  /** The e-mails scripts sent (MailApp), oldest first, and the recipients left in today's quota. Not saved. */
  readonly sentMail: SentMail[] = [];
  mailQuota = DAILY_MAIL_RECIPIENTS;
  /** The script project's installable triggers (ScriptApp.newTrigger): the project's, so not saved. */
  readonly triggers = new ProjectTriggers();
  /** Told of each e-mail as it is sent: the local server prints "would send: …". */
  onMailSent?: (mail: SentMail) => void;
  #timeZone: TimeZone;
  /** Google gives the first sheet id 0 and later ones other numbers; here they count up. */
  #nextSheetId = 0;

  constructor(options: SpreadsheetOptions = {}) {
    this.id = options.id ?? randomBytes(33).toString('base64url');
    this.name = options.name ?? DEFAULT_NAME;
    this.#timeZone = requireTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE);
    for (const name of options.sheets ?? ['Sheet1']) this.addSheet(name);
    if (this.sheets.length === 0) throw new Error('A spreadsheet needs at least one sheet');
  }

  get url(): string {
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }

  /** The IANA id of the spreadsheet's time zone (File > Settings in Sheets). */
  get timeZone(): string {
    return this.#timeZone.id;
  }

  set timeZone(id: string) {
    this.#timeZone = requireTimeZone(id);
  }

  /** The time zone, resolved for date arithmetic. */
  get zone(): TimeZone {
    return this.#timeZone;
  }

  sheetNamed(name: string): EmulatedSheet | undefined {
    return this.sheets.find((sheet) => sheet.name === name);
  }

  /** Adds a sheet at `index` (0-based; default last). Callers check the name is free. */
  addSheet(name: string, index = this.sheets.length): EmulatedSheet {
    const sheet = new EmulatedSheet(this.#nextSheetId++, name);
    this.sheets.splice(index, 0, sheet);
    return sheet;
  }

  /** Cells in every sheet's grid, filled or not: what the 10 million limit counts. */
  gridCells(): number {
    return this.sheets.reduce((total, sheet) => total + sheet.maxRows * sheet.maxColumns, 0);
  }

  removeSheet(sheet: EmulatedSheet): void {
    const index = this.sheets.indexOf(sheet);
    if (index >= 0) this.sheets.splice(index, 1);
  }

  // ---- helpers for tests and the local server (not visible to scripts) ----

  /**
   * What getValue would return for one cell, e.g. cell('AGENT_BASE!C2'): a string, number,
   * boolean or Date; `''` when empty, and also when the sheet does not exist. Formulas read `#ERROR!`.
   */
  cell(reference: string): CellValue {
    const location = this.#locateCell(reference, { missingSheet: 'empty' });
    return location ? readCellValue(location.sheet.cellAt(location.row, location.column)) : '';
  }

  /** What getDisplayValue would return for one cell (cell-reading.ts): what a person sees in the grid. */
  displayed(reference: string): string {
    const location = this.#locateCell(reference, { missingSheet: 'empty' });
    return location ? displayCellValue(location.sheet.cellAt(location.row, location.column), this.zone) : '';
  }

  /** The cell's formula (`=…`), or `''` (also when the sheet does not exist). */
  formula(reference: string): string {
    const location = this.#locateCell(reference, { missingSheet: 'empty' });
    return location?.sheet.cellAt(location.row, location.column)?.formula ?? '';
  }

  /** The cell's number format (`'@'` is plain text), or undefined for the automatic format. */
  numberFormat(reference: string): string | undefined {
    const { sheet, row, column } = this.#locateCell(reference);
    return sheet.cellAt(row, column)?.numberFormat;
  }

  setNumberFormat(reference: string, format: string): void {
    const { sheet, row, column } = this.#locateCell(reference);
    sheet.updateCell(row, column, (cell) => {
      cell.numberFormat = format;
    });
  }

  /**
   * Puts text in a cell as a person editing it would leave it: stored exactly, as text (the
   * way a person's edit looks after they prefix it with an apostrophe).
   */
  setCellText(reference: string, text: string): void {
    if (text.length > MAX_CELL_CHARACTERS) {
      throw new Error(`A cell holds at most ${MAX_CELL_CHARACTERS} characters; this text has ${text.length}`);
    }
    const { sheet, row, column } = this.#locateCell(reference);
    sheet.updateCell(row, column, (cell) => {
      cell.value = text;
      cell.formula = '';
      delete cell.computed;
    });
  }

  /**
   * Puts a formula in a cell with the result Sheets would compute for it (the emulator evaluates no formula): e.g.
   * setFormulaResult('Summary!B4', '=VLOOKUP(A4,Rates!A:B,2,FALSE)', '#N/A') makes a cell that reads `#N/A`.
   */
  setFormulaResult(reference: string, formula: string, result: CellValue): void {
    if (!formula.startsWith('=')) throw new Error(`A formula starts with "=" (got ${JSON.stringify(formula)})`);
    const { sheet, row, column } = this.#locateCell(reference);
    sheet.updateCell(row, column, (cell) => {
      cell.value = '';
      cell.formula = formula;
      cell.computed = copyValue(result);
    });
  }

  /** The range `user` has selected (`Warehouse!A2:F500`), or undefined when nothing was selected by a script. */
  selection(user: string): { sheetName: string; a1: string } | undefined {
    const selected = this.selections.get(user);
    if (!selected || !this.sheets.includes(selected.sheet)) return undefined;
    return { sheetName: selected.sheet.name, a1: formatA1Area(selected.area) };
  }

  /**
   * Drops cached values before they expire, as Google may at any time: "not guaranteed to persist until its
   * expiration time … be prepared to get back null from all reads"
   * (https://developers.google.com/apps-script/reference/cache/cache-service). A test hook: without a filter
   * every cache of the document is emptied. Answers how many values were dropped.
   */
  evictCache(filter: { scope?: 'document' | 'script' | 'user'; user?: string; key?: (key: string) => boolean } = {}) {
    const stores = [
      ...(filter.scope === undefined || filter.scope === 'document' ? [this.caches.document] : []),
      ...(filter.scope === undefined || filter.scope === 'script' ? [this.caches.script] : []),
      ...(filter.scope === undefined || filter.scope === 'user'
        ? [...this.caches.users()]
            .filter(([email]) => filter.user === undefined || email === filter.user)
            .map(([, store]) => store)
        : []),
    ];
    let dropped = 0;
    for (const store of stores) {
      for (const key of [...store.keys()]) {
        if (filter.key && !filter.key(key)) continue;
        store.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  sheetNames(): string[] {
    return this.sheets.map((sheet) => sheet.name);
  }

  isHidden(sheetName: string): boolean {
    return this.#requireSheet(sheetName).hidden;
  }

  // ---- persistence ----

  toJSON(): SpreadsheetJson {
    return {
      format: SPREADSHEET_JSON_FORMAT,
      id: this.id,
      name: this.name,
      timeZone: this.timeZone,
      nextSheetId: this.#nextSheetId,
      sheets: this.sheets.map((sheet) => ({
        name: sheet.name,
        sheetId: sheet.sheetId,
        hidden: sheet.hidden,
        maxRows: sheet.maxRows,
        maxColumns: sheet.maxColumns,
        columnWidths: Object.fromEntries([...sheet.columnWidths].map(([column, width]) => [String(column), width])),
        hiddenColumns: [...sheet.hiddenColumns],
        cells: [...sheet.storedCells()].map(({ row, column, cell }) => encodeCell(cellA1(row, column), cell)),
      })),
      properties: storesToJson(this.properties, (store) => Object.fromEntries(store)),
      caches: storesToJson(this.caches, (store) => Object.fromEntries(store)),
      locksHeldByAnotherProcess: this.locks.heldByAnotherProcess(),
    };
  }

  static fromJSON(json: unknown): EmulatedSpreadsheet {
    if (!isSpreadsheetJson(json)) {
      throw new Error(`Not an emulated spreadsheet (expected "format": "${SPREADSHEET_JSON_FORMAT}")`);
    }
    if (json.sheets.length === 0) throw new Error('The spreadsheet file has no sheets');
    const spreadsheet = new EmulatedSpreadsheet({ id: json.id, name: json.name, timeZone: json.timeZone });
    spreadsheet.sheets.length = 0; // replaced by the file's sheets, ids included
    for (const sheetJson of json.sheets) {
      const sheet = new EmulatedSheet(sheetJson.sheetId, sheetJson.name);
      sheet.hidden = sheetJson.hidden;
      sheet.maxRows = sheetJson.maxRows;
      sheet.maxColumns = sheetJson.maxColumns;
      for (const [column, width] of Object.entries(sheetJson.columnWidths))
        sheet.columnWidths.set(Number(column), width);
      for (const column of sheetJson.hiddenColumns ?? []) sheet.hiddenColumns.add(column);
      for (const cellJson of sheetJson.cells) {
        const area = parseA1Area(cellJson.cell, sheet);
        if (!area) throw new Error(`Invalid cell address in spreadsheet file: ${sheetJson.name}!${cellJson.cell}`);
        const stored = decodeCell(cellJson);
        sheet.updateCell(area.row, area.column, (cell) => Object.assign(cell, stored));
      }
      spreadsheet.sheets.push(sheet);
    }
    spreadsheet.#nextSheetId = json.nextSheetId;
    storesFromJson(spreadsheet.properties, json.properties, (target, source) => {
      for (const [key, value] of Object.entries(source)) target.set(key, value);
    });
    storesFromJson(spreadsheet.caches, json.caches, (target, source) => {
      for (const [key, entry] of Object.entries(source))
        target.set(key, { value: entry.value, expiresAt: entry.expiresAt });
    });
    for (const scopeName of json.locksHeldByAnotherProcess) spreadsheet.locks.restoreHeldByAnotherProcess(scopeName);
    return spreadsheet;
  }

  #requireSheet(name: string): EmulatedSheet {
    const sheet = this.sheetNamed(name);
    if (!sheet) throw new Error(`No sheet named "${name}" (sheets: ${this.sheetNames().join(', ')})`);
    return sheet;
  }

  /** One cell from `Sheet!A1` (or `A1` on the first sheet). */
  #locateCell(reference: string): CellLocation;
  #locateCell(reference: string, options: { missingSheet: 'empty' }): CellLocation | undefined;
  #locateCell(reference: string, options?: { missingSheet: 'empty' }): CellLocation | undefined {
    const parts = splitSheetName(reference);
    if (!parts) throw new Error(`Not a cell reference: ${reference}`);
    if (parts.sheetName !== undefined && !this.sheetNamed(parts.sheetName) && options) return undefined;
    const sheet = parts.sheetName === undefined ? this.sheets[0] : this.#requireSheet(parts.sheetName);
    const area = parseA1Area(parts.a1, sheet);
    if (!area || area.numRows !== 1 || area.numColumns !== 1) {
      throw new Error(
        `Not a single cell of ${sheet.name} (${sheet.maxRows} rows x ${sheet.maxColumns} columns): ${reference}`,
      );
    }
    return { sheet, row: area.row, column: area.column };
  }
}

interface CellLocation {
  readonly sheet: EmulatedSheet;
  readonly row: number;
  readonly column: number;
}

function requireTimeZone(id: string): TimeZone {
  const zone = findTimeZone(id);
  if (!zone) throw new Error(`Unknown time zone "${id}" (use an IANA id such as America/New_York)`);
  return zone;
}

/** A user's store that was only looked at (and so is empty) is left out: reading changes nothing. */
function storesToJson<Store extends Map<string, unknown>, Json>(
  stores: ScopedStores<Store>,
  toJson: (store: Store) => Json,
): ScopedStoresJson<Json> {
  return {
    document: toJson(stores.document),
    script: toJson(stores.script),
    users: Object.fromEntries(
      [...stores.users()].filter(([, store]) => store.size > 0).map(([email, store]) => [email, toJson(store)]),
    ),
  };
}

function storesFromJson<Store, Json>(
  stores: ScopedStores<Store>,
  json: ScopedStoresJson<Json>,
  fill: (target: Store, source: Json) => void,
): void {
  fill(stores.document, json.document);
  fill(stores.script, json.script);
  for (const [email, source] of Object.entries(json.users)) fill(stores.user(email), source);
}
