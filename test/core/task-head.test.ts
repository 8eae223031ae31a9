/**
 * The hand reader of a task line's head (src/core/format/task-head.ts) reads exactly what the regular expression it
 * replaced matched: the same lines, the same parts. The expression stays here as the definition.
 */
import { readTaskHead } from '../../src/core/format/task-head';
import { compareOnSampledLines } from './sampled-lines';

const HEAD_DEFINITION =
  /^([ \t\u00a0\ufeff]{0,64}(?:[-*+]|\d{1,9}[.)])[ \t\u00a0]{1,64})\[([^\]]?)\](\*?)([ \t\u00a0]{0,64})/;

/** What the head's definition reads from a line, as readTaskHead gives it. */
function headByDefinition(line: string) {
  const match = HEAD_DEFINITION.exec(line);
  if (!match) return null;
  return { bracket: match[1].length, symbol: match[2], gap: match[4].length, end: match[0].length };
}

const RUN = ' '.repeat(64);

describe('the hand reader of a task line head', () => {
  test.each(
    [
      '- [ ] Title',
      '  - [x] 1.1 Indented',
      '\t* [] Tab and star',
      '\u00a0+ [/] No-break space',
      '\ufeff- [ ] Byte-order mark',
      '1. [ ] Numbered',
      '123456789) [x] Nine digits',
      '1234567890. [ ] Ten digits',
      '1: [ ] Colon',
      '-[ ] No gap after the bullet',
      '- [xx] Wide box',
      '- []] Two brackets',
      '- [ ]* Optional',
      '- [ ]** Two stars',
      '- [ ]',
      '- [',
      '- [ ]\t\u00a0 Mixed gap',
      `${RUN}- [ ] 64 columns of indentation`,
      ` ${RUN}- [ ] 65 columns of indentation`,
      `-${RUN}[ ] 64 spaces after the bullet`,
      `- ${RUN}[ ] 65 spaces after the bullet`,
      `- [ ]${RUN}64 spaces after the box`,
      `- [ ] ${RUN}65 spaces after the box`,
      '> - [ ] Quoted',
      '',
    ].map((line) => [JSON.stringify(line), line]),
  )('reads %s as the expression does', (_, line) => {
    expect(readTaskHead(line)).toEqual(headByDefinition(line));
  });

  test('reads every line of a random sample of head-like lines as the expression does', () => {
    const gaps = ['', ' ', '\t', '\u00a0', '  ', '\ufeff', RUN, ` ${RUN}`];
    const parts = [
      gaps,
      ['-', '*', '+', '1.', '12)', '123456789.', '1234567890.', '1', 'a', ''],
      gaps,
      ['[', '[', '', ']'],
      [' ', 'x', '', ']', 'xx', '[', '\u00a0'],
      [']', ']', '', ']]'],
      ['', '*', '**'],
      gaps,
      ['Title', '1.1 Title', '', ' '],
    ];
    const { differing, read } = compareOnSampledLines(parts, 11, readTaskHead, headByDefinition);
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(500); // many lines the expression reads, not only near misses
  });
});
