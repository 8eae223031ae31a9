/**
 * The SpreadsheetApp global (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app),
 * and the factory that makes Spreadsheet, Sheet and Range objects for one execution.
 */
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

  /**
   * The spreadsheet the script is bound to; null for a script that is not container-bound, and in a web app or
   * scripts.run execution (assumption no-container-outside-the-document, ../assumptions.ts).
   */
  getActive(): Spreadsheet | null {
    return this.#scope.inContainer ? this.#objects.spreadsheet() : null;
  }

  getActiveSpreadsheet(): Spreadsheet | null {
    return this.getActive();
  }

  /**
   * The spreadsheet with this id, in every kind of execution. The emulator holds one spreadsheet: any other id is
   * refused with the error Apps Script gives for a document it cannot open (Assumption open-by-id-unknown).
   */
  openById(id: unknown): Spreadsheet {
    if (typeof id !== 'string') throw signatureMismatch('SpreadsheetApp.openById', [id]);
    if (id !== this.#scope.spreadsheet.id) {
      throw new ServiceError(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    }
    return this.#objects.spreadsheet();
  }

  /**
   * The Sheets window's UI. Only an execution started from that window has one: a trigger without
   * UI, a scripts.run execution or a script not bound to the document gets Google's error.
   */
  getUi(): Ui {
    if (this.#scope.settings.context !== 'ui' || !this.#scope.inContainer) {
      // Assumption get-ui-outside-window (../assumptions.ts).
      throw new ServiceError('Cannot call SpreadsheetApp.getUi() from this context.');
    }
    return this.#scope.expose('Ui', new Ui(this.#scope));
  }

  /** "Applies all pending Spreadsheet changes": this execution's cell writes, until now unseen by others. */
  flush(): void {
    for (const sheet of this.#scope.spreadsheet.sheets) sheet.flushWrites(this.#scope);
  }
}

function createSpreadsheetObjects(scope: ExecutionScope): SpreadsheetObjects {
  const objects: SpreadsheetObjects = {
    spreadsheet: () => scope.expose('Spreadsheet', new Spreadsheet(scope, objects)),
    sheet: (model) => scope.expose('Sheet', new Sheet(scope, objects, model)),
    range: (model, area) => scope.expose('Range', new Range(scope, objects, model, area)),
  };
  return objects;
}
