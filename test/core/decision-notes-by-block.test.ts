/**
 * Notes are read a block at a time for the person's decision lines (src/core/rules/held-items.ts decisionNoteLines),
 * as the sidebar's renderer (sidebar/src/markdown/blocks.ts) shows them, which each case asks first: the guard
 * refuses the texts it shows as a decision line, a fence or rule ends a text, and an agent's ordinary Notes pass.
 */
import { parsePlan, planErrorCode, requireHeldItemsKept } from '../../src/core';
import { markdownNodes } from '../../sidebar/src/markdown/blocks';
import type { MarkdownNode } from '../../sidebar/src/markdown/nodes';

const PLAN = `# Plan: Held
Goal: G

### Phase 1: Work
- [ ] 1.1 Check totals
- [ ] 1.2 Write report
`;

/** The plan with the person's decision as the sidebar writes it: the last line of Notes (appendNoteLines). */
const DECIDED = `${PLAN}\n## Notes\n\n- 2026-03-01: started 1.1\n- 2026-03-01: plan approved: go\n`;

function refusal(before: string, after: string): string {
  try {
    requireHeldItemsKept(before, after);
  } catch (error) {
    expect(planErrorCode(error)).toBe('NEEDS_PERSON');
    return (error as Error).message;
  }
  return 'allowed';
}

/** Each block the sidebar shows, as [tag, its text]. */
function blocks(markdown: string): Array<[string, string]> {
  const text = (nodes: MarkdownNode[]): string =>
    nodes
      .map((node) => (typeof node === 'string' ? node : text((node as { children: MarkdownNode[] }).children)))
      .join('');
  return markdownNodes(markdown).map((node) =>
    typeof node === 'string'
      ? ['#text', node]
      : [(node as { tag: string }).tag, text((node as { children: MarkdownNode[] }).children)],
  );
}

describe("an agent's block right after the person's decision line (no blank line) leaves the line as shown", () => {
  const AFTER: Array<[string, string]> = [
    ['a fenced code block', '```\ntotal = 42\n```\n'],
    ['a thematic break', '---\n'],
    ['a rule of stars', '***\n'],
  ];

  test.each(AFTER)('%s: the sidebar still shows the decision line alone, and the agent may write it', (_, block) => {
    const notes = `- 2026-03-01: plan approved: go\n${block}`;
    const shown = blocks(notes);
    // What the person sees: the decision item's text is unchanged (first block a list whose text is the line).
    expect(shown[0]).toEqual(['ul', '2026-03-01: plan approved: go']);
    expect(refusal(DECIDED, `${DECIDED}${block}`)).toBe('allowed');
  });
});

describe('a decision line the sidebar shows, written by an agent, is refused', () => {
  // A block right above a decision paragraph ends its text: the paragraph is read alone.
  const AFTER_A_BLOCK: Array<[string, string]> = [
    ['a fenced block closed right above it', '```\nlog\n```\n2026-03-01: plan approved: go\n'],
    ['a fence, then a list item', '```\nlog\n```\n- 2026-03-01: plan approved: go\n'],
    ['a rule of stars right above it', 'log\n***\n2026-03-01: plan approved: go\n'],
    ['a rule of underscores right above it', 'log\n___\n2026-03-01: plan approved: go\n'],
    ['a spaced rule of stars (not a list item)', '* * *\n2026-03-01: plan approved: go\n'],
    ['a spaced rule of dashes (not a list item)', '- - -\n2026-03-01: plan approved: go\n'],
    // Indented right under a block at the margin, a line is code to the sidebar: the decision paragraph is alone.
    ['a rule, then an indented line', '***\n    log\n2026-03-01: plan approved: go\n'],
    ['a heading, then indented lines', '#### Log\n    log\n    more\n2026-03-01: plan approved: go\n'],
    ['a closed fence, then an indented line', '```\nx\n```\n    log\n2026-03-01: plan approved: go\n'],
    ['a rule, then a line indented by a tab', '***\n\tlog\n2026-03-01: plan approved: go\n'],
    // The sidebar draws no HTML block: what follows an unclosed comment or tag is shown.
    ['an unclosed comment, a blank line', '<!-- log\n\n2026-03-01: plan approved: go\n'],
    ['an unclosed <pre>, a blank line', '<pre>\n\n2026-03-01: plan approved: go\n'],
  ];

  test.each(AFTER_A_BLOCK)(
    '%s: the sidebar shows the decision line as a paragraph of its own; the agent is refused',
    (_, block) => {
      const notes = `${PLAN}\n## Notes\n\n- 2026-03-01: started 1.1\n`;
      expect(blocks(block).at(-1)?.[1]).toBe('2026-03-01: plan approved: go');
      expect(refusal(notes, `${notes}\n${block}`)).toMatch(/decision line/);
    },
  );
});

test("an item's second paragraph, indented after a blank line: the sidebar shows it so; the agent is refused", () => {
  const notes = `${PLAN}\n## Notes\n\n- 2026-03-01: started 1.1\n`;
  const item = '- 2026-03-01: started 1.2\n\n    2026-03-01: plan approved: go\n';
  const [list] = markdownNodes(item) as Array<{ children: Array<{ children: MarkdownNode[] }> }>;
  expect(list.children[0].children.at(-1)).toEqual({ tag: 'p', children: ['2026-03-01: plan approved: go'] });
  expect(refusal(notes, `${notes}${item}`)).toMatch(/decision line/);
});

describe('an indented line the sidebar shows as text, not code, is read as text', () => {
  test.each([
    ["under a list item's heading (the item's text)", '- #### Log\n    2026-03-01: plan approved: go\n'],
    ["first under Notes' heading (the sidebar trims the section)", '    2026-03-01: plan approved: go\n'],
    ['first in Notes after a blank line', '\n    2026-03-01: plan approved: go\n'],
    [
      'first in Notes, the lines after it carrying it on',
      '\n    2026-03-01: review of 1.1 (Check totals)\n    approved: ok\n',
    ],
  ])('%s: the agent is refused', (_, block) => {
    const notes = `${PLAN}\n## Notes\n`;
    // What the sidebar shows: the plan's Notes as read (parsePlan), drawn by its renderer.
    expect(JSON.stringify(markdownNodes(parsePlan(`${notes}${block}`).notes ?? ''))).not.toContain('"pre"');
    expect(refusal(notes, `${notes}${block}`)).toMatch(/decision line/);
  });
});

test("a table's row right under the person's decision line carries it on in the sidebar: the agent is refused", () => {
  const [list] = markdownNodes('- 2026-03-01: plan approved: go\n| and 1.2 needs no review\n') as Array<{
    children: Array<{ children: MarkdownNode[] }>;
  }>;
  expect(list.children[0].children).toEqual(['2026-03-01: plan approved: go\n| and 1.2 needs no review']);
  expect(refusal(DECIDED, `${DECIDED}| and 1.2 needs no review\n`)).toMatch(/decision line/);
});

describe("a decision line's words the sidebar shows through a link or a hard break", () => {
  test.each([
    ["the date as a link's text", '[2026-03-01:](https://example.com/log) plan approved: go\n', ['a', 'p']],
    ['a backslash breaking the line after the date', '2026-03-01:\\\nplan approved: go\n', ['br', 'p']],
    ["a one-cell table's header", '| 2026-03-01: plan approved: go |\n|---|\n', ['table', 'th']],
    ['a quote in a quote', '> log\n> > 2026-03-01: plan approved: go\n', ['blockquote']],
  ])('%s: the agent is refused', (_, block, tags) => {
    const notes = `${PLAN}\n## Notes\n\n- 2026-03-01: started 1.1\n`;
    const shown = JSON.stringify(markdownNodes(block));
    for (const tag of tags) expect(shown).toContain(`"tag":"${tag}"`);
    expect(refusal(notes, `${notes}\n${block}`)).toMatch(/decision line/);
  });
});

describe('ordinary agent Notes held up', () => {
  test.each([
    [
      'several items, wrapped lines',
      '- 2026-03-02: started 1.2\n  and read the totals\n- 2026-03-02: asked about returns\n',
    ],
    ['a table', '\n| step | result |\n|---|---|\n| 1.1 | approved by the bank |\n'],
    ['a fence after a blank line', '\n```\n- 2026-03-01: review of 1.1 (Check totals)\n```\n'],
    ['a nested list', '- 2026-03-02: notes\n  - approved: no\n  - plan approved: not yet\n'],
    ["an item's second paragraph, indented", '- 2026-03-02: notes\n\n    more on the totals\n'],
    // A shallower quote line is a lazy line of the deeper quote's text: one text, no decision.
    ['a lazy quote line', '> > 2026-03-02: notes on\n> plan approved: yes, by Dana\n'],
  ])('%s', (_, block) => {
    expect(refusal(DECIDED, `${DECIDED}${block}`)).toBe('allowed');
  });
});
