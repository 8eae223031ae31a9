/**
 * The hand readers of headings (src/core/format/patterns.ts: an ATX heading's opening, a setext underline) read exactly
 * what the regular expressions they replaced matched. The expressions stay here as the definitions.
 */
import { atxOpening, setextLevel } from '../../src/core/format/patterns';
import { compareOnSampledLines } from './sampled-lines';

const DEFINITION = /^\ufeff?[ \u00a0]{0,3}(#{1,6})(?:[ \t\u00a0]{1,64}|$)/;
const UNDERLINE_DEFINITION = /^\ufeff?[ \u00a0]{0,3}(?:(=+)|-+)[ \t\u00a0]{0,64}$/;

function byDefinition(line: string) {
  const match = DEFINITION.exec(line);
  return match ? { end: match[0].length, level: match[1].length } : null;
}

const RUN = ' '.repeat(64);

describe('the hand reader of a heading opening', () => {
  test.each(
    [
      '# Title',
      '###### Six',
      '####### Seven',
      '#',
      '##',
      '#Title',
      '#\tTab',
      '#\u00a0No-break space',
      '   # Three spaces',
      '    # Four spaces',
      '\t# Tab before',
      '\ufeff# Byte-order mark',
      '\ufeff   # Byte-order mark and spaces',
      ' \ufeff# Byte-order mark after a space',
      '\u00a0\u00a0\u00a0## No-break spaces',
      `#${RUN}64 spaces`,
      `# ${RUN}65 spaces`,
      `#${RUN}`,
      '',
      'Title',
    ].map((line) => [JSON.stringify(line), line]),
  )('reads %s as the expression does', (_, line) => {
    expect(atxOpening(line)).toEqual(byDefinition(line));
  });

  test('reads every line of a random sample of heading-like lines as the expression does', () => {
    const parts = [
      ['', '', '\ufeff'],
      ['', '', ' ', '  ', '   ', '    ', '\u00a0', '\t'],
      ['#', '##', '###', '######', '#######', '', 'a'],
      ['', ' ', ' ', '\t', '\u00a0', RUN, ` ${RUN}`, 'x'],
      ['', 'Title', '#', ' #'],
    ];
    const { differing, read } = compareOnSampledLines(parts, 5, atxOpening, byDefinition);
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(2000); // many lines the expression reads, not only near misses
  });
});

function underlineByDefinition(line: string): 0 | 1 | 2 {
  const match = UNDERLINE_DEFINITION.exec(line);
  return !match ? 0 : match[1] ? 1 : 2;
}

describe('the hand reader of a setext underline', () => {
  test.each(
    [
      '===',
      '---',
      '=',
      '-',
      '=-=',
      '- - -',
      '---  ',
      '---\t',
      `---${RUN}`,
      `--- ${RUN}`,
      '   ---',
      '    ---',
      '\ufeff---',
      '\u00a0===',
      '\t---',
      '--- x',
      '',
    ].map((line) => [JSON.stringify(line), line]),
  )('reads %s as the expression does', (_, line) => {
    expect(setextLevel(line)).toBe(underlineByDefinition(line));
  });

  test('reads every line of a random sample of underline-like lines as the expression does', () => {
    const parts = [
      ['', '', '\ufeff'],
      ['', '', ' ', '   ', '    ', '\u00a0', '\t'],
      ['=', '===', '-', '---', '', '=-', '-='],
      ['', '', ' ', '\t', '\u00a0', RUN, ` ${RUN}`],
      ['', '', '', 'x', '-', '='],
    ];
    const { differing, read } = compareOnSampledLines(parts, 9, setextLevel, underlineByDefinition);
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(2000); // many lines the expression reads, not only near misses
  });
});
