/**
 * How Spreadsheet, Sheet and Range objects are made for a script. They refer to each other
 * (spreadsheet.getSheets(), range.getSheet()), so each receives this factory instead of importing the
 * others; spreadsheet-app.ts provides it.
 */
import type { GridArea } from '../model/a1-notation';
import type { EmulatedSheet } from '../model/emulated-sheet';
import type { Range } from './range';
import type { Sheet } from './sheet';
import type { Spreadsheet } from './spreadsheet';

export interface SpreadsheetObjects {
  spreadsheet(): Spreadsheet;
  sheet(model: EmulatedSheet): Sheet;
  range(model: EmulatedSheet, area: GridArea): Range;
}
