/**
 * The onEdit simple trigger. Sheets runs it when a person edits a cell in the Sheets UI (not for
 * script or API writes). An edit of the plan cell becomes a revision of its own, so an agent that
 * read the plan before the edit cannot overwrite it unseen. It must be cheap: it runs on every edit
 * in every sheet, so anything outside AGENT_BASE!C2 costs two service calls and nothing more.
 */
import { PLAN_SHEET } from '../core/store';
import { managerFor } from './api';

const PLAN_ROW = 2;
const PLAN_COLUMN = 3;

export function recordPlanEdit(event?: GoogleAppsScript.Events.SheetsOnEdit): void {
  const range = event?.range;
  if (!range || range.getSheet().getName() !== PLAN_SHEET) return;
  const coversPlanCell =
    range.getRow() <= PLAN_ROW &&
    range.getLastRow() >= PLAN_ROW &&
    range.getColumn() <= PLAN_COLUMN &&
    range.getLastColumn() >= PLAN_COLUMN;
  if (!coversPlanCell) return;
  managerFor({ source: 'cell edit', byPerson: true }).recordCellEdit();
}
