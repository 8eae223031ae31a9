/**
 * The gaps between a line's parts: spaces, tabs and the no-break space rich-text editors paste, read
 * up to MAX_GAP characters. The named part every line pattern is built from.
 */

/** Spaces and tabs, plus the no-break space that rich-text editors paste. */
export const GAP = '[ \\t\\u00a0]';

/**
 * The longest run of spaces read inside a line's prefix: indentation, and the space after a list
 * marker, a box, a step or a heading's `#`s. No plan has more (64 columns are 16 levels of nested
 * lists); a line with more is plain text. This bound makes every prefix cost a few dozen reads.
 */
export const MAX_GAP = 64;
export const GAPS = `${GAP}{1,${MAX_GAP}}`;
export const OPTIONAL_GAPS = `${GAP}{0,${MAX_GAP}}`;

export const SPACE = 32;
export const TAB = 9;
export const NO_BREAK_SPACE = 0xa0;
export const BYTE_ORDER_MARK = 0xfeff;

/** True for the characters GAP stands for. */
export function isGap(code: number): boolean {
  return code === SPACE || code === TAB || code === NO_BREAK_SPACE;
}

/** The index after a run of gaps starting at `at`, or -1 when the run is longer than MAX_GAP. */
export function gapEnd(text: string, at: number): number {
  const limit = at + MAX_GAP;
  let end = at;
  while (end < text.length && isGap(text.charCodeAt(end))) {
    if (end === limit) return -1;
    end++;
  }
  return end;
}
