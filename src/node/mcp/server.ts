/**
 * `sheet-plan mcp`: a stdio MCP server whose tools call a Sheet Plan deployment (or the local
 * emulator) through PlanClient. Tool errors come back as isError results carrying the script's
 * message (`NOT_FOUND: Task 9.9 not found (steps: …)`), so the model can read and correct them.
 *
 * Built on the SDK's low-level Server (its public API for serving a tool list of one's own): the list is
 * the compact JSON Schema of each tool (zod's own converter, without what every schema would repeat), and
 * each call's arguments are checked against that schema before the tool runs, by the argument checker the web app's
 * doPost uses too (src/core/argument-check.ts): the same refusals in the same words.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { version } from '../../../package.json';
import { PLAN_CELL_REFERENCE } from '../../apps-script/plan-location';
import { inputProblem, type JsonRule } from '../../core/argument-check';
import { serverInstructions } from '../../core/mcp/instructions';
import { planToolCall, toolAnswer, toolError } from '../../core/mcp/tool-calls';
import type { PlanClient } from '../client/plan-client';
import { TOOLS, toolList, type ToolDefinition } from './tools';

export const SERVER_NAME = 'sheet-plan';

/** What the tools need of a PlanClient: its one generic call path. */
export type PlanApi = Pick<PlanClient, 'call'>;

/** The instructions both MCP servers send (the web app's: src/apps-script/web-app.ts). */
export const INSTRUCTIONS = serverInstructions(PLAN_CELL_REFERENCE);

/** One tool's answer, its arguments already checked: the API calls its plan names, made in order. */
export async function runTool(
  api: PlanApi,
  tool: ToolDefinition,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { calls, show } = planToolCall(tool.route, args, PLAN_CELL_REFERENCE);
  const results: unknown[] = [];
  for (const call of calls)
    results.push(await (api.call as (name: string, ...args: unknown[]) => Promise<unknown>)(call.name, ...call.args));
  return show(results);
}

async function callTool(
  api: PlanApi,
  tool: ToolDefinition | undefined,
  inputSchema: Record<string, unknown> | undefined,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  if (!tool || !inputSchema)
    return toolError(new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`).message) as CallToolResult;
  const problem = inputProblem(args, inputSchema as JsonRule);
  if (problem) {
    const message = `Input validation error: Invalid arguments for tool ${name}: ${problem}`;
    return toolError(new McpError(ErrorCode.InvalidParams, message).message) as CallToolResult;
  }
  try {
    return toolAnswer(await runTool(api, tool, args)) as CallToolResult;
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error)) as CallToolResult;
  }
}

export function createMcpServer(api: PlanApi): Server {
  const server = new Server(
    { name: SERVER_NAME, version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const tools = toolList() as Tool[];
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const inputSchemas = new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args } = request.params;
    return callTool(api, byName.get(name), inputSchemas.get(name), name, args);
  });
  return server;
}

/** Serves the tools on stdin/stdout until the client closes the connection. */
export async function serveStdio(api: PlanApi): Promise<void> {
  const server = createMcpServer(api);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  // The transport does not notice stdin ending by itself.
  process.stdin.once('end', () => {
    void server.close();
  });
  await closed;
}
