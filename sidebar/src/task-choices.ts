/**
 * Which actions the sidebar offers on a task, and what their buttons say, read from the core's
 * action rules and status table: every status a person may move the task to, re-wording a reason
 * where the table allows it, and for a task held for a person only their decision (approve or
 * request changes).
 */
import { actionRules, type ActionRule, type TaskAction } from '../../src/core/rules/actions';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable } from '../../src/core/format/statuses';
import type { PlanTask } from '../../src/core/format/types';

export interface TaskChoice {
  action: TaskAction;
  label: string;
  /** The text the action asks for: its label in the form, and whether it may be left empty. */
  text?: { label: string; required: boolean; initial?: string };
  /** Shown first and filled: the step forward most people want. */
  primary?: boolean;
}

/** A person's decisions first, then the rest in the rules' order (moves, the move back to the queue, the note). */
function ordered(statuses: StatusTable): ActionRule[] {
  const rules = [...actionRules(statuses).values()];
  return [...rules.filter((rule) => rule.decision), ...rules.filter((rule) => !rule.decision)];
}

function offered(task: PlanTask, rule: ActionRule, statuses: StatusTable): boolean {
  const status = statuses.definition(task.status);
  // A person's decision applies to the tasks held for them, and nothing else does.
  if (rule.decision || status.heldForPerson) return Boolean(rule.decision) && status.heldForPerson;
  if (rule.to === undefined || rule.to !== task.status) return true;
  // Same status again: only to re-word a reason, where the table allows it (blocked → blocked).
  return Boolean(rule.text) && status.rewordable;
}

function label(task: PlanTask, rule: ActionRule, statuses: StatusTable): string {
  if (rule.to === task.status) return `Change ${ANNOTATION_ROLES[statuses.definition(task.status).annotation].word}`;
  if (task.note && rule.labelWhenNoted) return rule.labelWhenNoted;
  return rule.labelFrom?.[task.status] ?? rule.label;
}

/** The step forward: a person's decision (approve) on a held task, else the move to the status's `forward`. */
function isPrimary(task: PlanTask, rule: ActionRule, statuses: StatusTable): boolean {
  const status = statuses.definition(task.status);
  if (status.heldForPerson) return rule.decision?.accepts === true;
  return status.forward !== undefined && rule.to === status.forward && !rule.decision;
}

export function taskChoices(task: PlanTask, statuses: StatusTable = STATUS_TABLE): TaskChoice[] {
  return ordered(statuses)
    .filter((rule) => offered(task, rule, statuses))
    .map((rule) => {
      const choice: TaskChoice = { action: rule.action as TaskAction, label: label(task, rule, statuses) };
      if (rule.text) {
        const keepsText = rule.to === undefined || rule.to === task.status;
        choice.text = {
          label: rule.prompt ?? rule.text.name,
          required: rule.text.required,
          initial: keepsText ? task.note : undefined,
        };
      }
      if (isPrimary(task, rule, statuses)) choice.primary = true;
      return choice;
    });
}

/** The sidebar's status line for an action: while it runs (`Starting 1.2`) and when done (`1.2 started`). */
export function actionWords(action: TaskAction): { busy: string; done: string } {
  const { busy, done } = actionRules().get(action)!;
  return { busy, done };
}
