/**
 * Which actions the sidebar offers on a task, read from the core's TASK_ACTIONS and status table:
 * every status a person may move the task to, re-wording a reason where the table allows it, and
 * for a review item only the person's decision (approve or request changes).
 */
import { TASK_ACTIONS, type TaskAction } from '../../src/core/actions';
import { statusDefinition } from '../../src/core/statuses';
import type { PlanTask } from '../../src/core/types';

export interface TaskChoice {
  action: TaskAction;
  label: string;
  /** The text the action asks for: its label in the form, and whether it may be left empty. */
  text?: { label: string; required: boolean; initial?: string };
  /** Shown first and filled: the step forward most people want. */
  primary?: boolean;
}

const ORDER: readonly TaskAction[] = [
  'approve',
  'requestChanges',
  'start',
  'complete',
  'block',
  'review',
  'skip',
  'reopen',
  'note',
];

const TEXT_LABELS: Partial<Record<TaskAction, string>> = {
  block: 'Why is it blocked?',
  review: 'What should the reviewer check?',
  skip: 'Why skip it?',
  note: 'Note (leave empty to remove it)',
  approve: 'Comment (optional)',
  requestChanges: 'What needs to change?',
};

function offered(task: PlanTask, action: TaskAction): boolean {
  const rule = TASK_ACTIONS[action];
  // Person-only decisions apply where their rule says (review items).
  if (rule.from) return rule.from.includes(task.status);
  // A review item waits for a person's decision; other moves come after it.
  if (statusDefinition(task.status).heldForPerson) return false;
  if (rule.to === undefined || rule.to !== task.status) return true;
  // Same status again: only to re-word a reason, where the table allows it (blocked → blocked).
  return Boolean(rule.text) && statusDefinition(task.status).next.includes(task.status);
}

function label(task: PlanTask, action: TaskAction): string {
  switch (action) {
    case 'approve':
      return 'Approve';
    case 'requestChanges':
      return 'Request changes';
    case 'start':
      return task.status === 'blocked' ? 'Resume' : 'Start';
    case 'complete':
      return 'Complete';
    case 'block':
      return task.status === 'blocked' ? 'Change reason' : 'Block';
    case 'review':
      return 'Ask for review';
    case 'skip':
      return task.status === 'skipped' ? 'Change reason' : 'Skip';
    case 'reopen':
      return task.status === 'doing' ? 'Back to todo' : 'Reopen';
    case 'note':
      return task.note ? 'Edit note' : 'Add note';
  }
}

function primaryAction(task: PlanTask): TaskAction | undefined {
  if (task.status === 'review') return 'approve';
  if (task.status === 'todo' || task.status === 'blocked') return 'start';
  if (task.status === 'doing') return 'complete';
  return undefined;
}

export function taskChoices(task: PlanTask): TaskChoice[] {
  const primary = primaryAction(task);
  return ORDER.filter((action) => offered(task, action)).map((action) => {
    const rule = TASK_ACTIONS[action];
    const choice: TaskChoice = { action, label: label(task, action) };
    if (rule.text) {
      const keepsText = action === 'note' || rule.to === task.status;
      choice.text = {
        label: TEXT_LABELS[action] ?? rule.text.name,
        required: rule.text.required,
        initial: keepsText ? task.note : undefined,
      };
    }
    if (action === primary) choice.primary = true;
    return choice;
  });
}
