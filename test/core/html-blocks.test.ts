/**
 * A line that starts with `<` hides the lines after it only where CommonMark starts an HTML block: a block tag
 * (`<details>`, `</div>`), raw text (`<pre>`, `<script>`, `<style>`, `<textarea>`), `<?…?>`, `<!DOCTYPE …>`, CDATA,
 * or one complete tag alone on its line. An autolink or a line of inline HTML with text is a paragraph, and the tasks
 * after it are the plan's.
 */
import { scanBlocks } from '../../src/core/format/blocks';
import { parsePlan } from '../../src/core';
import { agent, lines, savedPlan } from './memory-store';

const kinds = (...text: string[]) => scanBlocks(text).kinds;

const plan = (between: string) =>
  lines(
    '# Plan: Fix the import',
    '',
    'Goal: Get the nightly import green again',
    '',
    '### Phase 1: Investigate',
    '- [x] 1.1 Reproduce the failure ✅ 2026-03-10',
    between,
    '- [ ] 1.2 Find the bad row',
    '- [ ] 1.3 Write the fix',
    '### Phase 2: Ship',
    '- [ ] 2.1 Deploy',
    '',
  );

const steps = (text: string) => parsePlan(text).phases.flatMap((phase) => phase.tasks.map((task) => task.step));

describe('a line of inline HTML or an autolink is text', () => {
  test.each([
    ['an autolink', '<https://github.com/acme/importer/issues/412>'],
    ['inline HTML with text', '<sub>Updated 2026-03-11 by Dana</sub>'],
    ['a bold label', '<b>Owner:</b> Dana'],
    ['a tag that is not one', "<Dana's note>"],
  ])('the tasks and the phase heading after %s are read', (_kind, line) => {
    expect(steps(plan(line))).toEqual(['1.1', '1.2', '1.3', '2.1']);
  });

  test('a lone tag right after a task or a paragraph line is more of its text', () => {
    expect(kinds('- [ ] 1.1 Task', '<br>', '- [ ] 1.2 Next')).toEqual(['list-item', 'paragraph', 'list-item']);
    expect(kinds('Some text', '<a href="x">', '- [ ] 1.2 Next')).toEqual(['paragraph', 'paragraph', 'list-item']);
  });

  test('an agent can start the task the document shows, and addTask numbers after it', () => {
    const store = savedPlan(plan('<https://github.com/acme/importer/issues/412>'));
    expect(agent(store).startTask('1.2').title).toBe('Find the bad row');
    expect(agent(store).addTask(1, 'Add a regression test').step).toBe('1.4');
    expect(store.text.match(/^- \[.\] 1\.2 /gm)).toHaveLength(1);
  });
});

describe('an HTML block hides its lines', () => {
  test.each([
    ['a block tag', '<details>'],
    ['a closing block tag', '</div>'],
    ['a block tag in capitals, with attributes', '<DIV CLASS="foo">'],
    ['a self-closing block tag', '  <p/>'],
    ['a block tag with text after it', '<div><a href="bar">*foo*</a></div>'],
    ['a lone tag after a blank line', '<Warning>'],
    ['a lone tag with attributes', '<a href="foo" title=\'x\' data-x=1 hidden>'],
    ['a lone closing tag', '</ins>  '],
  ])('%s, up to the next blank line', (_kind, line) => {
    expect(kinds('', line, '- [ ] 9.1 Hidden', '', '- [ ] 1.1 Read')).toEqual([
      'blank',
      'html',
      'html',
      'blank',
      'list-item',
    ]);
  });

  test.each([
    ['raw text', '<pre language="haskell"><code>', '</code></PRE>'],
    ['a script', '<script>', '</script> trailing text'],
    ['a processing instruction', '<?php', '?>'],
    ['CDATA', '<![CDATA[', ']]>'],
    ['a declaration over two lines', '<!DOCTYPE', 'html>'],
  ])('%s, blank lines included, up to the line that closes it', (_kind, open, close) => {
    expect(kinds(open, '- [ ] 9.1 Hidden', '', '- [ ] 9.2 Hidden', close, '- [ ] 1.1 Read')).toEqual([
      'html',
      'html',
      'html',
      'html',
      'html',
      'list-item',
    ]);
  });

  test('a block closed on its own line hides only that line', () => {
    expect(kinds('<style>p{color:red;}</style>', '- [ ] 1.1 Read')).toEqual(['html', 'list-item']);
    expect(kinds('<!DOCTYPE html>', '- [ ] 1.1 Read')).toEqual(['html', 'list-item']);
  });

  test('a block tag interrupts a paragraph', () => {
    expect(kinds('Some text', '<details>', '- [ ] 9.1 Hidden')).toEqual(['paragraph', 'html', 'html']);
  });
});

describe('an HTML block inside a task ends with the task, as a list item ends', () => {
  const phases = (text: string) =>
    parsePlan(text).phases.map((phase) => `${phase.name}: ${phase.tasks.map((task) => task.step).join(',')}`);

  test.each([
    ['raw text', '  <pre>'],
    ['a script', '  <script>'],
    ['a style', '  <style>'],
    ['a text area', '  <textarea>'],
    ['a processing instruction', '  <?php'],
    ['a declaration', '  <!DOCTYPE'],
    ['CDATA', '  <![CDATA['],
  ])("%s left open in a task's details hides no phase or task after the task", (_kind, open) => {
    const text = lines(
      '# Plan: H',
      '',
      'Goal: G',
      '',
      '### Phase 1: Setup',
      '- [ ] 1.1 a',
      open,
      '  x',
      '',
      '### Phase 2: Build',
      '- [ ] 2.1 c',
      '- [ ] 2.2 d',
      '',
    );
    expect(phases(text)).toEqual(['Setup: 1.1', 'Build: 2.1,2.2']);
  });

  test('raw text left open ends at the next task at the margin; its indented lines and blank lines stay hidden', () => {
    expect(kinds('- [ ] 1.1 a', '  <pre>', '  - [ ] 9.1 Hidden', '', '  x', '- [ ] 1.2 b', '- [ ] 1.3 c')).toEqual([
      'list-item',
      'html',
      'html',
      'html',
      'html',
      'list-item',
      'list-item',
    ]);
  });

  test("a sub-task's block ends at a line indented less than its opening: the parent's next sub-task", () => {
    expect(kinds('- [ ] 1.1 a', '  - [ ] 1.1.1 b', '    <pre>', '    x', '  - [ ] 1.1.2 c')).toEqual([
      'list-item',
      'list-item',
      'html',
      'html',
      'list-item',
    ]);
  });

  test('a block tag with no blank line after it ends at the next task at the margin', () => {
    const text = lines(
      '# Plan: H',
      '',
      'Goal: G',
      '',
      '### Phase 1: Setup',
      '- [ ] 1.1 a',
      '  <details>',
      '  log',
      '  </details>',
      '- [ ] 1.2 b',
      '',
    );
    expect(phases(text)).toEqual(['Setup: 1.1,1.2']);
  });

  test('a closed block inside a task hides only its lines', () => {
    const text = lines(
      '# Plan: H',
      '',
      'Goal: G',
      '',
      '### Phase 1: Setup',
      '- [ ] 1.1 a',
      '',
      '  <pre>',
      '  - [ ] 9.1 Hidden',
      '  </pre>',
      '- [ ] 1.2 b',
      '',
    );
    expect(phases(text)).toEqual(['Setup: 1.1,1.2']);
  });

  test('outside a list, an indented block still runs to its closing line', () => {
    expect(kinds('  <pre>', '- [ ] 9.1 Hidden', '', '</pre>', '- [ ] 1.1 Read')).toEqual([
      'html',
      'html',
      'html',
      'html',
      'list-item',
    ]);
  });
});
