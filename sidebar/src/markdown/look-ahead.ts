/**
 * What the links of one text look ahead for, found once for that text: where each `[` is closed, and where the next
 * `)`, `>` or quote is. Read afresh from each `[` or `(`, a paragraph of stray brackets cost the square of its length.
 * One for each text inline() reads (./inline.ts): a link's words or a strong run are texts of their own, and never
 * replace what was found for the paragraph around them.
 */
export class LookAhead {
  private closing: Map<number, number> | undefined;
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(readonly text: string) {}

  /** The `]` that closes the `[` at `open` (escapes skipped, brackets nested); undefined when none does. */
  closingOf(open: number): number | undefined {
    this.closing ??= closings(this.text);
    return this.closing.get(open);
  }

  /** `text.indexOf(character, from)`: the last answer is kept while it holds for a later `from`. */
  next(character: string, from: number): number {
    const known = this.found.get(character);
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = this.text.indexOf(character, from);
    this.found.set(character, { from, at });
    return at;
  }
}

/** Where each `[` of `text` is closed, by the `[`'s index: one pass, the open ones on a stack. */
function closings(text: string): Map<number, number> {
  const closing = new Map<number, number>();
  const open: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const character = text[at];
    if (character === '\\') at += 1;
    else if (character === '[') open.push(at);
    else if (character === ']' && open.length) closing.set(open.pop()!, at);
  }
  return closing;
}
