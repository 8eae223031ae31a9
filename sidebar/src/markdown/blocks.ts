/**
 * Markdown's blocks as plain nodes (./nodes.ts): what a plan's Analysis and Notes hold — paragraphs, nested lists,
 * headings, fenced and indented code, quotes, rules and GitHub's tables. Their text goes through ./inline.ts. HTML
 * blocks are not blocks here: their lines are a paragraph's text, shown as written.
 */
import { inline } from './inline';
import { element, type MarkdownNode } from './nodes';

/** A fence's opening run; a backtick fence's info string may hold no backtick (./fence below). */
const FENCE = /^( {0,3})(?:`{3}|~{3})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:( +)([^ ].*)?)?$/;
const INDENTED_CODE = /^ {4}/;
/** A table's second line: pipes, colons and dashes (at least one). */
const TABLE_DIVIDER = /^[ |:-]+$/;

const blank = (line: string | undefined) => line !== undefined && line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

/** The fence a line opens (its character and length), or null. */
function fence(line: string): { mark: string; length: number; indent: number } | null {
  const opening = FENCE.exec(line);
  if (!opening) return null;
  const indent = opening[1]!.length;
  const mark = line[indent]!;
  let length = 3;
  while (line[indent + length] === mark) length += 1;
  return mark === '`' && line.includes('`', indent + length) ? null : { mark, length, indent };
}

/** Whether `line` closes `opened`: the same character, at least as many, nothing after but spaces. */
function closes(line: string, opened: { mark: string; length: number }): boolean {
  const text = line.trim();
  return (
    indentOf(line) <= 3 && text.length >= opened.length && [...text].every((character) => character === opened.mark)
  );
}

/** A heading's text: without the closing run of #s that may end it. */
function headingText(line: string, marks: number): string {
  const text = line.trim().slice(marks).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  return end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t' ? text.slice(0, end).trimEnd() : text;
}

/** A line that ends a paragraph before it (a list item only when it could start a list there). */
function interruptsParagraph(line: string): boolean {
  const item = LIST_ITEM.exec(line);
  const startsList =
    item !== null && item[4] !== undefined && item[4].trim() !== '' && /^(?:[-*+]|1[.)])$/.test(item[2]!);
  return fence(line) !== null || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || startsList;
}

/** The cells of a table row: pipes split it, a leading and a trailing pipe are edges, `\|` is a pipe. */
function cells(line: string): string[] {
  const row = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function table(lines: string[], at: number, out: MarkdownNode[]): number {
  const head = cells(lines[at]!);
  const rows: MarkdownNode[] = [];
  let next = at + 2;
  while (next < lines.length && !blank(lines[next]) && lines[next]!.includes('|')) {
    const row = cells(lines[next]!);
    rows.push(
      element(
        'tr',
        head.map((_, column) => element('td', inline(row[column] ?? ''))),
      ),
    );
    next += 1;
  }
  const header = element('thead', [
    element(
      'tr',
      head.map((cell) => element('th', inline(cell))),
    ),
  ]);
  out.push(element('table', rows.length ? [header, element('tbody', rows)] : [header]));
  return next;
}

function fenced(lines: string[], at: number, out: MarkdownNode[]): number {
  const opened = fence(lines[at]!)!;
  const body: string[] = [];
  let next = at + 1;
  for (; next < lines.length && !closes(lines[next]!, opened); next++) {
    const line = lines[next]!;
    body.push(line.slice(Math.min(opened.indent, indentOf(line))));
  }
  out.push(element('pre', [element('code', [body.length ? `${body.join('\n')}\n` : ''])]));
  return next + 1;
}

/**
 * A list from `at`: its items while lines start an item of the same kind at this depth. An item holds the lines
 * indented to its text (blocks of their own: a nested list), and lines that carry its paragraph on.
 */
function list(lines: string[], at: number, out: MarkdownNode[]): number {
  const first = LIST_ITEM.exec(lines[at]!)!;
  const ordered = /\d/.test(first[2]!);
  const kind = (marker: string) => (ordered ? marker.at(-1) : marker);
  const items: MarkdownNode[][] = [];
  let loose = false;
  let next = at;
  while (next < lines.length) {
    const item = LIST_ITEM.exec(lines[next]!);
    if (!item || kind(item[2]!) !== kind(first[2]!) || item[1]!.length > first[1]!.length + 3) break;
    // Text after more than four spaces is indented code inside the item; its column is one past the marker.
    const spaces = item[3]?.length ?? 1;
    const column = item[1]!.length + item[2]!.length + (spaces > 4 ? 1 : spaces);
    const body = [spaces > 4 ? `${' '.repeat(spaces - 1)}${item[4]}` : (item[4] ?? '')];
    next += 1;
    while (next < lines.length) {
      const line = lines[next]!;
      if (blank(line)) {
        const following = lines.slice(next).find((later) => !blank(later));
        if (following === undefined || indentOf(following) < column) break;
        body.push('');
      } else if (indentOf(line) >= column) body.push(line.slice(column));
      else if (!blank(body.at(-1)) && !interruptsParagraph(line) && !LIST_ITEM.test(line)) body.push(line.trim());
      else break;
      next += 1;
    }
    if (body.slice(0, -1).some(blank)) loose = true;
    items.push(blocks(body));
    // A blank line between two items makes the list loose: its items' paragraphs stay paragraphs.
    const following = lines.slice(next).find((later) => !blank(later));
    const sibling = blank(lines[next]) && following !== undefined ? LIST_ITEM.exec(following) : null;
    if (sibling && kind(sibling[2]!) === kind(first[2]!) && sibling[1]!.length <= first[1]!.length + 3) {
      loose = true;
      while (blank(lines[next])) next += 1;
    }
  }
  const tight = (children: MarkdownNode[]) =>
    children.flatMap((child) => (typeof child !== 'string' && child.tag === 'p' && !loose ? child.children : [child]));
  const start = ordered ? parseInt(first[2]!, 10) : 1;
  const listItems = items.map((children) => element('li', tight(children)));
  out.push(element(ordered ? 'ol' : 'ul', listItems, ordered && start !== 1 ? { start: String(start) } : undefined));
  return next;
}

/** The blocks of `lines`. */
export function blocks(lines: string[]): MarkdownNode[] {
  const out: MarkdownNode[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at]!;
    let found: RegExpExecArray | null;
    if (blank(line)) at += 1;
    else if (fence(line)) at = fenced(lines, at, out);
    else if ((found = HEADING.exec(line))) {
      out.push(element(`h${found[1]!.length}` as 'h1', inline(headingText(line, found[1]!.length))));
      at += 1;
    } else if (RULE.test(line)) {
      out.push(element('hr', []));
      at += 1;
    } else if (QUOTE.test(line)) {
      const quoted: string[] = [];
      for (; at < lines.length && !blank(lines[at]); at++) quoted.push(lines[at]!.replace(QUOTE, ''));
      out.push(element('blockquote', blocks(quoted)));
    } else if (LIST_ITEM.test(line)) at = list(lines, at, out);
    else if (INDENTED_CODE.test(line)) {
      const code: string[] = [];
      for (; at < lines.length && (INDENTED_CODE.test(lines[at]!) || blank(lines[at])); at++)
        code.push(lines[at]!.slice(4));
      while (blank(code.at(-1))) code.pop();
      out.push(element('pre', [element('code', [`${code.join('\n')}\n`])]));
    } else if (line.includes('|') && TABLE_DIVIDER.test(lines[at + 1] ?? '') && lines[at + 1]!.includes('-'))
      at = table(lines, at, out);
    else {
      const text = [line.trimStart()];
      for (at += 1; at < lines.length && !blank(lines[at]) && !interruptsParagraph(lines[at]!); at++)
        text.push(lines[at]!.trimStart());
      out.push(element('p', inline(text.join('\n').trimEnd())));
    }
  }
  return out;
}

/** `markdown` as nodes: the page turns them into DOM nodes (../markdown.ts), tests read them as they are. */
export function markdownNodes(markdown: string): MarkdownNode[] {
  return blocks(markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}
