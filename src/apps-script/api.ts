/**
 * The plan functions an agent calls through the Apps Script API (scripts.run) and the web app's tools. Each runs its
 * use case (src/core/use-cases/) on this execution's write path and returns plain JSON; errors leave with a stable
 * code prefix.
 */
import type { AgentFunctionName, PlanViewRequest } from '../core/api/api-functions';
import type { CallerOptions } from '../core/api/api-shapes';
import { holderOf } from '../core/rules/claims';
import { messageOf, PlanError, planErrorCode } from '../core/errors';
import { applyCommands } from '../core/use-cases/commands';
import { adoptFormat, createPlan, replacePlan, restoreRevision } from '../core/use-cases/documents';
import { finishPlan } from '../core/use-cases/plan-lifecycle';
import { initPlan } from '../core/use-cases/plan-setup';
import { planTemplates } from './rare-texts';
import * as rareRefusals from './rare-refusals';
import { filled } from '../core/text';
import * as reading from '../core/use-cases/reading';
import { addPhase, addTask, moveTask, removeTask, renameTask } from '../core/use-cases/replanning';
import { act, advanceTask, startNextTask } from '../core/use-cases/task-actions';
import { PlanRevisions } from '../core/write-path/plan-revisions';
import type { ManagerOptions, PlanCommand } from '../core/write-path/results';
import { compactPlan } from '../core/format/summary';
import type { AddTaskOptions, PhaseInput, PlanDetails } from '../core/format/types';
import { agentCaller, runAsNamedCaller } from './agent-identity';
import { checkingArguments, takingAtMost } from './checked-arguments';
import { argumentRulesOf, requestArgumentOf } from './descriptor-tables';
import { acceptingRequestIds, currentRequest } from './request-ids';
import * as sheetWork from './sheet-work';
import { personSpreadsheet, planSpreadsheet } from './spreadsheet-access';
import { SpreadsheetPlanStore } from './spreadsheet-store';
import { hasOwn } from '../core/own-keys';

/** The write path of an agent's call: the spreadsheet as every execution reaches it (./spreadsheet-access.ts). */
export function pathFor(options: ManagerOptions): PlanRevisions {
  return new PlanRevisions(new SpreadsheetPlanStore(planSpreadsheet), options);
}

/** The write path of a person's run (menu, onEdit): the active spreadsheet, remembered for the agents' executions. */
export function pathForPerson(options: ManagerOptions): PlanRevisions {
  return new PlanRevisions(new SpreadsheetPlanStore(personSpreadsheet), options);
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
    const message = messageOf(error);
    if (planErrorCode(error)) throw error;
    // scripts.run carries only the message, so the cause travels in it (and Apps Script's ES2021 has no `cause`).
    throw new PlanError('SERVICE_ERROR', message);
  }
}

const agent = () => pathFor({ source: agentCaller(), request: currentRequest() });

type Call = (...args: unknown[]) => unknown;

/**
 * The plan API: one implementation per agent function of the descriptor (src/core/api/api-functions.ts). A
 * null-prototype literal, as main.ts's tables: V8 builds it in a few µs, an ordinary one in ~30 in each execution's
 * fresh context.
 */
const implementations: { [Name in AgentFunctionName]: (...args: never[]) => unknown } & { __proto__?: null } = {
  __proto__: null,
  initPlan: () => run(() => initPlan(agent(), planTemplates)),
  /**
   * `getPlan()` is the whole plan; `getPlan({ view: 'compact', nextCount })` a summary for an LLM's context
   * (core/summary.ts).
   */
  getPlan: (options?: PlanViewRequest | null) =>
    run(() => {
      return runAsNamedCaller(options?.agent, () => {
        const plan = reading.getPlan(agent());
        // The caller's own claims are marked (you): the others' are another agent's (src/core/rules/claims.ts).
        return plan && options?.view === 'compact'
          ? compactPlan(plan, { nextCount: options.nextCount, you: holderOf(agentCaller()) })
          : plan;
      });
    }),
  getNextTask: (options?: { agent?: string } | null) =>
    run(() => runAsNamedCaller(options?.agent, () => reading.getNextTask(agent()))),
  getReviewTasks: () => run(() => reading.getReviewTasks(agent())),
  getProgress: () => run(() => reading.getProgress(agent())),
  validatePlan: () => run(() => reading.validatePlan(agent())),
  createPlan: (title: string, goal: string, phases: PhaseInput[], details?: PlanDetails | null) =>
    run(() => createPlan(agent(), title, goal, phases, details)),
  startTask: (step: string) => run(() => act(agent(), 'start', step)),
  completeTask: (step: string) => run(() => act(agent(), 'complete', step)),
  blockTask: (step: string, reason: string) => run(() => act(agent(), 'block', step, reason)),
  reviewTask: (step: string, note: string) => run(() => act(agent(), 'review', step, note)),
  skipTask: (step: string, reason: string) => run(() => act(agent(), 'skip', step, reason)),
  reopenTask: (step: string) => run(() => act(agent(), 'reopen', step)),
  setTaskNote: (step: string, note?: string | null) => run(() => act(agent(), 'note', step, note)),
  startNextTask: () => run(() => startNextTask(agent())),
  advanceTask: (step: string) => run(() => advanceTask(agent(), step)),
  applyCommands: (commands: PlanCommand[]) => run(() => applyCommands(agent(), commands)),
  replacePlan: (markdown: string, base: string | number) => run(() => replacePlan(agent(), markdown, base)),
  getHistory: (limit?: number | null) => run(() => reading.getHistory(agent(), limit ?? 10)),
  adoptFormat: () => run(() => adoptFormat(agent())),
  restoreRevision: (revision: number) => run(() => restoreRevision(agent(), revision)),
  // ---- re-planning ----
  addTask: (phase: number | string, title: string, options?: AddTaskOptions | null) =>
    run(() => addTask(agent(), phase, title, options)),
  addPhase: (name: string, steps: string[], after?: number | string | null) =>
    run(() => addPhase(agent(), name, steps, after)),
  renameTask: (step: string, title: string) => run(() => renameTask(agent(), step, title)),
  moveTask: (step: string, after: string | number) => run(() => moveTask(agent(), step, after)),
  removeTask: (step: string) => run(() => removeTask(agent(), step)),
  // ---- finishing, and the archive ----
  finishPlan: (summary: string) => run(() => finishPlan(agent(), summary, planTemplates)),
  listPlans: () => run(() => reading.listPlans(agent())),
  getArchivedPlan: (id: number) => run(() => reading.getArchivedPlan(agent(), id)),
  // ---- sheet work under the plan (src/apps-script/sheet-work.ts; the rules: src/core/sheet/sheet-rules.ts) ----
  listSheets: () => run(() => sheetWork.listSheets(planSpreadsheet())),
  readRange: (a1: string, options?: { display?: boolean } | null) =>
    run(() => sheetWork.readRange(planSpreadsheet(), a1, options, agentCaller())),
  writeRange: (a1: string, values: unknown, step: string, options?: CallerOptions | null) =>
    run(() =>
      runAsNamedCaller(options?.agent, () => sheetWork.writeRange(planSpreadsheet(), a1, values, step, agentCaller())),
    ),
  getWriteLog: (limit?: number | null) => run(() => sheetWork.getWriteLog(planSpreadsheet(), limit)),
};

export function isAgentFunction(name: string): name is AgentFunctionName {
  return hasOwn(implementations, name);
}

/**
 * The agent function `name` as callers reach it (scripts.run, the web app's tools): its own arguments checked against
 * the descriptor first (./checked-arguments.ts); one that changes the plan also takes request options after them
 * (./request-ids.ts), which `agent()` passes on. Built for the function called, not for all at each execution's start.
 */
export function agentFunction(name: AgentFunctionName): Call {
  if (!isAgentFunction(name)) throw new Error(filled(rareRefusals.notAgentFunction(), { name }));
  const count = (requestArgumentOf(name)?.index ?? argumentRulesOf(name)!.length - 1) + 1;
  return takingAtMost(name, count, acceptingRequestIds(name, checkingArguments(name, implementations[name] as Call)));
}
