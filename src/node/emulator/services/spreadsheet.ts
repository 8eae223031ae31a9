/**
 * SpreadsheetApp's Spreadsheet (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet):
 * the document, its sheets and its settings.
 */
import { splitSheetName } from '../model/a1-notation';
import type { EmulatedSheet } from '../model/emulated-sheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { newArray } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { isKnownTimeZone } from '../time/time-zones';
import type { Range } from './range';
import type { Sheet } from './sheet';
import { areaFromA1 } from './sheet';
import { nextDefaultSheetName, requireFreeSheetName } from './sheet-names';
import type { SpreadsheetObjects } from './spreadsheet-objects';

/** "If null, the toast defaults to 5 seconds" (Spreadsheet.toast). */
const DEFAULT_TOAST_SECONDS = 5;

export class Spreadsheet {
  readonly #scope: ExecutionScope;
  readonly #objects: SpreadsheetObjects;

  constructor(scope: ExecutionScope, objects: SpreadsheetObjects) {
    this.#scope = scope;
    this.#objects = objects;
  }

  getId(): string {
    return this.#scope.spreadsheet.id;
  }

  getName(): string {
    return this.#scope.spreadsheet.name;
  }

  rename(newName: unknown): void {
    if (typeof newName !== 'string') throw signatureMismatch('SpreadsheetApp.Spreadsheet.rename', [newName]);
    this.#scope.spreadsheet.name = newName;
  }

  getUrl(): string {
    return this.#scope.spreadsheet.url;
  }

  getSpreadsheetTimeZone(): string {
    return this.#scope.spreadsheet.timeZone;
  }

  /** Assumption (strict): an id Intl does not know is refused rather than ignored. */
  setSpreadsheetTimeZone(timezone: unknown): void {
    if (typeof timezone !== 'string')
      throw signatureMismatch('SpreadsheetApp.Spreadsheet.setSpreadsheetTimeZone', [timezone]);
    if (!isKnownTimeZone(timezone))
      throw new ServiceError(`Invalid argument: timezone ("${timezone}" is not a known time zone)`);
    this.#scope.spreadsheet.timeZone = timezone;
  }

  /** The sheet with exactly this name, or null. */
  getSheetByName(name: unknown): Sheet | null {
    if (typeof name !== 'string') throw signatureMismatch('SpreadsheetApp.Spreadsheet.getSheetByName', [name]);
    const sheet = this.#scope.spreadsheet.sheetNamed(name);
    return sheet ? this.#objects.sheet(sheet) : null;
  }

  getSheets(): Sheet[] {
    return newArray(
      this.#scope.realm,
      this.#scope.spreadsheet.sheets.map((sheet) => this.#objects.sheet(sheet)),
    );
  }

  getNumSheets(): number {
    return this.#scope.spreadsheet.sheets.length;
  }

  getActiveSheet(): Sheet {
    return this.#objects.sheet(this.#scope.activeSheet);
  }

  setActiveSheet(sheet: unknown): Sheet {
    const model = this.#sheetModel(sheet, 'setActiveSheet');
    this.#scope.activeSheet = model;
    return this.#objects.sheet(model);
  }

  /**
   * insertSheet(), insertSheet(name), insertSheet(index) or insertSheet(name, index), the index
   * 0-based. "The new sheet becomes the active sheet." Template options are not emulated.
   */
  insertSheet(...args: unknown[]): Sheet {
    const spreadsheet = this.#scope.spreadsheet;
    const request = insertSheetRequest(args);
    if (!request) throw signatureMismatch('SpreadsheetApp.Spreadsheet.insertSheet', args);
    const name = request.name ?? nextDefaultSheetName(spreadsheet);
    const index = request.index ?? spreadsheet.sheets.length;
    if (index < 0 || index > spreadsheet.sheets.length) {
      throw new ServiceError(`The sheet index ${index} is out of range (0 to ${spreadsheet.sheets.length}).`);
    }
    requireFreeSheetName(spreadsheet, name);
    const sheet = spreadsheet.addSheet(name, index);
    this.#scope.activeSheet = sheet;
    return this.#objects.sheet(sheet);
  }

  /** Assumption: the wording for deleting the last sheet is ours; Sheets refuses it. */
  deleteSheet(sheet: unknown): void {
    const model = this.#sheetModel(sheet, 'deleteSheet');
    const spreadsheet = this.#scope.spreadsheet;
    if (spreadsheet.sheets.length === 1) throw new ServiceError('A spreadsheet must keep at least one sheet.');
    spreadsheet.removeSheet(model);
  }

  /** `AGENT_BASE!C1:D2`, `'My Sheet'!A1`, or `C1:D2` on the active sheet; anything else: "Range not found". */
  getRange(a1Notation: unknown): Range {
    if (typeof a1Notation !== 'string') throw signatureMismatch('SpreadsheetApp.Spreadsheet.getRange', [a1Notation]);
    const reference = splitSheetName(a1Notation);
    const sheet =
      reference?.sheetName === undefined
        ? this.#scope.activeSheet
        : this.#scope.spreadsheet.sheetNamed(reference.sheetName);
    if (!reference || !sheet) throw new ServiceError('Range not found');
    return this.#objects.range(sheet, areaFromA1(sheet, reference.a1));
  }

  /** Shown in the Sheets window's corner; recorded in execution.ui.toasts. */
  toast(msg: unknown, title?: unknown, timeoutSeconds?: unknown): void {
    this.#scope.ui.toasts.push({
      message: String(msg),
      title: title === undefined || title === null ? '' : String(title),
      timeoutSeconds: typeof timeoutSeconds === 'number' ? timeoutSeconds : DEFAULT_TOAST_SECONDS,
    });
  }

  #sheetModel(sheet: unknown, method: string): EmulatedSheet {
    const model = this.#objects.sheetModelOf(sheet);
    if (!model) throw signatureMismatch(`SpreadsheetApp.Spreadsheet.${method}`, [sheet]);
    return model;
  }
}

/** The overloads of insertSheet this emulator knows; undefined for anything else. */
function insertSheetRequest(args: readonly unknown[]): { name?: string; index?: number } | undefined {
  const [first, second] = args;
  const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
  if (args.length === 0) return {};
  if (args.length === 1 && typeof first === 'string') return { name: first };
  if (args.length === 1 && isIndex(first)) return { index: first };
  if (args.length === 2 && typeof first === 'string' && isIndex(second)) return { name: first, index: second };
  return undefined;
}
