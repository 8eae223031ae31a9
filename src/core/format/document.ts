import { LINE_BREAK } from './patterns';

/**
 * A plan document as lines that remember their own line breaks, so that changing one line
 * gives back every other character exactly as it was (\r\n from a paste included).
 */
export class PlanDocument {
  private constructor(
    readonly lines: string[],
    /** breaks[i] follows lines[i]; the last line has none. null: every break is \n (the usual cell). */
    private readonly breaks: string[] | null,
  ) {}

  static from(text: string): PlanDocument {
    // A Sheets cell uses \n only: the common case needs no per-line record.
    if (!text.includes('\r')) return new PlanDocument(text.split('\n'), null);
    const lines: string[] = [];
    const breaks: string[] = [];
    const splitter = new RegExp(LINE_BREAK.source, 'g');
    let start = 0;
    for (let match = splitter.exec(text); match; match = splitter.exec(text)) {
      lines.push(text.slice(start, match.index));
      breaks.push(match[0]);
      start = match.index + match[0].length;
    }
    lines.push(text.slice(start));
    return new PlanDocument(lines, breaks);
  }

  /** The break for lines we add: \r\n if the document uses it anywhere (a Windows paste), else \n. */
  get lineBreak(): string {
    return this.breaks?.find((lineBreak) => lineBreak === '\r\n') ?? '\n';
  }

  replaceLine(index: number, line: string): PlanDocument {
    const lines = this.lines.slice();
    lines[index] = line;
    return new PlanDocument(lines, this.breaks);
  }

  /** Inserts lines before `index` (index = line count appends after the last line). */
  insertLines(index: number, added: string[]): PlanDocument {
    if (added.length === 0) return this;
    const lines = this.lines.slice();
    const at = Math.min(index, lines.length);
    lines.splice(at, 0, ...added);
    if (!this.breaks) return new PlanDocument(lines, null);
    const breaks = this.breaks.slice();
    const newBreaks = added.map(() => this.lineBreak);
    // Appending after the last line: it gains a break, and the new last line has none.
    breaks.splice(at === this.lines.length ? breaks.length : at, 0, ...newBreaks);
    return new PlanDocument(lines, breaks);
  }

  /** Removes the lines [start, end). */
  removeLines(start: number, end: number): PlanDocument {
    if (end <= start) return this;
    const lines = this.lines.slice();
    lines.splice(start, end - start);
    if (!this.breaks) return new PlanDocument(lines, null);
    const breaks = this.breaks.slice();
    // Each removed line takes its own break with it; removing the last lines takes the break before them.
    if (end < this.lines.length) breaks.splice(start, end - start);
    else breaks.splice(Math.max(start - 1, 0), end - start);
    return new PlanDocument(lines, breaks);
  }

  toString(): string {
    if (!this.breaks) return this.lines.join('\n');
    let text = '';
    for (let i = 0; i < this.lines.length; i++) text += this.lines[i] + (this.breaks[i] ?? '');
    return text;
  }
}
