/**
 * What the bundle needs of the API descriptor's zod schemas (zod stays out of dist/Code.js), which scripts/build.mjs
 * writes in as JSON text: each function's argument rules, where request options go, the MCP tool list.
 *
 * Apps Script evaluates the whole bundle at the start of every execution, and one execution calls one function. As
 * object literals these tables cost a third of the bundle's load (a fresh context builds every property's map anew);
 * as text they cost nothing until read, and each is parsed when first read: the argument rules one function at a time.
 */
import type { RequestArgument } from '../core/api-functions';
import type { ArgumentRule } from '../core/argument-check';
import type { McpTool } from '../core/mcp/protocol';
import type { ToolRoute } from '../core/mcp/tool-calls';

/** [name, JSON text of its ArgumentRule[]] for every agent and sidebar function (src/core/argument-table.ts). */
declare const SHEET_PLAN_ARGUMENT_RULES: [string, string][];
/** JSON text: where each changing agent function takes its request options (./request-ids.ts). */
declare const SHEET_PLAN_REQUEST_ARGUMENTS: string;
/** JSON text: the MCP tool list and each tool's route, from src/node/mcp/tools.ts (./web-app.ts). */
declare const SHEET_PLAN_MCP_TOOLS: string;

export interface McpToolTable {
  tools: McpTool[];
  routes: Record<string, ToolRoute>;
}

let ruleTexts: Map<string, string> | undefined;
const rules = new Map<string, ArgumentRule[]>();
let requestArguments: Record<string, RequestArgument> | undefined;
let mcpTools: McpToolTable | undefined;

/** The argument rules of a function, or undefined for one the descriptor checks no arguments of (menus, triggers). */
export function argumentRulesOf(name: string): ArgumentRule[] | undefined {
  let found = rules.get(name);
  if (!found) {
    ruleTexts ??= new Map(SHEET_PLAN_ARGUMENT_RULES);
    const text = ruleTexts.get(name);
    if (text === undefined) return undefined;
    found = JSON.parse(text) as ArgumentRule[];
    rules.set(name, found);
  }
  return found;
}

/** Where a changing agent function takes its request options; undefined for a function that changes nothing. */
export function requestArgumentOf(name: string): RequestArgument | undefined {
  requestArguments ??= JSON.parse(SHEET_PLAN_REQUEST_ARGUMENTS) as Record<string, RequestArgument>;
  return Object.prototype.hasOwnProperty.call(requestArguments, name) ? requestArguments[name] : undefined;
}

/** The tools the web app's MCP server lists, and how each calls the plan API. */
export function mcpToolTable(): McpToolTable {
  mcpTools ??= JSON.parse(SHEET_PLAN_MCP_TOOLS) as McpToolTable;
  return mcpTools;
}
