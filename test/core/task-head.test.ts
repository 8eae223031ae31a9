/**
 * The hand readers of task lines (src/core/task-head.ts) read exactly what the regular expressions they replaced
 * matched: the same lines, the same parts. The expressions stay here as the definitions.
 */
import { readCanonicalTask, readTaskHead } from '../../src/core/task-head';

const DEFINITION = /^- \[([^\]]?)\] (\d{1,9}(?:\.\d{1,9}){1,8}) (?=[^ \t\u00a0*])/;
const HEAD_DEFINITION =
  /^([ \t\u00a0\ufeff]{0,64}(?:[-*+]|\d{1,9}[.)])[ \t\u00a0]{1,64})\[([^\]]?)\](\*?)([ \t\u00a0]{0,64})/;

/** A generator of the same lines on every run. */
function randomPicker(seed: number): <T>(choices: readonly T[]) => T {
  let state = seed;
  return (choices) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return choices[Math.floor(state / 65536) % choices.length]; // the high bits: the low ones repeat in short cycles
  };
}

/** What the definition reads from a line: the parts the hand reader must give, or null. */
function byDefinition(line: string) {
  const match = DEFINITION.exec(line);
  if (!match) return null;
  const textStart = match[0].length;
  return {
    bracket: 2,
    symbol: match[1],
    textStart,
    step: match[2],
    rest: line.slice(textStart).trimEnd(),
    boldTitle: false,
    indent: 0,
    content: 2,
  };
}

const EDGES = [
  '- [ ] 1.1 Title',
  '- [x] 12.34 Title  ',
  '- [] 1.1 Quick todo',
  '- [?] 2.1 Unknown status',
  '- []] 1.1 Two brackets',
  '- [xx] 1.1 Wide box',
  '- [ ] 1 Single number',
  '- [ ] 1. List number',
  '- [ ] 1.2. Dot after the step',
  '- [ ] 1.2: Colon after the step',
  '- [ ] 1..2 Two dots',
  '- [ ] .1.2 Leading dot',
  '- [ ] 1.2.3.4.5.6.7.8.9 Nine numbers',
  '- [ ] 1.2.3.4.5.6.7.8.9.1 Ten numbers',
  '- [ ] 123456789.1 Nine digits',
  '- [ ] 1234567890.1 Ten digits',
  '- [ ] 1.1234567890 Ten digits last',
  '- [ ] 1.1  Two spaces',
  '- [ ] 1.1\tTab',
  '- [ ] 1.1 \u00a0No-break space',
  '- [ ] 1.1 **Bold**',
  '- [ ] 1.1 ',
  '- [ ] 1.1',
  '- [ ]  1.1 Space before the step',
  '- [ ]1.1 No space after the box',
  '-  [ ] 1.1 Two spaces after the bullet',
  ' - [ ] 1.1 Indented',
  '* [ ] 1.1 Other bullet',
  '- [',
  '- [ ',
  '- [ ]',
  '- [\ud83d] 1.1 Half a surrogate pair',
  '- [ ] 1.1 ✅ 2026-01-01',
  '- [ ] 1.1 a',
  '- [ ] 1.1 \r',
  '',
];

describe('the hand reader of the spec task spelling', () => {
  test.each(EDGES.map((line) => [JSON.stringify(line), line]))('reads %s as the expression does', (_, line) => {
    expect(readCanonicalTask(line)).toEqual(byDefinition(line));
  });

  test('reads every line of a random sample of task-like lines as the expression does', () => {
    const pick = randomPicker(7);
    /** Each part of a task line in the spec's spelling, or one of its near misses. */
    const parts = [
      ['- [', '- [', '- [', '-[', ' - [', '- '],
      [' ', 'x', '', '/', ']', 'xx', '\u00a0'],
      ['] ', '] ', '] ', ']', ']  ', ']\t'],
      ['1', '12', '123456789', '1234567890', '', 'a'],
      ['.1', '.22', '.1.2', '.1.2.3.4.5.6.7.8', '.', '..1', '.1234567890', ''],
      [' ', ' ', ' ', ' ', '', '. ', ': ', '  ', '\t', ' \u00a0'],
      ['Title', 'a', '*bold*', ' ', '', 'Title  ', '✅ 2026-01-01'],
    ];
    const differing: string[] = [];
    let read = 0;
    for (let i = 0; i < 40000; i++) {
      const line = parts.map(pick).join('');
      const expected = byDefinition(line);
      if (expected) read++;
      if (JSON.stringify(readCanonicalTask(line)) !== JSON.stringify(expected)) differing.push(line);
    }
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(300); // the sample holds many lines the expression reads, not only near misses
  });
});

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
    const pick = randomPicker(11);
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
    const differing: string[] = [];
    let read = 0;
    for (let i = 0; i < 20000; i++) {
      const line = parts.map(pick).join('');
      const expected = headByDefinition(line);
      if (expected) read++;
      if (JSON.stringify(readTaskHead(line)) !== JSON.stringify(expected)) differing.push(JSON.stringify(line));
    }
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(500); // many lines the expression reads, not only near misses
  });
});
