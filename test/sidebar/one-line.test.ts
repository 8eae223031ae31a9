/** What the sidebar's one-line fields keep of a paste: what the server takes as a line of text. */
import { oneLine } from '../../sidebar/src/one-line';
import { requireLine } from '../../src/core/api/arguments';

test.each([
  ['a Word soft break (\\v)', 'March\vand April', 'March and April'],
  ['a form feed, NEL, and the Unicode separators', 'a\fb\u0085c\u2028d\u2029e', 'a b c d e'],
  ['Windows line ends, runs of them', 'one\r\n\r\ntwo', 'one two'],
  ['invisible control characters', 'to\u0000tal\u0007s\u009b', 'totals'],
  ['a tab', 'col\tF', 'col\tF'],
])('%s', (_kind, pasted, kept) => {
  expect(oneLine(pasted)).toBe(kept);
  // The server takes what the field keeps.
  expect(requireLine(oneLine(pasted), 'answer')).toBe(kept);
});
