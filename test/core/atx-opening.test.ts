/**
 * The hand reader of an ATX heading's opening (src/core/patterns.ts atxOpening) reads exactly what the regular
 * expression it replaced matched. The expression stays here as the definition.
 */
import { atxOpening } from '../../src/core/patterns';

const DEFINITION = /^\ufeff?[ \u00a0]{0,3}(#{1,6})(?:[ \t\u00a0]{1,64}|$)/;

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
    let state = 5;
    const pick = <T>(choices: readonly T[]): T => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return choices[Math.floor(state / 65536) % choices.length];
    };
    const parts = [
      ['', '', '\ufeff'],
      ['', '', ' ', '  ', '   ', '    ', '\u00a0', '\t'],
      ['#', '##', '###', '######', '#######', '', 'a'],
      ['', ' ', ' ', '\t', '\u00a0', RUN, ` ${RUN}`, 'x'],
      ['', 'Title', '#', ' #'],
    ];
    const differing: string[] = [];
    let read = 0;
    for (let i = 0; i < 20000; i++) {
      const line = parts.map(pick).join('');
      const expected = byDefinition(line);
      if (expected) read++;
      if (JSON.stringify(atxOpening(line)) !== JSON.stringify(expected)) differing.push(JSON.stringify(line));
    }
    expect(differing).toEqual([]);
    expect(read).toBeGreaterThan(2000); // many lines the expression reads, not only near misses
  });
});
