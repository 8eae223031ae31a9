/**
 * `sheet-plan mcp`: a stdio MCP server whose tools call a Sheet Plan deployment (or the local
 * emulator) through PlanClient. Tool errors come back as isError results carrying the script's
 * message (`NOT_FOUND: Task 9.9 not found (steps: …)`), so the model can read and correct them.
 *
 * Built on the SDK's low-level Server (its public API for serving a tool list of one's own): the list is
 * the compact JSON Schema of each tool (zod's own converter, without what every schema would repeat), and
 * each call's arguments are checked against the same zod shape before the tool runs.
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
import { z } from 'zod/v4';
import { version } from '../../../package.json';
import { INSTRUCTIONS } from './instructions';
import { TOOLS, type PlanApi, type ToolDefinition } from './tools';

export const SERVER_NAME = 'sheet-plan';

type JsonSchema = Record<string, unknown>;

/** The range zod writes on every integer: JavaScript's safe integers, which go without saying. */
const SAFE_INTEGER_BOUNDS: JsonSchema = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

/**
 * Drops what every schema would repeat: the draft's `$schema` URI, `additionalProperties: false`
 * (unknown keys are ignored), `items: {}`, the safe-integer bounds and a record's string keys. The tool list is
 * in the model's context on every turn, and this is a third of it.
 */
function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const compact: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    // `items: {}` allows any item, as no `items` does.
    if (key === 'items' && typeof value === 'object' && value !== null && Object.keys(value).length === 0) continue;
    if (key in SAFE_INTEGER_BOUNDS && SAFE_INTEGER_BOUNDS[key] === value) continue;
    // Object keys are strings: a record's key schema says nothing.
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    compact[key] = compactSchema(value);
  }
  return compact;
}

/**
 * An output schema names the fields an answer may have and nothing more: their types, nested shapes and `required`
 * lists constrain only our own answers, which the model reads as they come, and would be half the tool list. Input
 * schemas stay whole: they say what a call must hold.
 */
function jsonSchema(shape: z.ZodRawShape, io: 'input' | 'output'): JsonSchema {
  if (io === 'output')
    return { type: 'object', properties: Object.fromEntries(Object.keys(shape).map((key) => [key, {}])) };
  return compactSchema(z.toJSONSchema(z.object(shape), { io })) as JsonSchema;
}

/** The tools/list answer. */
export function toolList(): Tool[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input') as Tool['inputSchema'],
    outputSchema: jsonSchema(tool.output, 'output') as Tool['outputSchema'],
    ...(tool.readOnly ? { annotations: { readOnlyHint: true } } : {}),
  }));
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

async function callTool(api: PlanApi, tool: ToolDefinition | undefined, name: string, args: unknown) {
  if (!tool) return toolError(new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`).message);
  const parsed = z.object(tool.input).safeParse(args ?? {});
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error);
    const message = `Input validation error: Invalid arguments for tool ${name}: ${detail}`;
    return toolError(new McpError(ErrorCode.InvalidParams, message).message);
  }
  try {
    const structuredContent = await tool.run(api, parsed.data);
    return { content: [{ type: 'text' as const, text: JSON.stringify(structuredContent) }], structuredContent };
  } catch (error) {
    return toolError(error instanceof Error ? error.message : String(error));
  }
}

export function createMcpServer(api: PlanApi): Server {
  const server = new Server(
    { name: SERVER_NAME, version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const tools = toolList();
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(api, byName.get(request.params.name), request.params.name, request.params.arguments),
  );
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
