/**
 * `sheet-plan mcp --endpoint … --script-id …`: a stdio MCP server whose tools call a Sheet Plan deployment (or the
 * local emulator) through PlanClient (scripts.run). It is the web app's MCP server (src/core/mcp/protocol.ts: the same
 * methods, tool list, argument checks, answers and errors), with each tool's API calls made through PlanClient instead
 * of in the script's execution. Tool errors come back as isError results carrying the script's message
 * (`NOT_FOUND: Task 9.9 not found (steps: …)`) in tool words, so the model can read and correct them.
 */
import { version } from '../../../package.json';
import { argumentTable } from '../../core/api/argument-table';
import { PLAN_CELL_REFERENCE } from '../../apps-script/plan-location';
import { serverInstructions } from '../../core/mcp/instructions';
import { answerMcpBodyAsync, type McpEndpoint } from '../../core/mcp/protocol';
import type { ApiCall } from '../../core/mcp/tool-calls';
import type { PlanClient } from '../client/plan-client';
import { serveLines } from './stdio-lines';
import { mcpToolTable } from './tools';

export const SERVER_NAME = 'sheet-plan';

/** What the tools need of a PlanClient: its one generic call path. */
export type PlanApi = Pick<PlanClient, 'call'>;

/** The instructions both MCP servers send (the web app's: src/apps-script/web-app.ts). */
export const INSTRUCTIONS = serverInstructions(PLAN_CELL_REFERENCE);

/** The endpoint as the web app's doPost has it, less the key: the caller's credentials are PlanClient's. */
export function stdioEndpoint(): McpEndpoint {
  const { tools, routes } = mcpToolTable();
  const rules = argumentTable();
  return {
    serverInfo: { name: SERVER_NAME, version },
    instructions: () => INSTRUCTIONS,
    tools: () => tools,
    routes,
    argumentRules: (name) => rules[name] ?? [],
    planCell: PLAN_CELL_REFERENCE,
    refusal: () => null,
  };
}

/** Makes one tool call's API calls in order through PlanClient. */
export function callsThrough(api: PlanApi): (calls: ApiCall[]) => Promise<unknown[]> {
  return async (calls) => {
    const results: unknown[] = [];
    for (const call of calls)
      results.push(await (api.call as (name: string, ...args: unknown[]) => Promise<unknown>)(call.name, ...call.args));
    return results;
  };
}

/** The answer to one message (or batch) from an MCP client: JSON-RPC text, '' for notifications only. */
export function answerMessage(api: PlanApi, text: string, endpoint = stdioEndpoint()): Promise<string> {
  return answerMcpBodyAsync(text, endpoint, callsThrough(api));
}

/** Serves the tools on stdin/stdout until the client closes its end. */
export async function serveStdio(api: PlanApi): Promise<void> {
  const endpoint = stdioEndpoint();
  await serveLines((line) => answerMessage(api, line, endpoint));
}
