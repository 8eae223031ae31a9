/**
 * What the bundle needs of the API descriptor's zod schemas (zod stays out of dist/Code.js), which scripts/build.mjs
 * writes in as JSON text: each function's argument rules, where request options go, the MCP tools' routes (a tool's
 * call is checked by its function's argument rules; the tool list itself is read only by tools/list: ./rare-texts.ts).
 *
 * Apps Script evaluates the whole bundle at the start of every execution, and one execution calls one function. As
 * object literals these tables cost a third of the bundle's load (a fresh context builds every property's map anew);
 * as text they cost nothing until read, and each is parsed when first read: the argument rules one function at a time.
 * Packed a third smaller (scripts/pack-tables.mjs): an object of a recurring shape is written `["~sN", …values]`, its
 * keys once among the shapes; a part that recurs (the `token` argument, a tool's output schema) is written once, among
 * the shared parts, and named by a reference `"~N"` where it recurs, parsed only when a table that names it is read.
 */
import type { McpAnswer, RequestArgument } from '../core/api/api-functions';
import type { ArgumentRule, JsonRule } from '../core/api/argument-check';
import { derivedRoute, type ToolRoute } from '../core/mcp/tool-calls';
import { ownValue } from '../core/own-keys';

/** JSON text: the key lists of the shapes; `["~sN", …values]` in a table stands for an object with the Nth's keys. */
declare const SHEET_PLAN_SHAPES: string;
/** JSON texts of the parts the tables share: `"~N"` in a table stands for the Nth. */
declare const SHEET_PLAN_SHARED_PARTS: string[];
/** [name, JSON text of its ArgumentRule[]] for every agent and sidebar function (src/core/api/argument-table.ts). */
declare const SHEET_PLAN_ARGUMENT_RULES: [string, string][];
/** JSON text: where each changing agent function takes its request options (./request-ids.ts). */
declare const SHEET_PLAN_REQUEST_ARGUMENTS: string;
/**
 * JSON text: each MCP tool's route, from src/node/mcp/tools.ts (./web-app.ts), as what does not follow from the tool's
 * name (derivedRoute): its answer kind, or `[answer kind, own input]`.
 */
declare const SHEET_PLAN_MCP_ROUTES: string;

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
let mcpRouteTable: Record<string, ToolRoute> | undefined;

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

/** What a tool's route follows from besides its name (derivedRoute): this bundle's own tables. */
const ROUTE_SOURCES = {
  argumentRules: (name: string) => argumentRulesOf(name) ?? [],
  requestIndex: (name: string) => requestArgumentOf(name)?.index,
};

/** How each of the web app's MCP tools calls the plan API. */
export function mcpRoutes(): Record<string, ToolRoute> {
  mcpRouteTable ??= Object.fromEntries(
    Object.entries(parsePacked(SHEET_PLAN_MCP_ROUTES) as Record<string, McpAnswer | [McpAnswer, JsonRule]>).map(
      ([tool, route]) => {
        const [answer, input] = typeof route === 'string' ? [route] : route;
        return [tool, derivedRoute(tool, answer, ROUTE_SOURCES, input)];
      },
    ),
  );
  return mcpRouteTable;
}
