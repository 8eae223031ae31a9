/**
 * `sheet-plan mcp`: a stdio MCP server whose tools call a Sheet Plan deployment (or the local
 * emulator) through PlanClient. Tool errors come back as isError results carrying the script's
 * message (`NOT_FOUND: Task 9.9 not found (steps: …)`), so the model can read and correct them.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { version } from '../../../package.json';
import { INSTRUCTIONS } from './instructions';
import { TOOLS, type PlanApi } from './tools';

export const SERVER_NAME = 'sheet-plan';

type JsonSchema = Record<string, unknown>;

/**
 * Drops what every schema would repeat: the draft's `$schema` URI and `additionalProperties: false`
 * (arguments are parsed by zod, which ignores unknown keys). The tool list is in the model's
 * context on every turn, and this is a third of it.
 */
function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const compact: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    compact[key] = compactSchema(value);
  }
  return compact;
}

/** The tool list, from the same zod shapes the SDK validates calls with, converted as the SDK converts them. */
function toolList(): Tool[] {
  return Object.entries(TOOLS).map(([name, tool]) => ({
    name,
    description: tool.description,
    inputSchema: compactSchema(
      toJsonSchemaCompat(z.object(tool.input ?? {}), { strictUnions: true, pipeStrategy: 'input' }),
    ) as Tool['inputSchema'],
    outputSchema: compactSchema(
      toJsonSchemaCompat(z.object(tool.output), { strictUnions: true, pipeStrategy: 'output' }),
    ) as Tool['outputSchema'],
    ...(tool.readOnly ? { annotations: { readOnlyHint: true } } : {}),
  }));
}

export function createMcpServer(api: PlanApi): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version }, { instructions: INSTRUCTIONS });
  for (const [name, tool] of Object.entries(TOOLS)) {
    server.registerTool(
      name,
      {
        description: tool.description,
        inputSchema: tool.input ?? {},
        outputSchema: tool.output,
        annotations: tool.readOnly ? { readOnlyHint: true } : undefined,
      },
      async (args: Record<string, unknown>) => {
        try {
          const structuredContent = await tool.run(api, args);
          return { content: [{ type: 'text' as const, text: JSON.stringify(structuredContent) }], structuredContent };
        } catch (error) {
          return {
            isError: true,
            content: [{ type: 'text' as const, text: error instanceof Error ? error.message : String(error) }],
          };
        }
      },
    );
  }
  // McpServer answers tools/list itself; the same list, compacted, replaces its answer (the SDK
  // documents that setting a handler replaces the previous one). Calls still go through McpServer.
  const tools = toolList();
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
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
