/** The rules for naming the sheets insertSheet adds: Assumption sheet-names (../assumptions.ts). */
import type { EmulatedSpreadsheet } from '../model/emulated-spreadsheet';
import { ServiceError } from '../runtime/service-error';

/** Sheets refuses longer names in its UI. */
const MAX_SHEET_NAME_LENGTH = 100;

/**
 * Refuses a name another sheet has. Sheets compares sheet names ignoring case (`Sheet1` and
 * `sheet1` cannot coexist), and getSheetByName here finds `agent_base` for AGENT_BASE (the stricter reading: code
 * that guards a sheet by its exact name is caught).
 */
export function requireFreeSheetName(spreadsheet: EmulatedSpreadsheet, name: string): void {
  if (name.trim() === '') throw new ServiceError('Sheet names cannot be empty.');
  if (name.length > MAX_SHEET_NAME_LENGTH) {
    throw new ServiceError(`Sheet names can have at most ${MAX_SHEET_NAME_LENGTH} characters.`);
  }
  const taken = spreadsheet.sheets.some((sheet) => sheet.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new ServiceError(`A sheet with the name "${name}" already exists. Please enter another name.`);
}

/** `Sheet2`, `Sheet3`, …: the first free name after the sheets already there, as Sheets picks them. */
export function nextDefaultSheetName(spreadsheet: EmulatedSpreadsheet): string {
  const taken = new Set(spreadsheet.sheets.map((sheet) => sheet.name.toLowerCase()));
  for (let number = spreadsheet.sheets.length + 1; ; number++) {
    if (!taken.has(`sheet${number}`)) return `Sheet${number}`;
  }
}
