/**
 * The block scanner labels every line with its Markdown block, and every reader of the text goes by the
 * labels: a `Write:` scope line, a `- Check:` line or a task inside code, a comment or HTML is an example.
 */
import { scanBlocks } from '../../src/core/format/blocks';
import { taskChecks } from '../../src/core/rules/checks';
import { outlinePlan, parsePlan } from '../../src/core/format/parse';

const labelled = (text: string) => {
  const lines = text.split('\n');
  const { kinds } = scanBlocks(lines);
  return lines.map((line, i) => [kinds[i], line]);
};

describe('every line gets the block it belongs to', () => {
  test('front matter, headings, paragraphs, lists, code, comments, HTML, quotes, tables and breaks', () => {
    const text = [
      '---',
      'title: x',
      '---',
      '# Plan: P',
      'Goal: G',
      '',
      '```md',
      '- [ ] 9.1 In a fence',
      '```',
      '<!-- - [ ] hidden',
      'still hidden -->',
      '<details>',
      '- [ ] raw HTML',
      '',
      '> - [ ] quoted',
      '| - [ ] cell |',
      'Setext',
      '------',
      '',
      '---',
      '### Phase 1: Work',
      '\t- [ ] 1.1 Tab-indented under a heading',
      '- [ ] 1.2 Spec spelling',
      '',
      'Text, then code:',
      '',
      '    - [ ] 9.2 Indented code',
    ].join('\n');
    expect(labelled(text).map(([kind]) => kind)).toEqual([
      'front-matter',
      'front-matter',
      'front-matter',
      'heading',
      'paragraph',
      'blank',
      'fence',
      'fenced-code',
      'fence',
      'comment',
      'comment',
      'html',
      'html',
      'blank',
      'quote',
      'table',
      'heading',
      'setext-underline',
      'blank',
      'thematic-break',
      'heading',
      'list-item',
      'list-item',
      'blank',
      'paragraph',
      'blank',
      'indented-code',
    ]);
    expect(scanBlocks(text.split('\n')).headings.map((heading) => [heading.line, heading.level, heading.text])).toEqual(
      [
        [3, 1, 'Plan: P'],
        [16, 2, 'Setext'],
        [20, 3, 'Phase 1: Work'],
      ],
    );
  });

  test('inside a list, an indented line after a blank line continues the item; a fence inside it is code', () => {
    const text = ['- [ ] Parent', '', '    More about the parent', '    ```', '    - [ ] 9.9 example', '    ```'].join(
      '\n',
    );
    expect(labelled(text).map(([kind]) => kind)).toEqual([
      'list-item',
      'blank',
      'paragraph',
      'fence',
      'fenced-code',
      'fence',
    ]);
  });
});

describe('readers beyond tasks go by the labels', () => {
  const PLAN = [
    '# Plan: P',
    '',
    'Goal: G',
    '',
    '## Analysis',
    '',
    '- Target ranges:',
    '  - Write: Summary!B3:E15',
    '',
    'An example of a scope line:',
    '',
    '```',
    '- Write: Archive!A:Z',
    '```',
    '<!-- - Read: Secret!A1 -->',
    '',
    '### Phase 1: Work',
    '- [ ] 1.1 Fill Summary!B3:E15',
    '  - Check: Summary!B3:E15 numbers',
    '  ```',
    '  - Check: Summary!A1 dates',
    '  ```',
  ].join('\n');

  test('Write: and Read: are read from list items only, not from code or comments', () => {
    expect(parsePlan(PLAN).analysisDetails?.targetRanges).toEqual({ read: [], write: ['Summary!B3:E15'] });
  });

  test('a - Check: line in a fence under a task is an example', () => {
    const checks = taskChecks(outlinePlan(PLAN)).get('1.1') ?? [];
    expect(checks.map((check) => check.text)).toEqual(['Summary!B3:E15 numbers']);
  });
});

describe('setext headings', () => {
  test('a goal line underlined with --- is still the goal, and the heading a section', () => {
    const plan = parsePlan(
      ['# Plan: P', 'Goal: Close March', '---', '### Phase 1: Work', '- [ ] 1.1 Close'].join('\n'),
    );
    expect(plan.goal).toBe('Close March');
    expect(plan.phases.map((phase) => phase.name)).toEqual(['Work']);
  });
});
