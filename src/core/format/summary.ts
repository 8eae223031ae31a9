/**
 * The compact view of a plan, for an LLM's context: what is finished shrinks to a line, what needs
 * attention (every status that is neither finished nor the queue: doing, blocked, review) is shown
 * in full, and so are the next few tasks of the queue (todo). Task lines keep the document's own
 * syntax (`- [/] 3.1 Title`), so the view reads like the plan.
 */
import { attentionLines, type Attention } from '../person/attention';
import { CLAIM_LABEL, describeClaim, sameHolder } from '../rules/claims';
import { tasksByStep, unfinishedDependencies } from '../rules/dependencies';
import { formatTaskLine } from './annotations';
import { countOf, countProgress, describeProgress } from './progress';
import type { RevisionInfo } from '../write-path/revision';
import { STATUS_TABLE, type StatusTable } from './statuses';
import { shorten } from '../text';
import { allTasks } from './plan-tasks';
import type { Phase, Plan, PlanStatus, PlanTask, Progress } from './types';

/**
 * What the summary says of the plan's status, with what the person said. A plan without a Status line that waits for
 * approval is a draft (the person asks to approve plans first), as get_plan's `status` says.
 */
function statusLine(plan: Plan, waitingForApproval: boolean): string | undefined {
  const status = plan.status ?? (waitingForApproval ? 'draft' : '');
  if (!status) return undefined;
  const said = plan.statusNote ? ` — ${plan.statusNote}` : '';
  const waiting = waitingForApproval ? " (waiting for the person's approval: no task may be started until then)" : '';
  return `Status: ${status}${said}${waiting}`;
}

/** ` (waits for 1.2, 1.3)` after a todo task whose `After:` steps are not all done or skipped; '' otherwise. */
function waitingWords(plan: Plan, statuses: StatusTable): (task: PlanTask) => string {
  const tasks = allTasks(plan);
  if (!tasks.some((task) => task.waitsFor)) return () => '';
  const byStep = tasksByStep(tasks);
  return (task) => {
    if (!statuses.definition(task.status).queue) return '';
    const unfinished = unfinishedDependencies(task, byStep, statuses);
    return unfinished.length ? ` (waits for ${unfinished.map((dependency) => dependency.step).join(', ')})` : '';
  };
}

export interface SummaryOptions {
  /** How many todo tasks (the next ones, in plan order) to show; 3 unless told. */
  nextCount?: number;
  /** The statuses the plan was read with (the product's unless told). */
  statuses?: StatusTable;
  /** Who reads it (an agent's name, or `api`): its own claims are marked `(you)`, the others' are another's. */
  you?: string;
}

export interface CompactPlan {
  view: 'compact';
  title: string;
  goal: string;
  /** The Status line: draft, approved or done; absent when the plan has none. */
  status?: PlanStatus;
  /** What the person said on the Status line (e.g. "changes requested: …"). */
  statusNote?: string;
  /** The plan is a draft the person must approve before work starts. */
  waitingForApproval: boolean;
  revision: number;
  changedBy: RevisionInfo['changedBy'];
  changedAt?: string;
  progress: Progress;
  /** What waits for the person and since when, and what the person decided since your last change. */
  attention?: Attention;
  /** The plan as a few lines of Markdown. */
  summary: string;
}

export const DEFAULT_NEXT_COUNT = 3;
/** Questions are context, not work: each is cut to this length. */
const QUESTION_LENGTH = 120;

/** `10 done`, `9 done, 1 skipped`: the headline status always, the others when they have tasks. */
function finishedCounts(tasks: PlanTask[], statuses: StatusTable): string {
  const progress = countProgress(tasks, statuses);
  return statuses.definitions
    .filter((definition) => definition.headline || countOf(progress, definition.status) > 0)
    .map(({ status }) => `${countOf(progress, status)} ${status}`)
    .join(', ');
}

/** One line for a run of consecutive finished phases. */
function finishedRunLine(run: Phase[], statuses: StatusTable): string {
  const tasks = run.flatMap((phase) => phase.tasks);
  const counts = finishedCounts(tasks, statuses);
  if (run.length === 1) return `✓ Phase ${run[0].number}: ${run[0].name} (${counts})`;
  return `✓ Phases ${run[0].number}–${run[run.length - 1].number} finished (${tasks.length} tasks: ${counts})`;
}

/**
 * The plan in a few lines: title, goal and progress; unanswered questions; a line per run of
 * finished phases; for the other phases a heading with counts, their doing, blocked and review
 * tasks, and the next `nextCount` todo tasks of the plan. Everything else is counted, not listed.
 */
export function summarizePlan(plan: Plan & { waitingForApproval?: boolean }, options: SummaryOptions = {}): string {
  const nextCount = options.nextCount ?? DEFAULT_NEXT_COUNT;
  const statuses = options.statuses ?? STATUS_TABLE;
  const statusOf = (task: PlanTask) => statuses.definition(task.status);
  const isFinished = (task: PlanTask) => statusOf(task).finished;
  const waiting = waitingWords(plan, statuses);
  const yours = (working: { by: string }) => options.you !== undefined && sameHolder(working.by, options.you);
  // A task's claim goes under it as the plan writes it: who works on it, until when (src/core/rules/claims.ts).
  const taskLine = (task: PlanTask) =>
    formatTaskLine(statusOf(task).symbol, task.step, { title: task.title, note: task.note }) +
    waiting(task) +
    (task.working ? `\n  - ${CLAIM_LABEL}: ${describeClaim(task.working)}${yours(task.working) ? ' (you)' : ''}` : '');
  const status = statusLine(plan, plan.waitingForApproval ?? false);
  const lines = [
    `# Plan: ${plan.title || '(untitled)'}`,
    `Goal: ${plan.goal || '(none)'}`,
    ...(status ? [status] : []),
    `Progress: ${describeProgress(plan.progress, statuses)}`,
  ];

  const open = (plan.questionDetails ?? []).filter((question) => !question.answer);
  if (open.length) {
    lines.push(`Open questions (${open.length}):`);
    for (const question of open) lines.push(`- ${shorten(question.text, QUESTION_LENGTH)}`);
  }

  let nextLeft = nextCount;
  let finishedRun: Phase[] = [];
  const closeRun = () => {
    if (finishedRun.length) lines.push(finishedRunLine(finishedRun, statuses));
    finishedRun = [];
  };
  for (const phase of plan.phases) {
    if (phase.tasks.length > 0 && phase.tasks.every(isFinished)) {
      finishedRun.push(phase);
      continue;
    }
    closeRun();
    const finished = phase.tasks.filter(isFinished).length;
    const shown: string[] = [];
    let hidden = 0;
    for (const task of phase.tasks) {
      if (isFinished(task)) continue;
      if (!statusOf(task).queue) {
        shown.push(taskLine(task));
      } else if (nextLeft > 0) {
        shown.push(taskLine(task));
        nextLeft -= 1;
      } else {
        hidden += 1;
      }
    }
    const queue = statuses.queue.status;
    const heading = `### Phase ${phase.number}: ${phase.name} (${finished}/${phase.tasks.length} finished`;
    if (shown.length === 0) {
      lines.push(`${heading}${hidden ? `, ${hidden} ${queue}` : ''})`);
    } else {
      lines.push(`${heading})`, ...shown);
      if (hidden) lines.push(`  (${hidden} more ${queue})`);
    }
  }
  closeRun();
  if (plan.phases.length === 0) lines.push('(no phases yet)');
  return lines.join('\n');
}

/** getPlan's compact answer: the summary with the figures a program wants. */
export function compactPlan(
  plan: Plan & RevisionInfo & { waitingForApproval?: boolean; attention?: Attention },
  options: Omit<SummaryOptions, 'statuses'> = {},
): CompactPlan {
  const view: CompactPlan = {
    view: 'compact',
    title: plan.title,
    goal: plan.goal,
    waitingForApproval: plan.waitingForApproval ?? false,
    revision: plan.revision,
    changedBy: plan.changedBy,
    progress: plan.progress,
    summary: summarizePlan(plan, options),
  };
  if (plan.attention) {
    view.attention = plan.attention;
    const lines = attentionLines(plan.attention);
    if (lines.length) view.summary += `\n${lines.join('\n')}`;
  }
  if (plan.changedAt) view.changedAt = plan.changedAt;
  if (plan.status) view.status = plan.status;
  if (plan.statusNote) view.statusNote = plan.statusNote;
  return view;
}
