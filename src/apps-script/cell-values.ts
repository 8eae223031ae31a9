/** Text in and out of cells, kept exactly as written. */

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
