/**
 * A person's decisions as the plan shows them, for the guard (./held-items.ts): the words a decision writes after a
 * task (`— approved: …`), and the dated line it writes in Notes (`- 2026-03-02: plan approved: go`), read as a
 * reader of the sidebar sees them (sidebar/src/markdown/), so that no agent's text shows as one.
 */
import type { BlockKind } from '../format/blocks';
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
 * as hyphens, a run of spaces as one (as HTML shows it); a zero-width or non-breaking space, a full-width or Cyrillic
 * letter (`аpproved`) does not make an agent's words another text than the person's either
 * (../person/source-words.ts comparedName).
 */
function asRead(text: string): string {
  const shown = text
    .replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
      const point = Number(decimal ?? `0x${hex}`);
      return name ? NAMED[name.toLowerCase()] : point && point < 0x110000 ? String.fromCodePoint(point) : reference;
    })
    // A link's address goes with its brackets (its text is what shows), and a backslash that escapes or breaks a line.
    .replace(/\]\([^()\s]*\)|\\(?=[\s!-/:-@[-`{-~]|$)|[*_~`[\]|]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return /[^ -~]/.test(shown) ? comparedName(shown) : shown;
}

/**
 * The heads of the decisions a text shows, where each starts in it: a date, then `plan approved`, `plan sent back`,
 * or `review of …` up to its outcome (`approved`, `changes requested`): `2026-03-02: review of 1.1 (Check) approved`.
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
    if (head) heads.push([dated.index!, `${dated[1]}: ${head}`]);
  }
  return heads;
}

/** Whether a task's note is what a person's decision wrote on its line (`approved: …`, `changes requested: …`). */
export function isDecisionWords(note: string | undefined): boolean {
  return note !== undefined && DECISION_WORDS.test(asRead(note));
}

/**
 * The lines that can hold a decision's words as the sidebar shows them: text, not code or rules. HTML and comments
 * are text there (sidebar/src/markdown/blocks.ts draws no HTML block): an unclosed `<!--` hides nothing; a table's
 * cells are text, their pipes read away (asRead).
 */
const TEXT_KINDS: ReadonlySet<BlockKind> = new Set<BlockKind>([
  'table',
  'paragraph',
  'list-item',
  'heading',
  'quote',
  'blank',
  'html',
  'comment',
]);

/**
 * The marks the sidebar reads away at a block's start (sidebar/src/markdown/blocks.ts): a list item's, a quote's, a
 * heading's.
 */
const BLOCK_MARKS = /^(?:(?:[-*+]|\d{1,9}[.)]|#{1,6})(?:\s+|$)|>\s*)*/;

/**
 * A line no text before it runs on into, in any Markdown outside code: at the margin, a bullet with words, a heading,
 * a fence or a rule (an ordered item's `2.` may carry on a paragraph, so it is not one).
 */
const STARTS_ON_ITS_OWN = /^(?:[-*+][ \t]+\S|#{1,6}(?:[ \t]|$)|`{3,}[^`]*$|~{3,}|([-*_])(?:[ \t]*\1){2,}[ \t]*$)/;

/**
 * The Notes section's decision lines, each a key (its head: `2026-03-02: plan approved`) with the lines the person
 * holds (as written, trimmed, joined by a space). Read two ways, so that no agent's text shows as a decision to a
 * reader of the sidebar who takes the lines otherwise than the block scanner does:
 * - as blocks (decisionTexts): a decision's whole text is held, and, as a text of its own, the text with the line
 *   under it that the sidebar may show as part of it (anything but a new item at the margin, a heading, or, after a
 *   blank line, words at the margin);
 * - as runs of lines between blank lines and lines that start on their own, every mark read away: each decision head
 *   found anywhere in one (a link's text, a table's cell, a quote inside an item) is held, as many times as found.
 */
export function decisionLines(outline: PlanOutline): Array<[head: string, held: string]> {
  const notes = outline.sections.notes;
  if (!notes) return [];
  const { lines } = outline.document;
  const held: Array<[string, string]> = [];
  /** The heads of the decision texts, each taken off when a run finds it. */
  const unfound: string[] = [];
  for (const [written, shown, last] of decisionTexts(outline, notes.heading + 1, notes.end)) {
    const head = decisionHeads(shown)[0];
    if (head?.[0] !== 0) continue;
    let next = last + 1;
    while (next < notes.end && !lines[next].trim()) next++;
    // A quote at the margin starts on its own after a decision's list item, though not in a run (its lines go on).
    const line = next < notes.end ? lines[next] : '>';
    const runsOn = !STARTS_ON_ITS_OWN.test(line) && line[0] !== '>' && (next === last + 1 || /^\s/.test(line));
    held.push([head[1], written]);
    unfound.push(head[1]);
    if (runsOn) held.push([head[1], `${written} ${line.trim()}`]);
  }
  // Each head found in a run beyond those its decision texts hold, held as itself.
  let run = '';
  let heading = false;
  for (let at = notes.heading + 1; at <= notes.end; at++) {
    const line = at < notes.end ? lines[at].trim() : '';
    const own = STARTS_ON_ITS_OWN.test(lines[at]);
    // A heading's text is its line: the line after one at the margin starts a run (marks of one inside a paragraph are
    // its text).
    if (!line || heading || own) {
      for (const [, head] of decisionHeads(run)) {
        const found = unfound.indexOf(head);
        if (found < 0) held.push([head, head]);
        else unfound.splice(found, 1);
      }
      run = '';
    }
    run += ` ${line.replace(BLOCK_MARKS, '')}`;
    heading = own && line[0] === '#';
  }
  return held;
}

/**
 * The Notes section's texts as the sidebar shows them: a paragraph or list item with the lines that carry it on is
 * one text (its lines joined by a space, as HTML shows a line break), read after its marks (`- `, `1. `, `> `,
 * `#### `). Each under its written lines, trimmed and joined by a space: a one-line text is its line, as the person's
 * decision writes it; and the place of its last line. A line with marks of a list item or a heading starts a text, as
 * does a quote's after no quote; a heading is a text of its own line.
 */
function decisionTexts(outline: PlanOutline, from: number, end: number): Array<[string, string, number]> {
  const texts: Array<[written: string, shown: string, last: number]> = [];
  let open = false;
  /** The quote's depth the open text started at (0: none). */
  let quoted = 0;
  let code = false;
  const { document, blocks } = outline;
  const { lines } = document;
  const { kinds } = blocks;
  for (let at = from; at < end; at++) {
    // Indented right under a block at the margin that no text carries on (a rule, a heading, a fence; not Notes' own
    // heading, whose text the sidebar trims, nor a list item's), a line is code to the sidebar, and so are the
    // indented lines after it (sidebar/src/markdown/blocks.ts INDENTED_CODE; a tab reads as four spaces there).
    code =
      /^(?: {4}|\t)/.test(lines[at]) &&
      (code || (!open && at > from && kinds[at - 1] !== 'list-item' && /^\s?\S/.test(lines[at - 1])));
    // Code, a rule, a table, a comment: no text of a decision, and the end of the one before (the block scanner's);
    // but Notes' first text, whose indentation the sidebar trims, is text, as are the indented lines carrying it on.
    const trimmed = kinds[at] === 'indented-code' && (open || !texts.some(([written]) => written));
    if (code || (!TEXT_KINDS.has(kinds[at]) && !trimmed)) {
      open = false;
      continue;
    }
    const written = lines[at].trim();
    const marks = BLOCK_MARKS.exec(written)![0];
    const shown = written.slice(marks.length);
    const last = texts[texts.length - 1];
    // A quote's line carries the text on at its depth or shallower (a lazy line); deeper, it opens a quote of its own.
    const depth = marks.split('>').length - 1;
    if (written && open && (!marks || (quoted && !/[^>\s]/.test(marks) && depth <= quoted))) {
      last[0] += ` ${written}`;
      last[1] += ` ${shown}`;
      last[2] = at;
    } else {
      texts.push([written, shown, at]);
      quoted = depth;
    }
    open = !!written && !marks.includes('#');
  }
  return texts;
}
