/**
 * Text in and out of Sheets cells. What setValue receives is read as if a person typed it: `=…` becomes a formula,
 * `2026-01-10` a date. A leading apostrophe keeps the rest as text, exactly as written, so Sheet Plan writes one.
 */
import { tooLarge } from '../core/errors';
import { filled, formatCount } from '../core/text';
import * as rareRefusals from './rare-refusals';
import { isDate } from '../core/sheet/cell-values';

/** Sheets stores at most this many characters in one cell. */
export const CELL_CHARACTERS = 50_000;

/**
 * The longest plan Sheet Plan always writes: whether Sheets counts the apostrophe toward the cell's limit is not
 * documented, so we assume it does.
 */
export const PLAN_TEXT_LIMIT = CELL_CHARACTERS - 1;

/** `text` as Sheets keeps it as text: with a leading apostrophe (an empty cell stays empty). */
export function asText(text: string): string {
  return text ? `'${text}` : '';
}

/**
 * What to write for a plan's text, in the plan cell or the history: with the apostrophe, or — for a plan of exactly
 * 50,000 characters (a person may type one; a change that does not grow it must still be written, and kept) — without
 * it, when nothing in it can be read as anything but text (it spans several lines and starts like Markdown, not like a
 * formula, number or date). Undefined when Sheets could keep the text only with an apostrophe there is no room for.
 */
export function storableText(text: string): string | undefined {
  if (text.length < CELL_CHARACTERS) return asText(text);
  if (text.length === CELL_CHARACTERS && text.includes('\n') && /^[#A-Za-z*>|`~_![]/.test(text)) return text;
  return undefined;
}

/** What to write for a text, whatever it is: where it cannot be kept as text, Sheets refuses it (never blanks it). */
export function textInput(text: string): string {
  return storableText(text) ?? asText(text);
}

/** storableText, or TOO_LARGE saying what to cut; `what` names the text (`the plan`), `place` where it would go. */
export function requireStorable(text: string, what: string, place: string): string {
  const input = storableText(text);
  if (input !== undefined) return input;
  throw tooLarge(
    filled(rareRefusals.textTooLarge(), {
      what,
      place,
      length: formatCount(text.length),
      most: formatCount(PLAN_TEXT_LIMIT),
      first: text.charAt(0),
      over: formatCount(text.length - PLAN_TEXT_LIMIT),
    }),
  );
}

/** A cell value as text: a person may have typed a number or a date into the cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (isDate(value)) return value.toISOString();
  return String(value);
}

/**
 * Text Sheet Plan wrote, as read back. Google does not document whether a cell formatted as Plain text keeps the
 * leading apostrophe we write; if it does, that one apostrophe is ours, not part of the text. (So a plan never starts
 * with an apostrophe: in any other cell, a person can only store one by typing two.)
 */
export function writtenText(value: unknown): string {
  const text = cellText(value);
  return text.startsWith("'") ? text.slice(1) : text;
}

/** What to write to put back a value read from a cell: text as text, numbers and dates as they were. */
export function restoreInput(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return '';
  return typeof value === 'string' ? textInput(writtenText(value)) : value;
}
