/**
 * Markdown's inline marks as a tree of plain nodes (./nodes.ts): code spans, emphasis, strike-through, links,
 * autolinks (GitHub's bare URLs and e-mail addresses too), images (their description only), escapes, line breaks and
 * the common character references. Raw HTML is not a mark here: `<b>` stays the characters `<b>`.
 */
import { LookAhead } from './look-ahead';
import { element, type MarkdownAttribute, type MarkdownNode } from './nodes';

/** Only these link targets survive; any other link keeps its words and leads nowhere. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;

/** Each rule is tried where its first character stands (sticky), in this order. */
const ESCAPE = /\\([!-/:-@[-`{-~])/y;
const HARD_BREAK = /(?: {2,}|\\)\n/y;
const CODE_SPAN = /(`+)(?!`)([^]*?[^`])\1(?!`)/y;
const ANGLE_AUTOLINK = /<((?:https?|mailto):[^\s<>]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/iy;
const STRONG = /(\*\*|__)(?=[^\s*_])([^]*?\S)\1/y;
const EMPHASIS = /([*_])(?=[^\s*_])([^]*?[^\s*_]|[^\s*_])\1/y;
const STRIKE = /~~(?=\S)([^]*?\S)~~/y;
/** A bare URL ends before trailing punctuation (GitHub's rule, without its parenthesis counting). */
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]*[^\s<.,:;"'!?*_~)\]]/iy;
const BARE_EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/y;
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function match(rule: RegExp, text: string, at: number): RegExpExecArray | null {
  rule.lastIndex = at;
  return rule.exec(text);
}

/** The longest a link's words and its target may be: a stray `(` after a `]` costs at most this much reading. */
const LINK_REACH = 2000;

/** The `]` that closes the `[` at `open`, or -1 (also when it is out of a link's reach). */
function closingBracket(ahead: LookAhead, open: number): number {
  const close = ahead.closingOf(open);
  return close !== undefined && close - open < LINK_REACH ? close : -1;
}

const isSpace = (character: string | undefined) => character === ' ' || character === '\n';

/** A link's `(target "title")` from `open`: its target and where it ends; null when there is none there. */
function destination(ahead: LookAhead, open: number): { target: string; end: number } | null {
  const { text } = ahead;
  if (text[open] !== '(' || ahead.next(')', open) === -1) return null;
  const limit = Math.min(text.length, open + LINK_REACH);
  let at = open + 1;
  while (isSpace(text[at])) at += 1;
  const start = at;
  let target: string;
  if (text[at] === '<') {
    const close = ahead.next('>', at);
    if (close < 0 || close > limit || text.slice(at, close).includes('\n')) return null;
    target = text.slice(at + 1, close);
    at = close + 1;
  } else {
    for (let depth = 0; at < limit && !isSpace(text[at]) && !(text[at] === ')' && depth === 0); at++) {
      if (text[at] === '\\') at += 1;
      else if (text[at] === '(') depth += 1;
      else if (text[at] === ')') depth -= 1;
    }
    target = text.slice(start, at);
  }
  while (isSpace(text[at])) at += 1;
  const quote = { '"': '"', "'": "'", '(': ')' }[text[at] ?? ''];
  if (quote && at > start) {
    const close = ahead.next(quote, at + 1);
    if (close < 0 || close > limit) return null;
    at = close + 1;
    while (isSpace(text[at])) at += 1;
  }
  return text[at] === ')' ? { target, end: at + 1 } : null;
}

/** The link or image whose `[` is at `open`: its words, target and end; null when there is none. */
function linkAt(ahead: LookAhead, open: number): { words: string; target: string; end: number } | null {
  const close = closingBracket(ahead, open);
  const found = close < 0 ? null : destination(ahead, close + 1);
  return found && { words: ahead.text.slice(open + 1, close), ...found };
}

/** An `<a>` that opens a new tab with no handle on the sidebar; without a safe target it has no href at all. */
export function link(target: string, children: MarkdownNode[]): MarkdownNode {
  const href = target.trim();
  const attributes: Partial<Record<MarkdownAttribute, string>> = { target: '_blank', rel: 'noopener noreferrer' };
  if (SAFE_LINK.test(href)) attributes.href = href;
  return element('a', children, attributes);
}

function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}_]/u.test(character);

/** The mark that starts at `at`, with where it ends; null when the character there is plain text. */
function markAt(ahead: LookAhead, at: number, inLink: boolean): { node: MarkdownNode; end: number } | null {
  const { text } = ahead;
  const character = text[at]!;
  const before = text[at - 1];
  const via = (rule: RegExp, make: (found: RegExpExecArray) => MarkdownNode) => {
    const found = match(rule, text, at);
    return found && { node: make(found), end: found.index + found[0].length };
  };
  const lineBreak = () => element('br', []);
  switch (character) {
    case '\\':
      return via(HARD_BREAK, lineBreak) ?? via(ESCAPE, (found) => found[1]!);
    case ' ':
      return via(HARD_BREAK, lineBreak);
    case '`':
      // An unclosed run of backticks is text, all of it (not a shorter span inside it).
      return via(CODE_SPAN, (found) => element('code', [codeText(found[2]!)])) ?? via(/`+/y, (found) => found[0]);
    case '!': {
      const image = text[at + 1] === '[' ? linkAt(ahead, at + 1) : null;
      return image && { node: image.words ? `[image: ${unescape(image.words)}]` : '[image]', end: image.end };
    }
    case '[': {
      const linked = inLink ? null : linkAt(ahead, at);
      return linked && { node: link(unescape(linked.target), inline(linked.words, true)), end: linked.end };
    }
    case '<':
      if (inLink) return null;
      return via(ANGLE_AUTOLINK, ([, target]) => link(target!.includes(':') ? target! : `mailto:${target}`, [target!]));
    case '*':
    case '_': {
      // `_` marks only between words' edges: snake_case_names stay as written.
      if (character === '_' && isWordCharacter(before)) return null;
      const found = match(STRONG, text, at) ?? match(EMPHASIS, text, at);
      const end = found ? found.index + found[0].length : 0;
      if (!found || (character === '_' && isWordCharacter(text[end]))) return null;
      return { node: element(found[1]!.length === 2 ? 'strong' : 'em', inline(found[2]!, inLink)), end };
    }
    case '~':
      return via(STRIKE, (found) => element('del', inline(found[1]!, inLink)));
    case '&':
      return via(REFERENCE, reference);
  }
  if (inLink || /[\w.+-]/.test(before ?? ' ')) return null;
  return (
    via(BARE_URL, ([url]) => link(/^www\./i.test(url!) ? `https://${url}` : url!, [url!])) ??
    via(BARE_EMAIL, ([address]) => link(`mailto:${address}`, [address!]))
  );
}

function reference(found: RegExpExecArray): string {
  if (found[3]) return NAMED[found[3]]!;
  const point = found[1] ? Number(found[1]) : parseInt(found[2]!, 16);
  return point > 0 && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff)
    ? String.fromCodePoint(point)
    : '\ufffd';
}

/** A code span's text: line ends are spaces, and one space each side goes when both sides have one. */
function codeText(text: string): string {
  const flat = text.replace(/\n/g, ' ');
  return flat.length > 2 && flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() ? flat.slice(1, -1) : flat;
}

/** The inline marks of `text` (one paragraph, heading or table cell) as nodes; `inLink` forbids links inside links. */
export function inline(text: string, inLink = false): MarkdownNode[] {
  const ahead = new LookAhead(text);
  const nodes: MarkdownNode[] = [];
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const mark = markAt(ahead, at, inLink);
    if (!mark) {
      plain += text[at];
      at += 1;
      continue;
    }
    if (typeof mark.node === 'string') plain += mark.node;
    else {
      if (plain) nodes.push(plain);
      plain = '';
      nodes.push(mark.node);
    }
    at = mark.end;
  }
  if (plain) nodes.push(plain);
  return nodes;
}
