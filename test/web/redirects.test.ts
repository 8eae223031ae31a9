/**
 * The redirects the forwarding follows (src/web/forwarding.ts), with a scripted fetch: Google's 302 to its echo origin,
 * fetched with GET; never a step down from https to http, and never the body posted again to another origin.
 */
import { postToWebApp, WebAppError } from '../../src/web/forwarding';

const WEB_APP = 'https://script.google.com/macros/s/X/exec?key=sp-1';
const ANSWER = '{"jsonrpc":"2.0","id":1,"result":{}}';
const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

/** A fetch that answers the web app with `status` to `location`, and anything else with the JSON answer. */
function scripted(status: number, location: string) {
  const asked: Array<{ url: string; method: string; body?: unknown }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    asked.push({ url, method: init.method ?? 'GET', body: init.body });
    if (url === WEB_APP) return new Response(null, { status, headers: { location } });
    return new Response(ANSWER, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { asked, fetchImpl };
}

test("Google's 302 to its echo origin is followed with a GET, without the body", async () => {
  const { asked, fetchImpl } = scripted(302, 'https://script.googleusercontent.com/macros/echo?user_content_key=k');
  await expect(postToWebApp(WEB_APP, ping, fetchImpl)).resolves.toBe(ANSWER);
  expect(asked.map(({ url, method, body }) => [new URL(url).origin, method, body])).toEqual([
    ['https://script.google.com', 'POST', ping],
    ['https://script.googleusercontent.com', 'GET', undefined],
  ]);
});

test.each([
  [302, 'http://script.googleusercontent.com/macros/echo?k', 'http://script.googleusercontent.com'],
  [307, 'https://elsewhere.example/collect', 'https://elsewhere.example'],
  [308, 'http://127.0.0.1:9/admin', 'http://127.0.0.1:9'],
])('a %i to %s is not followed: nothing more is asked', async (status, location, origin) => {
  const { asked, fetchImpl } = scripted(status, location);
  await expect(postToWebApp(WEB_APP, ping, fetchImpl)).rejects.toThrow(
    `the web app answered ${status} to ${origin}, which is not followed`,
  );
  expect(asked).toHaveLength(1);
});

test('a 307 within the same origin posts the body again there', async () => {
  const { asked, fetchImpl } = scripted(307, '/macros/s/X/exec?key=sp-1&again=1');
  await expect(postToWebApp(WEB_APP, ping, fetchImpl)).resolves.toBe(ANSWER);
  expect(asked[1]).toMatchObject({ method: 'POST', body: ping });
});

/** A response whose body breaks off, as when the server closes the connection while its answer comes. */
const brokenOff = (status: number) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('Network connection lost.'));
      },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

test('an answer whose body breaks off is a WebAppError giving the status, asked once more after a run', async () => {
  // 413 before the redirect: nothing ran, nothing is posted again.
  const refused = jest.fn(async () => brokenOff(413));
  const tooLarge = postToWebApp(WEB_APP, ping, refused as unknown as typeof fetch);
  await expect(tooLarge).rejects.toBeInstanceOf(WebAppError);
  await expect(tooLarge).rejects.toThrow(
    /HTTP 413 \(the message is larger than the web app takes.*connection was lost/,
  );
  expect(refused).toHaveBeenCalledTimes(1);
  // The echo's body breaks off after the script ran: the same body is posted once more, and its answer comes.
  let echoes = 0;
  const lostOnce = (async (url: string) => {
    if (url === WEB_APP) return new Response(null, { status: 302, headers: { location: 'https://echo.example/e' } });
    return ++echoes === 1 ? brokenOff(200) : new Response(ANSWER, { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  await expect(postToWebApp(WEB_APP, ping, lostOnce)).resolves.toBe(ANSWER);
  expect(echoes).toBe(2);
});

test("a redirect to Google's sign-in is not followed, and the error says what to change", async () => {
  const { asked, fetchImpl } = scripted(
    302,
    'https://accounts.google.com/ServiceLogin?continue=https://script.google.com',
  );
  await expect(postToWebApp(WEB_APP, ping, fetchImpl)).rejects.toThrow(
    'the web app asks to sign in to Google: deploy it with "Who has access: Anyone"',
  );
  expect(asked).toHaveLength(1);
});

/** A fetch that answers the web app with an HTML page of Google's (`words` in it), with `status`. */
const googlePage = (status: number, words: string) =>
  (async () =>
    new Response(`<html><head><title>Error</title></head><body><div>${words}</div></body></html>`, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    })) as unknown as typeof fetch;

test.each([
  [200, 'Script function not found: doPost', /Script function not found: doPost \(.*deploy a new one/],
  [
    404,
    'Sorry, unable to open the file at this time. Please check the address and try again.',
    /unable to open the file.*\(no web app is at that address: check its deployment ID/,
  ],
  [200, 'Service invoked too many times for one day: urlfetch.', /too many times.*\(Google's quota .* try again later/],
  [500, 'An internal error occurred.', /^the web app answered HTTP 500: Error An internal error occurred\.$/],
])(
  "Google's page in a web app's place (HTTP %i: %s) is named, with what to do about it",
  async (status, words, said) => {
    await expect(postToWebApp(WEB_APP, ping, googlePage(status, words))).rejects.toThrow(said);
  },
);
