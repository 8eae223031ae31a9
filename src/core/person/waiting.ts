/**
 * What waits for the person, computed once for everyone who tells it: the e-mail (notifications.ts), getPlan's
 * attention list (attention.ts), and the sidebar. Tasks in review, unanswered questions, and the plan's approval when
 * the person asked to approve plans first and the plan is a draft or has no Status line (it reads as a draft then).
 */
import { waitsForApproval } from '../rules/lifecycle';
import type { PlanOutline } from '../format/parse';
import { PLACEHOLDER } from '../format/patterns';
import type { PlanStatus } from '../format/plan-status';
import { waitsForPerson } from '../format/statuses';
import type { Plan, PlanTask } from '../format/types';
import { allTasks } from '../format/plan-tasks';

/** The parts of a plan (parsed, or an outline) that say what waits. */
export interface WaitingSource {
  title: string;
  status?: PlanStatus;
  tasks: readonly PlanTask[];
  questions: ReadonlyArray<{ text: string; answer?: string; number?: number }>;
}

/** One thing that waits for the person. */
export interface WaitingThing {
  what: 'review' | 'question' | 'approval';
  /** The task in review. */
  step?: string;
  /** The task's title, the question's text, or the plan's title. */
  text: string;
  /** The agent's review note. */
  note?: string;
  /** The question's number in the plan. */
  number?: number;
}

export function waitingSourceOfPlan(plan: Plan): WaitingSource {
  return {
    title: plan.title,
    status: plan.status,
    tasks: allTasks(plan),
    questions: plan.questionDetails ?? [],
  };
}

export function waitingSourceOfOutline(outline: PlanOutline): WaitingSource {
  return { title: outline.title, status: outline.status, tasks: outline.tasks, questions: outline.questions };
}

/** What waits for the person, in this order: the plan's approval, the open questions, the tasks in review. */
export function whatWaitsForPerson(source: WaitingSource, approvalRequired: boolean): WaitingThing[] {
  const waiting: WaitingThing[] = [];
  if (waitsForApproval(source.status, approvalRequired)) waiting.push({ what: 'approval', text: source.title });
  for (const question of source.questions) {
    // A template's placeholder (`[Any clarifying questions]`) is nobody's question yet.
    if (question.answer?.trim() || PLACEHOLDER.test(question.text.trim())) continue;
    const item: WaitingThing = { what: 'question', text: question.text };
    if (question.number !== undefined) item.number = question.number;
    waiting.push(item);
  }
  for (const task of source.tasks) {
    if (!waitsForPerson(task)) continue;
    const item: WaitingThing = { what: 'review', step: task.step, text: task.title };
    if (task.note) item.note = task.note;
    waiting.push(item);
  }
  return waiting;
}
