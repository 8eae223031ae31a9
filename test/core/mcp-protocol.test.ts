/**
 * MCP over Streamable HTTP as the web app answers it (src/core/mcp/protocol.ts): one POST body in, one JSON answer
 * out; protocol errors are JSON-RPC errors and run nothing, tool failures are isError results.
 */
import { LATEST_PROTOCOL_VERSION as SDK_LATEST, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { inputProblem } from '../../src/core/api/argument-check';
import { PlanError } from '../../src/core/errors';
import {
  answerMcpBody,
  answerMcpBodyAsync,
  PROTOCOL_VERSIONS,
  REQUEST_ID_META,
  type McpEndpoint,
} from '../../src/core/mcp/protocol';
import { derivedRoute, toolInput, type ApiCall } from '../../src/core/mcp/tool-calls';

function endpoint(options: { refusal?: string } = {}) {
  const calls: ApiCall[] = [];
  let refusalsAsked = 0;
  /** What was asked of the texts only initialize and tools/list need (the web app reads them from a file). */
  const textsRead: string[] = [];
  const tools = [
    {
      name: 'start_task',
      description: 'Start',
      inputSchema: { type: 'object', properties: { step: { type: 'string' } } },
    },
  ];
  const served: McpEndpoint = {
    serverInfo: { name: 'sheet-plan', version: '9.9.9' },
    instructions: () => {
      textsRead.push('instructions');
      return 'Use the plan.';
    },
    tools: () => {
      textsRead.push('tools');
      return tools;
    },
    argumentRules: (name) =>
      name === 'startTask' ? [{ name: 'step', optional: false, schema: { type: 'string' } }] : [],
    routes: {
      start_task: { function: 'startTask', args: ['step'], answer: 'task', changesPlan: true, requestIndex: 1 },
    },
    planCell: 'AGENT_BASE!C2',
    refusal: () => {
      refusalsAsked++;
      return options.refusal ?? null;
    },
  };
  /** The API as the tools reach it: startTask answers the task started, or fails for 9.9. */
  const run = (made: ApiCall[]) =>
    made.map((call) => {
      calls.push(call);
      if (call.args[0] === '9.9')
        throw new PlanError('NOT_FOUND', 'Task 9.9 not found; startTask("1.1") would start 1.1');
      return { step: call.args[0], status: 'doing', title: 'Sum', revision: 2 };
    });
  return { served, tools, calls, run, textsRead, refusalsAsked: () => refusalsAsked };
}

const post = (served: McpEndpoint, body: unknown, run = endpoint().run) =>
  JSON.parse(answerMcpBody(typeof body === 'string' ? body : JSON.stringify(body), served, run) || 'null');

const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});

describe('initialize', () => {
  test.each(['2024-11-05', '2025-03-26', '2025-06-18', SDK_LATEST])(
    'answers a client asking for %s with that version, the tools capability and the instructions',
    (version) => {
      const { served } = endpoint();
      expect(post(served, initialize(version))).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: version,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'sheet-plan', version: '9.9.9' },
          instructions: 'Use the plan.',
        },
      });
    },
  );

  test('answers a version it does not know with the newest it does', () => {
    expect(post(endpoint().served, initialize('2099-01-01')).result.protocolVersion).toBe(PROTOCOL_VERSIONS[0]);
  });

  test('knows every version the installed MCP SDK supports, its newest included', () => {
    const current = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version >= '2024-11-05');
    expect([...PROTOCOL_VERSIONS].sort()).toEqual([...current].sort());
  });
});

test('ping answers an empty result; tools/list lists the tools', () => {
  const { served, tools } = endpoint();
  expect(post(served, { jsonrpc: '2.0', id: 'a', method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 'a', result: {} });
  expect(post(served, { jsonrpc: '2.0', id: 2, method: 'tools/list' }).result.tools).toEqual(tools);
});

test('only initialize asks for the instructions, only tools/list for the tool list, a tool call for neither', () => {
  const { served, run, textsRead } = endpoint();
  const call = {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'start_task', arguments: { step: '1' } },
  };
  post(served, call, run);
  post(served, { ...call, params: { name: 'start_task', arguments: { step: 2 } } }, run);
  post(served, { ...call, params: { name: 'no_such_tool' } }, run);
  expect(textsRead).toEqual([]);
  post(served, initialize('2025-06-18'));
  expect(textsRead).toEqual(['instructions']);
  post(served, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
  expect(textsRead).toEqual(['instructions', 'tools']);
});

test('tools/call answers the tool result; a failed tool is an isError result with our code and message', () => {
  const { served, calls, run } = endpoint();
  const call = (id: number, params: Record<string, unknown>) =>
    post(served, { jsonrpc: '2.0', id, method: 'tools/call', params }, run);
  const ok = call(3, { name: 'start_task', arguments: { step: '1.1' } });
  const shown = { step: '1.1', status: 'doing', title: 'Sum', revision: 2 };
  expect(ok.result).toEqual({ content: [{ type: 'text', text: JSON.stringify(shown) }], structuredContent: shown });
  const failed = call(4, { name: 'start_task', arguments: { step: '9.9' } });
  expect(failed.result).toEqual({
    isError: true,
    content: [{ type: 'text', text: 'NOT_FOUND: Task 9.9 not found; start_task with {"step":"1.1"} would start 1.1' }],
  });
  const unknown = call(5, { name: 'approve_task' });
  expect(unknown.result.isError).toBe(true);
  expect(unknown.result.content[0].text).toMatch(/Tool approve_task not found/);
  const wrong = call(6, { name: 'start_task', arguments: { step: 2 } });
  expect(wrong.result.content[0].text).toMatch(/Invalid arguments for tool start_task: step must be text/);
  expect(calls).toEqual([
    { name: 'startTask', args: ['1.1'] },
    { name: 'startTask', args: ['9.9'] },
  ]);
});

test("a tools/call's request id (params._meta) reaches the function after its own arguments", () => {
  const { served, calls, run } = endpoint();
  const params = { name: 'start_task', arguments: { step: '1.1' }, _meta: { [REQUEST_ID_META]: 'retry-0001' } };
  post(served, { jsonrpc: '2.0', id: 1, method: 'tools/call', params }, run);
  expect(calls).toEqual([{ name: 'startTask', args: ['1.1', { requestId: 'retry-0001' }] }]);
});

test('the asynchronous driver answers as the synchronous one, a rejected call as an isError result', async () => {
  const { served, run } = endpoint();
  const body = JSON.stringify([
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'start_task', arguments: { step: '1.1' } } },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'start_task', arguments: { step: '9.9' } } },
  ]);
  const runLater = async (calls: ApiCall[]) => run(calls);
  await expect(answerMcpBodyAsync(body, served, runLater)).resolves.toBe(answerMcpBody(body, served, run));
});

test('notifications and client responses are accepted with an empty answer, and run nothing', () => {
  const { served, calls, run, refusalsAsked } = endpoint();
  const answer = (message: unknown) => answerMcpBody(JSON.stringify(message), served, run);
  expect(answer({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe('');
  expect(answer({ jsonrpc: '2.0', method: 'tools/call', params: {} })).toBe('');
  expect(answer({ jsonrpc: '2.0', id: 7, result: {} })).toBe('');
  expect(calls).toEqual([]);
  expect(refusalsAsked()).toBe(0);
});

describe('protocol errors are JSON-RPC errors', () => {
  test('a body that is not JSON is a parse error with a null id', () => {
    const answer = post(endpoint().served, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(answer.error.message).toMatch(/^Parse error: the body is not JSON/);
  });

  test('an unknown method is "method not found", naming what the server answers', () => {
    const answer = post(endpoint().served, { jsonrpc: '2.0', id: 8, method: 'resources/list' });
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 8,
      error: {
        code: -32601,
        message: 'Method not found: resources/list. This server answers initialize, ping, tools/list and tools/call.',
      },
    });
  });

  test.each([
    [{ id: 1, method: 'ping' }, '"jsonrpc" must be "2.0"'],
    [{ jsonrpc: '2.0', id: 1, method: 3 }, '"method" must be a string'],
    [{ jsonrpc: '2.0', id: null, method: 'ping' }, 'MCP allows no null id'],
    [{ jsonrpc: '2.0', id: 1, method: 'ping', params: [1] }, '"params" must be an object'],
    ['"ping"', 'each message must be a JSON object'],
  ])('a malformed message %j is an invalid request: %s', (message, says) => {
    const answer = post(endpoint().served, typeof message === 'string' ? message : message);
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toContain(says);
  });

  test('tools/call without a tool name is "invalid params", and runs nothing', () => {
    const { served, calls, run } = endpoint();
    const answer = post(served, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { arguments: {} } }, run);
    expect(answer.error).toEqual({ code: -32602, message: 'tools/call needs params.name, the tool to call' });
    expect(calls).toEqual([]);
  });

  test('a refused caller gets the refusal for every request, and nothing runs, not even initialize', () => {
    const { served, calls, run } = endpoint({ refusal: 'Sheet Plan refused this key' });
    const answers = post(
      served,
      [
        initialize('2025-06-18', 1),
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'start_task', arguments: { step: '1.1' } } },
      ],
      run,
    );
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Sheet Plan refused this key' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32001, message: 'Sheet Plan refused this key' } },
    ]);
    expect(calls).toEqual([]);
  });
});

test('a batch is answered in one array, in order, without the notifications', () => {
  const answers = post(endpoint().served, [
    { jsonrpc: '2.0', id: 1, method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'nope' },
  ]);
  expect(answers.map((answer: { id: number }) => answer.id)).toEqual([1, 2]);
  expect(answers[1].error.code).toBe(-32601);
  expect(post(endpoint().served, []).error.code).toBe(-32600);
});

describe("tool arguments against the tool's input, by the argument checker both MCP servers use", () => {
  const schema = {
    type: 'object',
    properties: {
      step: { type: 'string' },
      view: { type: 'string', enum: ['compact', 'full'] },
      id: { type: 'integer' },
      values: { type: 'array', items: { type: 'array' }, minItems: 1 },
      base: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      analysis: { type: 'object', properties: { spreadsheet: { type: 'string' } } },
    },
    required: ['step'],
  };

  test.each([
    [{ step: '1.1' }, null],
    [{ step: '1.1', base: 3, analysis: { spreadsheet: 'Sales' } }, null],
    [
      { step: '1.1', extra: true },
      'extra is not an input of this tool; its inputs are step, view, id, values, base, analysis',
    ],
    [
      JSON.parse('{"step":"1.1","__proto__":"x"}'),
      '__proto__ is not an input of this tool; its inputs are step, view, id, values, base, analysis',
    ],
    [
      { step: '1.1', spreadsheet: 'Sales' },
      'spreadsheet is not an input of this tool; it goes in analysis.spreadsheet',
    ],
    [{}, 'step is required'],
    // A misnamed input is named first, with the inputs the tool takes, rather than "step is required".
    [{ stage: '1.1' }, 'stage is not an input of this tool; its inputs are step, view, id, values, base, analysis'],
    [{ step: 2 }, 'step must be text (got the number 2)'],
    [{ step: '1.1', view: 'all' }, 'view must be "compact" or "full" (got "all")'],
    [{ step: '1.1', id: 1.5 }, 'id must be a whole number (got the number 1.5)'],
    [{ step: '1.1', values: [] }, 'values must be a non-empty list (got an empty list)'],
    [{ step: '1.1', values: [1] }, 'values[0] must be a list (got the number 1)'],
    [{ step: '1.1', base: true }, 'base must be text or a whole number (got a boolean)'],
  ])('%j: %s', (args, expected) => {
    expect(inputProblem(args, schema)).toBe(expected);
  });
});

describe("a tool's route from its name, as the bundle reads it (it carries the answer kind and own input)", () => {
  const rulesRead: string[] = [];
  const sources = {
    argumentRules: (name: string) => {
      rulesRead.push(name);
      return name === 'blockTask'
        ? [
            { name: 'step', optional: false, schema: { type: 'string', format: 'step' } },
            { name: 'reason', optional: false, schema: { type: 'string' } },
          ]
        : [];
    },
    requestIndex: (name: string) => (name === 'blockTask' ? 2 : undefined),
  };

  test('a tool that is its function: its name, arguments and request options; changes when it takes them', () => {
    const route = derivedRoute('block_task', 'task', sources);
    expect(rulesRead).toEqual([]); // the inputs are read when asked for: a call reads only its own tool's
    expect(JSON.parse(JSON.stringify(route))).toEqual({
      function: 'blockTask',
      args: ['step', 'reason'],
      answer: 'task',
      changesPlan: true,
      requestIndex: 2,
    });
    expect(rulesRead).toEqual(['blockTask']);
    // Its input is checked by the function's own rules: a step's format, both required.
    expect(toolInput(route, sources.argumentRules('blockTask'))).toEqual({
      type: 'object',
      properties: { step: { type: 'string', format: 'step' }, reason: { type: 'string' } },
      required: ['step', 'reason'],
    });
  });

  test('an adapted tool: its own input, whose properties are its inputs; a reading tool changes nothing', () => {
    const input = { type: 'object', properties: { view: { type: 'string', enum: ['compact', 'full'] } } };
    const route = derivedRoute('get_plan', 'plan', sources, input);
    expect({ ...route }).toEqual({ function: 'getPlan', args: ['view'], answer: 'plan', changesPlan: false, input });
    expect(toolInput(route, [])).toBe(input);
  });
});
