/** The spreadsheet's 10 million cell limit, checked before anything makes a grid larger. */
import { MAX_SPREADSHEET_CELLS, type EmulatedSpreadsheet } from '../model/emulated-spreadsheet';
import { ServiceError } from '../runtime/service-error';

/**
 * Refuses a change that would add `extraCells` grid cells past the limit. Assumption ten-million-cells-message
 * (../assumptions.ts): the wording is the Sheets API's for the same limit.
 */
export function requireRoomForCells(spreadsheet: EmulatedSpreadsheet, extraCells: number): void {
  if (spreadsheet.gridCells() + extraCells > MAX_SPREADSHEET_CELLS) {
    throw new ServiceError(
      `This action would increase the number of cells in the workbook above the limit of ${MAX_SPREADSHEET_CELLS} ` +
        'cells.',
    );
  }
}
