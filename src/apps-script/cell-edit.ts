/**
 * The onEdit simple trigger. Sheets runs it when a person edits cells in the Sheets UI (typing, a paste, Delete, an
 * undo; not script or API writes). An edit of a range that covers the plan cell becomes a revision of its own, so an
 * agent that read the plan before the edit cannot overwrite it unseen, and the text it replaced goes to the history.
 * It must be cheap: it runs on every edit in every sheet, so an edit in another sheet costs two service calls.
 *
 * Sheets gives `e.oldValue` only when the edited range is one cell, and not when that cell was empty
 * (https://developers.google.com/apps-script/guides/triggers/events#edit); a paste or a Delete over several cells
 * gives none. The text replaced is therefore taken from the last recorded plan Sheet Plan keeps; `oldValue` serves
 * only a sheet where none was kept yet. `value`, what the person typed, is kept in the history when the cell no longer
 * holds it by the time the trigger runs (a write that landed between the edit and its trigger replaced it).
 */
import { pathForPerson } from './api';
import { recordCellEdit } from '../core/use-cases/plan-setup';
import { writtenText } from './cell-values';
import { PLAN_CELL as PLAN, PLAN_LOCATION, RECORD_CELL as RECORD, type CellAddress } from './plan-location';
import { personSpreadsheet } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';
import { isSameSheetName } from '../core/sheet/sheet-range';

function covers(range: GoogleAppsScript.Spreadsheet.Range, cell: CellAddress): boolean {
  return (
    range.getRow() <= cell.row &&
    range.getLastRow() >= cell.row &&
    range.getColumn() <= cell.column &&
    range.getLastColumn() >= cell.column
  );
}

export function recordPlanEdit(event?: GoogleAppsScript.Events.SheetsOnEdit): void {
  const range = event?.range;
  // The plan's sheet as Sheets finds it, ignoring case: a person's `Agent_Base` it was set up on is it.
  if (!range || !isSameSheetName(range.getSheet().getName(), PLAN_LOCATION.sheet)) return;
  // An undo or a paste can put back an older revision record, whose list of the steps that wrote cells is too short
  // to be believed (src/core/write-path/steps-that-wrote.ts): it is dropped, and the next change reads the write log.
  if (covers(range, RECORD)) {
    const store = new SpreadsheetPlanStore(personSpreadsheet);
    store.exclusive(() => store.forgetStepsThatWrote(), 'plan');
  }
  if (!covers(range, PLAN)) return;
  const oldValue = typeof event.oldValue === 'string' ? event.oldValue : undefined;
  // What the person typed: the cell may hold something else by now (an agent's write that landed first).
  // As the store reads the cell: a leading apostrophe is never part of the plan.
  const value = typeof event.value === 'string' ? writtenText(event.value) : undefined;
  recordCellEdit(pathForPerson({ source: 'cell edit', byPerson: true }), { oldValue, value });
}
