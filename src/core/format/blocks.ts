/**
 * The block scanner: one pass over a document's lines that labels each one with the Markdown block it
 * belongs to, following CommonMark's block rules as far as a plan needs them (front matter, fenced and
 * indented code, HTML comments and blocks, quotes, tables, ATX and setext headings, thematic breaks,
 * list items, paragraphs, blank lines). Everything that reads a plan's text (tasks, phases, questions,
 * the Analysis section's `Read:`/`Write:` lines, check lines, the sidebar) reads these labels, so no
 * reader takes a line inside code or a comment for the plan's own.
 */
import { htmlBlockStart, type HtmlBlockEnd } from './html-blocks';
import {
  COMMENT_OPEN,
  closesComment,
  closesFence,
  fenceAt,
  indentationOf,
  isGap,
  isListItem,
  matchHeading,
  setextLevel,
  THEMATIC_BREAK,
} from './patterns';

export type BlockKind =
  | 'blank'
  | 'paragraph'
  | 'list-item'
  | 'heading'
  /** The `===` / `---` under a setext heading's text (the text line is the `heading`). */
  | 'setext-underline'
  | 'thematic-break'
  /** The opening and closing lines of a fenced code block. */
  | 'fence'
  | 'fenced-code'
  | 'indented-code'
  | 'comment'
  | 'html'
  | 'quote'
  | 'table'
  | 'front-matter';

/** A heading as written: where it is, its level, and whether it is a setext heading (text, then `===`/`---`). */
export interface HeadingPlace {
  line: number;
  level: number;
  text: string;
  /** The underline's line of a setext heading. */
  underline?: number;
}

export interface BlockScan {
  /** One label per line. */
  kinds: BlockKind[];
  /** The headings, in document order. */
  headings: HeadingPlace[];
}

/** Kinds whose lines are not the plan's own text: examples, hidden or quoted text, metadata. */
export const NOT_PLAN_TEXT: ReadonlySet<BlockKind> = new Set<BlockKind>([
  'fence',
  'fenced-code',
  'indented-code',
  'comment',
  'html',
  'quote',
  'table',
  'front-matter',
]);

/** The line that closes front matter opened by `---` on the first line; -1 when there is none. */
function frontMatterEnd(lines: readonly string[]): number {
  if (lines[0].replace(/^\uFEFF/, '').trimEnd() !== '---') return -1;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i].trimEnd();
    if (text === '---' || text === '...') return i;
  }
  return -1;
}

/** The characters a block can start with, after the indentation: each is looked at before any pattern runs. */
const START = { backtick: '`', tilde: '~', less: '<', hash: '#', greater: '>', pipe: '|', equals: '=', dash: '-' };
/**
 * Whether a list item starts at `index`, after the line's indentation: a bullet (`-`, `*`, `+`) and a gap, the most
 * common item, read by hand; a number by isListItem's pattern.
 */
function listItemAt(line: string, index: number): boolean {
  const code = line.charCodeAt(index);
  if (code === 0x2d || code === 0x2a || code === 0x2b) return isGap(line.charCodeAt(index + 1));
  return code >= 0x30 && code <= 0x39 && isListItem(line);
}

/**
 * A container block that runs on to a closing line (a fence, a comment, some HTML) or to a blank line (other HTML).
 * HTML opened inside a list item (indented, in a list) ends with the item too: `indent` is its opening line's columns.
 */
type OpenBlock =
  | { kind: 'fenced-code'; fence: string }
  | { kind: 'comment' }
  | { kind: 'html'; end: HtmlBlockEnd; indent: number }
  | null;

class BlockScanner {
  readonly kinds: BlockKind[];
  readonly headings: HeadingPlace[] = [];
  private open: OpenBlock = null;
  /** Inside a list: a line indented 4 columns or more continues an item rather than starting code. */
  private listContext = false;

  constructor(private readonly lines: readonly string[]) {
    this.kinds = new Array<BlockKind>(lines.length);
  }

  scan(): BlockScan {
    const { lines, kinds } = this;
    const frontMatter = frontMatterEnd(lines);
    for (let i = 0; i <= frontMatter; i++) kinds[i] = 'front-matter';
    for (let i = frontMatter + 1; i < lines.length; i++) kinds[i] = this.label(i);
    return { kinds, headings: this.headings };
  }

  private label(i: number): BlockKind {
    const line = this.lines[i];
    // The hot path: a task line in the spec's spelling (`- [`), outside code and comments.
    if (this.open === null && line.startsWith('- [')) {
      this.listContext = true;
      return 'list-item';
    }
    const { index, columns } = indentationOf(line);
    if (this.open) {
      const continued = this.continueOpen(line, index, columns);
      if (continued) return continued;
    }
    if (index === line.length) return 'blank';
    if (columns >= 4 && !this.listContext && (i === 0 || this.kinds[i - 1] === 'blank')) return 'indented-code';
    return this.labelStart(i, line, index, columns);
  }

  /**
   * The label of a line inside an open block, or null when the block ended before it: HTML at a blank line (types 6
   * and 7), or HTML of a list item at a line indented less than its opening (a task at the margin, a heading), which
   * ends the item (CommonMark), so one unclosed `<pre>` in a task's details hides no task after it.
   */
  private continueOpen(line: string, index: number, columns: number): BlockKind | null {
    const open = this.open!;
    if (open.kind === 'fenced-code') {
      if (!closesFence(line, index, open.fence)) return 'fenced-code';
      this.open = null;
      return 'fence';
    }
    if (open.kind === 'comment') {
      if (closesComment(line)) this.open = null;
      return 'comment';
    }
    const blank = index === line.length;
    if (blank ? open.end === 'blank-line' : columns < open.indent) {
      this.open = null;
      return null;
    }
    if (open.end !== 'blank-line' && open.end.test(line)) this.open = null;
    return 'html';
  }

  /** A line that is not inside an open block, told by the character its text starts with. */
  private labelStart(i: number, line: string, index: number, columns: number): BlockKind {
    const first = line[index];
    if (first === START.backtick || first === START.tilde) {
      const fence = fenceAt(line, index);
      if (fence) {
        this.open = { kind: 'fenced-code', fence };
        if (columns < 2) this.listContext = false;
        return 'fence';
      }
    } else if (first === START.less) {
      if (line.startsWith(COMMENT_OPEN, index)) {
        if (!closesComment(line, index + COMMENT_OPEN.length)) this.open = { kind: 'comment' };
        return 'comment';
      }
      // A lone tag does not interrupt the text of a paragraph, a task or a quote: it is more of it.
      const previous = this.kinds[i - 1];
      const afterParagraph = previous === 'paragraph' || previous === 'list-item' || previous === 'quote';
      const end = htmlBlockStart(line.slice(index), afterParagraph);
      if (end) {
        const indent = this.listContext ? columns : 0;
        if (end === 'blank-line' || !end.test(line)) this.open = { kind: 'html', end, indent };
        return 'html';
      }
    } else if (first === START.hash) {
      const heading = matchHeading(line);
      if (heading) {
        this.listContext = false;
        this.headings.push({ line: i, level: heading.level, text: heading.text });
        return 'heading';
      }
    } else if (first === START.greater || first === START.pipe) {
      return first === START.greater ? 'quote' : 'table';
    } else if (first === START.equals || first === START.dash) {
      const underline = this.setextUnderline(i, line, index);
      if (underline) return underline;
    }
    // Before a list item: `* * *` and `- - -` are rules, not items.
    if (THEMATIC_BREAK.test(line.slice(index))) {
      if (columns < 2) this.listContext = false;
      return 'thematic-break';
    }
    if (listItemAt(line, index)) {
      this.listContext = true;
      return 'list-item';
    }
    if (columns < 2) this.listContext = false;
    return 'paragraph';
  }

  /**
   * `===` or `---` under a paragraph line makes it a setext heading; `---` elsewhere is a thematic break (labelStart).
   * Under a list item's paragraph (a task's detail line) it is not an underline: at the margin it cannot continue the
   * item (an underline is never a lazy line), so `---` is a break and `===` text; indented into the item, it would
   * head the item's own text (from its task line on, when the paragraph starts there), not a part of the plan.
   */
  private setextUnderline(i: number, line: string, index: number): BlockKind | null {
    const last = line[line.length - 1];
    // An underline or a rule ends with its own character or a space (a list item that starts with `-` does not).
    if (last !== line[index] && last !== ' ' && last !== '\t') return null;
    const level = setextLevel(line);
    if (level && i > 0 && this.kinds[i - 1] === 'paragraph' && !this.inListItem(i - 1)) {
      this.kinds[i - 1] = 'heading';
      this.headings.push({ line: i - 1, level, text: this.lines[i - 1].trim(), underline: i });
      this.listContext = false;
      return 'setext-underline';
    }
    return null;
  }

  /** Whether the paragraph line `last` is a list item's: inside a list, or in a run of lines right under an item. */
  private inListItem(last: number): boolean {
    let first = last;
    while (first > 0 && this.kinds[first - 1] === 'paragraph') first--;
    return this.listContext || this.kinds[first - 1] === 'list-item';
  }
}

/** Labels every line of a document (its lines, as PlanDocument splits them). */
export function scanBlocks(lines: readonly string[]): BlockScan {
  return new BlockScanner(lines).scan();
}
