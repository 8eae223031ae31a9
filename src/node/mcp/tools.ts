/**
 * The plan tools an MCP client (an LLM agent) sees, derived from the API descriptor (src/core/api-functions.ts):
 * every agent function with `mcp` is a tool named in snake_case, with the descriptor's description, its
 * arguments as the input schema, and its answer shown as the descriptor says (a plan summary, a task, tasks).
 * Only get_plan and create_plan take other input than the function's arguments (ADAPTED below).
 *
 * Descriptions are short on purpose: every character here is in the model's context on every turn
 * (test/mcp measures the whole list). No tool approves a review item or requests changes: only agent
 * functions become tools, and an agent's actions exclude them; that is a person's decision, in the sidebar.
 */
import { z } from 'zod/v4';
import {
  AGENT_FUNCTION_NAMES,
  API_FUNCTIONS,
  PLAN_DETAILS,
  apiFunction,
  type AgentFunctionName,
  type McpAnswer,
} from '../../core/api-functions';
import { formatErrorMessage } from '../../core/errors';
import type { ArchivedPlan, CommandResult, FinishResult, RevisedPlan, TaskResult } from '../../core/plan-manager';
import type { ArchiveEntry } from '../../core/store';
import type { ReadResult, WriteResult } from '../../core/sheet-results';
import { summarizePlan } from '../../core/summary';
import type { PlanTask } from '../../core/types';
import type { PlanClient } from '../client/plan-client';
import { PLAN_CELL_REFERENCE } from '../../apps-script/plan-location';

/** What the tools need of a PlanClient: its one generic call path. */
export type PlanApi = Pick<PlanClient, 'call'>;

/** A task as the tools show it. */
const taskSchema = z.object({ step: z.string(), status: z.string(), title: z.string(), note: z.string().optional() });
type Task = z.infer<typeof taskSchema>;

const planSchema = z.object({
  revision: z.number(),
  /** Exact base for replace_plan (full view). */
  stamp: z.string().optional(),
  title: z.string(),
  done: z.number(),
  total: z.number(),
  summary: z.string().optional(),
  markdown: z.string().optional(),
});
type PlanOutput = z.infer<typeof planSchema>;
/** An archived plan as the tools list it: enough to choose one to read. */
const archiveEntrySchema = z.object({ id: z.number(), title: z.string(), summary: z.string() });

function taskOf(result: PlanTask): Task {
  const shown: Task = { step: result.step, status: result.status, title: result.title };
  if (result.note) shown.note = result.note;
  return shown;
}

function planAnswer(
  plan: Pick<RevisedPlan, 'revision' | 'title' | 'progress'> & { stamp?: string },
  text: { summary: string } | { markdown: string },
): PlanOutput {
  const answer: PlanOutput = {
    revision: plan.revision,
    title: plan.title,
    done: plan.progress.done,
    total: plan.progress.total,
    ...text,
  };
  if ('markdown' in text && plan.stamp) answer.stamp = plan.stamp;
  return answer;
}

/** How each kind of answer is shown: its output schema and the function's result turned into it. */
interface Answer {
  output: z.ZodRawShape;
  show(result: unknown, changesPlan: boolean): Record<string, unknown>;
}

const ANSWERS: Record<McpAnswer, Answer> = {
  /** The compact summary of a plan the API answered in full (init, create, replace). */
  plan: {
    output: planSchema.shape,
    show: (plan) => planAnswer(plan as RevisedPlan, { summary: summarizePlan(plan as RevisedPlan) }),
  },
  /** One task with the plan's revision after the call; {} when there is none (get_next_task, advance_task). */
  task: {
    output: { ...taskSchema.partial().shape, revision: z.number().optional() },
    show: (result) => {
      const task = result as TaskResult | null;
      return task ? { ...taskOf(task), revision: task.revision } : {};
    },
  },
  /** Tasks, with the plan's revision when the call changed it. */
  tasks: {
    output: { tasks: z.array(taskSchema), revision: z.number().optional() },
    show: (result, changesPlan) => {
      const tasks = result as TaskResult[];
      return changesPlan
        ? { tasks: tasks.map(taskOf), revision: tasks[0]?.revision ?? 0 }
        : { tasks: tasks.map(taskOf) };
    },
  },
  /**
   * Each command's task, with the plan's revision; a re-planning command's task says which step numbers it
   * changed, old → new (each command sees the numbers the ones before it left).
   */
  commands: {
    output: {
      tasks: z.array(taskSchema.extend({ renumbered: z.record(z.string(), z.string()).optional() })),
      revision: z.number(),
    },
    show: (result) => {
      const results = result as CommandResult[];
      const tasks = results.map((task) => {
        const shown: Task & { renumbered?: Record<string, string> } = taskOf(task);
        if (task.renumbered && Object.keys(task.renumbered).length) shown.renumbered = task.renumbered;
        return shown;
      });
      return { tasks, revision: results[0]?.revision ?? 0 };
    },
  },
  /** The finished plan's id in the archive, and whether a starter plan is in the cell now. */
  finished: {
    output: { id: z.number(), revision: z.number(), starter: z.boolean() },
    show: (result) => {
      const finished = result as FinishResult;
      return { id: finished.id, revision: finished.revision, starter: finished.plan !== null };
    },
  },
  /** Only the plan's revision after the change (adopt_format: get_plan shows the result). */
  revision: {
    output: { revision: z.number() },
    show: (result) => ({ revision: (result as RevisedPlan).revision }),
  },
  /** The archive's list. */
  archive: {
    output: { plans: z.array(archiveEntrySchema), plan: z.string().optional() },
    show: (result) => ({ plans: (result as ArchiveEntry[]).map(({ id, title, summary }) => ({ id, title, summary })) }),
  },
  sheets: { output: { sheets: z.array(z.unknown()) }, show: (sheets) => ({ sheets }) },
  /** The cells read; rows, columns and the time zone stay (dates are instants), the flag says if it was logged. */
  range: {
    output: { range: z.string(), values: z.array(z.unknown()) },
    show: (result) => result as ReadResult as unknown as Record<string, unknown>,
  },
  write: {
    output: { id: z.string() },
    show: (result) => {
      const { id, range, cells, replacedCells } = result as WriteResult;
      return { id, range, cells, replacedCells };
    },
  },
  log: { output: { entries: z.array(z.unknown()) }, show: (entries) => ({ entries }) },
};

const NO_PLAN = formatErrorMessage(
  'NO_PLAN',
  `No plan in ${PLAN_CELL_REFERENCE}; call init_plan for a starter plan or create_plan to write one`,
);

export interface ToolDefinition {
  name: string;
  description: string;
  input: z.ZodRawShape;
  output: z.ZodRawShape;
  /** Only reads: safe to call at any time. */
  readOnly: boolean;
  run(api: PlanApi, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Tools whose input is not the function's arguments: their own input, description and call. */
const ADAPTED: Partial<Record<AgentFunctionName, Pick<ToolDefinition, 'input' | 'run'> & { description?: string }>> = {
  getPlan: {
    description:
      'Read the plan. compact (default): summary, what needs attention, next tasks. full: the Markdown and stamp, ' +
      'to edit with replace_plan.',
    input: { view: z.enum(['compact', 'full']).optional() },
    async run(api, { view }) {
      if (view === 'full') {
        const plan = await api.call('getPlan');
        if (!plan) throw new Error(NO_PLAN);
        return planAnswer(plan as RevisedPlan, { markdown: (plan as RevisedPlan).raw });
      }
      const plan = await api.call('getPlan', { view: 'compact' });
      if (!plan) throw new Error(NO_PLAN);
      return planAnswer(plan, { summary: (plan as { summary: string }).summary });
    },
  },
  /** The archive, and one archived plan's summary on request: one tool for both. */
  listPlans: {
    description: 'Finished plans in the archive, newest first; with id, that plan summarised too.',
    input: { id: z.number().int().optional() },
    async run(api, { id }) {
      const listed = ANSWERS.archive.show(await api.call('listPlans'), false);
      if (id === undefined) return listed;
      const archived = (await api.call('getArchivedPlan', id as number)) as ArchivedPlan;
      return { ...listed, plan: summarizePlan(archived) };
    },
  },
  /** Values only: display values are for PlanClient callers (every character here is in the context). */
  readRange: {
    input: { a1: API_FUNCTIONS.readRange.args[0].schema },
    run: async (api, { a1 }) => ANSWERS.range.show(await api.call('readRange', a1 as string), false),
  },
  /** The cells' shapes in words: the descriptor's union costs three times the tokens. */
  writeRange: {
    input: {
      a1: z.string(),
      values: z
        .array(z.array(z.unknown()))
        .describe('rows; a cell: text, number, boolean, null, {date: ISO}, {formula}'),
      step: API_FUNCTIONS.writeRange.args[2].schema,
    },
    run: async (api, { a1, values, step }) =>
      ANSWERS.write.show(await api.call('writeRange', a1 as string, values as never, step as string), false),
  },
  /** createPlan's optional details, flattened: one level less for the model to get right. */
  createPlan: {
    input: {
      ...Object.fromEntries(API_FUNCTIONS.createPlan.args.slice(0, 3).map((arg) => [arg.name, arg.schema])),
      ...PLAN_DETAILS.shape,
    },
    async run(api, { title, goal, phases, analysis, questions, notes }) {
      const details = analysis || questions || notes ? { analysis, questions, notes } : undefined;
      const plan = await api.call('createPlan', title as string, goal as string, phases as never, details as never);
      return ANSWERS.plan.show(plan, true);
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
  const input = Object.fromEntries(
    spec.args.map((arg) => [arg.name, arg.description ? arg.schema.describe(arg.description) : arg.schema]),
  );
  return {
    name: toolName(name),
    description: adapted?.description ?? spec.description,
    input: adapted?.input ?? input,
    output: ANSWERS[answer].output,
    readOnly: !spec.changesPlan && !spec.writesSheet,
    run:
      adapted?.run ??
      (async (api, args) => {
        const positional = spec.args.map((arg) => args[arg.name]);
        return ANSWERS[answer].show(await api.call(name, ...(positional as never)), spec.changesPlan);
      }),
  };
}

/** Every tool, in the descriptor's order. */
export const TOOLS: readonly ToolDefinition[] = AGENT_FUNCTION_NAMES.flatMap((name) => {
  const answer = apiFunction(name).mcp;
  return answer ? [toolOf(name, answer)] : [];
});
