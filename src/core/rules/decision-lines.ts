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

/** The character references the sidebar's Markdown shows as characters (sidebar/src/markdown/inline.ts). */
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Text as a reader of the sidebar sees it, for the words of a person's decision: Markdown's escapes, hard breaks,
 * character references and marks (emphasis, code, a link's brackets and address, a table's pipes) read away, dashes
 * as hyphens, a colon's or a space's look-alikes as they look, a run of spaces as one (as HTML shows it); a
 * zero-width or non-breaking space, a full-width or Cyrillic letter (`аpproved`) does not make an agent's words
 * another text than the person's either (../person/source-words.ts comparedName).
 */
function asRead(text: string): string {
  const shown = text
    .normalize('NFKC')
    .replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
      const point = Number(decimal ?? `0x${hex}`);
      return name ? NAMED[name.toLowerCase()] : point && point < 0x110000 ? String.fromCodePoint(point) : reference;
    })
    // A link's address goes with its brackets (its text is what shows), however the sidebar reads one (spaces, a
    // title, parentheses inside, escapes), and a backslash that escapes or breaks a line.
    .replace(/\]\((?:\\.|[^()\\]|\([^()]*\))*\)|\\(?=[\s!-/:-@[-`{-~]|$)|[*_~`[\]|]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2236\u02d0\ua789]/g, ':')
    // Greek and Cyrillic v-like letters, which names may hold (source-words.ts), and the blank fillers (after NFKC).
    .replace(/[\u03bd\u0475]/g, 'v')
    .replace(/[\s\u115f\u1160\u2800]+/g, ' ')
    .trim();
  return /[^ -~]/.test(shown) ? comparedName(shown) : shown;
}

/**
 * The heads of the decisions a text shows, where each starts in it: a date, then `plan approved`, `plan sent back`,
 * or `review of …` up to its outcome (`approved`, `changes requested`): `2026-03-02: review of 1.1 (check) approved`,
 * in lower case (a text with a letter past ASCII is read so, ./source-words.ts).
 */
function decisionHeads(text: string): Array<[at: number, head: string]> {
  const read = asRead(text);
  const heads: Array<[number, string]> = [];
  for (const dated of read.matchAll(DATED)) {
    const said = read.slice(dated.index! + dated[0].length);
    const outcome = /^review of /i.test(said) && /\b(?:approved|changes requested)\b/i.exec(said);
    const head = outcome
      ? said.slice(0, outcome.index + outcome[0].length)
      : /^plan (?:approved|sent back)/i.exec(said);
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

/**
 * A line no text before it runs on into, in any Markdown outside code: a bullet with words (indented 3 at most), and
 * at the margin an ordered item's `1.` with words (a `2.` may carry on a paragraph), a heading, a fence or a rule.
 */
const STARTS_ON_ITS_OWN =
  /^(?: {0,3}[-*+][ \t]+\S|1[.)][ \t]+\S|#{1,6}(?:[ \t]|$)|`{3,}[^`]*$|~{3,}|([-*_])(?:[ \t]*\1){2,}[ \t]*$)/;

/**
 * The Notes section's decision lines, each under a key (its head, `2026-03-02: plan approved`) with what the person
 * holds. Notes are read as runs of lines, each run ended by a blank line, a line that starts on its own (above), and a
 * heading's line; a quote's first line starts one too, but the sidebar keeps every line after a quote's in the quote
 * until a blank line. Every run a reader of the sidebar may see as one text or more is within one run, so:
 * - every decision head found anywhere in a run, every mark read away (a link's text, a table's cell, a quote inside
 *   an item, words across lines), is held as itself;
 * - a run that starts with one (the person's `- 2026-03-02: plan approved: go`) is held whole, as written (lines
 *   trimmed, joined by a space), and with the line that a blank line leads to when it is indented text (the sidebar
 *   shows it as the item's next paragraph; a bullet there is a list under it): an agent never adds words to one.
 */
export function decisionLines(outline: PlanOutline): Array<[head: string, held: string]> {
  const { lines } = outline.document;
  const held: Array<[string, string]> = [];
  // Analysis too: the sidebar shows it as Markdown beside Notes, where no decision of a person's is written.
  for (const section of [outline.sections.notes, outline.sections.analysis]) {
    if (!section) continue;
    let [written, shown, quoted, heading] = ['', '', false, false];
    for (let at = section.heading + 1; at <= section.end; at++) {
      const line = at < section.end ? lines[at].trim() : '';
      const quote = lines[at]?.[0] === '>';
      if (!line || heading || STARTS_ON_ITS_OWN.test(lines[at]) || (quote && !quoted)) {
        let next = at;
        while (next < section.end && !lines[next].trim()) next++;
        const after = next < section.end ? lines[next] : '';
        const under = !line && /^\s/.test(after) && !STARTS_ON_ITS_OWN.test(after) ? ` ${after.trim()}` : '';
        for (const [where, head] of decisionHeads(shown)) held.push([head, where ? head : `${written.trim()}${under}`]);
        written = shown = '';
      }
      written += ` ${line}`;
      shown += ` ${line.replace(BLOCK_MARKS, '')}`;
      heading = line[0] === '#' && STARTS_ON_ITS_OWN.test(lines[at]);
      quoted = !!line && (quoted || quote);
    }
  }
  return held;
}
