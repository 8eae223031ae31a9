/**
 * The plan functions an agent calls through the Apps Script API (scripts.run). Each builds a
 * PlanManager for this execution and returns plain JSON; errors leave with a stable code prefix.
 */
import type { AgentFunctionName } from '../core/api-functions';
import { PlanError, planErrorCode } from '../core/errors';
import { PlanManager, type ManagerOptions } from '../core/plan-manager';
import { compactPlan, requireViewOptions } from '../core/summary';
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

/**
 * The plan API: one implementation per agent function of the descriptor (src/core/api-functions.ts). Those that change
 * the plan also take request options after their own arguments (./request-ids.ts), which `agent()` passes on; the own
 * arguments are checked against the descriptor first (./checked-arguments.ts).
 */
export const api = acceptingRequestIds(
  checkingArguments({
    initPlan: () => run(() => agent().initPlan()),
    /**
     * `getPlan()` is the whole plan; `getPlan({ view: 'compact', nextCount })` a summary for an LLM's context
     * (core/summary.ts).
     */
    getPlan: (options?: unknown) =>
      run(() => {
        const { view, nextCount } = requireViewOptions(options);
        const plan = agent().getPlan();
        return plan && view === 'compact' ? compactPlan(plan, { nextCount }) : plan;
      }),
    getNextTask: (options?: unknown) =>
      run(() =>
        runAsNamedCaller((options as { agent?: unknown } | null | undefined)?.agent, () => agent().getNextTask()),
      ),
    getReviewTasks: () => run(() => agent().getReviewTasks()),
    getProgress: () => run(() => agent().getProgress()),
    validatePlan: () => run(() => agent().validatePlan()),
    createPlan: (title: unknown, goal: unknown, phases: unknown, details?: unknown) =>
      run(() => agent().createPlan(title, goal, phases, details)),
    startTask: (step: unknown) => run(() => agent().startTask(step)),
    completeTask: (step: unknown) => run(() => agent().completeTask(step)),
    blockTask: (step: unknown, reason: unknown) => run(() => agent().blockTask(step, reason)),
    reviewTask: (step: unknown, note: unknown) => run(() => agent().reviewTask(step, note)),
    skipTask: (step: unknown, reason: unknown) => run(() => agent().skipTask(step, reason)),
    reopenTask: (step: unknown) => run(() => agent().reopenTask(step)),
    setTaskNote: (step: unknown, note: unknown) => run(() => agent().setTaskNote(step, note)),
    startNextTask: () => run(() => agent().startNextTask()),
    advanceTask: (step: unknown) => run(() => agent().advanceTask(step)),
    applyCommands: (commands: unknown) => run(() => agent().applyCommands(commands)),
    replacePlan: (markdown: unknown, base: unknown) => run(() => agent().replacePlan(markdown, base)),
    getHistory: (limit?: unknown) => run(() => agent().getHistory(limit ?? 10)),
    adoptFormat: () => run(() => agent().adoptFormat()),
    restoreRevision: (revision: unknown) => run(() => agent().restoreRevision(revision)),
    // ---- re-planning ----
    addTask: (phase: unknown, title: unknown, options?: unknown) => run(() => agent().addTask(phase, title, options)),
    addPhase: (name: unknown, steps: unknown, after?: unknown) => run(() => agent().addPhase(name, steps, after)),
    renameTask: (step: unknown, title: unknown) => run(() => agent().renameTask(step, title)),
    moveTask: (step: unknown, after: unknown) => run(() => agent().moveTask(step, after)),
    removeTask: (step: unknown) => run(() => agent().removeTask(step)),
    // ---- finishing, and the archive ----
    finishPlan: (summary: unknown) => run(() => agent().finishPlan(summary)),
    listPlans: () => run(() => agent().listPlans()),
    getArchivedPlan: (id: unknown) => run(() => agent().getArchivedPlan(id)),
    // ---- sheet work under the plan (src/apps-script/sheet-work.ts; the rules: src/core/sheet-rules.ts) ----
    listSheets: () => run(() => sheetWork.listSheets(planSpreadsheet())),
    readRange: (a1: unknown, options?: unknown) =>
      run(() => sheetWork.readRange(planSpreadsheet(), a1, options, agentCaller())),
    writeRange: (a1: unknown, values: unknown, step: unknown) =>
      run(() => sheetWork.writeRange(planSpreadsheet(), a1, values, step, agentCaller())),
    getWriteLog: (limit?: unknown) => run(() => sheetWork.getWriteLog(planSpreadsheet(), limit)),
  } satisfies { [Name in AgentFunctionName]: (...args: never[]) => unknown }),
);
