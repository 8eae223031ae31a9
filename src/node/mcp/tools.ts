/**
 * The plan tools an MCP client (an LLM agent) sees. Descriptions are short on purpose: every
 * character here is in the model's context on every turn (test/mcp measures the whole list).
 * No tool approves a review item or requests changes: that is a person's decision, in the sidebar.
 */
import { z } from 'zod';
import type { PlanClient } from '../client/plan-client';
import type { RevisedPlan, TaskResult } from '../../core/plan-manager';
import { summarizePlan } from '../../core/summary';
import type { PlanTask } from '../../core/types';

/** What the tools need of a PlanClient. */
export type PlanApi = Pick<
  PlanClient,
  | 'initPlan'
  | 'getPlan'
  | 'createPlan'
  | 'replacePlan'
  | 'getNextTask'
  | 'getReviewTasks'
  | 'startTask'
  | 'completeTask'
  | 'advanceTask'
  | 'blockTask'
  | 'reviewTask'
  | 'applyCommands'
>;

const step = z.string().describe('e.g. "2.1"');
/** A task as the tools show it. */
const taskSchema = z.object({ step: z.string(), status: z.string(), title: z.string(), note: z.string().optional() });
type Task = z.infer<typeof taskSchema>;
/**
 * A task tool's answer, with the plan's revision after the call; get_next_task and advance_task answer {} when no task
 * is left.
 */
const taskOutput = { ...taskSchema.partial().shape, revision: z.number().optional() };

const planSchema = z.object({
  revision: z.number(),
  title: z.string(),
  done: z.number(),
  total: z.number(),
  summary: z.string().optional(),
  markdown: z.string().optional(),
});
const planOutput = planSchema.shape;
type PlanOutput = z.infer<typeof planSchema>;

function taskOf(result: PlanTask): Task {
  const shown: Task = { step: result.step, status: result.status, title: result.title };
  if (result.note) shown.note = result.note;
  return shown;
}

function taskAnswer(result: TaskResult | null) {
  return result ? { ...taskOf(result), revision: result.revision } : {};
}

function planAnswer(
  plan: Pick<RevisedPlan, 'revision' | 'title' | 'progress'>,
  text: { summary: string } | { markdown: string },
): PlanOutput {
  return { revision: plan.revision, title: plan.title, done: plan.progress.done, total: plan.progress.total, ...text };
}

/** The compact summary of a plan the API answered in full (init, create, replace). */
function summaryOf(plan: RevisedPlan): PlanOutput {
  return planAnswer(plan, { summary: summarizePlan(plan) });
}

const NO_PLAN = 'NO_PLAN: No plan in AGENT_BASE!C2; call init_plan for a starter plan or create_plan to write one';

interface ToolDefinition {
  description: string;
  input?: z.ZodRawShape;
  output: z.ZodRawShape;
  /** Only reads: safe to call at any time. */
  readOnly?: boolean;
  run(api: PlanApi, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Which way a plan tool goes: the names follow the spec's API in snake_case. */
export const TOOLS: Record<string, ToolDefinition> = {
  get_plan: {
    description:
      'Read the plan. compact (default): summary, what needs attention, next tasks. full: the Markdown, to edit ' +
      'with replace_plan.',
    input: { view: z.enum(['compact', 'full']).optional() },
    output: planOutput,
    readOnly: true,
    async run(api, { view }) {
      if (view === 'full') {
        const plan = await api.getPlan();
        if (!plan) throw new Error(NO_PLAN);
        return planAnswer(plan, { markdown: plan.raw });
      }
      const plan = await api.getPlan({ view: 'compact' });
      if (!plan) throw new Error(NO_PLAN);
      return planAnswer(plan, { summary: plan.summary });
    },
  },
  init_plan: {
    description: 'Set up AGENT_BASE with a starter plan if the sheet has none; returns the plan that is there.',
    output: planOutput,
    run: async (api) => summaryOf(await api.initPlan()),
  },
  create_plan: {
    description: 'Write a new plan (the current one is kept in the history). Each step names Sheet!Range (columns).',
    input: {
      title: z.string(),
      goal: z.string().describe('One sentence describing success'),
      phases: z.array(z.object({ name: z.string(), steps: z.array(z.string()) })),
      analysis: z
        .object({
          spreadsheet: z.string(),
          keySheets: z.array(z.string()),
          read: z.array(z.string()),
          write: z.array(z.string()),
          currentState: z.string(),
        })
        .partial()
        .optional(),
      questions: z.array(z.string()).optional(),
      notes: z.string().optional(),
    },
    output: planOutput,
    async run(api, { title, goal, phases, analysis, questions, notes }) {
      const details =
        analysis || questions || notes
          ? ({ analysis, questions, notes } as Parameters<PlanApi['createPlan']>[3])
          : undefined;
      return summaryOf(await api.createPlan(title as string, goal as string, phases as never, details));
    },
  },
  replace_plan: {
    description: 'Replace the whole Markdown (from get_plan view=full), only if the plan is still at baseRevision.',
    input: { markdown: z.string(), baseRevision: z.number().int() },
    output: planOutput,
    run: async (api, { markdown, baseRevision }) =>
      summaryOf(await api.replacePlan(markdown as string, baseRevision as number)),
  },
  get_next_task: {
    description: 'The first todo task (blocked and review items are passed over); {} when none is left.',
    output: taskOutput,
    readOnly: true,
    run: async (api) => taskAnswer(await api.getNextTask()),
  },
  get_review_tasks: {
    description: "Tasks waiting for a person's review.",
    output: { tasks: z.array(taskSchema) },
    readOnly: true,
    run: async (api) => ({ tasks: (await api.getReviewTasks()).map(taskOf) }),
  },
  start_task: {
    description: 'Mark a task in progress [/].',
    input: { step },
    output: taskOutput,
    run: async (api, args) => taskAnswer(await api.startTask(args.step as string)),
  },
  complete_task: {
    description: "Mark a task done [x] with today's date.",
    input: { step },
    output: taskOutput,
    run: async (api, args) => taskAnswer(await api.completeTask(args.step as string)),
  },
  advance_task: {
    description: 'Complete a task and start the next todo one; returns the started task, {} at the end.',
    input: { step },
    output: taskOutput,
    run: async (api, args) => taskAnswer(await api.advanceTask(args.step as string)),
  },
  block_task: {
    description: 'Mark a task blocked [>] with a specific reason naming the range.',
    input: { step, reason: z.string() },
    output: taskOutput,
    run: async (api, args) => taskAnswer(await api.blockTask(args.step as string, args.reason as string)),
  },
  review_task: {
    description: 'Ask a person to review a task [!], saying what to check. Only they can approve it.',
    input: { step, note: z.string() },
    output: taskOutput,
    run: async (api, args) => taskAnswer(await api.reviewTask(args.step as string, args.note as string)),
  },
  apply_commands: {
    description:
      'Task changes in order, all written or none; also skip, reopen and note. text: reason (block, skip) or note ' +
      '(review, note).',
    input: {
      commands: z
        .array(
          z.object({
            action: z.enum(['start', 'complete', 'block', 'review', 'skip', 'reopen', 'note']),
            step: z.string(),
            text: z.string().optional(),
          }),
        )
        .min(1),
    },
    output: { tasks: z.array(taskSchema), revision: z.number() },
    async run(api, { commands }) {
      const results = await api.applyCommands(commands as Parameters<PlanApi['applyCommands']>[0]);
      return { tasks: results.map(taskOf), revision: results[0]?.revision ?? 0 };
    },
  },
};
