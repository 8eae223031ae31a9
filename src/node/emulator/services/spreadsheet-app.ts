/**
 * The SpreadsheetApp global (https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app),
 * and the factory that makes Spreadsheet, Sheet and Range objects for one execution.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError } from '../runtime/service-error';
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
      // Assumption get-ui-outside-window (../assumptions.ts).
      throw new ServiceError('Cannot call SpreadsheetApp.getUi() from this context.');
    }
    return this.#scope.expose('Ui', new Ui(this.#scope));
  }

  /** Writes are applied at once here, so there is nothing to flush. */
  flush(): void {}
}

function createSpreadsheetObjects(scope: ExecutionScope): SpreadsheetObjects {
  const objects: SpreadsheetObjects = {
    spreadsheet: () => scope.expose('Spreadsheet', new Spreadsheet(scope, objects)),
    sheet: (model) => scope.expose('Sheet', new Sheet(scope, objects, model)),
    range: (model, area) => scope.expose('Range', new Range(scope, objects, model, area)),
  };
  return objects;
}
