/**
 * How the stdio bridge (`sheet-plan mcp --url`) reaches the web app: it follows Google's redirect itself (a 302 after
 * the POST is read with GET, without the body), and a page instead of JSON (Google's error page) is an error that
 * says what the page said.
 */
import { postToWebApp, withoutKey } from '../../src/node/mcp/url-bridge';

interface Seen {
  url: string;
  method: string;
  body?: unknown;
}

/** A fetch that answers from a list, recording each request. */
function scriptedFetch(answers: Response[]) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
    seen.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body });
    return answers.shift()!;
  }) as typeof fetch;
  return { fetchImpl, seen };
}

const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });
const json = (text: string) => new Response(text, { headers: { 'content-type': 'application/json; charset=utf-8' } });

test("a 302 after the POST is followed with a GET without the body, to Google's echo URL", async () => {
  const echo = 'https://script.googleusercontent.com/macros/echo?user_content_key=abc&lib=x';
  const { fetchImpl, seen } = scriptedFetch([redirect(302, echo), json('{"jsonrpc":"2.0","id":1,"result":{}}')]);
  const text = await postToWebApp('https://script.google.com/macros/s/D/exec?key=k', '{"id":1}', fetchImpl);
  expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  expect(seen).toEqual([
    { url: 'https://script.google.com/macros/s/D/exec?key=k', method: 'POST', body: '{"id":1}' },
    { url: echo, method: 'GET', body: undefined },
  ]);
});

test('a 307 keeps the POST and its body', async () => {
  const { fetchImpl, seen } = scriptedFetch([redirect(307, '/other'), json('')]);
  await expect(postToWebApp('http://127.0.0.1:1/exec?key=k', 'B', fetchImpl)).resolves.toBe('');
  expect(seen[1]).toEqual({ url: 'http://127.0.0.1:1/other', method: 'POST', body: 'B' });
});

test("a page instead of JSON is an error quoting the page's words", async () => {
  const page = '<html><body><div>Script function not found: doPost</div></body></html>';
  const { fetchImpl } = scriptedFetch([new Response(page, { headers: { 'content-type': 'text/html' } })]);
  await expect(postToWebApp('http://127.0.0.1:1/exec?key=k', '{}', fetchImpl)).rejects.toThrow(
    'the web app answered text/html, not JSON: Script function not found: doPost',
  );
});

test('an HTTP error and endless redirects are errors', async () => {
  const notFound = scriptedFetch([
    new Response('<div>Sorry, unable to open the file at this time.</div>', { status: 404 }),
  ]);
  await expect(postToWebApp('http://127.0.0.1:1/exec?key=k', '{}', notFound.fetchImpl)).rejects.toThrow(
    'the web app answered HTTP 404: Sorry, unable to open the file at this time.',
  );
  const loop = scriptedFetch(Array.from({ length: 10 }, () => redirect(302, '/again')));
  await expect(postToWebApp('http://127.0.0.1:1/exec?key=k', '{}', loop.fetchImpl)).rejects.toThrow(
    'more than 5 redirects',
  );
});

test('messages name the URL without its key', () => {
  expect(withoutKey('https://script.google.com/macros/s/D/exec?key=sp-123')).toBe(
    'https://script.google.com/macros/s/D/exec?key=…',
  );
});
