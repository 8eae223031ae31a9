/**
 * No agent's Notes show as a person's decision in the sidebar (src/core/rules/decision-lines.ts): whatever Markdown an
 * agent writes, when the sidebar's renderer (sidebar/src/markdown/blocks.ts) shows a dated decision text that the plan
 * before did not (`2026-11-26: plan approved: go`, `… review of 1.1 (…) approved: ok`), or the person's decision with
 * more words, the guard refuses the change. The cases below are what a search of the grammar further down found the
 * guard letting through, each once; the property then runs the grammar.
 */
import fc from 'fast-check';
import { outlinePlan, parsePlan, planErrorCode, requireHeldItemsKept } from '../../src/core';
import { appendNoteLine } from '../../src/core/format/update';
import { comparedName } from '../../src/core/person/source-words';
import { markdownNodes } from '../../sidebar/src/markdown/blocks';
import type { MarkdownNode } from '../../sidebar/src/markdown/nodes';

const D = '2026-11-26';
const PLAN =
  '# Plan: Held\nGoal: G\n\n### Phase 1: Work\n- [ ] 1.1 Check totals\n- [ ] 1.2 Write report\n\n## Notes\n\n';
/** Notes as the plan has them before the agent's change: empty, or ending with the person's decision lines. */
const BEFORES: Record<string, string> = {
  empty: PLAN,
  decided: `${PLAN}- ${D}: plan approved: go\n`,
  'decided+blank': `${PLAN}- ${D}: plan approved: go\n\n`,
  'review-decided': `${PLAN}- ${D}: started 1.1\n- ${D}: review of 1.1 (Check totals) approved: ok\n`,
};

// What reads as a decision: stated here on its own (not the guard's reading), as a person reads the text the sidebar
// shows (its renderer has read Markdown's escapes and references already): marks left in it, dashes, runs of spaces
// and look-alike letters do not make it another text.
function asRead(text: string): string {
  const shown = text
    .replace(/[*_~`[\]]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return /[^ -~]/.test(shown) ? comparedName(shown) : shown;
}
function readsAsDecision(text: string): boolean {
  const line = asRead(text);
  const dated = /^(?:[-+][ \t]+)?\d{4}-\d{2}-\d{2} ?: /.exec(line);
  if (!dated) return false;
  const said = line.slice(dated[0].length).toLowerCase();
  if (said.startsWith('plan approved') || said.startsWith('plan sent back')) return true;
  return said.startsWith('review of ') && / (?:approved|changes requested)\b/.test(said);
}

/** A hard line break as shown: each line after one is a text a person reads on its own too. */
const BR = '\u2028';
const TEXT_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'td']);
const INLINE_TAGS = new Set(['strong', 'em', 'del', 'a', 'code', 'br']);
function inlineText(nodes: MarkdownNode[]): string {
  return nodes
    .map((node) => (typeof node === 'string' ? node : node.tag === 'br' ? BR : inlineText(node.children)))
    .join('');
}
/** Every text the sidebar shows in Notes (a paragraph, a heading, a cell, a list item's own words), not code. */
function shownTexts(nodes: MarkdownNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (TEXT_TAGS.has(node.tag)) out.push(inlineText(node.children));
    else if (node.tag === 'li') {
      let run: MarkdownNode[] = [];
      for (const child of [...node.children, { tag: 'hr', children: [] } as MarkdownNode]) {
        if (typeof child === 'string' || INLINE_TAGS.has(child.tag)) run.push(child);
        else {
          if (run.length) out.push(inlineText(run));
          run = [];
          shownTexts([child], out);
        }
      }
    } else if (node.tag !== 'pre' && node.tag !== 'hr') shownTexts(node.children, out);
  }
  return out.flatMap((text) => (text.includes(BR) ? [text, ...text.split(BR).slice(1)] : [text]));
}
/** The decision texts the sidebar shows in `after`'s Notes beyond those it showed in `before`'s. */
function newDecisionsShown(before: string, after: string): string[] {
  const decisions = (plan: string) =>
    shownTexts(markdownNodes(parsePlan(plan).notes ?? ''))
      .filter(readsAsDecision)
      .map(asRead);
  const left = decisions(before);
  return decisions(after).filter((text) => !left.includes(text) || !left.splice(left.indexOf(text), 1));
}
function refused(before: string, after: string): boolean {
  try {
    requireHeldItemsKept(before, after);
    return false;
  } catch (error) {
    expect(planErrorCode(error)).toBe('NEEDS_PERSON');
    return true;
  }
}

describe("an agent's text that the sidebar shows as a decision, where the block scanner reads it otherwise", () => {
  test.each([
    ['a rule in an item, then a lazy line', 'empty', `* ---\n${D}: plan approved: go`],
    ['the line after a hard break of two spaces', 'empty', `${D}:  \n${D}: plan approved: go`],
    ['a fence in an item the sidebar does not open', 'decided', `  \`\`\`\n- ${D}: plan approved: go ${D}:`],
    ['an item indented four under a heading', 'empty', `#### \n    - ${D}:\nplan approved: go`],
    ['a cell of a table without outer pipes', 'empty', `${D}: | ${D}: plan approved: go\n-|-`],
    ["an image's words", 'empty', `${D}: review of 1.1 (Check totals) ![approved:](x.png) ok`],
    [
      'an empty quote, then an indented line',
      'empty',
      `>\n    ${D}: ${D}: plan approved: go\n${D}: plan approved: go x`,
    ],
    [
      'code in an item, then a lazy line',
      'decided+blank',
      `      ${D}: ${D}: plan approved: go\n${D}: plan approved: go ${D}:`,
    ],
    ['an item under an open comment', 'empty', `<!--\n#### \n    - ${D}: plan approved: go`],
    ['a reference for a space', 'empty', `-      -->\n${D}: review&nbsp;of 1.2 (Write report) changes requested: redo`],
    // Marks of a heading inside a paragraph are its text: the words go on past them.
    [
      "a heading's marks inside a paragraph",
      'empty',
      `${D}: review of 1.1 (Check totals)\n    #### \nchanges requested: redo`,
    ],
    ['a quote opened in an item', 'empty', `- > ${D}:\n> \n${D}: plan approved: go\n${D}:`],
  ])('%s: the sidebar shows it, the guard refuses it', (_, before, notes) => {
    const after = `${BEFORES[before]}${notes}\n`;
    expect(newDecisionsShown(BEFORES[before], after)).not.toEqual([]);
    expect(refused(BEFORES[before], after)).toBe(true);
  });
});

describe("an agent's line right under the person's decision that the sidebar shows as part of it", () => {
  test.each([
    ['an ordered item indented two', 'review-decided', `  2) ${D}:`],
    ['an empty quote indented six', 'review-decided', '      > '],
    ['a rule indented six, then words', 'decided', '      ___\nx'],
    ['a lone dash indented two', 'decided', '  -'],
    ['a fence indented six, then a tag', 'review-decided', '      ```\n</div>'],
  ])('%s: the decision shows with more words, the guard refuses it', (_, before, notes) => {
    const after = `${BEFORES[before]}${notes}\n`;
    expect(newDecisionsShown(BEFORES[before], after)).not.toEqual([]);
    expect(refused(BEFORES[before], after)).toBe(true);
  });
});

describe("a link's address, however the sidebar reads one, hides no decision from the guard", () => {
  test.each([
    ['an empty address', `- ${D}: plan[]( ) approved: go`],
    ['a title', `- ${D}: plan[](x "t") approved: go`],
    ['an address in angle brackets', `- ${D}: [plan](<a b>) approved: go`],
    ['parentheses inside', `- ${D}: plan[](a(b)) approved: go`],
    ['an escaped parenthesis', `- ${D}: plan[](a\\)) approved: go`],
    ['a link in the date', `- 2026-11-26[]( ): plan sent back: fix`],
  ])('%s: the sidebar shows it, the guard refuses it', (_, notes) => {
    const after = `${PLAN}${notes}\n`;
    expect(newDecisionsShown(PLAN, after)).not.toEqual([]);
    expect(refused(PLAN, after)).toBe(true);
  });
});

describe("the sidebar's own reading of lines, links and quotes hides no decision from the guard", () => {
  test.each([
    // A line with a line separator is no list item to the sidebar: it carries the item above it on.
    ['a line separator in a link title', 'review-decided', '- and 1.2 (Write report) approved too[](x "\u2028")'],
    ['parentheses two deep', 'empty', `- ${D}: plan[](a(b(c))) approved: go`],
    ['a parenthesis in a title', 'empty', `- ${D}: plan[](x "(") approved: go`],
    ['a parenthesis in an angle address', 'empty', `- ${D}: plan[](<a(>) approved: go`],
    ['addresses around the decision', 'empty', `- [](x "(") ${D}: plan approved: go[](y ")")`],
    // A quote's mark may follow three spaces; the lines after a quote's stay in it.
    [
      "a quote indented one, then the person's line",
      'decided',
      ` > x\n- ${D}: plan approved: go\n>and every later task`,
    ],
    ['a quote opened in an item, carried on', 'empty', `- > ${D}: review of 1.1 (Check totals)\n   > approved: ok`],
    // A rule like `- - -` opens no list for the sidebar: a `2.` after it carries a paragraph on.
    ['a rule, then a numbered line', 'empty', `- - -\n${D}: review of 1.1 (Check totals) round\n2. approved: ok`],
    // A `2)` carrying a paragraph on is text, where the sidebar may end a link's address.
    ['a link address ended on the next line', 'empty', `${D}: plan[](\n2) approved: go`],
    ['a link address 2,000 characters long', 'empty', `- ${D}: plan[](${'('.repeat(1999)}) approved: go`],
    // A quote deeper than three spaces, in an item: the sidebar keeps the lines after it in it.
    [
      'a quote in a sub-item, carried on',
      'decided',
      `- ${D}: plan approved: go\n    - > * ${D}: plan\n      > sent back: fix`,
    ],
    [
      'a quote in an item, then a numbered line',
      'decided',
      `- ${D}: plan approved: go\n      - x\n    >>${D}: review of 1.1 (Check totals)\n    2. approved: go`,
    ],
  ])('%s: the sidebar shows it, the guard refuses it', (_, before, notes) => {
    const after = `${before === 'decided' ? PLAN : BEFORES[before]}${notes}\n`;
    expect(newDecisionsShown(BEFORES[before], after)).not.toEqual([]);
    expect(refused(BEFORES[before], after)).toBe(true);
  });
  test('a direction control, which may reorder what shows past any reading here: the text is held', () => {
    expect(refused(PLAN, `${PLAN}- \u202eog :devorppa nalp :62-11-6202\n`)).toBe(true);
    expect(refused(PLAN, `${PLAN}- ${D}: plan \u202edevorppa\u202c: go\n`)).toBe(true);
    expect(refused(PLAN, `${PLAN}| x\u202e | ${D}: plan approved: go |\n|-|-|\n`)).toBe(true);
    const words = ['go', 'approved:', 'plan', `${D}:`].map((word) => `\u2066${word}\u2069`).join('\u200f ');
    expect(refused(PLAN, `${PLAN}- \u202b${words}\n`)).toBe(true);
    // A right-to-left mark draws the colon after the date; a control may be written as a reference.
    expect(refused(PLAN, `${PLAN}- \u200f:${D} plan approved: go\n`)).toBe(true);
    expect(refused(PLAN, `${PLAN}- &#x202E;og :devorppa nalp :62-11-6202\n`)).toBe(true);
    // Without digits, no date: a note in a right-to-left language with its marks is the agent's own.
    expect(refused(PLAN, `${PLAN}- \u05d4\u05e1\u05db\u05d5\u05dd \u05e0\u05d1\u05d3\u05e7\u200f\n`)).toBe(false);
  });
});

describe("letters and signs that look like a decision's are read as they look", () => {
  test.each([
    ['a Greek nu for v', `- ${D}: plan appro\u03bded: go`],
    ['a small em dash in the date', '- 2026\ufe5811\ufe5826: plan approved: go'],
    ['a ratio sign for the colon', `- ${D}\u2236 plan approved: go`],
    ['a braille blank for the space', `- ${D}: plan\u2800approved: go`],
    ['a Hangul filler for the space', `- ${D}: plan\u3164approved: go`],
    ['a Latin alpha, an Armenian vo, a small capital v', `- ${D}: pl\u0251\u0578 appro\u1d20ed: go`],
    ['a capital I for the l', `- ${D}: pIan approved: go`],
    ['an Armenian hyphen and a Lisu colon in the date', `- 2026\u058a11-26\ua4fd plan approved: go`],
    ['a small em dash and a filler as references', `- 2026&#xFE58;11-26: plan&#x3164;approved: go`],
  ])('%s: the guard refuses it', (_, notes) => {
    expect(refused(PLAN, `${PLAN}${notes}\n`)).toBe(true);
  });
});

test("the lines after a quote's stay in the quote: an agent's quote cannot carry the person's line on", () => {
  // The person's line inside an agent's quote (put above it), and a quote line after it: one item, more words.
  const after = `${PLAN}>\n- ${D}: plan approved: go\n>and every later task\n`;
  expect(newDecisionsShown(BEFORES.decided, after)).toEqual([`${D}: plan approved: go and every later task`]);
  expect(refused(BEFORES.decided, after)).toBe(true);
});

test("the person's decision goes after a blank line under an agent's quote, where the sidebar shows it alone", () => {
  const noted = `${PLAN}- 2026-11-25: started 1.1\n> The totals are in Summary!B3\n`;
  const decided = appendNoteLine(outlinePlan(noted), `${D}: review of 1.1 (Check totals) approved: ok`).toString();
  expect(decided).toBe(`${noted}\n- ${D}: review of 1.1 (Check totals) approved: ok\n`);
  expect(shownTexts(markdownNodes(parsePlan(decided).notes ?? '')).filter(readsAsDecision)).toEqual([
    `${D}: review of 1.1 (Check totals) approved: ok`,
  ]);
  // An agent's quote line after it is a quote of its own there, which the guard lets the agent write.
  const quoted = `${decided}> and the summary is in Summary!B3\n`;
  expect(newDecisionsShown(decided, quoted)).toEqual([]);
  expect(refused(decided, quoted)).toBe(false);
});

test("past a plan's 1,000th link, a text with a link is held as it is: a flood of addresses is not read", () => {
  const links = `- see ${'[x](y) '.repeat(1001)}\n`;
  const after = `${PLAN}${links}`;
  expect(refused(PLAN, after)).toBe(true);
  // Kept as it is, it is no change; a note beside it is the agent's own.
  expect(refused(after, `${after}- ${D}: started 1.1\n`)).toBe(false);
  expect(refused(`${PLAN}- see ${'[x](y) '.repeat(999)}\n`, PLAN)).toBe(false);
});

test("an agent's paragraph after a blank line in the person's item is one of its own, not the decision's", () => {
  const after = `${BEFORES['decided+blank']}  and every task after it\n`;
  const [list] = markdownNodes(parsePlan(after).notes ?? '') as Array<{ children: MarkdownNode[] }>;
  const [item] = list.children as Array<{ children: MarkdownNode[] }>;
  expect(item.children).toEqual([
    { tag: 'p', children: [`${D}: plan approved: go`] },
    { tag: 'p', children: ['and every task after it'] },
  ]);
  expect(newDecisionsShown(BEFORES['decided+blank'], after)).toEqual([]);
  expect(refused(BEFORES['decided+blank'], after)).toBe(false);
});

describe("what an agent writes right under the person's decision and the sidebar shows apart is allowed", () => {
  test.each([
    ['a list under it', `  - ${D}: started 1.2`],
    ['a list under it after a blank line', `\n  - ${D}: started 1.2`],
    ['a list under it indented four', `    - ${D}: started 1.2`],
    ['a list under it indented with a tab', `\t- ${D}: started 1.2`],
    ['an ordered list under it', `  1. ${D}: started 1.2`],
    ['a numbered log carried on', `3. ${D}: started 1.2`],
    ['a paragraph indented one after a blank line', '\n The totals are in Summary.'],
    ['a fence in the item after a blank line', '\n  ```\n  total = 42\n  ```'],
    [
      'a quote after an item whose text is a quote',
      '- > see Summary\n- 2026-11-27: review of 1.2 requested\n> Approved by finance',
    ],
    ['an ordered list', `1. ${D}: started 1.2`],
    [
      "an item of the agent's asking for a review, with a list under it",
      `- ${D}: review of 1.2 (Write report) requested\n  - 1.1 was approved yesterday`,
    ],
    ['a new item', `- ${D}: started 1.2`],
    ['a quote', '> the totals are in Summary'],
    ['a fence', '```\ntotal = 42\n```'],
    ['a rule', '---'],
    ['a heading', '#### Log'],
    ['a paragraph after a blank line', '\nThe totals are in Summary.'],
  ])('%s', (_, notes) => {
    const after = `${BEFORES.decided}${notes}\n`;
    expect(newDecisionsShown(BEFORES.decided, after)).toEqual([]);
    expect(refused(BEFORES.decided, after)).toBe(false);
  });
});

test("the person's decision goes after a blank line under an item an agent's quote holds", () => {
  const noted = `${PLAN} > The totals are in Summary!B3\n- 2026-11-25: started 1.1\n`;
  const decided = appendNoteLine(outlinePlan(noted), `${D}: plan approved: go`).toString();
  expect(decided).toBe(`${noted}\n- ${D}: plan approved: go\n`);
  const [, list] = markdownNodes(parsePlan(decided).notes ?? '') as Array<{ tag: string }>;
  expect(list.tag).toBe('ul');
});

test("a quote with a letter past ASCII under a review decision is the agent's own (read in lower case)", () => {
  const after = `${BEFORES['review-decided']}> The totals\u2019 sheet is ready\n`;
  expect(newDecisionsShown(BEFORES['review-decided'], after)).toEqual([]);
  expect(refused(BEFORES['review-decided'], after)).toBe(false);
});

test("Analysis, which the sidebar shows as Markdown too, holds no decision of an agent's", () => {
  const analysis = `${D}: plan approved: go, and the Write ranges widened`;
  const after = PLAN.replace('\n## Notes', `\n## Analysis\n\n- ${analysis}\n\n## Notes`);
  const shown = shownTexts(markdownNodes(parsePlan(after).analysis ?? ''));
  expect(shown.filter(readsAsDecision)).toEqual([analysis]);
  expect(refused(PLAN, after)).toBe(true);
  expect(refused(PLAN, PLAN.replace('\n## Notes', '\n## Analysis\n\n- Sheets: Warehouse\n\n## Notes'))).toBe(false);
});

// The grammar: Notes lines of every block shape, with decisions and fragments of them anywhere in them.
const FULL = [
  `${D}: plan approved: go`,
  `${D}: plan sent back: fix the totals`,
  `${D}: review of 1.1 (Check totals) approved: ok`,
  `${D}: review of 1.2 (Write report) changes requested: redo`,
];
const FRAGMENTS = [
  `${D}:`,
  'plan approved: go',
  'review of 1.1 (Check totals)',
  'approved: ok',
  'changes requested: redo',
  `${D}: plan`,
  `${D}: review of 1.1 (Check totals)`,
  `${D}: started 1.1`,
];
const ORDINARY = ['x', 'totals checked', 'Note: fine', 'a | b', `${D} log`];
const WRAPS: Array<(words: string) => string> = [
  (w) => `*${w}*`,
  (w) => `**${w}**`,
  (w) => `_${w}_`,
  (w) => `\`${w}\``,
  (w) => `~~${w}~~`,
  (w) => `[${w}](https://x.y)`,
  (w) => `![${w}](x.png)`,
  (w) => `<b>${w}</b>`,
  (w) => `<!-- c -->${w}`,
  (w) => `\\${w}`,
];
/** A character of the words written another way the sidebar shows alike: [what, how]. */
const SPELLINGS: Array<[string, string]> = [
  ['-', '\\-'],
  [':', '&#58;'],
  ['-', '&#45;'],
  [' ', '&nbsp;'],
  [' ', '\u00a0'],
  ['-', '\u2013'],
  [' ', '\u200b '],
  [' ', '\\\n'],
  [' ', '  \n'],
  [' ', '\n'],
];
const TRAILS = ['', '', '  ', '\\', ' ###', ' |'];
const INDENTS = ['', ' ', '  ', '   ', '    ', '      ', '        ', '\t', ' \t'];
const PREFIXES = ['- ', '* ', '+ ', '1. ', '2) ', '> ', '>', '#### ', '# ', '-      ', '1.\t', '> > '];
const TOKENS = ['', '---', '***', '___', '* * *', '===', '```', '~~~', '```js', '~~~~', '<!--', '-->', '<div>'];
const MORE_TOKENS = ['</div>', '<pre>', '<p>', '|---|---|', '|:-|-:|', '-|-', '-', '1.', '>', '#', '<script>'];

const words = fc
  .record({
    parts: fc.array(fc.constantFrom(...FULL, ...FULL, ...FRAGMENTS, ...ORDINARY), { minLength: 1, maxLength: 3 }),
    wrap: fc.option(fc.tuple(fc.nat(WRAPS.length - 1), fc.nat(9))),
    spelling: fc.option(fc.tuple(fc.nat(SPELLINGS.length - 1), fc.nat(9))),
    trail: fc.constantFrom(...TRAILS),
  })
  .map(({ parts, wrap, spelling, trail }) => {
    const list = parts.join(' ').split(' ');
    if (wrap) list[wrap[1] % list.length] = WRAPS[wrap[0]](list[wrap[1] % list.length]);
    let text = list.join(' ');
    if (spelling) {
      const [what, how] = SPELLINGS[spelling[0]];
      const places = [...text].flatMap((letter, at) => (letter === what ? [at] : []));
      const at = places[spelling[1] % Math.max(places.length, 1)];
      if (at !== undefined) text = text.slice(0, at) + how + text.slice(at + 1);
    }
    return text + trail;
  });
const line = fc
  .tuple(
    fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: fc.constantFrom(...INDENTS) }),
    fc.array(fc.constantFrom(...PREFIXES), { maxLength: 2 }),
    fc.oneof(
      { weight: 6, arbitrary: words },
      { weight: 4, arbitrary: fc.constantFrom(...TOKENS, ...MORE_TOKENS) },
      { weight: 1, arbitrary: fc.array(words, { minLength: 1, maxLength: 3 }).map((cells) => cells.join(' | ')) },
    ),
  )
  .map(([indent, prefixes, text]) => indent + prefixes.join('') + text);

test('whatever Notes an agent appends, the sidebar shows no decision the guard let through', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...Object.keys(BEFORES)),
      fc.array(line, { minLength: 1, maxLength: 10 }),
      (before, lines) => {
        const after = `${BEFORES[before]}${lines.join('\n')}\n`;
        const shown = newDecisionsShown(BEFORES[before], after);
        return shown.length === 0 || refused(BEFORES[before], after);
      },
    ),
    // A fixed seed: the same cases on every run (a new seed is a new search: DECISION_LINES_SEED).
    { numRuns: 3000, seed: Number(process.env.DECISION_LINES_SEED ?? 17) },
  );
});
