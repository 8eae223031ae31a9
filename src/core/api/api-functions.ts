/**
 * The API descriptor: every function Apps Script exposes, listed once, with its arguments, who may call
 * it, whether it changes the plan, whether a retry is safe, and the short description docs and MCP show.
 *
 * Everything else derives from this list: the bundle's top-level functions (scripts/build.mjs writes one
 * per entry, src/apps-script/main.ts must implement exactly these), PlanClient's methods and types
 * (src/node/client/plan-client.ts), the MCP tools (src/node/mcp/tools.ts, entries with `mcp`), and the
 * tests that check the README's API table and the bundle against it. Every agent function that changes the plan also
 * takes request options after its own arguments (REQUEST_OPTIONS below), derived here once for all of them.
 *
 * The bundle imports only types from here: the descriptions and schemas never reach dist/Code.js.
 */
import { z } from 'zod/v4';
import type {
  ArchivedPlan,
  CommandResult,
  EditResult,
  FinishResult,
  HistoryEntry,
  PhaseResult,
  ProgressResult,
  RemoveResult,
  RevisedPlan,
  TaskResult,
  ValidationResult,
} from '../write-path/results';
import type { ArchiveEntry } from '../write-path/store';
import type { ReadResult, SheetSummary, WriteLogEntry, WriteResult } from '../sheet/sheet-results';
import type { CompactPlan } from '../format/summary';

import { PERSON_FUNCTIONS } from './api-person-functions';
import {
  a1,
  addTaskOptions,
  agentCommand,
  archiveId,
  base,
  callerOptions,
  cell,
  line,
  MAX_COMMANDS,
  moveTarget,
  phaseArgument,
  phases,
  PLAN_DETAILS,
  planView,
  revisionNumber,
  step,
  titles,
} from './api-shapes';
import { argument, returning, type ApiFunction, type ApiFunctionSpec, type Caller } from './api-spec';
import { hasOwn } from '../own-keys';

export * from './api-spec';
export { PLAN_DETAILS, type AgentCommand, type PlanViewRequest } from './api-shapes';
export { AGENT_ACTIONS, type AgentAction } from './api-names';

const agent = ['agent'] as const;
const read = { callers: agent, changesPlan: false, retrySafe: true } as const;
const taskChange = { callers: agent, changesPlan: true, retrySafe: true } as const;

export const API_FUNCTIONS = {
  // ---- the plan API: agents, through scripts.run (PlanClient, MCP) ----
  getPlan: returning<RevisedPlan | CompactPlan | null>()({
    ...read,
    description:
      'Read the plan, or a compact summary of it; null when there is none. Its attention says what waits for the ' +
      'person (since when) and what the person decided since your last change.',
    args: [argument('options', planView.optional())],
    mcp: 'plan',
  }),
  initPlan: returning<RevisedPlan>()({
    callers: agent,
    changesPlan: true,
    retrySafe: true,
    description: "Set up the plan's sheet with a starter plan if it has none; returns the plan that is there.",
    args: [],
    mcp: 'plan',
  }),
  createPlan: returning<RevisedPlan>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Write a new plan (the current one is kept in the history). Each step names Sheet!Range (columns).',
    args: [
      argument('title', line()),
      argument('goal', line(), 'One sentence describing success'),
      argument('phases', phases),
      argument('details', PLAN_DETAILS.optional()),
    ],
    mcp: 'plan',
  }),
  replacePlan: returning<RevisedPlan>()({
    callers: agent,
    changesPlan: true,
    retrySafe: true,
    description: 'Replace the whole Markdown (from get_plan view=full), only if the plan is still at base.',
    args: [argument('markdown', z.string()), base],
    mcp: 'plan',
  }),
  getNextTask: returning<TaskResult | null>()({
    ...read,
    description:
      'The first todo task that can start (blocked, review, waiting and claimed tasks are passed over); {} when none.',
    args: [argument('options', callerOptions.optional())],
    mcp: 'task',
  }),
  getReviewTasks: returning<TaskResult[]>()({
    ...read,
    description: "Tasks waiting for a person's review.",
    args: [],
    mcp: 'tasks',
  }),
  startTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Mark a task in progress [/]. Refused (WAITING) until its "After:" steps are done.',
    args: [step],
    mcp: 'task',
  }),
  completeTask: returning<TaskResult>()({
    ...taskChange,
    description:
      "Mark a task done [x] with today's date. Refused (CHECK_FAILED) while its cells show a formula error or its " +
      '"- Check:" line fails: fix them, or reviewTask.',
    args: [step],
    mcp: 'task',
  }),
  advanceTask: returning<TaskResult | null>()({
    ...taskChange,
    description: 'Complete a task and start the next todo one (answered; {} at the end). Checked as completeTask.',
    args: [step],
    mcp: 'task',
  }),
  blockTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Mark a task blocked [>], with a reason naming the range.',
    args: [step, argument('reason', line())],
    mcp: 'task',
  }),
  reviewTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Ask a person to review a task [!], saying what to check. Only they can approve it.',
    args: [step, argument('note', line())],
    mcp: 'task',
  }),
  applyCommands: returning<CommandResult[]>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description:
      'Task changes and re-planning in order, all written or none. text: reason or note; title (add, rename); ' +
      'name (addPhase). after: a step, or a phase number (move, addPhase).',
    args: [argument('commands', z.array(agentCommand).min(1).max(MAX_COMMANDS).meta({ format: 'commands' }))],
    mcp: 'commands',
  }),
  skipTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Mark a task skipped [-] with the reason it is no longer needed.',
    args: [step, argument('reason', line())],
  }),
  reopenTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Put a task back to todo [ ].',
    args: [step],
  }),
  setTaskNote: returning<TaskResult>()({
    ...taskChange,
    description: 'Set the note of a task; null (or no note) removes it.',
    args: [step, argument('note', line().nullable().optional())],
  }),
  startNextTask: returning<TaskResult | null>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description:
      'Start the task getNextTask would return, in one call; null when no task can start now (every open one is ' +
      'blocked, in review, waiting or claimed), or none is left.',
    args: [],
  }),
  getProgress: returning<ProgressResult>()({ ...read, description: 'Counts per status, total and percent.', args: [] }),
  validatePlan: returning<ValidationResult>()({
    ...read,
    description: 'Errors and warnings of the document: { valid, errors, warnings }.',
    args: [],
  }),
  getHistory: returning<HistoryEntry[]>()({
    ...read,
    description: 'Saved whole documents, newest first (10 unless told, at most 100).',
    args: [argument('limit', z.number().int().min(1).max(100).optional())],
  }),
  adoptFormat: returning<RevisedPlan>()({
    callers: agent,
    changesPlan: true,
    retrySafe: true,
    description: 'Rewrite in the canonical format; every word kept.',
    args: [],
    mcp: 'revision',
  }),
  restoreRevision: returning<RevisedPlan>()({
    callers: agent,
    changesPlan: true,
    retrySafe: true,
    description: 'Put a saved version back, saving the current plan to the history first.',
    args: [argument('revision', revisionNumber)],
  }),

  // ---- re-planning (also applyCommands' add, addPhase, rename, move, remove) ----
  addTask: returning<EditResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description:
      'Add a todo task at the end of a phase (next free number), after a step, or under a step; waitsFor names ' +
      'the steps it waits for (an "After:" line).',
    args: [
      argument('phase', phaseArgument, 'a phase number: 2'),
      argument('title', line()),
      argument(
        'options',
        addTaskOptions.optional(),
        '{ after: "1.2" } or { under: "1.2" } (a sub-step), and { waitsFor: ["1.2", "1.3"] }',
      ),
    ],
  }),
  addPhase: returning<PhaseResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Add a phase of todo tasks after the last one, or after phase `after` (later phases renumbered).',
    args: [argument('name', line()), argument('steps', titles()), argument('after', phaseArgument.optional())],
  }),
  renameTask: returning<EditResult>()({
    ...taskChange,
    description: 'Give a task another title; its status, date and note stay.',
    args: [step, argument('title', line())],
  }),
  moveTask: returning<EditResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Move a task with its sub-steps right after a step, or first in a phase; answers the renumbering.',
    args: [step, argument('after', moveTarget, 'a step, or a phase number')],
  }),
  removeTask: returning<RemoveResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Remove a todo task and its sub-steps (the plan before goes to the history); answers the renumbering.',
    args: [step],
  }),

  // ---- finishing, and the archive ----
  finishPlan: returning<FinishResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: true,
    description: 'Once every task is done or skipped: mark the plan done and archive it.',
    args: [argument('summary', line(), 'what the plan achieved, in one line')],
    mcp: 'finished',
  }),
  listPlans: returning<ArchiveEntry[]>()({
    ...read,
    description: 'Finished plans in the archive, newest first (without their text).',
    args: [],
    mcp: 'archive',
  }),
  getArchivedPlan: returning<ArchivedPlan>()({
    ...read,
    description: 'One finished plan from the archive, parsed.',
    args: [argument('id', archiveId)],
  }),

  // ---- sheet work under the plan (the rules: src/core/sheet/sheet-rules.ts) ----
  listSheets: returning<SheetSummary[]>()({
    ...read,
    description: 'Sheets: name, rows and columns used, header row.',
    args: [],
    mcp: 'sheets',
  }),
  readRange: returning<ReadResult>()({
    ...read,
    description: "Read cells, e.g. Data!A2:F500. Reads outside the plan's ranges are logged.",
    args: [a1, argument('options', z.object({ display: z.boolean() }).partial().strict().optional())],
    mcp: 'range',
  }),
  writeRange: returning<WriteResult>()({
    callers: agent,
    changesPlan: false,
    writesSheet: true,
    // The same values written twice leave the cells as once (the log shows two writes).
    retrySafe: true,
    description: "Write cells inside the approved plan's Write ranges, for a task in progress. Text stays text.",
    // A caller without a key names itself (`{ agent }`) as it did starting the task: its claim is then its own.
    args: [a1, argument('values', z.array(z.array(cell))), step, argument('options', callerOptions.optional())],
    mcp: 'write',
  }),
  getWriteLog: returning<WriteLogEntry[]>()({
    ...read,
    description: "Writes, refusals, and reads outside the plan's ranges, newest first.",
    args: [argument('limit', z.number().int().min(1).max(100).optional())],
    mcp: 'log',
  }),

  ...PERSON_FUNCTIONS,
};

type Functions = typeof API_FUNCTIONS;
export type FunctionName = keyof Functions;

/** The functions an agent may call (scripts.run, PlanClient, MCP). */
export type AgentFunctionName = {
  [Name in FunctionName]: 'agent' extends Functions[Name]['callers'][number] ? Name : never;
}[FunctionName];

/** Arguments as a tuple type: an argument whose schema accepts undefined is optional. */
type Parameters<Args> = Args extends readonly [infer First, ...infer Rest]
  ? First extends { schema: infer Schema extends z.ZodType }
    ? undefined extends z.input<Schema>
      ? [z.input<Schema>?, ...Parameters<Rest>]
      : [z.input<Schema>, ...Parameters<Rest>]
    : never
  : [];

/**
 * An agent function that changes the plan: it takes request options after its own arguments, so that a retried call
 * is applied once (src/core/write-path/request-ids.ts).
 */
export type ChangingAgentFunctionName = {
  [Name in AgentFunctionName]: Functions[Name]['changesPlan'] extends true ? Name : never;
}[AgentFunctionName];

/**
 * The options after the own arguments of every agent function that changes the plan: a call repeated with the same
 * `requestId` (say, retried after a 5xx that came after the script ran) is answered with the first answer and writes
 * nothing. PlanClient sends a fresh one with every such call unless given one; the MCP tools do not show it. `agent`
 * names a caller without a key (scripts.run, PlanClient with a Google token): its changes and claims are that agent's
 * (src/apps-script/agent-identity.ts); without it, `api`'s.
 */
export const REQUEST_OPTIONS = z.object({ requestId: z.string(), agent: z.string() }).partial().strict();
export type RequestOptions = z.input<typeof REQUEST_OPTIONS>;

/** A function's arguments as a tuple type, the request options last for an agent function that changes the plan. */
export type ApiParameters<Name extends FunctionName> = Name extends ChangingAgentFunctionName
  ? [...Parameters<Functions[Name]['args']>, RequestOptions?]
  : Parameters<Functions[Name]['args']>;
export type ApiResult<Name extends FunctionName> =
  Functions[Name] extends ApiFunction<ApiFunctionSpec, infer Result> ? Result : never;

export const FUNCTION_NAMES = Object.keys(API_FUNCTIONS) as FunctionName[];
export const AGENT_FUNCTION_NAMES = FUNCTION_NAMES.filter((name) =>
  (API_FUNCTIONS[name].callers as readonly Caller[]).includes('agent'),
) as AgentFunctionName[];

/** Where a function takes its request options: right after its own arguments; undefined when it takes none. */
export function requestArgumentIndex(name: string): number | undefined {
  if (!hasOwn(API_FUNCTIONS, name)) return undefined;
  const spec = apiFunction(name as FunctionName);
  return spec.changesPlan && spec.callers.includes('agent') ? spec.args.length : undefined;
}

/** Where a changing agent function's request options are, and which of its own arguments may be left out. */
export interface RequestArgument {
  index: number;
  /**
   * Own arguments that accept undefined but not null: left out before the request options, they travel as null (JSON
   * has no undefined) and the bundle reads them as left out again.
   */
  omittable: number[];
}

/** For the bundle, which has no zod at run time: scripts/build.mjs writes this table into dist/Code.js. */
export function requestArguments(): Record<string, RequestArgument> {
  return Object.fromEntries(
    FUNCTION_NAMES.flatMap((name) => {
      const index = requestArgumentIndex(name);
      if (index === undefined) return [];
      const omittable = apiFunction(name).args.flatMap((arg, position) =>
        arg.schema.safeParse(undefined).success && !arg.schema.safeParse(null).success ? [position] : [],
      );
      return [[name, { index, omittable }]];
    }),
  );
}

/** The descriptor of a function, seen through the common spec type. */
export function apiFunction(name: FunctionName): ApiFunctionSpec {
  return API_FUNCTIONS[name];
}

/** `createPlan(title, goal, phases, details?)`: how the docs write a call. */
export function callSignature(name: FunctionName): string {
  const args = apiFunction(name).args.map((arg) => `${arg.name}${arg.schema.safeParse(undefined).success ? '?' : ''}`);
  return `${name}(${args.join(', ')})`;
}
