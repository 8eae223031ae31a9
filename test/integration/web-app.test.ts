/**
 * The web app (doPost: MCP over HTTP in the sheet; doGet) through the built bundle on the emulator, as Google runs a
 * web app request: the event holds only the query string, parameters and body; the answer is a TextOutput.
 */
import { runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { DIST, PLAN, callAsPerson, openSidebar, planText, sheetWithSavedPlan, snapshot } from './harness';

const WEB_APP = 'https://script.google.com/macros/s/AKfy-deployment/exec';

const PLAN_TEXT = [
  '# Inventory',
  '',
  '**Goal:** Counts match.',
  '',
  '## Phase 1: Count',
  '- [ ] 1.1 Read Warehouse!A2:C10',
  '- [ ] 1.2 Write Summary!A1:B2',
].join('\n');

function deployedSheet(): EmulatedSpreadsheet {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.webAppUrl = WEB_APP;
  runWebApp(spreadsheet, DIST, { method: 'GET' }); // opened once: Sheet Plan learns its address (web-app-url.ts)
  return spreadsheet;
}

/** A person connects an agent in the sidebar: its key. */
function connect(spreadsheet: EmulatedSpreadsheet, name: string): string {
  return callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarConnectAgent', name).key;
}

function post(spreadsheet: EmulatedSpreadsheet, key: string | null, body: unknown) {
  const answer = runWebApp(spreadsheet, DIST, {
    method: 'POST',
    queryString: key === null ? '' : `key=${encodeURIComponent(key)}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    contentType: 'application/json',
  });
  expect(answer.contentType).toBe('application/json');
  return { answer, json: answer.content === '' ? null : JSON.parse(answer.content) };
}

const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, params });
const callTool = (id: number, name: string, args: Record<string, unknown> = {}) =>
  request(id, 'tools/call', { name, arguments: args });

describe('doPost refuses a request without a valid key, and runs nothing', () => {
  test.each([
    ['no key', null],
    ['an empty key', ''],
    ['a wrong key', `sp-${'0'.repeat(64)}`],
  ])('%s: a JSON-RPC error for each request, the spreadsheet unchanged', (_case, key) => {
    const spreadsheet = deployedSheet();
    connect(spreadsheet, 'Claude');
    const before = snapshot(spreadsheet);
    const { json } = post(spreadsheet, key, [request(1, 'initialize', {}), callTool(2, 'start_task', { step: '1.1' })]);
    expect(json).toEqual(
      [1, 2].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32001, message: expect.any(String) } })),
    );
    expect(json[0].error.message).toMatch(/refused this URL's key: it is missing, wrong or revoked/);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('a revoked key stops working at once', () => {
    const spreadsheet = deployedSheet();
    const token = openSidebar(spreadsheet);
    const { key, agent } = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude');
    expect(post(spreadsheet, key, request(1, 'ping')).json.result).toEqual({});
    callAsPerson(spreadsheet, token, 'sidebarRevokeAgent', agent.id);
    const before = planText(spreadsheet);
    expect(post(spreadsheet, key, callTool(2, 'start_task', { step: '1.1' })).json.error.code).toBe(-32001);
    expect(planText(spreadsheet)).toBe(before);
  });
});

describe('doPost answers MCP for a connected agent', () => {
  let spreadsheet: EmulatedSpreadsheet;
  let key: string;
  beforeEach(() => {
    spreadsheet = deployedSheet();
    key = connect(spreadsheet, 'Claude on my laptop');
  });

  test.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])(
    'initialize with %s answers that version, the tools capability and the instructions',
    (version) => {
      const { json } = post(spreadsheet, key, request(1, 'initialize', { protocolVersion: version, capabilities: {} }));
      expect(json.result).toMatchObject({
        protocolVersion: version,
        capabilities: { tools: {} },
        serverInfo: { name: 'sheet-plan' },
      });
      expect(json.result.instructions).toContain('get_review_tasks first');
    },
  );

  test('the instructions say that an answer\'s "next" says what to do next', () => {
    const { json } = post(spreadsheet, key, request(1, 'initialize', { protocolVersion: '2025-06-18' }));
    expect(json.result.instructions).toContain('An answer with a "next" field says what to do next');
  });

  test('a notification is answered with an empty JSON body', () => {
    const { answer } = post(spreadsheet, key, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(answer.content).toBe('');
  });

  test('an unknown method and a body that is not JSON are JSON-RPC errors', () => {
    expect(post(spreadsheet, key, request(3, 'resources/list')).json.error.code).toBe(-32601);
    const { json } = post(spreadsheet, key, '{"jsonrpc":"2.0",');
    expect(json).toMatchObject({ id: null, error: { code: -32700 } });
  });

  test('the tools/list answer costs under 2,100 tokens (4 characters a token; test/mcp/stdio.test.ts says why)', () => {
    const { answer } = post(spreadsheet, key, request(4, 'tools/list'));
    expect(Math.ceil(answer.content.length / 4)).toBeLessThan(2100);
  });

  test("tools/list is the stdio server's list, instructions the same", async () => {
    const { toolList } = await import('../../src/node/mcp/tools');
    const { INSTRUCTIONS } = await import('../../src/node/mcp/server');
    const { json } = post(spreadsheet, key, request(4, 'tools/list'));
    expect(json.result.tools).toEqual(toolList());
    const initialized = post(spreadsheet, key, request(1, 'initialize', { protocolVersion: '2025-06-18' })).json;
    expect(initialized.result.instructions).toBe(INSTRUCTIONS);
  });

  test('no tool call reads the texts beside Code.js (RareTexts.html); initialize and tools/list do, once', () => {
    const reads = (body: unknown) =>
      post(spreadsheet, key, body).answer.execution.countCalls('HtmlService.createHtmlOutputFromFile');
    expect(reads(callTool(5, 'get_next_task'))).toBe(0);
    expect(reads(callTool(5, 'get_plan', { view: 'everything' }))).toBe(0);
    expect(reads(request(1, 'ping'))).toBe(0);
    expect(reads(request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {} }))).toBe(1);
    expect(reads(request(4, 'tools/list'))).toBe(1);
    expect(reads([request(1, 'initialize', { protocolVersion: '2025-06-18' }), request(4, 'tools/list')])).toBe(1);
  });

  test('a tool call changes the plan and answers as the stdio tools do; a bad call is an isError result', () => {
    const started = post(spreadsheet, key, callTool(5, 'start_task', { step: '1.1' })).json.result;
    expect(started.structuredContent).toMatchObject({ step: '1.1', status: 'doing' });
    expect(JSON.parse(started.content[0].text)).toEqual(started.structuredContent);
    expect(planText(spreadsheet)).toContain('- [/] 1.1 Read Warehouse!A2:C10');
    const before = snapshot(spreadsheet);
    const missing = post(spreadsheet, key, callTool(6, 'start_task', { step: '9.9' })).json.result;
    expect(missing).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^NOT_FOUND: /) }],
    });
    const malformed = post(spreadsheet, key, callTool(7, 'get_plan', { view: 'everything' })).json.result;
    expect(malformed.isError).toBe(true);
    expect(malformed.content[0].text).toContain('view must be "compact" or "full"');
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test('a tool call sent twice with one request id in _meta changes the plan once and answers the same', () => {
    const meta = { _meta: { 'sheet-plan/requestId': 'relay-retry-0001' } };
    const add = (id: number) =>
      post(spreadsheet, key, {
        ...request(id, 'tools/call', {
          name: 'apply_commands',
          arguments: { commands: [{ action: 'add', phase: '1', text: 'Check the counts' }] },
          ...meta,
        }),
      }).json.result;
    const first = add(9);
    const afterFirst = snapshot(spreadsheet);
    expect(add(10)).toEqual(first);
    expect(snapshot(spreadsheet)).toBe(afterFirst);
    expect(planText(spreadsheet).match(/Check the counts/g)).toHaveLength(1);
  });

  test('a malformed request id is refused and nothing is written; a read ignores the id', () => {
    post(spreadsheet, key, request(10, 'ping')); // the key's first use is recorded (once a minute at most)
    const before = snapshot(spreadsheet);
    const refused = post(
      spreadsheet,
      key,
      request(11, 'tools/call', {
        name: 'start_task',
        arguments: { step: '1.1' },
        _meta: { 'sheet-plan/requestId': 'x' },
      }),
    ).json.result;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/^INVALID_ARGUMENT: .*requestId/);
    expect(snapshot(spreadsheet)).toBe(before);
    const read = post(
      spreadsheet,
      key,
      request(12, 'tools/call', { name: 'get_plan', arguments: {}, _meta: { 'sheet-plan/requestId': 'x' } }),
    ).json.result;
    expect(read.isError).toBeUndefined();
  });

  test('get_plan view=full answers the Markdown and its stamp', () => {
    const plan = post(spreadsheet, key, callTool(8, 'get_plan', { view: 'full' })).json.result.structuredContent;
    expect(plan.markdown).toBe(String(spreadsheet.cell(PLAN)));
    expect(plan.stamp).toEqual(expect.any(String));
  });
});

test('doGet says what the URL is, in JSON, with no spreadsheet call (a reconnecting client costs no reads)', () => {
  const answer = runWebApp(deployedSheet(), DIST, { method: 'GET' });
  expect(answer.contentType).toBe('application/json');
  expect(JSON.parse(answer.content).about).toMatch(/Sheet Plan's MCP endpoint.*POSTs JSON-RPC/);
  // Its text is kept beside Code.js, read once (./rare-texts.ts): a GET is rare beside the POSTs of tool calls.
  expect(answer.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(1);
  const services = answer.execution.calls.map((call) => call.service);
  expect(services.length).toBeGreaterThan(0); // the log counts: getUrl and the property read are in it
  expect(services.filter((service) => ['SpreadsheetApp', 'Spreadsheet', 'Sheet', 'Range'].includes(service))).toEqual(
    [],
  );
});

test("a Workspace domain's /a/macros/{domain}/s/{id}/exec address is remembered for agent URLs", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.webAppUrl = 'https://script.google.com/a/macros/example.com/s/AKfy-deployment/exec';
  runWebApp(spreadsheet, DIST, { method: 'GET' });
  const { url } = callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarConnectAgent', 'Claude');
  expect(url).toMatch(/^https:\/\/script\.google\.com\/a\/macros\/example\.com\/s\/AKfy-deployment\/exec\?key=sp-/);
});
