/**
 * MCP over Streamable HTTP as an Apps Script web app can serve it (https://modelcontextprotocol.io/specification,
 * "Transports"): stateless, one POST body in, one JSON body out, no SSE and no session id. A web app cannot set a
 * status code or a header, so everything the client must know is in the JSON-RPC answer: a protocol error
 * (unparsable JSON, an unknown method, a refused key) is a JSON-RPC error and runs nothing; a tool that fails answers
 * `isError` with our code and message, as the stdio server does.
 *
 * Pure, and the one implementation for both servers: the web app's doPost (src/apps-script/web-app.ts) makes a tool's
 * API calls in its execution, the stdio server (src/node/mcp/server.ts) through PlanClient; each gives the tools, their
 * routes and why a caller is refused. Tool errors name tools, never API functions (./tool-words.ts).
 */
import { inputProblem, type ArgumentRule } from '../api/argument-check';
import {
  planToolCall,
  toolAnswer,
  toolError,
  toolInput,
  type ApiCall,
  type ToolResult,
  type ToolRoute,
} from './tool-calls';
import { toolWords } from './tool-words';
import { messageOf } from '../errors';
import { isRecord, ownValue } from '../own-keys';
import * as mcpWords from './mcp-words';
import { filled } from '../text';

/** The protocol versions answered as asked; any other gets the newest (the client then decides whether to go on). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0];

/**
 * An agent's key as the sidebar makes it (src/apps-script/agent-keys.ts): what the web app takes as `?key=`, and the
 * only bearer the relay forwards there (relay/src/index.ts).
 */
export const AGENT_KEY_SHAPE = /^sp-[0-9a-f]{64}$/;

/** JSON-RPC 2.0's codes (https://www.jsonrpc.org/specification#error_object), and ours in its server range. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** The URL's key is missing, unknown or revoked. */
  unauthorized: -32001,
} as const;

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** `params._meta` key of a tools/call carrying a request id: a change sent twice with one id is applied once. */
export const REQUEST_ID_META = 'sheet-plan/requestId';

/**
 * What a server serves. The instructions and the tool list are asked for only by the requests that answer them
 * (initialize, tools/list): the web app reads them from a file it reads only then (src/apps-script/rare-texts.ts).
 * A tool call needs only the tool's route and its function's argument rules.
 */
export interface McpEndpoint {
  serverInfo: { name: string; version: string };
  instructions(): string;
  tools(): readonly McpTool[];
  /** How each tool (by name) calls the plan API. */
  routes: Readonly<Record<string, ToolRoute>>;
  /** An agent function's argument rules (src/core/api/argument-table.ts), which check a tool call's arguments. */
  argumentRules(functionName: string): ArgumentRule[];
  /** Where the plan is (`AGENT_BASE!C2`), for the message saying there is none. */
  planCell: string;
  /**
   * Why this caller may not run anything (a missing or revoked key), or null. Asked before every request of a body,
   * so that a key revoked while a batch runs refuses the rest of the batch.
   */
  refusal(): string | null;
}

/** Makes one tool call's API calls, in order, answering their results; throws what the first failing one threw. */
export type RunCalls = (calls: ApiCall[]) => unknown[];
export type RunCallsAsync = (calls: ApiCall[]) => Promise<unknown[]>;

type Id = string | number;

interface JsonRpcError {
  jsonrpc: '2.0';
  id: Id | null;
  error: { code: number; message: string };
}

type JsonRpcAnswer = { jsonrpc: '2.0'; id: Id; result: unknown } | JsonRpcError;

function failure(id: Id | null, code: number, message: string): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** A message to answer, a notification (or a client's response) to accept silently, or a malformed one. */
type Message =
  | { kind: 'request'; id: Id; method: string; params: Record<string, unknown> }
  | { kind: 'accepted' }
  | { kind: 'invalid'; answer: JsonRpcError };

function readMessage(message: unknown): Message {
  const invalid = (detail: string, id: Id | null = null): Message => ({
    kind: 'invalid',
    answer: failure(id, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: ${detail}`),
  });
  if (!isRecord(message)) return invalid(mcpWords.notAnObject());
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  if (message.jsonrpc !== '2.0') return invalid(mcpWords.notJsonRpc(), id);
  // A response to a request of ours: the server sends none, so there is nothing to match it with.
  if (!('method' in message) && ('result' in message || 'error' in message)) return { kind: 'accepted' };
  if (typeof message.method !== 'string') return invalid(mcpWords.methodShape(), id);
  if (message.params !== undefined && !isRecord(message.params)) return invalid(mcpWords.paramsShape(), id);
  if (!('id' in message)) return { kind: 'accepted' };
  if (id === null) return invalid(mcpWords.nullId());
  return { kind: 'request', id, method: message.method, params: (message.params as Record<string, unknown>) ?? {} };
}

function initialize(endpoint: McpEndpoint, params: Record<string, unknown>) {
  const asked = params.protocolVersion;
  const protocolVersion = (PROTOCOL_VERSIONS as readonly unknown[]).includes(asked)
    ? (asked as string)
    : LATEST_PROTOCOL_VERSION;
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: false } },
    serverInfo: endpoint.serverInfo,
    instructions: endpoint.instructions(),
  };
}

/** The steps of answering: each yields the API calls of one tool call and gets their results back (or their error). */
type Steps<T> = Generator<ApiCall[], T, unknown[]>;

function requestIdOf(params: Record<string, unknown>): unknown {
  return isRecord(params._meta) ? params._meta[REQUEST_ID_META] : undefined;
}

/** The calls, the route's own function given the request id after its own arguments (when it takes one). */
function withRequestId(calls: ApiCall[], route: ToolRoute, requestId: unknown): ApiCall[] {
  const index = route.requestIndex;
  if (requestId === undefined || index === undefined) return calls;
  return calls.map((call) => {
    if (call.name !== route.function) return call;
    const args = [...call.args];
    while (args.length < index) args.push(undefined);
    args[index] = { requestId };
    return { name: call.name, args };
  });
}

function* callTool(endpoint: McpEndpoint, params: Record<string, unknown>): Steps<ToolResult | JsonRpcError['error']> {
  const name = params.name;
  if (typeof name !== 'string') return { code: JSON_RPC_ERRORS.invalidParams, message: mcpWords.toolNameMissing() };
  if (params.arguments !== undefined && !isRecord(params.arguments))
    return { code: JSON_RPC_ERRORS.invalidParams, message: mcpWords.toolArgumentsShape() };
  const args = (params.arguments as Record<string, unknown> | undefined) ?? {};
  const route = ownValue(endpoint.routes, name);
  if (!route)
    return toolError(filled(mcpWords.toolNotFound(), { name, tools: Object.keys(endpoint.routes).join(', ') }));
  const problem = inputProblem(args, toolInput(route, endpoint.argumentRules(route.function)));
  if (problem)
    return toolError(
      `MCP error ${JSON_RPC_ERRORS.invalidParams}: Input validation error: Invalid arguments for tool ${name}: ` +
        toolWords(endpoint.routes)(problem),
    );
  try {
    const { calls, show } = planToolCall(route, args, endpoint.planCell);
    const results = yield withRequestId(calls, route, requestIdOf(params));
    return toolAnswer(show(results));
  } catch (error) {
    return toolError(toolWords(endpoint.routes)(messageOf(error)));
  }
}

function* answerRequest(endpoint: McpEndpoint, id: Id, method: string, params: Record<string, unknown>) {
  const result = (value: unknown): JsonRpcAnswer => ({ jsonrpc: '2.0', id, result: value });
  switch (method) {
    case 'initialize':
      return result(initialize(endpoint, params));
    case 'ping':
      return result({});
    case 'tools/list':
      return result({ tools: endpoint.tools() });
    case 'tools/call': {
      const answer = yield* callTool(endpoint, params);
      return 'code' in answer ? failure(id, answer.code, answer.message) : result(answer);
    }
    default:
      return failure(id, JSON_RPC_ERRORS.methodNotFound, filled(mcpWords.methodNotFound(), { method: String(method) }));
  }
}

function* answerOrRefuse(
  endpoint: McpEndpoint,
  { id, method, params }: { id: Id; method: string; params: Record<string, unknown> },
  refusal: string | null,
): Steps<JsonRpcAnswer> {
  if (refusal !== null) return failure(id, JSON_RPC_ERRORS.unauthorized, refusal);
  try {
    return yield* answerRequest(endpoint, id, method, params);
  } catch (error) {
    return failure(id, JSON_RPC_ERRORS.internalError, messageOf(error));
  }
}

function* answerSteps(body: string, endpoint: McpEndpoint): Steps<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    const detail = messageOf(error);
    return JSON.stringify(failure(null, JSON_RPC_ERRORS.parseError, filled(mcpWords.notJson(), { detail })));
  }
  const batch = Array.isArray(parsed);
  const messages = batch ? (parsed as unknown[]).map(readMessage) : [readMessage(parsed)];
  if (batch && messages.length === 0)
    return JSON.stringify(failure(null, JSON_RPC_ERRORS.invalidRequest, mcpWords.emptyBatch()));
  const answers: JsonRpcAnswer[] = [];
  for (const message of messages) {
    if (message.kind === 'invalid') answers.push(message.answer);
    // The key is asked before every request: a Revoke that commits while a batch runs refuses the rest of it.
    else if (message.kind === 'request') answers.push(yield* answerOrRefuse(endpoint, message, endpoint.refusal()));
  }
  if (answers.length === 0) return '';
  return JSON.stringify(batch ? answers : answers[0]);
}

/**
 * The answer to one POST body (or one stdio line): a JSON-RPC message or a batch of them, each tool call's API calls
 * made by `run` in this execution (the web app). Answers '' when nothing needs one (only notifications or
 * responses), which the client reads as accepted.
 */
export function answerMcpBody(body: string, endpoint: McpEndpoint, run: RunCalls): string {
  const steps = answerSteps(body, endpoint);
  let step = steps.next();
  while (!step.done) {
    let results: unknown[];
    try {
      results = run(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(results);
  }
  return step.value;
}

/** answerMcpBody for a caller whose API calls are asynchronous (the stdio server, through PlanClient). */
export async function answerMcpBodyAsync(body: string, endpoint: McpEndpoint, run: RunCallsAsync): Promise<string> {
  const steps = answerSteps(body, endpoint);
  let step = steps.next();
  while (!step.done) {
    let results: unknown[];
    try {
      results = await run(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(results);
  }
  return step.value;
}
