/**
 * A person's decisions as the plan shows them, for the guard (./held-items.ts): the words a decision writes after a
 * task (`— approved: …`), and the dated line it writes in Notes (`- 2026-03-02: plan approved: go`), read as a
 * reader of the sidebar sees them (sidebar/src/markdown/), so that no agent's text shows as one.
 */
import type { PlanOutline } from '../format/parse';
import { comparedName } from '../person/source-words';

/** Words only a person's decision writes after a task: `approved`, `approved: …`, `changes requested: …`. */
const DECISION_WORDS = /^\s*(?:approved|changes requested)\b/i;
/** A date and a colon (`2026-03-02: `): what a person's decision writes first in Notes. */
const DATED = /(\d{4}-\d{2}-\d{2}) ?: /g;

/**
 * The character references the sidebar's Markdown shows as characters (sidebar/src/markdown/inline.ts) that can spell
 * a decision's words: numbers, and the no-break space (`&amp;`, `&lt;`, … show signs no decision holds).
 */
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|nbsp);/gi;

/** `text` with its character references as the characters they show. */
function decoded(text: string): string {
  return text.replace(REFERENCE, (reference, decimal?: string, hex?: string) => {
    const point = Number(decimal ?? (hex ? `0x${hex}` : 32));
    return point && point < 0x110000 ? String.fromCodePoint(point) : reference;
  });
}

/**
 * Marks and controls of direction (ALM, LRM, RLM, embeddings, overrides, isolates): around digits and signs they
 * reorder what shows (`RLM:2026-11-26 plan` shows as `2026-11-26: plan`), past what a reading here follows.
 */
const DIRECTION = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Letters a reader takes for Latin ones in a decision's words (`ɑ` for `a`), with what they stand for. */
const LETTERS = 'ɑaոnᴠvɡgνvѵv';

/**
 * Text as a reader of the sidebar sees it, for the words of a person's decision: character references first, then
 * Markdown's escapes, hard breaks and marks (emphasis, code, a link's brackets, a table's pipes) read away, dashes
 * as hyphens, a colon's, a space's and a letter's look-alikes as they look, a run of spaces as one (as HTML shows
 * it); a zero-width or non-breaking space, a full-width or Cyrillic letter (`аpproved`) does not make an agent's
 * words another text than the person's either (../person/source-words.ts comparedName).
 */
function asRead(text: string): string {
  const shown = decoded(text)
    .normalize('NFKC')
    .replace(/\\(?=[\s!-/:-@[-`{-~]|$)|[*_~`[\]|]/g, '')
    .replace(/[\u2010-\u2015\u2212\u02d7\u058a\u2043]/g, '-')
    .replace(/[\u2236\u02d0\ua789\u0589\ua4fd\u02f8]/g, ':')
    .replace(/[ɑոᴠɡνѵ]/g, (letter) => LETTERS[LETTERS.indexOf(letter) + 1])
    .replace(/[\s\u115f\u1160\u2800]+/g, ' ')
    .trim();
  return /[^ -~]/.test(shown) ? comparedName(shown) : shown;
}

/**
 * Links' addresses read in one reading of a section (each up to 2,000 characters, code's too): past 1,000, none is
 * read, and a text with one is held as it is.
 */
let addressesRead = 0;

/**
 * `text` without its links' addresses, read as the sidebar reads one (sidebar/src/markdown/inline.ts destination):
 * after `](`, an address in `<>` or a run of other than spaces with its parentheses paired, then a title in quotes or
 * parentheses, then `)`. Where the sidebar finds no link (past 2,000 characters, a title with no address), this
 * takes away more; decisionHeads also reads the text with its addresses in. undefined past the section's 1,000th.
 */
function withoutAddresses(text: string): string | undefined {
  for (let open = text.indexOf('](') + 1; open > 0 && text.includes(')', open); open = text.indexOf('](', open) + 1) {
    if (++addressesRead > 1000) return undefined;
    const limit = open + 2000;
    let at = open + 1;
    const spaces = () => {
      while (text[at] === ' ') at++;
    };
    spaces();
    if (text[at] === '<') at = text.indexOf('>', at) + 1 || text.length;
    else
      for (let depth = 0; at < limit && at < text.length && text[at] !== ' ' && (text[at] !== ')' || depth); at++) {
        if (text[at] === '\\') at++;
        else depth += text[at] === '(' ? 1 : text[at] === ')' ? -1 : 0;
      }
    spaces();
    const quote = { '"': '"', "'": "'", '(': ')' }[text[at]];
    if (quote) at = text.indexOf(quote, at + 1) + 1 || text.length;
    spaces();
    if (text[at] === ')') text = text.slice(0, open) + text.slice(at + 1);
  }
  return text;
}

/**
 * The heads of the decisions a text shows, where each starts in it: a date, then `plan approved`, `plan sent back`,
 * or `review of …` up to its outcome (`approved`, `changes requested`): `2026-03-02: review of 1.1 (check) approved`,
 * in lower case (a text with a letter past ASCII is read so, ./source-words.ts). Read with the links' addresses left
 * out and with them in, as a run of lines may hold more than one of the sidebar's texts.
 */
function decisionHeads(text: string): Array<[at: number, head: string]> {
  // A text with digits (a date) and a direction mark or control is held as it is, as is one with links past the
  // section's 1,000th (a flood of `](` would take seconds to read).
  const addressless = withoutAddresses(text);
  const characters = decoded(text);
  const heads: Array<[number, string]> =
    addressless === undefined || (DIRECTION.test(characters) && /\p{Nd}/u.test(characters)) ? [[1, text.trim()]] : [];
  // Both readings' heads are held (a text without a link is so held twice, before the change as after it); one
  // without a link is read once.
  const addresslessRead = asRead(addressless ?? text);
  for (const read of [addresslessRead, addressless === text ? addresslessRead : asRead(text)])
    for (const dated of read.matchAll(DATED)) {
      const said = read.slice(dated.index! + dated[0].length);
      const outcome = /^review of /i.test(said) && /\b(?:approved|changes requested)\b/i.exec(said);
      const head = outcome
        ? said.slice(0, outcome.index + outcome[0].length)
        : /^p[lI]an (?:approved|sent back)/i.exec(said);
      if (head) heads.push([dated.index!, `${dated[1]}: ${head}`.toLowerCase()]);
    }
  return heads;
}

/** Whether a task's note is what a person's decision wrote on its line (`approved: …`, `changes requested: …`). */
export function isDecisionWords(note: string | undefined): boolean {
  return note !== undefined && DECISION_WORDS.test(asRead(note));
}

/**
 * The marks the sidebar reads away at a block's start (sidebar/src/markdown/blocks.ts): a list item's, a quote's, a
 * heading's.
 */
const BLOCK_MARKS = /^(?:(?:[-*+]|\d{1,9}[.)]|#{1,6})(?:\s+|$)|>\s*)*/;

/** The sidebar's list item (sidebar/src/markdown/blocks.ts LIST_ITEM): indentation, marker, spaces, text. */
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:( +)([^ ].*)?)?$/;

/**
 * A block no text runs on into at 3 spaces' indentation at most from the margin (blocks.ts): a fence, a heading, a
 * rule. Inside an item the sidebar counts from the item's text, so it may find more of them: the guard joins more.
 */
const OWN_BLOCK = /^ {0,3}(?:`{3,}[^`]*$|~{3}|#{1,6}(?: |$)|([-*_])(?: *\1){2,} *$)/;

/**
 * The decision lines of Notes, and of Analysis (the sidebar shows both as Markdown), each under a key (its head,
 * `2026-03-02: plan approved`) with what the person holds. A section is read as runs of lines, as the sidebar's
 * renderer reads them (tabs as four spaces, the section's first line without its indentation, a quote's marks read
 * away): a run ends at a blank line; before a fence, a heading or a rule; after a heading; before a list item that
 * starts a list (a bullet or `1.` with words, however indented) or one less indented than the text of the item the
 * run started with; and before a quote at a line's start, unless one since the last blank line holds it (the sidebar
 * keeps every line after a quote's in the quote until a blank line) or one after an item's marks in this run does.
 * No text the sidebar shows spans two runs, so:
 * - every decision head found anywhere in a run, every mark read away (a link's text, a table's cell, a quote inside
 *   an item, words across lines), is held as itself;
 * - a run that starts with one (the person's `- 2026-03-02: plan approved: go`) is held whole, as written (lines
 *   trimmed, joined by a space): an agent never adds words to one. The blocks an item holds after its text (a list,
 *   a paragraph after a blank line) are no part of it.
 */
export function decisionLines(outline: PlanOutline): Array<[head: string, held: string]> {
  const { lines } = outline.document;
  const held: Array<[string, string]> = [];
  for (const section of [outline.sections.notes, outline.sections.analysis]) {
    if (!section) continue;
    addressesRead = 0;
    // quoted: a quote at a line's start holds every line after it until a blank line; inItem: one after an item's
    // marks (`- > …`) holds the lines of that item's run.
    let [written, shown, quoted, inItem, heading, column, first] = ['', '', false, false, false, -1, true];
    for (let at = section.heading + 1; at <= section.end; at++) {
      // The line as the sidebar takes it, and its text past any quote's marks.
      const line = (at < section.end ? lines[at] : '').replace(/\t/g, '    ');
      const text = first ? line.trimStart() : line;
      const inner = text.replace(/^(?: {0,3}> ?)+/, '');
      const [trimmed, innerTrimmed] = [text.trim(), inner.trim()];
      const item = LIST_ITEM.exec(inner);
      const quote = inner !== text;
      const block = OWN_BLOCK.test(inner);
      if (
        !trimmed ||
        heading ||
        block ||
        (quote && !quoted && !inItem) ||
        (item && ((item[4]?.trim() && /^(?:[-*+]|1[.)])$/.test(item[2])) || item[1].length < column))
      ) {
        for (const [where, head] of decisionHeads(shown)) held.push([head, where ? head : written.trim()]);
        [written, shown, inItem] = ['', '', false];
        // The column of the item's text (blocks.ts list): past more than four spaces, one past the marker; a rule
        // (`- - -`) is no item there.
        const spaces = item?.[3]?.length ?? 1;
        column = item && !block ? item[1].length + item[2].length + (spaces > 4 ? 1 : spaces) : -1;
      }
      if (!trimmed) {
        quoted = heading = false;
        continue;
      }
      first = false;
      written += ` ${trimmed}`;
      // A run's first line shows after its marks; the lines that carry it on show theirs (`2) …` is text there) but a
      // quote's.
      const marks = BLOCK_MARKS.exec(innerTrimmed)![0];
      shown += ` ${shown ? innerTrimmed.replace(/^[>\s]+/, '') : innerTrimmed.slice(marks.length)}`;
      heading = block && innerTrimmed[0] === '#';
      quoted ||= quote;
      // A quote opened after an item's marks, or a `>` past three spaces (a quote in an item's text, or the
      // characters of a paragraph: the guard does not tell them apart and joins), holds what follows in the run.
      if (marks.includes('>')) [inItem, column] = [true, -1];
    }
  }
  return held;
}
