/**
 * The sheets the example plan works on, with a little data, so that the demo agent has something to read and
 * somewhere to write: Warehouse, Sales and Products (read), Discrepancies and Summary (its Write ranges).
 * Staging is there too, outside the plan's Write ranges: the demo's refused write goes there.
 */
import { createExecution, type EmulatedSpreadsheet } from '../emulator';

export const EXAMPLE_SHEETS = ['Warehouse', 'Sales', 'Products', 'Staging', 'Discrepancies', 'Summary'];

const DATA: Record<string, unknown[][]> = {
  Warehouse: [
    ['SKU', 'Bin location', 'Qty on hand', 'Last count', 'Counter', 'Notes'],
    ['WH-1001', 'A-01', 35, '2026-01-31', 'Ana', 'opening 50'],
    ['WH-1002', 'A-02', 12, '2026-01-31', 'Ana', 'opening 20'],
    ['WH-1003', 'B-12', 0, '2026-01-31', 'Bo', 'opening 15'],
    ['WH-2001', 'C-03', 64, '2026-01-31', 'Bo', 'opening 80'],
    ['WH-2002', 'C-04', 9, '2026-01-31', 'Cy', 'opening 10'],
    ['WH-4521', 'D-09', 25, '2026-01-31', 'Cy', 'opening 30'],
  ],
  Sales: [
    ['Order ID', 'Date', 'SKU', 'Qty sold', 'Unit price', 'Total', 'Customer', 'Status'],
    ['SO-501', '2026-01-05', 'WH-1001', 10, 4.5, 45, 'Northwind', 'shipped'],
    ['SO-502', '2026-01-09', 'WH-1002', 8, 12, 96, 'Contoso', 'shipped'],
    ['SO-503', '2026-01-12', 'WH-1003', 15, 3, 45, 'Fabrikam', 'shipped'],
    ['SO-504', '2026-01-17', 'WH-2001', 10, 7.25, 72.5, 'Northwind', 'shipped'],
    ['SO-505', '2026-01-22', 'WH-2002', 3, 20, 60, 'Tailspin', 'shipped'],
    ['SO-506', '2026-01-28', 'WH-4521', 5, 9.9, 49.5, 'Contoso', 'shipped'],
  ],
  Products: [
    ['SKU', 'Product name', 'Category', 'Reorder threshold'],
    ['WH-1001', 'Oat milk 1 l', 'Perishable', 20],
    ['WH-1002', 'Espresso beans 1 kg', 'Dry goods', 5],
    ['WH-1003', 'Paper cups (100)', 'Supplies', 10],
    ['WH-2001', 'Sugar sticks (500)', 'Dry goods', 30],
    ['WH-2002', 'Cold brew 12 pack', 'Perishable', 5],
    ['WH-4521', 'Napkins (250)', 'Supplies', 10],
  ],
  Staging: [['SKU', 'Opening qty', 'Sold qty']],
  Discrepancies: [['SKU', 'Expected qty', 'Actual qty', 'Variance', 'Variance %', 'Flag', 'Notes']],
  Summary: [['January reconciliation']],
};

/** Types the example's data into its sheets, as a person would have it (numbers as numbers, dates as dates). */
export function seedExampleData(spreadsheet: EmulatedSpreadsheet): void {
  const execution = createExecution(spreadsheet, { context: 'ui' });
  const app = execution.globals.SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  const active = app.getActiveSpreadsheet();
  for (const [name, rows] of Object.entries(DATA)) {
    const sheet = active.getSheetByName(name) ?? active.insertSheet(name);
    const width = Math.max(...rows.map((row) => row.length));
    sheet
      .getRange(1, 1, rows.length, width)
      .setValues(rows.map((row) => [...row, ...new Array(width - row.length).fill('')]));
  }
  execution.end();
}
