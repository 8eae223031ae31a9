/**
 * PlanClient's transport against a tiny local HTTP server that answers like Google's API does:
 * retries on 429 and 5xx (never on a script error), a timeout per request, and errors mapped
 * to PlanClientError codes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { caught } from './caught';
import type { AddressInfo } from 'node:net';
import { AGENT_FUNCTION_NAMES, apiFunction, requestArgumentIndex } from '../../src/core/api/api-functions';
import { OAuth2Client, PlanClient } from '../../src/node/client';

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };

interface FakeApi {
  url: string;
  requests: Array<{ path: string; authorization?: string; body: unknown }>;
  /** How many answers were sent. */
  answered(): number;
  close(): Promise<void>;
}

/** Answers each request with the next answer of the script (the last one repeats). */
async function fakeApi(answers: Answer[]): Promise<FakeApi> {
  const requests: FakeApi['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  let answered = 0;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(body || 'null'),
      });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
      const send = () => {
        answered += 1;
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body ?? {}));
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ok = (result: unknown): Answer => ({
  status: 200,
  body: { done: true, response: { '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse', result } },
});
const unavailable: Answer = {
  status: 503,
  body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
};
const tooMany: Answer = {
  status: 429,
  body: {
    error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
  },
};
const scriptError = (errorMessage: string): Answer => ({
  status: 200,
  body: {
    done: true,
    error: {
      code: 3,
      message: 'ScriptError',
      details: [
        {
          '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionError',
          errorMessage,
          errorType: 'ScriptError',
          scriptStackTraceElements: [{ function: 'startTask', lineNumber: 812 }],
        },
      ],
    },
  },
});

const FAST_RETRY = { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 };
let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('PlanClient transport', () => {
  test(
    'posts an ExecutionRequest to {rootUrl}v1/scripts/{id}:run with the bearer token, and returns the ' + 'result',
    async () => {
      api = await fakeApi([ok({ step: '1.1', status: 'doing' })]);
      const client = new PlanClient({ scriptId: 'AKfy-deployment', rootUrl: api.url, accessToken: 'token-123' });
      await expect(client.startTask('1.1')).resolves.toEqual({ step: '1.1', status: 'doing' });
      expect(api.requests).toEqual([
        {
          path: '/v1/scripts/AKfy-deployment:run',
          authorization: 'Bearer token-123',
          body: { function: 'startTask', parameters: ['1.1', { requestId: expect.any(String) }], devMode: false },
        },
      ]);
    },
  );

  test(
    'has a method for every agent function of the API descriptor, sending its arguments by position and, for ' +
      'a change, request options after them',
    async () => {
      api = await fakeApi([ok(null)]);
      const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't' });
      for (const name of AGENT_FUNCTION_NAMES) {
        const method = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name];
        expect(typeof method).toBe('function');
        await method.call(client, ...apiFunction(name).args.map((arg) => `${arg.name} of ${name}`));
      }
      expect(api.requests.map((request) => request.body)).toEqual(
        AGENT_FUNCTION_NAMES.map((name) => ({
          function: name,
          parameters: [
            ...apiFunction(name).args.map((arg) => `${arg.name} of ${name}`),
            ...(apiFunction(name).changesPlan ? [{ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }] : []),
          ],
          devMode: false,
        })),
      );
      expect(AGENT_FUNCTION_NAMES.filter((name) => requestArgumentIndex(name) !== undefined)).toEqual(
        AGENT_FUNCTION_NAMES.filter((name) => apiFunction(name).changesPlan),
      );
    },
  );

  test('arguments left out at the end are not sent; before request options one is sent as null', async () => {
    api = await fakeApi([ok(null)]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't' });
    await client.getHistory();
    await client.createPlan('T', 'G', [{ name: 'P', steps: ['S'] }], undefined);
    await client.setTaskNote('1.1', null);
    await client.completeTask('1.1', { requestId: 'my-own-request-1' });
    const sent = api.requests.map((request) => (request.body as { parameters: unknown[] }).parameters);
    expect(sent).toEqual([
      [],
      ['T', 'G', [{ name: 'P', steps: ['S'] }], null, { requestId: expect.any(String) }],
      ['1.1', null, { requestId: expect.any(String) }],
      ['1.1', { requestId: 'my-own-request-1' }],
    ]);
    const ids = sent.slice(1, 3).map((parameters) => (parameters.at(-1) as { requestId: string }).requestId);
    expect(new Set(ids).size).toBe(2);
  });

  test('a named client sends its name with its changes and in getNextTask, getPlan, writeRange options', async () => {
    api = await fakeApi([ok(null)]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', agent: 'Report builder' });
    await client.startTask('1.1');
    await client.getNextTask();
    await client.getPlan({ view: 'full' });
    await client.writeRange('Summary!B3', [[1]], '1.1');
    await client.readRange('Summary!B3');
    const sent = api.requests.map((request) => (request.body as { parameters: unknown[] }).parameters);
    expect(sent).toEqual([
      ['1.1', { requestId: expect.any(String), agent: 'Report builder' }],
      [{ agent: 'Report builder' }],
      [{ agent: 'Report builder', view: 'full' }],
      ['Summary!B3', [[1]], '1.1', { agent: 'Report builder' }],
      ['Summary!B3'],
    ]);
  });

  test('a function that returns nothing gives null (Google leaves result out)', async () => {
    api = await fakeApi([
      {
        status: 200,
        body: { done: true, response: { '@type': 'type.googleapis.com/google.apps.script.v1.ExecutionResponse' } },
      },
    ]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't' });
    await expect(client.getNextTask()).resolves.toBeNull();
  });

  test('retries 503 then succeeds', async () => {
    api = await fakeApi([unavailable, unavailable, ok(3)]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    await expect(client.run('getProgress')).resolves.toBe(3);
    expect(api.requests).toHaveLength(3);
  });

  test('retries 429, honouring Retry-After up to the longest wait', async () => {
    api = await fakeApi([{ ...tooMany, headers: { 'retry-after': '0' } }, ok('fine')]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    await expect(client.run('getPlan')).resolves.toBe('fine');
    expect(api.requests).toHaveLength(2);
  });

  test('retries a change after a 503 with the same request id each time: the script applies it once', async () => {
    api = await fakeApi([unavailable, unavailable, ok({ step: '1.2', status: 'doing' })]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    await expect(client.advanceTask('1.1')).resolves.toEqual({ step: '1.2', status: 'doing' });
    const sent = api.requests.map((request) => (request.body as { parameters: unknown[] }).parameters);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toEqual(['1.1', { requestId: expect.any(String) }]);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual(sent[0]);
  });

  test('without a request id, only a function the descriptor calls retrySafe is retried', async () => {
    api = await fakeApi([unavailable, ok('second answer')]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    const error = await caught(client.run('createPlan', ['T', 'G', [{ name: 'P', steps: ['S'] }]]));
    expect(error).toMatchObject({ code: 'API_ERROR', httpStatus: 503, attempts: 1 });
    expect(error.message).toBe(
      'createPlan: The service is currently unavailable. (HTTP 503 UNAVAILABLE): not retried: the function may ' +
        'change the plan and the call carried no request id, so the change may or may not have been made (the ' +
        'PlanClient methods send one)',
    );
    expect(api.requests).toHaveLength(1);

    await api.close();
    api = await fakeApi([unavailable, ok('second answer')]);
    const again = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    expect(apiFunction('startTask').retrySafe).toBe(true);
    await expect(again.run('startTask', ['1.1'])).resolves.toBe('second answer');
    expect(api.requests).toHaveLength(2);

    await api.close();
    api = await fakeApi([unavailable, ok('second answer')]);
    const unknown = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    await expect(caught(unknown.run('myOwnFunction'))).resolves.toMatchObject({ httpStatus: 503, attempts: 1 });
    expect(api.requests).toHaveLength(1);
  });

  test('gives up after the configured attempts with the API error', async () => {
    api = await fakeApi([unavailable]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    const error = await caught(client.getPlan());
    expect(api.requests).toHaveLength(4);
    expect(error).toMatchObject({
      code: 'API_ERROR',
      httpStatus: 503,
      apiStatus: 'UNAVAILABLE',
      attempts: 4,
      functionName: 'getPlan',
    });
    expect(error.message).toBe('getPlan: The service is currently unavailable. (HTTP 503 UNAVAILABLE)');
  });

  test('never retries a script error, and maps its code, message and stack trace', async () => {
    api = await fakeApi([scriptError('NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2)')]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    const error = await caught(client.startTask('9.9'));
    expect(api.requests).toHaveLength(1);
    expect(error).toMatchObject({
      name: 'PlanClientError',
      code: 'NOT_FOUND',
      message: 'NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2)',
      detail: 'Task 9.9 not found (steps: 1.1, 1.2)',
      errorType: 'ScriptError',
      stackTrace: [{ function: 'startTask', lineNumber: 812 }],
      attempts: 1,
    });
  });

  test("a message with the error's name in front still gives its code; other messages are SCRIPT_ERROR", async () => {
    api = await fakeApi([
      scriptError('Error: NEEDS_PERSON: Task 2.3 is waiting for review'),
      scriptError('PlanError: CONFLICT: The plan changed since revision 4'),
      scriptError('NOT_FOUND: Task 9.9 not found'),
      scriptError('Script function not found: nope'),
      scriptError("TypeError: Cannot read properties of null (reading 'getRange')"),
      scriptError('Error: SERVICE_ERROR: Service Spreadsheets timed out while accessing document with id 1a2b.'),
    ]);
    const client = new PlanClient({ scriptId: 'x', rootUrl: api.url, accessToken: 't' });
    await expect(caught(client.startTask('2.3'))).resolves.toMatchObject({
      code: 'NEEDS_PERSON',
      message: 'NEEDS_PERSON: Task 2.3 is waiting for review',
    });
    await expect(caught(client.replacePlan('# Plan: x', 4))).resolves.toMatchObject({
      code: 'CONFLICT',
      message: 'CONFLICT: The plan changed since revision 4',
      detail: 'The plan changed since revision 4',
    });
    await expect(caught(client.startTask('9.9'))).resolves.toMatchObject({
      code: 'NOT_FOUND',
      message: 'NOT_FOUND: Task 9.9 not found',
    });
    await expect(caught(client.run('nope'))).resolves.toMatchObject({
      code: 'SCRIPT_ERROR',
      message: 'Script function not found: nope',
    });
    await expect(caught(client.getPlan())).resolves.toMatchObject({
      code: 'SCRIPT_ERROR',
      message: "TypeError: Cannot read properties of null (reading 'getRange')",
    });
    await expect(caught(client.getPlan())).resolves.toMatchObject({
      code: 'SERVICE_ERROR',
      detail: 'Service Spreadsheets timed out while accessing document with id 1a2b.',
    });
  });

  test('a 404 says to use the deployment id, and is not retried', async () => {
    api = await fakeApi([
      { status: 404, body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } } },
    ]);
    const client = new PlanClient({ scriptId: 'the-script-id', rootUrl: api.url, accessToken: 't', retry: FAST_RETRY });
    const error = await caught(client.getPlan());
    expect(api.requests).toHaveLength(1);
    expect(error.code).toBe('API_ERROR');
    expect(error.httpStatus).toBe(404);
    expect(error.message).toContain(
      'Requested entity was not found. (HTTP 404 NOT_FOUND): use the API executable deployment id',
    );
  });

  test('a request that takes longer than the timeout fails with TIMEOUT and is not retried', async () => {
    api = await fakeApi([{ ...ok('late'), delayMs: 60_000 }]);
    const client = new PlanClient({
      scriptId: 'x',
      rootUrl: api.url,
      accessToken: 't',
      timeoutMs: 1000,
      retry: FAST_RETRY,
    });
    const error = await caught(client.completeTask('1.1'));
    // The client gave up on its own: the server has sent nothing (it would answer after a minute).
    expect(api.answered()).toBe(0);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('completeTask: no answer within 1000 ms; the function may or may not have run');
    expect(api.requests).toHaveLength(1);
  });

  test('nothing listening is a NETWORK_ERROR', async () => {
    api = await fakeApi([ok(1)]);
    const url = api.url;
    await api.close();
    api = undefined;
    const client = new PlanClient({ scriptId: 'x', rootUrl: url, accessToken: 't', retry: FAST_RETRY });
    await expect(caught(client.getPlan())).resolves.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  test('an OAuth2 client with a refresh token gets an access token first and sends it', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push(
          request.url === '/token'
            ? `${request.url} ${new URLSearchParams(body).get('grant_type')}`
            : `${request.url} ${request.headers.authorization}`,
        );
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            request.url === '/token'
              ? { access_token: 'fresh-token', expires_in: 3600, token_type: 'Bearer' }
              : { done: true, response: { result: 'ran' } },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const auth = new OAuth2Client({
        clientId: 'id',
        clientSecret: 'secret',
        endpoints: { oauth2TokenUrl: `${root}/token` },
        transporterOptions: { fetchImplementation: fetch },
      });
      auth.setCredentials({ refresh_token: 'refresh' });
      const client = new PlanClient({ scriptId: 'x', rootUrl: root, auth });
      await expect(client.run('getPlan')).resolves.toBe('ran');
      expect(seen).toEqual(['/token refresh_token', '/v1/scripts/x:run Bearer fresh-token']);
    } finally {
      server.close();
    }
  });

  test('needs a deployment id and credentials', () => {
    expect(() => new PlanClient({ scriptId: '', accessToken: 't' })).toThrow('PlanClient needs scriptId');
    expect(() => new PlanClient({ scriptId: 'x' })).toThrow('PlanClient needs auth (an OAuth2 client) or accessToken');
  });
});
