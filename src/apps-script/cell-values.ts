/** Text in and out of cells, kept exactly as written; and the hidden sheets Sheet Plan keeps beside the plan. */

/**
 * Sheets interprets what setValue receives as if a person typed it: `=…` becomes a formula,
 * `2026-01-10` a date. A leading apostrophe keeps the rest as text, exactly as written.
 */
export function asText(text: string): string {
  return text ? `'${text}` : '';
}

/** A cell value as text: a person may have typed a number or a date into the cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Object.prototype.toString.call(value) === '[object Date]') return (value as Date).toISOString();
  return String(value);
}

/**
 * A hidden sheet of Sheet Plan's (the history, the archive): found by name, or, when `create` is set, made
 * with its header row and hidden; null when it does not exist and is not to be made.
 */
export function hiddenSheet(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
  header: string[],
  create: boolean,
): GoogleAppsScript.Spreadsheet.Sheet | null {
  const existing = spreadsheet.getSheetByName(name);
  if (existing || !create) return existing;
  const sheet = spreadsheet.insertSheet(name);
  sheet.getRange(1, 1, 1, header.length).setValues([header]);
  sheet.hideSheet();
  return sheet;
}
