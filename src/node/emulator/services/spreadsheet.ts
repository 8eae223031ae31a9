/**
 * SpreadsheetApp's Spreadsheet (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet):
 * the document, its sheets and its settings.
 */
import type { EmulatedSheet } from '../model/emulated-sheet';
import { isSameSheetName } from '../../../core/sheet/sheet-range';
import { splitSheetName } from '../model/a1-notation';
import { DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS } from '../model/emulated-sheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { newArray } from '../runtime/realm';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { User } from './mail-app';
import type { Range } from './range';

import { Sheet, areaFromA1 } from './sheet';
import { requireRoomForCells } from './cell-limit';
import { nextDefaultSheetName, requireFreeSheetName } from './sheet-names';
import type { SpreadsheetObjects } from './spreadsheet-objects';

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

  getUrl(): string {
    return this.#scope.spreadsheet.url;
  }

  /** "Returns the owner of the document, or null for a document in a shared drive." */
  getOwner(): User | null {
    const owner = this.#scope.spreadsheet.owner;
    return owner === null ? null : this.#scope.expose('User', new User(owner));
  }

  getSpreadsheetTimeZone(): string {
    return this.#scope.spreadsheet.timeZone;
  }

  /**
   * The sheet with this name, ignoring case as Sheets compares sheet names (assumption sheet-names), or null. How
   * Google folds case is not documented: any fold Sheet Plan's rules know (isSameSheetName: lower, upper, or Turkish
   * İ and ı read as i) finds the sheet here, the stricter reading for rules that keep agents out of a sheet. The
   * closest spelling wins: the name itself, then the same in lower case, then a looser fold (`strasse` finds STRASSE
   * before Straße).
   */
  getSheetByName(name: unknown): Sheet | null {
    if (typeof name !== 'string') throw signatureMismatch('SpreadsheetApp.Spreadsheet.getSheetByName', [name]);
    const sheet = this.#sheetNamed(name);
    return sheet ? this.#objects.sheet(sheet) : null;
  }

  /** Assumption sheet-names (../assumptions.ts): a name finds its sheet ignoring case, the exact name first. */
  #sheetNamed(name: string): EmulatedSheet | undefined {
    const spreadsheet = this.#scope.spreadsheet;
    return (
      spreadsheet.sheetNamed(name) ??
      spreadsheet.sheets.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase()) ??
      spreadsheet.sheets.find((candidate) => isSameSheetName(candidate.name, name))
    );
  }

  getSheets(): Sheet[] {
    return newArray(
      this.#scope.realm,
      this.#scope.spreadsheet.sheets.map((sheet) => this.#objects.sheet(sheet)),
    );
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
    requireRoomForCells(spreadsheet, DEFAULT_MAX_ROWS * DEFAULT_MAX_COLUMNS);
    const sheet = spreadsheet.addSheet(name, index);
    this.#scope.activeSheet = sheet;
    return this.#objects.sheet(sheet);
  }

  /** Deletes a sheet of this spreadsheet (how Sheet Plan takes back a sheet a failed change made). */
  deleteSheet(sheet: unknown): void {
    const spreadsheet = this.#scope.spreadsheet;
    const implementation = this.#scope.implementationOf(sheet, Sheet);
    const model = spreadsheet.sheets.find((candidate) => candidate.sheetId === implementation?.getSheetId());
    if (!model) throw signatureMismatch('SpreadsheetApp.Spreadsheet.deleteSheet', [sheet]);
    if (spreadsheet.sheets.length === 1) throw new ServiceError("You can't remove all the sheets in a document.");
    spreadsheet.removeSheet(model);
  }

  /**
   * `AGENT_BASE!C1:D2`, `'My Sheet'!A1` (the sheet found as getSheetByName finds it: `agent_base!C1:D2` too), or
   * `C1:D2` on the active sheet; anything else: "Range not found".
   */
  getRange(a1Notation: unknown): Range {
    if (typeof a1Notation !== 'string') throw signatureMismatch('SpreadsheetApp.Spreadsheet.getRange', [a1Notation]);
    const reference = splitSheetName(a1Notation);
    const sheet = reference?.sheetName === undefined ? this.#scope.activeSheet : this.#sheetNamed(reference.sheetName);
    if (!reference || !sheet) throw new ServiceError('Range not found');
    return this.#objects.range(sheet, areaFromA1(sheet, reference.a1));
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
