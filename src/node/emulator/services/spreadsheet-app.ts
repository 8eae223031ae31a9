/**
 * The SpreadsheetApp global (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app),
 * and the factory that makes Spreadsheet, Sheet and Range objects for one execution.
 */
import type { EmulatedSheet } from '../model/emulated-sheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';
import { Range } from './range';
import { Sheet } from './sheet';
import { Spreadsheet } from './spreadsheet';
import type { SpreadsheetObjects } from './spreadsheet-objects';
import { Ui } from './ui';

export class SpreadsheetApp {
  readonly #scope: ExecutionScope;
  readonly #objects: SpreadsheetObjects;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
    this.#objects = createSpreadsheetObjects(scope);
  }

  /** The spreadsheet the script is bound to; null for a script that is not container-bound. */
  getActive(): Spreadsheet | null {
    return this.#scope.settings.containerBound ? this.#objects.spreadsheet() : null;
  }

  getActiveSpreadsheet(): Spreadsheet | null {
    return this.getActive();
  }

  /**
   * The Sheets window's UI. Only an execution started from that window has one: a trigger without
   * UI, a scripts.run execution or a script not bound to the document gets Google's error.
   */
  getUi(): Ui {
    if (this.#scope.settings.context !== 'ui' || !this.#scope.settings.containerBound) {
      throw new ServiceError('Cannot call SpreadsheetApp.getUi() from this context.');
    }
    return this.#scope.expose('Ui', new Ui(this.#scope));
  }

  /** Writes are applied at once here, so there is nothing to flush. */
  flush(): void {}

  /** Only the emulated spreadsheet can be opened. */
  openById(id: unknown): Spreadsheet {
    if (typeof id !== 'string') throw signatureMismatch('SpreadsheetApp.openById', [id]);
    if (id !== this.#scope.spreadsheet.id) {
      throw new ServiceError(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    }
    return this.#objects.spreadsheet();
  }

  openByUrl(url: unknown): Spreadsheet {
    if (typeof url !== 'string') throw signatureMismatch('SpreadsheetApp.openByUrl', [url]);
    const id = /\/spreadsheets\/d\/([^/]+)/.exec(url)?.[1];
    if (id !== this.#scope.spreadsheet.id) {
      throw new ServiceError(
        'Unexpected error while getting the method or property openByUrl on object SpreadsheetApp.',
      );
    }
    return this.#objects.spreadsheet();
  }
}

function createSpreadsheetObjects(scope: ExecutionScope): SpreadsheetObjects {
  const sheetModels = new WeakMap<object, EmulatedSheet>();
  const objects: SpreadsheetObjects = {
    spreadsheet: () => scope.expose('Spreadsheet', new Spreadsheet(scope, objects)),
    sheet: (model) => {
      const sheet = scope.expose('Sheet', new Sheet(scope, objects, model));
      sheetModels.set(sheet, model);
      return sheet;
    },
    range: (model, area) => scope.expose('Range', new Range(scope, objects, model, area)),
    sheetModelOf: (sheet) => (typeof sheet === 'object' && sheet !== null ? sheetModels.get(sheet) : undefined),
  };
  return objects;
}
