/**
 * The API descriptor's argument shapes, shared by several functions (src/core/api/api-functions.ts). Agents' natural
 * forms are accepted where nothing is lost: a phase number as 2 or "2" (a step stays text: 1.10 is not 1.1).
 */
import { z } from 'zod/v4';
import { AGENT_ACTIONS, EDIT_COMMANDS, MAX_DEPENDENCIES, MAX_NEXT_COUNT } from './api-names';
import { argument } from './api-spec';

/** A single line of text (a title, reason, note): the checker names it so (src/core/api/argument-check.ts). */
export const line = () => z.string().meta({ format: 'line' });
/** A step number as text ("1.2"; 1.10 sent as a number would arrive as 1.1). */
export const stepText = () => z.string().meta({ format: 'step' });
export const step = argument('step', stepText(), 'e.g. "2.1"');
/** The stamp of a plan as read (`7:2k1-9f3a0c1e`): revision and text, see src/core/write-path/revision.ts. */
export const stamp = () => z.string().meta({ format: 'stamp' });
export const token = argument('token', z.string(), "the person token showPlanSidebar wrote into the sidebar's page");
/** What the person saw of the task or question they decide on (src/core/person/seen.ts): CONFLICT when it changed. */
export const seenTask = argument(
  'seen',
  z
    .object({ title: z.string(), status: z.string(), note: z.string().optional(), working: z.string().optional() })
    .strict()
    .meta({ format: 'seenTask' })
    .nullable()
    .optional(),
  'the task as the sidebar showed it',
);
export const seenQuestion = argument(
  'seen',
  z.object({ text: z.string() }).strict().meta({ format: 'seenQuestion' }).nullable().optional(),
  'the question shown',
);
export const event = argument('event', z.unknown(), 'the event object Apps Script passes');
/** Task titles, one at least (a phase's steps). */
export const titles = () => z.array(line()).min(1).meta({ format: 'titles' });
export const phases = z
  .array(z.object({ name: line(), steps: titles() }).strict())
  .min(1)
  .meta({ format: 'phases' });
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
      .partial()
      .strict(),
    questions: z.array(z.string()),
    notes: z.string(),
  })
  .partial()
  .strict();
/** A saved version's number, as getHistory lists it. */
export const revisionNumber = z.number().int().min(0);
/** A finished plan's id, as listPlans lists it. */
export const archiveId = z.number().int().min(1).meta({ format: 'archiveId' });
/** Phases are numbered from 0 (`## Phase 0: Safety net`) or 1. */
export const phaseNumber = z.number().int().min(0);
/** A phase as agents send it: 2, or "2" (src/core/replan/replan.ts reads both). */
export const phaseArgument = z.union([phaseNumber, z.string().regex(/^\s*\d+\s*$/)]).meta({ format: 'phase' });
/** The steps a task waits for (its `  - After: 1.2, 1.3` line). */
export const waitsFor = () => z.array(stepText()).max(MAX_DEPENDENCIES).meta({ format: 'waitsFor' });
/** Where moveTask puts a task: right after a step, or first in a phase (2 or "2"). */
export const moveTarget = z
  .union([z.string().meta({ format: 'moveTarget' }), phaseNumber])
  .meta({ format: 'moveTarget' });
export const agentCommand = z
  .object({
    action: z.enum([...AGENT_ACTIONS, ...EDIT_COMMANDS]),
    step: stepText().optional(),
    text: z.string().optional(),
    phase: phaseArgument.optional(),
    after: moveTarget.optional(),
    under: stepText().optional(),
    // addPhase's titles; its check that there is one at least is the operation's (src/core/replan/replan.ts), to keep
    // the tool list short.
    steps: z.array(line()).optional(),
    waitsFor: waitsFor().optional(),
  })
  .strict();
/** The most commands one applyCommands call takes. */
export const MAX_COMMANDS = 200;
/** Where addTask puts the task, and the steps it waits for (its `  - After: 1.2, 1.3` line). */
export const addTaskOptions = z
  .object({ after: stepText(), under: stepText(), waitsFor: waitsFor() })
  .partial()
  .strict();
export const settingsChange = z
  .object({
    approvalRequired: z.boolean(),
    afterFinish: z.enum(['empty', 'starter']),
    mailWhenWaiting: z.boolean(),
    mailTo: z.array(z.string()).meta({ format: 'mailTo' }),
    relayUrl: z.string(),
  })
  .partial()
  .strict();
/**
 * getPlan's options (src/core/format/summary.ts): nothing, or `full`, is the whole plan. `agent` names a caller without
 * a key, whose own claims the compact view marks (you).
 */
export const planView = z
  .object({
    view: z.enum(['full', 'compact']),
    nextCount: z.number().int().min(0).max(MAX_NEXT_COUNT),
    agent: z.string(),
  })
  .partial()
  .strict();
export const a1 = argument('a1', z.string(), "e.g. Data!A2:F500, 'My Sheet'!A:A");
/** A cell as writeRange takes it (src/core/sheet/cell-values.ts): text stays text; dates and formulas are objects. */
export const cell = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.object({ date: z.string() }),
  z.object({ formula: z.string() }),
]);
export const base = argument(
  'base',
  z.union([stamp(), z.number().int().min(0)]).meta({ format: 'base' }),
  'stamp or revision of the plan you last read',
);

/** What an agent may batch in applyCommands. */
export type AgentCommand = z.input<typeof agentCommand>;
/** getPlan's options: a summary for an LLM's context instead of the whole plan. */
export type PlanViewRequest = z.input<typeof planView>;
/** getNextTask's options: `agent` names a caller without a key, whose claims it does not pass over. */
export const callerOptions = z.object({ agent: z.string() }).partial().strict();
export type CallerOptions = z.input<typeof callerOptions>;
