/** The small text helpers every layer shares. */
import { escapeHtml, shorten, pageWords } from '../../src/core/text';

test('escapeHtml escapes the five characters that can end text or an attribute, either quote included', () => {
  expect(escapeHtml(`<a title='it''s' href="x">Tom & Jerry</a>`)).toBe(
    '&lt;a title=&#39;it&#39;&#39;s&#39; href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
});

test('shorten keeps text that fits and cuts longer text to the length, ellipsis included', () => {
  expect(shorten('Read Sales!A2:H1000', 19)).toBe('Read Sales!A2:H1000');
  expect(shorten('Read Sales!A2:H1000', 10)).toBe('Read Sale…');
});

describe('pageWords: what an error page says, in a message', () => {
  test("Google's error page reads as its words, without its style and script", () => {
    const page =
      '<html><head><style>body { color: red }</style><script>var x = "<b>";</script></head>' +
      '<body><div>Script function not found: doPost</div><SCRIPT type="x">y()</SCRIPT></body></html>';
    expect(pageWords(page)).toBe('Script function not found: doPost');
  });

  test('a script that never closes hides the rest of the page, and the words before it stay', () => {
    expect(pageWords('<p>Quota</p> exceeded<script>never closed <p>more</p>')).toBe('Quota exceeded');
  });

  test('a long page is cut at 300 characters with an ellipsis', () => {
    const words = pageWords(`<p>${'word '.repeat(100)}</p>`);
    expect(words).toHaveLength(301);
    expect(words.endsWith('…')).toBe(true);
  });

  test('many opening script tags without an end are read in one pass', () => {
    expect(pageWords(`before${'<script'.repeat(20_000)}`)).toBe('before');
  });
});
