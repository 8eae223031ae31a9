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
import type { TaskResult } from '../../core/write-path/results';
import { parsePlan } from '../../core/format/parse';
import { describeProgress } from '../../core/format/progress';
import { statusDefinition } from '../../core/format/statuses';
import type { PhaseInput, Plan, PlanDetails, PlanTask } from '../../core/format/types';
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

/** Throws once a wait has lasted longer than the demo's timeout (none: waits as long as it takes). */
function checkWaited(started: number, timeoutMs: number | undefined, what: string): void {
  if (timeoutMs !== undefined && Date.now() - started > timeoutMs) throw new Error(`${what} within ${timeoutMs} ms`);
}

/** One run of the demo: what the agent has done so far, and each kind of step it takes. */
class DemoRun {
  readonly result: DemoResult;
  private readonly client: DemoOptions['client'];
  private readonly log: DemoOptions['log'];
  private readonly sheetWork: DemoSheetWork;
  /** The example plan's tasks by step: what the agent does at each (review, block). */
  private readonly exampleTask: Map<string, PlanTask>;
  /** Where the person acts, for the waiting lines (nothing to say when the demo plays the person). */
  private readonly where: string;

  constructor(
    private readonly options: DemoOptions,
    example: Plan,
  ) {
    const { client, log, person } = options;
    this.client = client;
    this.log = log;
    this.exampleTask = new Map(example.phases.flatMap((phase) => phase.tasks).map((task) => [task.step, task]));
    this.result = {
      completed: [],
      reviews: [],
      planApprovals: 0,
      progress: example.progress,
      sheet: { writes: {}, fixes: [] },
    };
    const sidebar = options.sidebarUrl
      ? `: open ${options.sidebarUrl} and approve it in the sidebar`
      : ' in the sidebar';
    this.where = person ? '' : sidebar;
    const { pollMs, sidebarUrl, reviewTimeoutMs: undoTimeoutMs } = options;
    this.sheetWork = new DemoSheetWork({ client, log, pollMs, sidebarUrl, undoTimeoutMs, person });
  }

  pause(): Promise<void> {
    return this.options.pauseMs > 0 ? sleep(this.options.pauseMs) : Promise.resolve();
  }

  /** Drafts the example plan, declares its checks, and waits for the person's approval if the sheet asks for it. */
  async draft({ title, goal, phases, details }: ReturnType<typeof examplePlanInput>): Promise<void> {
    const tasks = phases.reduce((count, phase) => count + phase.steps.length, 0);
    this.log(`📝 createPlan("${title}"): ${phases.length} phases, ${tasks} tasks`);
    const draft = await this.client.createPlan(title, goal, phases, details);
    if (draft.status === 'draft') {
      this.log('  📝 the plan is a draft: the person asked to approve plans before work starts');
    }
    await declareChecks(this.client, this.log);
    await this.pause();
    await this.waitForPlanApproval('drafted');
  }

  /**
   * Waits while the plan is a draft the person must approve. A plan sent back gets the person's comment added
   * as a task of the last phase (the scripted agent's way of re-planning), and waits again.
   */
  async waitForPlanApproval(why: string): Promise<void> {
    let plan = await this.client.getPlan();
    if (!plan?.waitingForApproval) return;
    this.result.planApprovals += 1;
    this.log(`  ⏳ ${why}: waiting for a person to approve the plan${this.where}`);
    if (this.options.person) await this.options.person.approvePlan();
    let answered = plan.statusNote;
    const started = Date.now();
    while (plan?.waitingForApproval) {
      if (plan.statusNote && plan.statusNote !== answered && plan.statusNote.startsWith('changes requested')) {
        answered = plan.statusNote;
        await this.followUp(plan.statusNote, plan.phases.length);
      }
      checkWaited(started, this.options.reviewTimeoutMs, 'Nobody approved the plan');
      await sleep(this.options.pollMs);
      plan = await this.client.getPlan();
    }
    this.log(`  ✅ plan approved${plan?.statusNote ? `: ${plan.statusNote}` : ''}`);
  }

  /** The person sent the plan back: their comment becomes a task of the last phase. */
  private async followUp(statusNote: string, lastPhase: number): Promise<void> {
    const comment = statusNote.replace(/^changes requested:\s*/, '').replace(/ (—|--) /g, ', ');
    const added = await this.client.addTask(lastPhase, `Follow up: ${comment}`);
    this.log(`  ✎ sent back ("${comment}"): addTask → ${added.step}; waiting for approval again`);
  }

  /** Works through the tasks one by one, from startNextTask until none is left. */
  async workThrough(): Promise<void> {
    let current: TaskResult | null = await this.client.startNextTask();
    while (current) {
      const step = current.step;
      this.log(`▶ ${step} ${current.title}`);
      await this.sheetWork.forTask(step);
      await this.pause();
      const scripted = this.exampleTask.get(step);
      if (scripted?.reviewNote) await this.reviewUntilApproved(step, scripted.reviewNote);
      else if (scripted?.blockedReason) await this.blockForAMoment(step, scripted.title);
      current = step === DISCOVERED_AFTER ? await this.completeAndDiscover(step) : await this.complete(step);
    }
  }

  /** Asks for a review and waits for the decision; a request for changes gets the task reworked and asked again. */
  private async reviewUntilApproved(step: string, firstNote: string): Promise<void> {
    let note = firstNote;
    for (;;) {
      await this.client.reviewTask(step, note);
      this.log(`  👀 reviewTask(${step}, "${note}")`);
      const decided = await this.waitForReview(step);
      this.result.reviews.push({ step, decision: decided.note ?? decided.status });
      if (statusDefinition(decided.status).finished) return;
      if (decided.note?.startsWith('changes requested')) {
        this.log(`  ✎ ${decided.note}: the agent reworks ${step}`);
        await this.client.startTask(step);
        await this.pause();
        note = `reworked after "${decided.note.replace(/^changes requested:\s*/, '')}"; please check again`;
        continue;
      }
      this.log(`  ✅ ${decided.note ?? 'approved'}`);
      await this.client.startTask(step);
      await this.pause();
      return;
    }
  }

  /** Polls until a person has decided on the review item; returns the task as it is then. */
  private async waitForReview(step: string): Promise<PlanTask> {
    this.log(`  ⏳ waiting for a person to review ${step}${this.where}`);
    if (this.options.person) await this.options.person.approveReview(step);
    const started = Date.now();
    for (;;) {
      const task = findTask(await this.client.getPlan(), step);
      if (!task) throw new Error(`Task ${step} is no longer in the plan`);
      if (!statusDefinition(task.status).heldForPerson) return task;
      checkWaited(started, this.options.reviewTimeoutMs, `Nobody reviewed task ${step}`);
      await sleep(this.options.pollMs);
    }
  }

  /** Blocks the task for a moment, then goes on with it. */
  private async blockForAMoment(step: string, title: string): Promise<void> {
    // The example's reason (the Phase 2 review) is settled by now: the demo is blocked by something else.
    const range = /\b[A-Z][\w]*![A-Z]+\d*(?::[A-Z]+\d*)?/.exec(title)?.[0] ?? 'the target range';
    const reason = `${range} is protected; waiting for edit access`;
    await this.client.blockTask(step, reason);
    this.log(`  ⛔ blockTask(${step}, "${reason}")`);
    await this.pause();
    await this.pause();
    this.log(`  ↻ edit access granted: ${step} goes on`);
    await this.client.startTask(step);
    await this.pause();
  }

  /** Completes the step, then adds the work it discovered (which may make the plan a draft again). */
  private async completeAndDiscover(step: string): Promise<TaskResult | null> {
    await this.client.completeTask(step);
    this.result.completed.push(step);
    this.log(`  ✓ ${step} done`);
    const added = await this.client.addTask(DISCOVERED.phase, DISCOVERED.title);
    this.result.discovered = added.step;
    this.log(`🔎 discovered work: addTask(${DISCOVERED.phase}, "${DISCOVERED.title}") → ${added.step}`);
    await this.pause();
    if (added.planStatus === 'draft') await this.waitForPlanApproval(`a new task, so the plan is a draft again`);
    return this.client.startNextTask();
  }

  /** Completes the step once its checks pass (advanceTask); answers the next task started. */
  private async complete(step: string): Promise<TaskResult | null> {
    try {
      const next = await this.sheetWork.completeChecked(step, () => this.client.advanceTask(step));
      this.result.completed.push(step);
      this.log(`  ✓ ${step} done`);
      return next;
    } catch (error) {
      // A person changed the task in the sidebar meanwhile (finished or skipped it): carry on.
      if (!(error instanceof PlanClientError && error.code === 'INVALID_TRANSITION')) throw error;
      this.log(`  ↷ ${step} was changed in the sidebar: ${error.detail}`);
      return this.client.startNextTask();
    }
  }

  /** Records the progress and the sheet work, then finishes the plan, which moves it to the archive. */
  async finish(): Promise<DemoResult> {
    const { result, sheetWork } = this;
    const finished = await this.client.getPlan();
    if (finished) result.progress = finished.progress;
    const { refusal, undone, fixes } = sheetWork;
    result.sheet = { writes: Object.fromEntries(sheetWork.writes), refusal, undone, fixes };
    this.log(`🏁 Finished: ${describeProgress(result.progress)}`);
    const archived = await this.client.finishPlan(
      `Reconciled ${result.completed.length} steps; discrepancies flagged and the summary written`,
    );
    result.archived = { id: archived.id, title: archived.title };
    const archive = await this.client.listPlans();
    this.log(`🗄 finishPlan: "${archived.title}" is plan #${archived.id} of the archive (${archive.length} in all)`);
    return result;
  }
}

export async function runDemoAgent(options: DemoOptions): Promise<DemoResult> {
  const input = examplePlanInput();
  const run = new DemoRun(options, input.example);
  await run.draft(input);
  await run.workThrough();
  return run.finish();
}
