/**
 * What the bundle needs of the API descriptor's zod schemas (zod stays out of dist/Code.js), which scripts/build.mjs
 * writes in as JSON text: each function's argument rules, where request options go, the MCP tools' input schemas and
 * routes (the tool list itself is read only by tools/list: ./rare-texts.ts).
 *
 * Apps Script evaluates the whole bundle at the start of every execution, and one execution calls one function. As
 * object literals these tables cost a third of the bundle's load (a fresh context builds every property's map anew);
 * as text they cost nothing until read, and each is parsed when first read: the argument rules one function at a time.
 * Packed a third smaller (scripts/pack-tables.mjs): an object of a recurring shape is written `["~sN", …values]`, its
 * keys once among the shapes; a part that recurs (the `token` argument, a tool's output schema) is written once, among
 * the shared parts, and named by a reference `"~N"` where it recurs, parsed only when a table that names it is read.
 */
import type { RequestArgument } from '../core/api/api-functions';
import type { ArgumentRule } from '../core/api/argument-check';
import type { ToolRoute } from '../core/mcp/tool-calls';
import { ownValue } from '../core/own-keys';

/** JSON text: the key lists of the shapes; `["~sN", …values]` in a table stands for an object with the Nth's keys. */
declare const SHEET_PLAN_SHAPES: string;
/** JSON texts of the parts the tables share: `"~N"` in a table stands for the Nth. */
declare const SHEET_PLAN_SHARED_PARTS: string[];
/** [name, JSON text of its ArgumentRule[]] for every agent and sidebar function (src/core/api/argument-table.ts). */
declare const SHEET_PLAN_ARGUMENT_RULES: [string, string][];
/** JSON text: where each changing agent function takes its request options (./request-ids.ts). */
declare const SHEET_PLAN_REQUEST_ARGUMENTS: string;
/** JSON text: each MCP tool's input schema and route, from src/node/mcp/tools.ts (./web-app.ts). */
declare const SHEET_PLAN_MCP_TOOLS: string;

/** What a tool call needs of its tool (src/core/mcp/protocol.ts's McpEndpoint). */
export interface McpCallTable {
  inputSchemas: Record<string, Record<string, unknown>>;
  routes: Record<string, ToolRoute>;
}

const REFERENCE = /^~\d+$/;
const SHAPE = /^~s\d+$/;
let shapes: string[][] | undefined;

/** A table's JSON text, its references to shared parts and its shaped objects read too. */
function parsePacked(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'string' && REFERENCE.test(value))
      return parsePacked(SHEET_PLAN_SHARED_PARTS[Number(value.slice(1))]);
    if (!Array.isArray(value) || typeof value[0] !== 'string' || !SHAPE.test(value[0])) return value;
    shapes ??= JSON.parse(SHEET_PLAN_SHAPES) as string[][];
    const keys = shapes[Number(value[0].slice(2))];
    return Object.fromEntries(keys.map((key, index) => [key, value[index + 1]]));
  });
}

let ruleTexts: Map<string, string> | undefined;
const rules = new Map<string, ArgumentRule[]>();
let requestArguments: Record<string, RequestArgument> | undefined;
let mcpCalls: McpCallTable | undefined;

/** The argument rules of a function, or undefined for one the descriptor checks no arguments of (menus, triggers). */
export function argumentRulesOf(name: string): ArgumentRule[] | undefined {
  let found = rules.get(name);
  if (!found) {
    ruleTexts ??= new Map(SHEET_PLAN_ARGUMENT_RULES);
    const text = ruleTexts.get(name);
    if (text === undefined) return undefined;
    found = parsePacked(text) as ArgumentRule[];
    rules.set(name, found);
  }
  return found;
}

/** Where a changing agent function takes its request options; undefined for a function that changes nothing. */
export function requestArgumentOf(name: string): RequestArgument | undefined {
  requestArguments ??= parsePacked(SHEET_PLAN_REQUEST_ARGUMENTS) as Record<string, RequestArgument>;
  return ownValue(requestArguments, name);
}

/** How the web app's MCP server checks a tool call's arguments, and how each tool calls the plan API. */
export function mcpCallTable(): McpCallTable {
  mcpCalls ??= parsePacked(SHEET_PLAN_MCP_TOOLS) as McpCallTable;
  return mcpCalls;
}
