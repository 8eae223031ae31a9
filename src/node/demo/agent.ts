/**
 * A scripted agent (no LLM) that lives through a plan's whole life with PlanClient, slowly enough for
 * a person to watch the sidebar: it drafts the spec's example plan and, when the sheet asks for the
 * person's approval first, waits until they approve it in the sidebar (a plan sent back gets the
 * person's comment added as a task, and waits again); then it starts and completes the tasks one by
 * one (startNextTask, then advanceTask). Where the example has a review item it asks for a review and
 * waits for the person's decision (a request for changes gets the task reworked and reviewed again);
 * where the example has a blocked task it blocks it for a moment. Before the person approves its draft, it
 * declares how its sheet work will be checked (`- Check:` lines, ./declared-checks); a completion the checks
 * refuse gets the named cells fixed and is tried again (./sheet-steps). After the first phase it discovers a task
 * and adds it (which makes an approved plan a draft again, for the person to approve); at the end it finishes
 * the plan, which moves it to the archive.
 */
import { PlanClientError } from '../client/errors';
import type { PlanClient } from '../client/plan-client';
import type { TaskResult } from '../../core/plan-manager';
import { parsePlan } from '../../core/parse';
import { describeProgress } from '../../core/progress';
import { statusDefinition } from '../../core/statuses';
import type { PhaseInput, Plan, PlanDetails, PlanTask } from '../../core/types';
import { EXAMPLE_PLAN } from '../server/example-plan';
import { DEMO_CHECKS, withCheckLines } from './declared-checks';
import type { DemoPerson } from './person';
import { DemoSheetWork, type CheckFix, type SheetWorkClient } from './sheet-steps';

export interface DemoOptions {
  client: Pick<
    PlanClient,
    | 'createPlan'
    | 'startNextTask'
    | 'startTask'
    | 'advanceTask'
    | 'completeTask'
    | 'reviewTask'
    | 'blockTask'
    | 'getPlan'
    | 'addTask'
    | 'finishPlan'
    | 'listPlans'
    | 'replacePlan'
  > &
    SheetWorkClient;
  /** A line for the person watching. */
  log: (line: string) => void;
  /** The pause after each step, so the sidebar can be watched (0: as fast as it goes). */
  pauseMs: number;
  /** How often the agent looks for the person's decision on a review item. */
  pollMs: number;
  /** Where the person approves, for the message while waiting. */
  sidebarUrl?: string;
  /** Stop waiting for a review, or for the undo, after this long (default: wait as long as it takes). */
  reviewTimeoutMs?: number;
  /** Who acts instead of a person in the sidebar (--fast); the agent still waits until it sees each act done. */
  person?: DemoPerson;
}

export interface DemoResult {
  /** Steps completed, in order. */
  completed: string[];
  /** Each review: the step and the person's decision, as written on the task. */
  reviews: Array<{ step: string; decision: string }>;
  /** How many times the agent waited for the person to approve the whole plan. */
  planApprovals: number;
  /** The task the agent discovered and added on the way. */
  discovered?: string;
  /** Where finishPlan put the plan. */
  archived?: { id: number; title: string };
  progress: Plan['progress'];
  /**
   * The sheet work: the ranges written by task, the refused write's message, the range the person undid, and each
   * completion the task's checks refused with the range the agent wrote again.
   */
  sheet: { writes: Record<string, string>; refusal?: string; undone?: string; fixes: CheckFix[] };
}

/** After this step the agent discovers work the plan did not have. */
const DISCOVERED_AFTER = '1.3';
const DISCOVERED = { phase: 4, title: 'Archive the reconciliation to History!A:F (month snapshot)' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The example plan as createPlan's arguments: its tasks as titles, its sections as details. */
export function examplePlanInput(): {
  title: string;
  goal: string;
  phases: PhaseInput[];
  details: PlanDetails;
  example: Plan;
} {
  const example = parsePlan(EXAMPLE_PLAN);
  const analysis = example.analysisDetails;
  return {
    title: example.title,
    goal: example.goal,
    phases: example.phases.map((phase) => ({ name: phase.name, steps: phase.tasks.map((task) => task.title) })),
    details: {
      analysis: analysis && {
        spreadsheet: analysis.spreadsheet,
        keySheets: analysis.keySheets,
        read: analysis.targetRanges.read,
        write: analysis.targetRanges.write,
        currentState: analysis.currentState,
      },
      questions: example.questions,
      notes: example.notes,
    },
    example,
  };
}

function findTask(plan: Plan | null, step: string): PlanTask | undefined {
  return plan?.phases.flatMap((phase) => phase.tasks).find((task) => task.step === step);
}

/** Adds the demo's `- Check:` lines to the plan just drafted (replacePlan at the revision just read). */
async function declareChecks(client: DemoOptions['client'], log: DemoOptions['log']): Promise<void> {
  const plan = await client.getPlan();
  if (!plan) throw new Error('The plan the agent just drafted is gone');
  await client.replacePlan(withCheckLines(plan.raw, DEMO_CHECKS), plan.revision);
  const lines = Object.entries(DEMO_CHECKS).map(([step, check]) => `${step} "Check: ${check}"`);
  log(`  📏 replacePlan: the agent says how its sheet work will be checked when it completes ${lines.join(', ')}`);
}

export async function runDemoAgent(options: DemoOptions): Promise<DemoResult> {
  const { client, log } = options;
  const pause = () => (options.pauseMs > 0 ? sleep(options.pauseMs) : Promise.resolve());
  const { title, goal, phases, details, example } = examplePlanInput();
  const exampleTask = new Map(example.phases.flatMap((phase) => phase.tasks).map((task) => [task.step, task]));
  const result: DemoResult = {
    completed: [],
    reviews: [],
    planApprovals: 0,
    progress: example.progress,
    sheet: { writes: {}, fixes: [] },
  };
  const { person } = options;
  // Where the person acts, for the waiting lines (nothing to say when the demo plays the person).
  const sidebar = options.sidebarUrl ? `: open ${options.sidebarUrl} and approve it in the sidebar` : ' in the sidebar';
  const where = person ? '' : sidebar;

  /**
   * Waits while the plan is a draft the person must approve. A plan sent back gets the person's comment added
   * as a task of the last phase (the scripted agent's way of re-planning), and waits again.
   */
  const waitForPlanApproval = async (why: string): Promise<void> => {
    let plan = await client.getPlan();
    if (!plan?.waitingForApproval) return;
    result.planApprovals += 1;
    log(`  ⏳ ${why}: waiting for a person to approve the plan${where}`);
    if (person) await person.approvePlan();
    let answered = plan.statusNote;
    const started = Date.now();
    while (plan?.waitingForApproval) {
      if (plan.statusNote && plan.statusNote !== answered && plan.statusNote.startsWith('changes requested')) {
        answered = plan.statusNote;
        const comment = plan.statusNote.replace(/^changes requested:\s*/, '').replace(/ (—|--) /g, ', ');
        const added = await client.addTask(plan.phases.length, `Follow up: ${comment}`);
        log(`  ✎ sent back ("${comment}"): addTask → ${added.step}; waiting for approval again`);
      }
      if (options.reviewTimeoutMs !== undefined && Date.now() - started > options.reviewTimeoutMs) {
        throw new Error(`Nobody approved the plan within ${options.reviewTimeoutMs} ms`);
      }
      await sleep(options.pollMs);
      plan = await client.getPlan();
    }
    log(`  ✅ plan approved${plan?.statusNote ? `: ${plan.statusNote}` : ''}`);
  };
  const sheetWork = new DemoSheetWork({
    client,
    log,
    pollMs: options.pollMs,
    sidebarUrl: options.sidebarUrl,
    undoTimeoutMs: options.reviewTimeoutMs,
    person,
  });

  /** Polls until a person has decided on the review item; returns the task as it is then. */
  const waitForPerson = async (step: string): Promise<PlanTask> => {
    log(`  ⏳ waiting for a person to review ${step}${where}`);
    if (person) await person.approveReview(step);
    const started = Date.now();
    for (;;) {
      const task = findTask(await client.getPlan(), step);
      if (!task) throw new Error(`Task ${step} is no longer in the plan`);
      if (!statusDefinition(task.status).heldForPerson) return task;
      if (options.reviewTimeoutMs !== undefined && Date.now() - started > options.reviewTimeoutMs) {
        throw new Error(`Nobody reviewed task ${step} within ${options.reviewTimeoutMs} ms`);
      }
      await sleep(options.pollMs);
    }
  };

  log(
    `📝 createPlan("${title}"): ${phases.length} phases, ` +
      `${phases.reduce((count, phase) => count + phase.steps.length, 0)} tasks`,
  );
  const draft = await client.createPlan(title, goal, phases, details);
  if (draft.status === 'draft') log('  📝 the plan is a draft: the person asked to approve plans before work starts');
  await declareChecks(client, log);
  await pause();
  await waitForPlanApproval('drafted');

  let current: TaskResult | null = await client.startNextTask();
  while (current) {
    const step = current.step;
    log(`▶ ${step} ${current.title}`);
    await sheetWork.forTask(step);
    await pause();
    const scripted = exampleTask.get(step);

    if (scripted?.reviewNote) {
      let note = scripted.reviewNote;
      for (;;) {
        await client.reviewTask(step, note);
        log(`  👀 reviewTask(${step}, "${note}")`);
        const decided = await waitForPerson(step);
        result.reviews.push({ step, decision: decided.note ?? decided.status });
        if (statusDefinition(decided.status).finished) break;
        if (decided.note?.startsWith('changes requested')) {
          log(`  ✎ ${decided.note}: the agent reworks ${step}`);
          await client.startTask(step);
          await pause();
          note = `reworked after "${decided.note.replace(/^changes requested:\s*/, '')}"; please check again`;
          continue;
        }
        log(`  ✅ ${decided.note ?? 'approved'}`);
        await client.startTask(step);
        await pause();
        break;
      }
    } else if (scripted?.blockedReason) {
      // The example's reason (the Phase 2 review) is settled by now: the demo is blocked by something else.
      const range = /\b[A-Z][\w]*![A-Z]+\d*(?::[A-Z]+\d*)?/.exec(scripted.title)?.[0] ?? 'the target range';
      const reason = `${range} is protected; waiting for edit access`;
      await client.blockTask(step, reason);
      log(`  ⛔ blockTask(${step}, "${reason}")`);
      await pause();
      await pause();
      log(`  ↻ edit access granted: ${step} goes on`);
      await client.startTask(step);
      await pause();
    }

    if (step === DISCOVERED_AFTER) {
      await client.completeTask(step);
      result.completed.push(step);
      log(`  ✓ ${step} done`);
      const added = await client.addTask(DISCOVERED.phase, DISCOVERED.title);
      result.discovered = added.step;
      log(`🔎 discovered work: addTask(${DISCOVERED.phase}, "${DISCOVERED.title}") → ${added.step}`);
      await pause();
      if (added.planStatus === 'draft') await waitForPlanApproval(`a new task, so the plan is a draft again`);
      current = await client.startNextTask();
      continue;
    }

    try {
      current = await sheetWork.completeChecked(step, () => client.advanceTask(step));
      result.completed.push(step);
      log(`  ✓ ${step} done`);
    } catch (error) {
      // A person changed the task in the sidebar meanwhile (finished or skipped it): carry on.
      if (!(error instanceof PlanClientError && error.code === 'INVALID_TRANSITION')) throw error;
      log(`  ↷ ${step} was changed in the sidebar: ${error.detail}`);
      current = await client.startNextTask();
    }
  }

  const finished = await client.getPlan();
  if (finished) result.progress = finished.progress;
  result.sheet = {
    writes: Object.fromEntries(sheetWork.writes),
    refusal: sheetWork.refusal,
    undone: sheetWork.undone,
    fixes: sheetWork.fixes,
  };
  log(`🏁 Finished: ${describeProgress(result.progress)}`);
  const archived = await client.finishPlan(
    `Reconciled ${result.completed.length} steps; discrepancies flagged and the summary written`,
  );
  result.archived = { id: archived.id, title: archived.title };
  const archive = await client.listPlans();
  log(`🗄 finishPlan: "${archived.title}" is plan #${archived.id} of the archive (${archive.length} in all)`);
  return result;
}
