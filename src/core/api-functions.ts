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
import { AGENT_ACTIONS } from './actions';
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
} from './plan-manager';
import { EDIT_ACTIONS, type EditAction } from './replan';
import type { PlanSettings } from './settings';
import type { ArchiveEntry } from './store';
import type { ReadResult, SheetSummary, WriteLogEntry, WriteResult } from './sheet-results';
import type { CompactPlan } from './summary';

/**
 * Who may call a function: an agent (scripts.run), a person (the sidebar, with its token), a trigger, a menu item, or
 * a request to the web app (anyone with its URL: doPost runs nothing without an agent's key).
 */
export type Caller = 'agent' | 'person' | 'trigger' | 'menu' | 'web';

export interface ApiArgument {
  name: string;
  /** Type and shape; optional when it accepts undefined (`.optional()`). */
  schema: z.ZodType;
  /** One line, shown to MCP clients beside the argument. */
  description?: string;
}

/**
 * How an MCP tool shows the function's answer (src/node/mcp/tools.ts): a plan summary, one task, tasks, the
 * results of commands, a finished plan, the archive, or sheet work (sheets, cells read, a write, the log).
 */
export type McpAnswer =
  'plan' | 'task' | 'tasks' | 'commands' | 'finished' | 'archive' | 'revision' | 'sheets' | 'range' | 'write' | 'log';

export interface ApiFunctionSpec {
  /** One short sentence: the MCP tool's description, and what the docs say first. */
  description: string;
  callers: readonly Caller[];
  args: readonly ApiArgument[];
  /** It may write the plan (or the sheet it lives in). */
  changesPlan: boolean;
  /** It may write cells of other sheets (writeRange, a person's undo of a write): never read-only. */
  writesSheet?: boolean;
  /**
   * Calling it twice leaves the plan as calling it once (the second call may be refused): safe to retry blindly, even
   * without a request id. PlanClient retries a call when this holds or when the call carries a request id.
   */
  retrySafe: boolean;
  /** Offered to MCP clients as a snake_case tool, its answer shown this way. Only for agent functions. */
  mcp?: McpAnswer;
}

declare const RESULT: unique symbol;
/** A spec that also carries, as a type only, what the function returns. */
export type ApiFunction<Spec extends ApiFunctionSpec = ApiFunctionSpec, Result = unknown> = Spec & {
  readonly [RESULT]?: Result;
};

/** `returning<TaskResult>()({ … })`: a spec, its literal types kept, and its result type. */
function returning<Result>() {
  return <const Spec extends ApiFunctionSpec>(spec: Spec): ApiFunction<Spec, Result> => spec;
}

function argument<Schema extends z.ZodType>(name: string, schema: Schema, description?: string) {
  return { name, schema, description } as const;
}

export { AGENT_ACTIONS, type AgentAction } from './actions';

// ---- argument shapes, shared by several functions ----

const step = argument('step', z.string(), 'e.g. "2.1"');
const token = argument('token', z.string(), "the person token showPlanSidebar wrote into the sidebar's page");
const event = argument('event', z.unknown(), 'the event object Apps Script passes');
const phases = z.array(z.object({ name: z.string(), steps: z.array(z.string()) }));
/** createPlan's optional sections (MCP's create_plan takes them flattened). */
export const PLAN_DETAILS = z
  .object({
    analysis: z
      .object({
        spreadsheet: z.string(),
        keySheets: z.array(z.string()),
        read: z.array(z.string()),
        write: z.array(z.string()),
        currentState: z.string(),
      })
      .partial(),
    questions: z.array(z.string()),
    notes: z.string(),
  })
  .partial();
/** Re-planning commands applyCommands takes beside the task actions (src/core/replan.ts). */
const EDIT_COMMANDS = Object.keys(EDIT_ACTIONS) as [EditAction, ...EditAction[]];
const phaseNumber = z.number().int();
/** Where moveTask puts a task: right after a step, or first in a phase. */
const moveTarget = z.union([z.string(), phaseNumber]);
const agentCommand = z.object({
  action: z.enum([...AGENT_ACTIONS, ...EDIT_COMMANDS]),
  step: z.string().optional(),
  text: z.string().optional(),
  phase: phaseNumber.optional(),
  after: moveTarget.optional(),
  under: z.string().optional(),
  steps: z.array(z.string()).optional(),
});
const addTaskOptions = z.object({ after: z.string(), under: z.string() }).partial();
const settingsChange = z.object({ approvalRequired: z.boolean(), afterFinish: z.enum(['empty', 'starter']) }).partial();
const planView = z.object({ view: z.literal('compact'), nextCount: z.number().int().optional() });
const a1 = argument('a1', z.string(), "e.g. Data!A2:F500, 'My Sheet'!A:A");
/** A cell as writeRange takes it (src/core/cell-values.ts): text stays text; dates and formulas are objects. */
const cell = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ date: z.string() }),
  z.object({ formula: z.string() }),
]);
const base = argument('base', z.union([z.string(), z.number().int()]), 'stamp or revision of the plan you last read');

/** What an agent may batch in applyCommands. */
export type AgentCommand = z.input<typeof agentCommand>;
/** getPlan's options: a summary for an LLM's context instead of the whole plan. */
export type PlanViewRequest = z.input<typeof planView>;

const agent = ['agent'] as const;
const read = { callers: agent, changesPlan: false, retrySafe: true } as const;
const taskChange = { callers: agent, changesPlan: true, retrySafe: true } as const;
const sidebar = { callers: ['person'], changesPlan: true, retrySafe: false } as const;

export const API_FUNCTIONS = {
  // ---- the plan API: agents, through scripts.run (PlanClient, MCP) ----
  getPlan: returning<RevisedPlan | CompactPlan | null>()({
    ...read,
    description: 'Read the plan, or a compact summary of it; null when there is none.',
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
      argument('title', z.string()),
      argument('goal', z.string(), 'One sentence describing success'),
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
    description: 'The first todo task (blocked and review items are passed over); {} when none is left.',
    args: [],
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
    description: 'Mark a task in progress [/].',
    args: [step],
    mcp: 'task',
  }),
  completeTask: returning<TaskResult>()({
    ...taskChange,
    description:
      "Mark a task done [x] with today's date. Refused (CHECK_FAILED) while cells it wrote show a formula " +
      'error or its "- Check:" line fails: fix the cells named, or reviewTask.',
    args: [step],
    mcp: 'task',
  }),
  advanceTask: returning<TaskResult | null>()({
    ...taskChange,
    description:
      'Complete a task and start the next todo one; returns the started task, {} at the end. Checked as ' +
      'completeTask (CHECK_FAILED).',
    args: [step],
    mcp: 'task',
  }),
  blockTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Mark a task blocked [>] with a specific reason naming the range.',
    args: [step, argument('reason', z.string())],
    mcp: 'task',
  }),
  reviewTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Ask a person to review a task [!], saying what to check. Only they can approve it.',
    args: [step, argument('note', z.string())],
    mcp: 'task',
  }),
  applyCommands: returning<CommandResult[]>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description:
      'Task changes and re-planning in order, all written or none. text: reason or note; title (add, rename); ' +
      'name (addPhase). after: a step, or a phase number (move, addPhase).',
    args: [argument('commands', z.array(agentCommand).min(1))],
    mcp: 'commands',
  }),
  skipTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Mark a task skipped [-] with the reason it is no longer needed.',
    args: [step, argument('reason', z.string())],
  }),
  reopenTask: returning<TaskResult>()({
    ...taskChange,
    description: 'Put a task back to todo [ ].',
    args: [step],
  }),
  setTaskNote: returning<TaskResult>()({
    ...taskChange,
    description: 'Set the note of a task; null removes it.',
    args: [step, argument('note', z.string().nullable())],
  }),
  startNextTask: returning<TaskResult | null>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Start the task getNextTask would return, in one call; null when none is left.',
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
    args: [argument('limit', z.number().int().optional())],
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
    args: [argument('revision', z.number().int())],
  }),

  // ---- re-planning (also applyCommands' add, addPhase, rename, move, remove) ----
  addTask: returning<EditResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Add a todo task at the end of a phase (next free number), after a step, or under a step.',
    args: [
      argument('phase', phaseNumber),
      argument('title', z.string()),
      argument('options', addTaskOptions.optional(), '{ after: "1.2" } or { under: "1.2" } (a sub-step)'),
    ],
  }),
  addPhase: returning<PhaseResult>()({
    callers: agent,
    changesPlan: true,
    retrySafe: false,
    description: 'Add a phase of todo tasks after the last one, or after phase `after` (later phases renumbered).',
    args: [
      argument('name', z.string()),
      argument('steps', z.array(z.string()).min(1)),
      argument('after', phaseNumber.optional()),
    ],
  }),
  renameTask: returning<EditResult>()({
    ...taskChange,
    description: 'Give a task another title; its status, date and note stay.',
    args: [step, argument('title', z.string())],
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
    args: [argument('summary', z.string(), 'what the plan achieved, in one line')],
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
    args: [argument('id', z.number().int())],
  }),

  // ---- sheet work under the plan (the rules: src/core/sheet-rules.ts) ----
  listSheets: returning<SheetSummary[]>()({
    ...read,
    description: 'Sheets: name, rows and columns used, header row.',
    args: [],
    mcp: 'sheets',
  }),
  readRange: returning<ReadResult>()({
    ...read,
    description: "Read cells, e.g. Data!A2:F500. Reads outside the plan's ranges are logged.",
    args: [a1, argument('options', z.object({ display: z.boolean() }).partial().optional())],
    mcp: 'range',
  }),
  writeRange: returning<WriteResult>()({
    callers: agent,
    changesPlan: false,
    writesSheet: true,
    // The same values written twice leave the cells as once (the log shows two writes).
    retrySafe: true,
    description: "Write cells inside the approved plan's Write ranges, for a task in progress. Text stays text.",
    args: [a1, argument('values', z.array(z.array(cell))), step],
    mcp: 'write',
  }),
  getWriteLog: returning<WriteLogEntry[]>()({
    ...read,
    description: "Writes, and reads outside the plan's ranges, newest first.",
    args: [argument('limit', z.number().int().optional())],
    mcp: 'log',
  }),

  // ---- triggers ----
  onOpen: returning<void>()({
    callers: ['trigger'],
    changesPlan: false,
    retrySafe: true,
    description: 'Adds the Agent Plan menu, nothing else (safe in AuthMode.NONE).',
    args: [event],
  }),
  onInstall: returning<void>()({
    callers: ['trigger'],
    changesPlan: false,
    retrySafe: true,
    description: 'Adds the menu when the add-on is installed.',
    args: [event],
  }),
  onEdit: returning<void>()({
    callers: ['trigger'],
    changesPlan: true,
    retrySafe: true,
    description: "Records a person's edit of the plan cell as a revision.",
    args: [event],
  }),

  // ---- the web app: MCP over HTTP (src/apps-script/web-app.ts) ----
  doPost: returning<unknown>()({
    callers: ['web'],
    changesPlan: true,
    writesSheet: true,
    retrySafe: false,
    description:
      'MCP over Streamable HTTP (JSON-RPC, JSON answers): the plan tools, as the agent whose key the URL holds.',
    args: [argument('event', z.unknown(), 'the request event Apps Script passes a web app')],
  }),
  doGet: returning<unknown>()({
    callers: ['web'],
    changesPlan: false,
    retrySafe: true,
    description: 'Says what the URL is (an MCP endpoint to POST to), for a person who opens it.',
    args: [argument('event', z.unknown(), 'the request event Apps Script passes a web app')],
  }),

  // ---- the Agent Plan menu ----
  showPlanSidebar: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Opens the sidebar with a fresh person token.',
    args: [],
  }),
  menuInitializePlan: returning<void>()({
    callers: ['menu'],
    changesPlan: true,
    retrySafe: true,
    description: 'initPlan for a person, with an alert saying what happened.',
    args: [],
  }),
  menuShowNextTask: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Shows the next task in an alert.',
    args: [],
  }),
  menuShowReviewItems: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Lists the review items in an alert.',
    args: [],
  }),

  // ---- the sidebar (google.script.run; each refuses a call without the person token) ----
  sidebarLoad: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The plan when the sidebar opens.',
    args: [token],
  }),
  sidebarCheck: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The change check the sidebar polls: null while the plan and the write log are unchanged.',
    args: [token, argument('stamp', z.string()), argument('writeMark', z.string().optional())],
  }),
  sidebarTaskAction: returning<unknown>()({
    ...sidebar,
    description: 'Any task action, approve and requestChanges included.',
    args: [token, argument('action', z.string()), step, argument('text', z.string().nullable().optional())],
  }),
  sidebarAnswerQuestion: returning<unknown>()({
    ...sidebar,
    description: 'Sets or replaces the answer to a question.',
    args: [token, argument('number', z.number().int()), argument('answer', z.string())],
  }),
  sidebarReplacePlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Saves the whole document, only if it is still what the editor loaded.',
    args: [
      token,
      argument('markdown', z.string()),
      argument('baseRevision', z.number().int()),
      argument('baseStamp', z.string().optional()),
    ],
  }),
  sidebarAdoptFormat: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'adoptFormat for the button the sidebar shows when the plan is not in the canonical format.',
    args: [token],
  }),
  sidebarInitPlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: "initPlan for the sidebar's Initialize plan button.",
    args: [token],
  }),
  sidebarHistory: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The saved versions of the plan, newest first, with their text.',
    args: [token],
  }),
  sidebarRestore: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Puts a saved version back.',
    args: [token, argument('revision', z.number().int())],
  }),
  sidebarApprovePlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Approves the plan the person saw (its stamp; CONFLICT if it changed since), with a comment if any.',
    args: [token, argument('stamp', z.string()), argument('comment', z.string().nullable().optional())],
  }),
  sidebarApprovedPlan: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The plan as the person last approved it, for the approval box to show what changed since.',
    args: [token],
  }),
  sidebarRequestPlanChanges: returning<unknown>()({
    ...sidebar,
    description: 'Sends the plan back to the agent: Status: draft with the comment, which the agent reads.',
    args: [token, argument('comment', z.string())],
  }),
  sidebarSettings: returning<PlanSettings>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The sheet settings: approval before the agent starts, and what finishing leaves in the cell.',
    args: [token],
  }),
  sidebarSaveSettings: returning<PlanSettings>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'Changes settings ({ approvalRequired: true }, { afterFinish: "starter" }); answers them all.',
    args: [token, argument('change', settingsChange)],
  }),
  sidebarArchive: returning<ArchiveEntry[]>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The finished plans, newest first.',
    args: [token],
  }),
  sidebarArchivedPlan: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'One finished plan with its Markdown.',
    args: [token, argument('id', z.number().int())],
  }),
  sidebarAddTask: returning<unknown>()({
    ...sidebar,
    description: 'Adds a task at the end of a phase, or { after: step } / { under: step }.',
    args: [
      token,
      argument('phase', phaseNumber),
      argument('title', z.string()),
      argument('options', addTaskOptions.nullable().optional()),
    ],
  }),
  sidebarAddPhase: returning<unknown>()({
    ...sidebar,
    description: 'Adds a phase of tasks after the last phase, or after phase `after`.',
    args: [
      token,
      argument('name', z.string()),
      argument('steps', z.array(z.string())),
      argument('after', phaseNumber.nullable().optional()),
    ],
  }),
  sidebarRenameTask: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Gives a task another title.',
    args: [token, step, argument('title', z.string())],
  }),
  sidebarMoveTask: returning<unknown>()({
    ...sidebar,
    description: 'Moves a task right after a step, or first in a phase (a number).',
    args: [token, step, argument('after', moveTarget)],
  }),
  sidebarRemoveTask: returning<unknown>()({
    ...sidebar,
    description: 'Removes a task (any status, for a person) with its sub-steps; the plan before goes to the history.',
    args: [token, step],
  }),
  sidebarSelectRange: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "Selects a range in the person's sheet (a range link).",
    args: [token, argument('reference', z.string())],
  }),
  sidebarUndoWrite: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    writesSheet: true,
    retrySafe: true,
    description: "Undoes an agent's write, only if its cells still hold what it wrote.",
    args: [token, argument('id', z.string())],
  }),
  sidebarConnectAgent: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    description: "Connects an agent: a new key (kept only as a hash) and the agent's URL, shown once.",
    args: [token, argument('name', z.string())],
  }),
  sidebarListAgents: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "The connected agents (name, created, last use; never a key) and the web app's URL.",
    args: [token],
  }),
  sidebarRevokeAgent: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "Revokes an agent's key: its next call is refused.",
    args: [token, argument('id', z.string())],
  }),
  sidebarRenewSession: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'A fresh person token for an open sidebar whose token the cache dropped; only where getUi() works.',
    args: [],
  }),
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
 * is applied once (src/core/request-ids.ts).
 */
export type ChangingAgentFunctionName = {
  [Name in AgentFunctionName]: Functions[Name]['changesPlan'] extends true ? Name : never;
}[AgentFunctionName];

/**
 * The options after the own arguments of every agent function that changes the plan: a call repeated with the same
 * `requestId` (say, retried after a 5xx that came after the script ran) is answered with the first answer and writes
 * nothing. PlanClient sends a fresh one with every such call unless given one; the MCP tools do not show it.
 */
export const REQUEST_OPTIONS = z.object({ requestId: z.string() }).strict();
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
  if (!Object.prototype.hasOwnProperty.call(API_FUNCTIONS, name)) return undefined;
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
