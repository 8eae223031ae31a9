/**
 * What an MCP tool call does, for both MCP servers: the stdio one (src/node/mcp, calling a deployment through
 * PlanClient, asynchronously) and the web app's doPost (src/apps-script/web-app, calling the API in the same
 * execution). A call becomes a ToolCallPlan: the API calls to make, and how their answers are shown to the model. The
 * servers only differ in how they make the calls.
 *
 * Which function a tool calls and with which arguments is its ToolRoute, derived from the API descriptor with the
 * tool list (src/node/mcp/tools.ts); the bundle gets the routes written in by scripts/build.mjs, as zod stays out of
 * it. Of the tools with their own input (ToolRoute.input), get_plan, list_plans and create_plan also make their calls
 * their own way (ADAPTED below).
 */
import type { AgentFunctionName, McpAnswer } from '../api/api-functions';
import type { ArgumentRule, JsonRule } from '../api/argument-check';
import { PlanError } from '../errors';
import * as mcpWords from './mcp-words';
import { filled } from '../text';
import type { ArchivedPlan, CommandResult, FinishResult, RevisedPlan, TaskResult } from '../write-path/results';
import type { ReadResult, WriteResult } from '../sheet/sheet-results';
import type { ArchiveEntry } from '../write-path/store';
import { summarizePlan, type CompactPlan } from '../format/summary';
import type { PlanTask } from '../format/types';

/** How a tool reaches the API. */
export interface ToolRoute {
  function: AgentFunctionName;
  /** The tool's input properties, in the order of the function's arguments. */
  args: string[];
  answer: McpAnswer;
  /** The function changes the plan (it takes request options). */
  changesPlan: boolean;
  /** Where the function takes its request options (`{ requestId }`), when it changes the plan. */
  requestIndex?: number;
  /**
   * The tool's own input, as its calls are checked, when it is not the function's arguments (ADAPTED in
   * src/node/mcp/tools.ts: get_plan, list_plans, read_range, write_range, create_plan).
   */
  input?: JsonRule;
}

/** What a tool's route follows from, beside its name, answer kind and (for an ADAPTED tool) its own input. */
export interface RouteSources {
  argumentRules(functionName: string): ArgumentRule[];
  /** Where a changing function takes its request options; undefined for a function that changes nothing. */
  requestIndex(functionName: string): number | undefined;
}

/**
 * A tool's route from its name: the function is the name in camelCase (`start_task`: `startTask`), the inputs are the
 * tool's own input's properties or else the function's arguments, and it changes the plan when the function takes
 * request options (request options are what a changing function takes). The bundle carries only a tool's answer kind
 * and own input, and scripts/build.mjs stops the build if a route would read back otherwise. `args` reads the
 * function's rules only when asked for (each time): a call asks only for its own tool's.
 */
export function derivedRoute(tool: string, answer: McpAnswer, sources: RouteSources, input?: JsonRule): ToolRoute {
  const name = tool.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as AgentFunctionName;
  const requestIndex = sources.requestIndex(name);
  return {
    function: name,
    get args() {
      return input ? Object.keys(input.properties ?? {}) : sources.argumentRules(name).map((rule) => rule.name);
    },
    answer,
    changesPlan: requestIndex !== undefined,
    ...(requestIndex === undefined ? {} : { requestIndex }),
    ...(input ? { input } : {}),
  };
}

/**
 * A tool's input as its calls are checked: its own, or its function's arguments as one object, checked by the
 * function's own argument rules (one rule set: a call checked here passes the function's check, and the bundle carries
 * the rules once).
 */
export function toolInput(route: ToolRoute, argumentRules: ArgumentRule[]): JsonRule {
  if (route.input) return route.input;
  return {
    type: 'object',
    properties: Object.fromEntries(argumentRules.map((rule) => [rule.name, rule.schema])),
    required: argumentRules.filter((rule) => !rule.optional).map((rule) => rule.name),
  };
}

export interface ApiCall {
  name: AgentFunctionName;
  args: unknown[];
}

/** The API calls a tool call makes, and its answer made of their results (in the same order). */
export interface ToolCallPlan {
  calls: ApiCall[];
  show(results: unknown[]): Record<string, unknown>;
}

/** A task as the tools show it. */
interface ShownTask {
  step: string;
  status: string;
  title: string;
  note?: string;
  /** The steps of the task's `After:` line. */
  waitsFor?: string[];
  /** Who works on it, from its `Working:` line (src/core/rules/claims.ts). */
  working?: PlanTask['working'];
}

function taskOf(result: PlanTask): ShownTask {
  const shown: ShownTask = { step: result.step, status: result.status, title: result.title };
  if (result.note) shown.note = result.note;
  if (result.waitsFor) shown.waitsFor = result.waitsFor;
  if (result.working) shown.working = result.working;
  return shown;
}

type PlanLike = Pick<RevisedPlan, 'revision' | 'title' | 'progress' | 'status' | 'statusNote' | 'waitingForApproval'>;

/**
 * A plan as the tools answer it: its figures, and the Status line's status and what the person said on it (`changes
 * requested: …`), which the summary also shows; then the view's own fields. A plan without the line is a draft while
 * it waits for the person's approval (the person asks to approve plans first: waitsForApproval in
 * src/core/rules/lifecycle.ts), as work on it finds (NEEDS_APPROVAL); otherwise it has no status.
 */
function planAnswer(plan: PlanLike, view: Record<string, unknown>): Record<string, unknown> {
  const { revision, title, progress, statusNote, waitingForApproval } = plan;
  const status = plan.status ?? (waitingForApproval ? 'draft' : undefined);
  return { revision, title, done: progress.done, total: progress.total, status, statusNote, ...view };
}

/**
 * An answer to a change that left the plan a draft (an agent's re-plan of an approved plan, or any plan while the
 * person asks to approve plans first): it says that the plan waits for the person, and what the agent does until then.
 */
function withNext(answer: Record<string, unknown>, status = answer.status): Record<string, unknown> {
  return status === 'draft' ? { ...answer, next: mcpWords.draftWaits() } : answer;
}

type Show = (result: unknown) => Record<string, unknown>;

/** How each kind of answer is shown (the output schemas beside them: src/node/mcp/tools.ts). */
export const SHOW_ANSWER: Record<McpAnswer, Show> = {
  /** The compact summary of a plan the API answered in full (init, create, replace); a draft's says it waits. */
  plan: (plan) => withNext(planAnswer(plan as RevisedPlan, { summary: summarizePlan(plan as RevisedPlan) })),
  /** One task with the plan's revision after the call; {} when there is none (get_next_task, advance_task). */
  task: (result) => {
    const task = result as TaskResult | null;
    return task ? { ...taskOf(task), revision: task.revision } : {};
  },
  /**
   * Tasks (get_review_tasks), with the plan's revision they were read at, as a task's answer carries it; none when
   * there is no task (an empty list knows no revision, as get_next_task's {} does not).
   */
  tasks: (result) => {
    const tasks = result as TaskResult[];
    return { tasks: tasks.map(taskOf), revision: tasks[0]?.revision };
  },
  /**
   * Each command's task, with the plan's revision; a re-planning command's task says which step numbers it changed,
   * old → new (each command sees the numbers the ones before it left). A re-plan says the plan's status after it
   * (every re-planning command answers it, and only a person approves), and that a draft waits for the person.
   */
  commands: (result) => {
    const results = result as CommandResult[];
    const tasks = results.map((task) => {
      const shown: ShownTask & { renumbered?: Record<string, string>; droppedDependencies?: string[] } = taskOf(task);
      if (task.renumbered && Object.keys(task.renumbered).length) shown.renumbered = task.renumbered;
      if (task.droppedDependencies) shown.droppedDependencies = task.droppedDependencies;
      return shown;
    });
    const planStatus = results.find((task) => task.planStatus)?.planStatus;
    return withNext({ tasks, revision: results[0]?.revision ?? 0, planStatus }, planStatus);
  },
  /** The finished plan's id in the archive, and whether a starter plan is in the cell now. */
  finished: (result) => {
    const finished = result as FinishResult;
    return { id: finished.id, revision: finished.revision, starter: finished.plan !== null };
  },
  /** Only the plan's revision after the change (adopt_format: get_plan shows the result). */
  revision: (result) => ({ revision: (result as RevisedPlan).revision }),
  archive: (result) => ({
    plans: (result as ArchiveEntry[]).map(({ id, title, summary }) => ({ id, title, summary })),
  }),
  sheets: (sheets) => ({ sheets }),
  /** The cells read; rows, columns and the time zone stay (dates are instants), the flag says if it was logged. */
  range: (result) => result as ReadResult as unknown as Record<string, unknown>,
  write: (result) => {
    const { id, range, cells, replacedCells } = result as WriteResult;
    return { id, range, cells, replacedCells };
  },
  log: (entries) => ({ entries }),
};

const call = (name: AgentFunctionName, ...args: unknown[]): ApiCall => ({ name, args });

function noPlan(planCell: string): PlanError {
  return new PlanError('NO_PLAN', filled(mcpWords.noPlanForTools(), { cell: planCell }));
}

type Adapted = (args: Record<string, unknown>, planCell: string) => ToolCallPlan;

/** Tools whose input is not the function's arguments. */
const ADAPTED: Partial<Record<AgentFunctionName, Adapted>> = {
  /** compact (default): the summary; full: the Markdown and the stamp to edit it with replace_plan. */
  getPlan: ({ view }, planCell) => ({
    calls: [view === 'full' ? call('getPlan') : call('getPlan', { view: 'compact' })],
    show: ([plan]) => {
      if (!plan) throw noPlan(planCell);
      const { stamp, raw, summary, attention } = plan as RevisedPlan & CompactPlan;
      return planAnswer(
        plan as PlanLike,
        view === 'full' ? { stamp, markdown: raw, attention } : { summary, attention },
      );
    },
  }),
  /** The archive, and one archived plan's summary on request: one tool for both. */
  listPlans: ({ id }) => ({
    calls: id === undefined ? [call('listPlans')] : [call('listPlans'), call('getArchivedPlan', id)],
    show: ([plans, archived]) => {
      const listed = SHOW_ANSWER.archive(plans);
      return archived === undefined ? listed : { ...listed, plan: summarizePlan(archived as ArchivedPlan) };
    },
  }),
  /** createPlan's optional details, flattened: one level less for the model to get right. */
  createPlan: ({ title, goal, phases, analysis, questions, notes }) => {
    const details = analysis || questions || notes ? { analysis, questions, notes } : undefined;
    return {
      calls: [call('createPlan', title, goal, phases, details)],
      show: ([plan]) => SHOW_ANSWER.plan(plan),
    };
  },
};

/** The calls and the answer of one tool call, its arguments already checked against the tool's input (toolInput). */
export function planToolCall(route: ToolRoute, args: Record<string, unknown>, planCell: string): ToolCallPlan {
  const adapted = ADAPTED[route.function];
  if (adapted) return adapted(args, planCell);
  return {
    calls: [{ name: route.function, args: route.args.map((name) => args[name]) }],
    show: ([result]) => SHOW_ANSWER[route.answer](result),
  };
}

/** A tool call's answer as MCP carries it: the JSON as text (for older clients) and as structured content. */
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function toolAnswer(structuredContent: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/** A failed tool call: the model reads the message (`NOT_FOUND: Task 9.9 not found …`) and can correct its call. */
export function toolError(message: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
