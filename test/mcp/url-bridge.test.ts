/**
 * How the stdio bridge (`sheet-plan mcp --url`) reaches the web app: it follows Google's redirect itself (a 302 after
 * the POST is read with GET, without the body), and a page instead of JSON (Google's error page) is an error that
 * says what the page said. Every tools/call it forwards carries a request id, so that when Google's answer is lost
 * after the script ran, posting the body again applies the change once.
 */
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { forwardLine } from '../../src/node/mcp/url-bridge';
import { postToWebApp, withoutKey, withRequestIds } from '../../src/web/forwarding';
import { startLocalEmulator } from '../client/local-emulator';

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

describe('a lost echo', () => {
  const echo = 'https://script.googleusercontent.com/macros/echo?user_content_key=abc&lib=x';
  /** A fetch whose first echo GET fails as a dropped connection does. */
  function droppingFirstEcho(answers: Response[]) {
    const scripted = scriptedFetch(answers);
    let dropped = false;
    const fetchImpl = (async (url: string | URL, init?: RequestInit) => {
      if (!dropped && (init?.method ?? 'GET') === 'GET') {
        dropped = true;
        scripted.seen.push({ url: String(url), method: 'GET', body: 'dropped' });
        throw new TypeError('fetch failed');
      }
      return scripted.fetchImpl(url, init);
    }) as typeof fetch;
    return { fetchImpl, seen: scripted.seen };
  }

  test('is asked for again by posting the body once more, when each tools/call in it has a request id', async () => {
    const body = withRequestIds('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_task"}}');
    const { fetchImpl, seen } = droppingFirstEcho([redirect(302, echo), redirect(302, echo), json('{"ok":1}')]);
    await expect(postToWebApp('https://script.google.com/macros/s/D/exec?key=k', body, fetchImpl)).resolves.toBe(
      '{"ok":1}',
    );
    expect(seen.map((request) => [request.method, request.body])).toEqual([
      ['POST', body],
      ['GET', 'dropped'],
      ['POST', body],
      ['GET', undefined],
    ]);
  });

  test('is an error, with no second POST, for a tools/call without a request id', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_task"}}';
    const { fetchImpl, seen } = droppingFirstEcho([redirect(302, echo)]);
    await expect(postToWebApp('https://script.google.com/macros/s/D/exec?key=k', body, fetchImpl)).rejects.toThrow(
      /could not be reached \(fetch failed\)/,
    );
    expect(seen).toHaveLength(2);
  });

  test("through the bridge on the local web app: the task starts once, with the first call's answer", async () => {
    const emulator = await startLocalEmulator();
    try {
      const url = await connectAgentAsPerson(emulator.url, 'Bridge');
      const line = (id: number, name: string, args: Record<string, unknown> = {}) =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
      const revision = async () =>
        JSON.parse(await forwardLine(url, line(1, 'get_plan'), () => {})).result.structuredContent.revision as number;
      const before = await revision();
      let echoes = 0;
      const dropOnce = (async (target: string | URL, init?: RequestInit) => {
        const isEcho = new URL(String(target)).pathname === '/macros/echo';
        if (isEcho && echoes++ === 0) throw new TypeError('fetch failed'); // the script ran; its answer is lost
        return fetch(target, init);
      }) as typeof fetch;
      const logged: string[] = [];
      const answer = JSON.parse(
        await forwardLine(url, line(2, 'start_task', { step: '3.2' }), logged.push.bind(logged), dropOnce),
      );
      expect(answer.result.structuredContent).toMatchObject({ step: '3.2', status: 'doing', revision: before + 1 });
      expect(echoes).toBe(2);
      expect(logged).toEqual([]);
      expect(await revision()).toBe(before + 1);
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
