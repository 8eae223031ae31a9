/** Range references in prose (`Warehouse!A2:F500`), found with where each starts and ends. */

/**
 * A range reference in prose, with its sheet name, as plans name the cells they work on: `Warehouse!A2:F500`,
 * `'My Sheet'!A:A`, `Sales!2:3`, `Data!A2:B`. A reference without a sheet name (`B3`) is not one: in prose
 * it is too often something else. Column letters are upper case, as Sheets writes them. Sheet names are at
 * most 100 characters (Sheets' own limit), which also keeps the search linear on any text: a match cannot run
 * on for more than about 130 characters, and inside a word no match can start.
 */
const rangeParts = {
  /** What may come before a reference: the start of the text or a character that cannot end a sheet name. */
  boundary: "(^|[^\\p{L}\\p{N}_'])",
  quotedSheet: "'(?:[^'\\r\\n]|''){1,100}'",
  plainSheet: '[\\p{L}_][\\p{L}\\p{N}_]{0,99}',
  /** `A2`, `A2:F500`, `A2:F` (to the last row), `A:F` (whole columns), `2:3` (whole rows); `$` allowed. */
  a1:
    '\\$?[A-Z]{1,3}\\$?\\d{1,7}(?::\\$?[A-Z]{1,3}(?:\\$?\\d{1,7})?)?' +
    '|\\$?[A-Z]{1,3}:\\$?[A-Z]{1,3}' +
    '|\\$?\\d{1,7}:\\$?\\d{1,7}',
  /** A reference ends where no further cell-address character follows. */
  end: '(?![\\p{L}\\p{N}_$:])',
};

const RANGE_BODY = `(${rangeParts.quotedSheet}|${rangeParts.plainSheet})!(${rangeParts.a1})${rangeParts.end}`;
const RANGE_IN_TEXT = new RegExp(`${rangeParts.boundary}${RANGE_BODY}`, 'gu');

export interface RangeReference {
  /** As written: `'My Sheet'!A:A`. */
  reference: string;
  /** Unquoted: `My Sheet`. */
  sheetName: string;
  /** `A:A`. */
  a1: string;
}

function rangeReference(reference: string, sheet: string, a1: string): RangeReference {
  const sheetName = sheet.startsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
  return { reference, sheetName, a1 };
}

/**
 * The range references in a piece of text, with where each starts and ends (the sidebar links them). Reading one
 * reference exactly, with what is wrong with it, is core/sheet-range.ts's job; each one found here reads there.
 */
export function findRangeReferences(text: string): Array<RangeReference & { start: number; end: number }> {
  const found: Array<RangeReference & { start: number; end: number }> = [];
  for (const match of text.matchAll(RANGE_IN_TEXT)) {
    const start = match.index + match[1].length;
    const reference = match[0].slice(match[1].length);
    found.push({ ...rangeReference(reference, match[2], match[3]), start, end: start + reference.length });
  }
  return found;
}
