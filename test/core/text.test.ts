/** The small text helpers every layer shares. */
import { escapeHtml, shorten } from '../../src/core/text';

test('escapeHtml escapes the five characters that can end text or an attribute, either quote included', () => {
  expect(escapeHtml(`<a title='it''s' href="x">Tom & Jerry</a>`)).toBe(
    '&lt;a title=&#39;it&#39;&#39;s&#39; href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
});

test('shorten keeps text that fits and cuts longer text to the length, ellipsis included', () => {
  expect(shorten('Read Sales!A2:H1000', 19)).toBe('Read Sales!A2:H1000');
  expect(shorten('Read Sales!A2:H1000', 10)).toBe('Read Sale…');
});
