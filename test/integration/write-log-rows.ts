/**
 * The write log as a refused write leaves it, read straight from the emulated spreadsheet (no execution, so any
 * agent's spreadsheet can be asked, and asking changes nothing): a refusal changes no cell of the sheet or the plan,
 * and the log alone notes the attempt (kind `refused`), as it notes a read outside the plan's ranges.
 */
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';

/**
 * The write log's hidden sheet, the script property whose change tells the sidebar the log moved, and the one that
 * remembers the sheet as Sheet Plan's once it made it (src/apps-script/hidden-sheet.ts).
 */
const WRITE_LOG_SHEET = PLAN_LOCATION.writeLogSheet;
const WRITE_LOG_MARK = 'sheetPlan.writeLogMark';
const WRITE_LOG_OWN = `sheetPlan.own.${WRITE_LOG_SHEET}`;

/**
 * The spreadsheet as snapshot() gives it, less the write log (its hidden sheet and its properties): what a refused
 * write keeps byte for byte. A refusal leaves every cell of the sheet and of the plan, its record, history and
 * properties as they were; the log alone notes the attempt (kind `refused`), as it notes a read outside the plan's
 * ranges.
 */
export function snapshotBesideTheLog(spreadsheet: EmulatedSpreadsheet): string {
  const { nextSheetId: _unused, sheets, properties, ...state } = spreadsheet.toJSON();
  const { [WRITE_LOG_MARK]: _mark, [WRITE_LOG_OWN]: _own, ...script } = properties.script;
  return JSON.stringify({
    ...state,
    sheets: sheets.filter((sheet) => sheet.name !== WRITE_LOG_SHEET),
    properties: { ...properties, script },
  });
}

/** A refused write as the write log's row keeps it. */
export interface NotedRefusal {
  by: string;
  step: string;
  range: string;
  code: string;
  reason: string;
}

/**
 * The refused writes the write log holds, newest first, read from its hidden sheet (no execution, so any agent's
 * spreadsheet can be asked).
 */
export function refusedWrites(spreadsheet: EmulatedSpreadsheet): NotedRefusal[] {
  if (!spreadsheet.sheetNames().includes(WRITE_LOG_SHEET)) return [];
  const at = (row: number, column: string) => String(spreadsheet.cell(`${WRITE_LOG_SHEET}!${column}${row}`));
  const noted: NotedRefusal[] = [];
  for (let row = 2; at(row, 'A') !== ''; row++) {
    if (at(row, 'B') !== 'refused') continue;
    noted.unshift({
      by: at(row, 'D'),
      step: at(row, 'E'),
      range: at(row, 'F'),
      code: at(row, 'I'),
      reason: at(row, 'J'),
    });
  }
  return noted;
}
