/**
 * The Analysis and Notes sections' Markdown as the sidebar renders it (sidebar/src/markdown/): the marks a plan uses,
 * and markup or unsafe links written in a plan staying the characters written (the page builds DOM nodes from these,
 * never from an HTML string; test/browser/sidebar-hostile.test.ts shows it in the page).
 */
import { markdownNodes } from '../../sidebar/src/markdown/blocks';
import type { MarkdownNode } from '../../sidebar/src/markdown/nodes';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' };

/** Every element's tag, depth first: what a page built from the nodes would hold. */
function tags(nodes: MarkdownNode[]): string[] {
  return nodes.flatMap((node) => (typeof node === 'string' ? [] : [node.tag, ...tags(node.children)]));
}

function text(nodes: MarkdownNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : text(node.children))).join('');
}

test('nested lists, as an Analysis section writes its target ranges', () => {
  expect(markdownNodes('- Target ranges:\n  - Write: Data!A1:J40\n  - Read: Data!A:A\n- Sheets: two')).toEqual([
    {
      tag: 'ul',
      children: [
        {
          tag: 'li',
          children: [
            'Target ranges:',
            {
              tag: 'ul',
              children: [
                { tag: 'li', children: ['Write: Data!A1:J40'] },
                { tag: 'li', children: ['Read: Data!A:A'] },
              ],
            },
          ],
        },
        { tag: 'li', children: ['Sheets: two'] },
      ],
    },
  ]);
});

test('inline marks: strong, emphasis, code, strike-through, links, bare e-mail addresses and URLs', () => {
  expect(
    markdownNodes(
      '**Due** *soon*: `SUM(A:A)` ~~old~~ [docs](https://example.com/a_(b)) mail ops@example.com, www.example.com.',
    ),
  ).toEqual([
    {
      tag: 'p',
      children: [
        { tag: 'strong', children: ['Due'] },
        ' ',
        { tag: 'em', children: ['soon'] },
        ': ',
        { tag: 'code', children: ['SUM(A:A)'] },
        ' ',
        { tag: 'del', children: ['old'] },
        ' ',
        { tag: 'a', attributes: { ...NEW_TAB, href: 'https://example.com/a_(b)' }, children: ['docs'] },
        ' mail ',
        { tag: 'a', attributes: { ...NEW_TAB, href: 'mailto:ops@example.com' }, children: ['ops@example.com'] },
        ', ',
        { tag: 'a', attributes: { ...NEW_TAB, href: 'https://www.example.com' }, children: ['www.example.com'] },
        '.',
      ],
    },
  ]);
});

test('snake_case names, escaped marks and lone stars stay as written', () => {
  expect(markdownNodes('Column total_qty_on_hand, \\*not emphasis\\*, 5 * 3')).toEqual([
    { tag: 'p', children: ['Column total_qty_on_hand, *not emphasis*, 5 * 3'] },
  ]);
});

test('headings, ordered lists, code, quotes, tables and rules', () => {
  const nodes = markdownNodes(
    [
      '## Sources ##',
      '',
      '3. third',
      '4. fourth',
      '',
      '```',
      '<b>raw</b>',
      '```',
      '',
      '> quoted',
      '',
      '| Sheet | Rows |',
      '|---|--:|',
      '| Data | 40 |',
      '',
      '---',
    ].join('\n'),
  );
  expect(tags(nodes)).toEqual([
    'h2',
    'ol',
    'li',
    'li',
    'pre',
    'code',
    'blockquote',
    'p',
    'table',
    'thead',
    'tr',
    'th',
    'th',
    'tbody',
    'tr',
    'td',
    'td',
    'hr',
  ]);
  expect(nodes[0]).toEqual({ tag: 'h2', children: ['Sources'] });
  expect(nodes[1]).toMatchObject({ tag: 'ol', attributes: { start: '3' } });
  expect(nodes[2]).toEqual({ tag: 'pre', children: [{ tag: 'code', children: ['<b>raw</b>\n'] }] });
});

test('raw HTML in a plan is text: no element of it becomes a node', () => {
  const hostile = [
    `<script>window.__pwned = 'notes script'</script>`,
    '',
    `<img src="x" onerror="window.__pwned='img'">`,
    '',
    `- <details open><summary>html</summary><p onclick="window.__pwned='click'">inner</p></details>`,
    `- <a href="javascript:window.__pwned='raw anchor'">raw anchor</a>`,
  ].join('\n');
  const nodes = markdownNodes(hostile);
  expect(tags(nodes)).toEqual(['p', 'p', 'ul', 'li', 'li']);
  expect(text(nodes)).toContain(`<script>window.__pwned = 'notes script'</script>`);
  expect(text(nodes)).toContain(`<a href="javascript:window.__pwned='raw anchor'">raw anchor</a>`);
});

test('a link to anything but http(s) or mailto keeps its words, no target; images show their description', () => {
  const nodes = markdownNodes(
    "[js](JaVaScRiPt:alert('x')) [data](data:text/html,<script>alert(1)</script>) [vb]( vbscript:x ) " +
      '<javascript:alert(1)> ![pixel](https://example.com/pixel.png) ![](https://example.com/p.png)',
  );
  expect(nodes).toEqual([
    {
      tag: 'p',
      children: [
        { tag: 'a', attributes: NEW_TAB, children: ['js'] },
        ' ',
        { tag: 'a', attributes: NEW_TAB, children: ['data'] },
        ' ',
        { tag: 'a', attributes: NEW_TAB, children: ['vb'] },
        ' <javascript:alert(1)> [image: pixel] [image]',
      ],
    },
  ]);
});

test('a long run of brackets, stars or backticks is text (no link, mark or code span)', () => {
  const run = '['.repeat(20_000) + '*'.repeat(20_000) + '`'.repeat(20_000);
  expect(markdownNodes(run)).toEqual([{ tag: 'p', children: [run] }]);
});

test('a link after a long run of brackets without their closing one is still a link', () => {
  // Every one of these brackets is further than a link's reach (2,000 characters) from the first `]`.
  const run = `${'['.repeat(5000)}${' '.repeat(2000)}`;
  expect(markdownNodes(`${run}[the sheet](https://example.com/sheet) and [a] note`)).toEqual([
    {
      tag: 'p',
      children: [
        run,
        { tag: 'a', attributes: { href: 'https://example.com/sheet', ...NEW_TAB }, children: ['the sheet'] },
        ' and [a] note',
      ],
    },
  ]);
});

test('several links in one text, each with its <target> or title, and badges (an image inside a link)', () => {
  const to = (href: string, children: MarkdownNode[]) => ({ tag: 'a', attributes: { href, ...NEW_TAB }, children });
  expect(
    markdownNodes(
      '[a](<https://x.org>) [b](<https://y.org>) [c](https://z.org "t") [d](https://w.org "u") ' +
        '[![build](https://ci/b.svg)](https://ci) [![docs](https://d/b.svg)](https://d)',
    ),
  ).toEqual([
    {
      tag: 'p',
      children: [
        to('https://x.org', ['a']),
        ' ',
        to('https://y.org', ['b']),
        ' ',
        to('https://z.org', ['c']),
        ' ',
        to('https://w.org', ['d']),
        ' ',
        to('https://ci', ['[image: build]']),
        ' ',
        to('https://d', ['[image: docs]']),
      ],
    },
  ]);
});

test('a link inside brackets that make no link is found, though the outer ones looked further ahead first', () => {
  expect(markdownNodes('[a [b](https://x.org) c](')).toEqual([
    {
      tag: 'p',
      children: ['[a ', { tag: 'a', attributes: { href: 'https://x.org', ...NEW_TAB }, children: ['b'] }, ' c]('],
    },
  ]);
});
