/**
 * The plan functions an agent calls through the Apps Script API (scripts.run). Each builds a
 * PlanManager for this execution and returns plain JSON; errors leave with a stable code prefix.
 */
import type { AgentFunctionName, PlanViewRequest } from '../core/api-functions';
import { holderOf } from '../core/claims';
import { PlanError, planErrorCode } from '../core/errors';
import { PlanManager, type ManagerOptions, type PlanCommand } from '../core/plan-manager';
import { compactPlan } from '../core/summary';
import type { AddTaskOptions, PhaseInput, PlanDetails } from '../core/types';
import { agentCaller, runAsNamedCaller } from './agent-identity';
import { checkingArguments } from './checked-arguments';
import { acceptingRequestIds, currentRequest } from './request-ids';
import * as sheetWork from './sheet-work';
import { personSpreadsheet, planSpreadsheet } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';

/** A manager for an agent's call: the spreadsheet as every execution reaches it (./spreadsheet-access.ts). */
export function managerFor(options: ManagerOptions): PlanManager {
  return new PlanManager(new SpreadsheetPlanStore(planSpreadsheet), options);
}

/** A manager for a person's run (menu, onEdit): the active spreadsheet, remembered for the agents' executions. */
export function managerForPerson(options: ManagerOptions): PlanManager {
  return new PlanManager(new SpreadsheetPlanStore(personSpreadsheet), options);
}

/**
 * Runs an entry point: results become plain JSON (no undefined, no class instances), and an error
 * that is not one of ours (a service failure) gets the SERVICE_ERROR code so callers can tell it apart.
 */
export function run<T>(work: () => T): T {
  try {
    const result = work();
    return result === undefined ? (null as T) : JSON.parse(JSON.stringify(result));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (planErrorCode(error)) throw error;
    // scripts.run carries only the message, so the cause travels in it (and Apps Script's ES2021 has no `cause`).
    throw new PlanError('SERVICE_ERROR', message);
  }
}

const agent = () => managerFor({ source: agentCaller(), request: currentRequest() });

type Call = (...args: unknown[]) => unknown;

/**
 * The plan API: one implementation per agent function of the descriptor (src/core/api-functions.ts). A null-prototype
 * literal, as main.ts's tables: V8 builds it in a few µs, an ordinary one in ~30 in each execution's fresh context.
 */
const implementations: { [Name in AgentFunctionName]: (...args: never[]) => unknown } & { __proto__?: null } = {
  __proto__: null,
  initPlan: () => run(() => agent().initPlan()),
  /**
   * `getPlan()` is the whole plan; `getPlan({ view: 'compact', nextCount })` a summary for an LLM's context
   * (core/summary.ts).
   */
  getPlan: (options?: PlanViewRequest | null) =>
    run(() => {
      return runAsNamedCaller(options?.agent, () => {
        const plan = agent().getPlan();
        // The caller's own claims are marked (you): the others' are another agent's (src/core/claims.ts).
        return plan && options?.view === 'compact'
          ? compactPlan(plan, { nextCount: options.nextCount, you: holderOf(agentCaller()) })
          : plan;
      });
    }),
  getNextTask: (options?: { agent?: string } | null) =>
    run(() => runAsNamedCaller(options?.agent, () => agent().getNextTask())),
  getReviewTasks: () => run(() => agent().getReviewTasks()),
  getProgress: () => run(() => agent().getProgress()),
  validatePlan: () => run(() => agent().validatePlan()),
  createPlan: (title: string, goal: string, phases: PhaseInput[], details?: PlanDetails | null) =>
    run(() => agent().createPlan(title, goal, phases, details)),
  startTask: (step: string) => run(() => agent().startTask(step)),
  completeTask: (step: string) => run(() => agent().completeTask(step)),
  blockTask: (step: string, reason: string) => run(() => agent().blockTask(step, reason)),
  reviewTask: (step: string, note: string) => run(() => agent().reviewTask(step, note)),
  skipTask: (step: string, reason: string) => run(() => agent().skipTask(step, reason)),
  reopenTask: (step: string) => run(() => agent().reopenTask(step)),
  setTaskNote: (step: string, note?: string | null) => run(() => agent().setTaskNote(step, note)),
  startNextTask: () => run(() => agent().startNextTask()),
  advanceTask: (step: string) => run(() => agent().advanceTask(step)),
  applyCommands: (commands: PlanCommand[]) => run(() => agent().applyCommands(commands)),
  replacePlan: (markdown: string, base: string | number) => run(() => agent().replacePlan(markdown, base)),
  getHistory: (limit?: number | null) => run(() => agent().getHistory(limit ?? 10)),
  adoptFormat: () => run(() => agent().adoptFormat()),
  restoreRevision: (revision: number) => run(() => agent().restoreRevision(revision)),
  // ---- re-planning ----
  addTask: (phase: number | string, title: string, options?: AddTaskOptions | null) =>
    run(() => agent().addTask(phase, title, options)),
  addPhase: (name: string, steps: string[], after?: number | string | null) =>
    run(() => agent().addPhase(name, steps, after)),
  renameTask: (step: string, title: string) => run(() => agent().renameTask(step, title)),
  moveTask: (step: string, after: string | number) => run(() => agent().moveTask(step, after)),
  removeTask: (step: string) => run(() => agent().removeTask(step)),
  // ---- finishing, and the archive ----
  finishPlan: (summary: string) => run(() => agent().finishPlan(summary)),
  listPlans: () => run(() => agent().listPlans()),
  getArchivedPlan: (id: number) => run(() => agent().getArchivedPlan(id)),
  // ---- sheet work under the plan (src/apps-script/sheet-work.ts; the rules: src/core/sheet-rules.ts) ----
  listSheets: () => run(() => sheetWork.listSheets(planSpreadsheet())),
  readRange: (a1: string, options?: { display?: boolean } | null) =>
    run(() => sheetWork.readRange(planSpreadsheet(), a1, options, agentCaller())),
  writeRange: (a1: string, values: unknown, step: string) =>
    run(() => sheetWork.writeRange(planSpreadsheet(), a1, values, step, agentCaller())),
  getWriteLog: (limit?: number | null) => run(() => sheetWork.getWriteLog(planSpreadsheet(), limit)),
};

export function isAgentFunction(name: string): name is AgentFunctionName {
  return Object.prototype.hasOwnProperty.call(implementations, name);
}

/**
 * The agent function `name` as callers reach it (scripts.run, the web app's tools): its own arguments checked against
 * the descriptor first (./checked-arguments.ts); one that changes the plan also takes request options after them
 * (./request-ids.ts), which `agent()` passes on. Built for the function called, not for all at each execution's start.
 */
export function agentFunction(name: AgentFunctionName): Call {
  if (!isAgentFunction(name)) throw new Error(`${name} is not an agent function (src/apps-script/api.ts)`);
  return acceptingRequestIds(name, checkingArguments(name, implementations[name] as Call));
}
