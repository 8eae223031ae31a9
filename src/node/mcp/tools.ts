/**
 * The plan tools an MCP client (an LLM agent) sees, derived from the API descriptor (src/core/api/api-functions.ts):
 * every agent function with `mcp` is a tool named in snake_case, with the descriptor's description, its
 * arguments as the input schema, and its answer shown as the descriptor says (a plan summary, a task, tasks).
 * Only get_plan, list_plans, read_range, write_range and create_plan take other input than the function's arguments
 * (ADAPTED below). What a call does is src/core/mcp/tool-calls.ts, shared with the web app.
 *
 * This is the one derivation of the tool list: the stdio server serves it, and scripts/build.mjs writes it for doPost
 * (mcpToolTable below). Descriptions are short on purpose: every character here is in the model's
 * context on every turn (test/mcp measures the whole list). No tool approves a review item or requests changes: only
 * agent functions become tools, and an agent's actions exclude them; that is a person's decision, in the sidebar.
 */
import { z } from 'zod/v4';
import {
  AGENT_FUNCTION_NAMES,
  API_FUNCTIONS,
  PLAN_DETAILS,
  apiFunction,
  requestArgumentIndex,
  type AgentFunctionName,
  type McpAnswer,
} from '../../core/api/api-functions';
import { formatsOfArguments } from '../../core/api/argument-formats';
import type { McpTool } from '../../core/mcp/protocol';
import type { ToolRoute } from '../../core/mcp/tool-calls';
import { toolWords } from '../../core/mcp/tool-words';
import { hasOwn } from '../../core/own-keys';

/** A task as the tools show it. */
const taskSchema = z.object({
  step: z.string(),
  status: z.string(),
  title: z.string(),
  note: z.string().optional(),
  waitsFor: z.array(z.string()).optional(),
  /** Who works on it (its `Working:` line): shown by taskOf in src/core/mcp/tool-calls.ts. */
  working: z.object({ by: z.string(), until: z.string().optional() }).optional(),
});

/**
 * A plan as the tools answer it (planAnswer in src/core/mcp/tool-calls.ts): its figures, and its Status line's status
 * and what the person said on it (`changes requested: …`). A plan without the line is a draft while it waits for the
 * person's approval (they ask to approve plans first), and has no status otherwise.
 */
const planFigures = {
  revision: z.number(),
  title: z.string(),
  done: z.number(),
  total: z.number(),
  status: z.enum(['draft', 'approved', 'done']).optional(),
  statusNote: z.string().optional(),
};

/** What waits for the person and since when, and what they decided since your last change (getPlan's attention). */
const attentionSchema = z.object({
  waitingForPerson: z.array(
    z.object({
      what: z.enum(['review', 'question', 'approval']),
      step: z.string().optional(),
      text: z.string(),
      note: z.string().optional(),
      since: z.string().optional(),
    }),
  ),
  decidedSinceYourLastChange: z.array(
    z.object({
      what: z.enum(['review', 'answer', 'plan']),
      step: z.string().optional(),
      text: z.string(),
      decided: z.string(),
      at: z.string(),
      revision: z.number(),
    }),
  ),
});

/** get_plan: the summary (compact) or the Markdown and its stamp (full), with what waits for the person. */
const readPlanSchema = {
  ...planFigures,
  /** Exact base for replace_plan (full view). */
  stamp: z.string().optional(),
  summary: z.string().optional(),
  markdown: z.string().optional(),
  attention: attentionSchema.optional(),
};

/** What a change that left the plan a draft says the agent does next (withNext in src/core/mcp/tool-calls.ts). */
const next = z.string().optional();

/** An archived plan as the tools list it: enough to choose one to read. */
const archiveEntrySchema = z.object({ id: z.number(), title: z.string(), summary: z.string() });

/** A sheet as list_sheets answers it (src/core/sheet/sheet-results.ts's SheetSummary). */
const sheetSchema = z.object({
  name: z.string(),
  rows: z.number(),
  columns: z.number(),
  header: z.array(z.string()),
  hidden: z.literal(true).optional(),
});

/** A cell as read_range answers it and write_range takes it: text, number, boolean, a date or a formula. */
const cellSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ date: z.string() }),
  z.object({ formula: z.string() }),
]);

/** A line of the write log (src/core/sheet/sheet-results.ts's WriteLogEntry). */
const logEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['write', 'read', 'refused']),
  at: z.string(),
  by: z.string(),
  step: z.string(),
  range: z.string(),
  rows: z.number(),
  columns: z.number(),
  cells: z.number(),
  refused: z.object({ code: z.string(), reason: z.string() }).optional(),
  undone: z.object({ at: z.string(), by: z.string() }).optional(),
  kept: z.literal(true).optional(),
  earlierPlan: z.literal(true).optional(),
});

/**
 * The output schema of each kind of answer (how each is shown: SHOW_ANSWER in src/core/mcp/tool-calls.ts): every field
 * an answer carries, nested ones too (test/integration/tool-output-schemas.test.ts holds real answers to them,
 * allowing no other field).
 */
const OUTPUTS: Record<McpAnswer, z.ZodRawShape> = {
  plan: { ...planFigures, summary: z.string(), next },
  task: { ...taskSchema.partial().shape, revision: z.number().optional() },
  tasks: { tasks: z.array(taskSchema), revision: z.number().optional() },
  commands: {
    tasks: z.array(
      taskSchema.extend({
        renumbered: z.record(z.string(), z.string()).optional(),
        droppedDependencies: z.array(z.string()).optional(),
      }),
    ),
    revision: z.number(),
    /** After a re-planning command: the plan's status (a re-plan makes an approved plan a draft). */
    planStatus: planFigures.status,
    next,
  },
  finished: { id: z.number(), revision: z.number(), starter: z.boolean() },
  revision: { revision: z.number() },
  archive: { plans: z.array(archiveEntrySchema), plan: z.string().optional() },
  sheets: { sheets: z.array(sheetSchema) },
  range: {
    range: z.string(),
    rows: z.number(),
    columns: z.number(),
    values: z.array(z.array(cellSchema)),
    /** The spreadsheet's time zone, when a value is a date. */
    timeZone: z.string().optional(),
    /** Inside the plan's Read or Write ranges; a read elsewhere is noted in the write log. */
    declared: z.boolean(),
  },
  write: { id: z.string(), range: z.string(), cells: z.number(), replacedCells: z.number() },
  log: { entries: z.array(logEntrySchema) },
};

export interface ToolDefinition {
  name: string;
  description: string;
  input: z.ZodRawShape;
  output: z.ZodRawShape;
  /** Only reads: safe to call at any time. */
  readOnly: boolean;
  route: ToolRoute;
}

/**
 * Tools whose input is not the function's arguments: their own input (in argument order), and description; get_plan's
 * output, which is not the other plan answers'.
 */
const ADAPTED: Partial<
  Record<AgentFunctionName, { input: z.ZodRawShape; description?: string; output?: z.ZodRawShape }>
> = {
  getPlan: {
    output: readPlanSchema,
    description:
      'Read the plan. compact (default): summary, what needs attention, next tasks. full: the Markdown and stamp, ' +
      'to edit with replace_plan.',
    input: { view: z.enum(['compact', 'full']).optional() },
  },
  /** The archive, and one archived plan's summary on request: one tool for both. */
  listPlans: {
    description: 'Finished plans in the archive, newest first; with id, that plan summarised too.',
    input: { id: z.number().int().optional() },
  },
  /** Values only: display values are for PlanClient callers (every character here is in the context). */
  readRange: { input: { a1: API_FUNCTIONS.readRange.args[0].schema } },
  /** The cells' shapes in words: the descriptor's union costs three times the tokens. */
  writeRange: {
    input: {
      a1: z.string(),
      values: z
        .array(z.array(z.unknown()))
        .describe('rows; a cell: text, number, boolean, null, {date: ISO}, {formula}'),
      step: API_FUNCTIONS.writeRange.args[2].schema,
    },
  },
  /** createPlan's optional details, flattened: one level less for the model to get right. */
  createPlan: {
    input: {
      ...Object.fromEntries(API_FUNCTIONS.createPlan.args.slice(0, 3).map((arg) => [arg.name, arg.schema])),
      ...PLAN_DETAILS.shape,
    },
  },
};

/** snake_case of a function name: `getNextTask` → `get_next_task`. */
export function toolName(functionName: string): string {
  return functionName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function toolOf(name: AgentFunctionName, answer: McpAnswer): ToolDefinition {
  const spec = apiFunction(name);
  const adapted = ADAPTED[name];
  const input =
    adapted?.input ??
    Object.fromEntries(
      spec.args.map((arg) => [arg.name, arg.description ? arg.schema.describe(arg.description) : arg.schema]),
    );
  return {
    name: toolName(name),
    description: adapted?.description ?? spec.description,
    input,
    output: adapted?.output ?? OUTPUTS[answer],
    readOnly: !spec.changesPlan && !spec.writesSheet,
    route: {
      function: name,
      args: Object.keys(input),
      answer,
      changesPlan: spec.changesPlan,
      ...(requestArgumentIndex(name) === undefined ? {} : { requestIndex: requestArgumentIndex(name) }),
    },
  };
}

/** Every tool, in the descriptor's order. */
export const TOOLS: readonly ToolDefinition[] = AGENT_FUNCTION_NAMES.flatMap((name) => {
  const answer = apiFunction(name).mcp;
  return answer ? [toolOf(name, answer)] : [];
});

type JsonSchema = Record<string, unknown>;

/** The argument checker's own formats (src/core/api/argument-formats.ts). */
const OWN_FORMATS = formatsOfArguments();

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
    // The argument checker's own formats (OWN_FORMATS): an MCP client's validator would not know them.
    if (key === 'format' && hasOwn(OWN_FORMATS, value as string)) continue;
    // Upper bounds on lists (200 commands, 20 steps waited for) no model comes near; the checker still refuses more.
    if (key === 'maxItems') continue;
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

/** The tools/list answer's tools. */
export function toolList(): McpTool[] {
  const words = toolWords(Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.route])));
  return TOOLS.map((tool) => ({
    name: tool.name,
    // The descriptor's descriptions name API functions (`reviewTask`): over MCP, the tools.
    description: words(tool.description),
    inputSchema: jsonSchema(tool.input, 'input'),
    outputSchema: jsonSchema(tool.output, 'output'),
    ...(tool.readOnly ? { annotations: { readOnlyHint: true } } : {}),
  }));
}

/**
 * The tools as both servers serve them (src/core/mcp/protocol.ts's McpEndpoint): the list tools/list answers, and
 * each tool's route, which is what a tool call needs beside its function's argument rules. scripts/build.mjs writes
 * the routes into dist/Code.js for doPost, the list into dist/RareTexts.html.
 */
export interface McpToolTable {
  tools: McpTool[];
  routes: Record<string, ToolRoute>;
}

/**
 * An input schema as a call's check reads it (src/core/api/argument-check.ts): without its descriptions, which are for
 * the model reading the list (the web app keeps the list out of its bundle).
 */
function checkedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(checkedSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const checked: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description') continue;
    // `properties` names fields (one may be called "description"): each field's schema is checked.
    checked[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, field]) => [name, checkedSchema(field)]))
        : checkedSchema(value);
  }
  return checked;
}

/**
 * The tools and their routes. A tool whose input is its function's arguments is checked by the function's own
 * argument rules (toolInput in src/core/mcp/tool-calls.ts); an ADAPTED one carries its input in its route.
 */
export function mcpToolTable(): McpToolTable {
  const tools = toolList();
  const routes = Object.fromEntries(
    TOOLS.map((tool, index) => [
      tool.name,
      hasOwn(ADAPTED, tool.route.function)
        ? { ...tool.route, input: checkedSchema(tools[index].inputSchema) as ToolRoute['input'] }
        : tool.route,
    ]),
  );
  return { tools, routes };
}
