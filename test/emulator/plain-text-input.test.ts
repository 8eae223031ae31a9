/**
 * writeRange writes text to a plain-text (`@`) cell as it is, unless src/core's readsAsFormulaInPlainText refuses it
 * there. Whatever that predicate lets through must be stored exactly as sent by the emulator's reading of cell input
 * (services/cell-input.ts), on strings made of the characters that decide it: signs, digits, marks, blanks, line ends.
 */
import fc from 'fast-check';
import { readsAsFormulaInPlainText } from '../../src/core/sheet/cell-values';
import { interpretCellInput, PLAIN_TEXT_FORMAT } from '../../src/node/emulator/services/cell-input';
import { findTimeZone } from '../../src/node/emulator/time/time-zones';

const SITUATION = {
  numberFormat: PLAIN_TEXT_FORMAT,
  timeZone: findTimeZone('America/New_York')!,
  now: new Date('2026-11-29T12:00:00Z'),
  method: 'Range.setValues',
};
const DECIDING = ['+', '-', '=', '0', '5', '.', ',', 'e', '$', '%', ' ', '\n', '\r', '\u2028', '\t', 'x', "'", '−'];
const text = fc.array(fc.constantFrom(...DECIDING), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));

test('text the predicate lets into a plain-text cell is stored there exactly as sent', () => {
  fc.assert(
    fc.property(text, (sent) => {
      if (readsAsFormulaInPlainText(sent)) return;
      expect(interpretCellInput(sent, SITUATION)).toEqual({ kind: 'value', value: sent });
    }),
    { numRuns: 20_000 },
  );
});

test.each(['-\nSUM(A1)', '+\r', '-\u2028x', '=', '- item', '+x', '-5x'])(
  '%p is refused in a plain-text cell',
  (sent) => {
    expect(readsAsFormulaInPlainText(sent)).toBe(true);
  },
);

test.each(['-5', '+1.5', '-', '+', ' -x', '−5', "'=x", 'A-100'])('%p is let through', (sent) => {
  expect(readsAsFormulaInPlainText(sent)).toBe(false);
});
