/**
 * Task actions: the one place that says what each action does to a task line and which status
 * changes it allows. PlanManager's methods, applyCommands and the sidebar all go through here.
 */
import { describeValue, optionalLine, requireLine, requireStep } from './arguments';
import type { PlanDocument } from './document';
import { PlanError } from './errors';
import type { PlanOutline } from './parse';
import { canMove, statusDefinition, type TaskStatus } from './statuses';
import type { PlanTask } from './types';
import { changeTaskLine, findTask } from './update';

export type TaskAction =
  'start' | 'complete' | 'block' | 'review' | 'skip' | 'reopen' | 'note' | 'approve' | 'requestChanges';

interface ActionRule {
  /** The status the task ends in; undefined keeps its status (a note). */
  to?: TaskStatus;
  /** What the action's text argument is called, and whether it is required. */
  text?: { name: string; required: boolean };
  /** Only a person in the sidebar may take this action. */
  personOnly?: boolean;
  /** Statuses the task must be in, beyond the status table's own rules. */
  from?: readonly TaskStatus[];
  /** Turns the argument into the annotation written on the line. */
  annotate?: (text: string | undefined) => string | undefined;
  /** Doing the plan's work: refused while the plan is a draft the person must approve first. */
  isWork?: boolean;
}

export const TASK_ACTIONS: Record<TaskAction, ActionRule> = {
  start: { to: 'doing', isWork: true },
  complete: { to: 'done', isWork: true },
  block: { to: 'blocked', text: { name: 'reason', required: true } },
  review: { to: 'review', text: { name: 'note', required: true } },
  skip: { to: 'skipped', text: { name: 'reason', required: true } },
  reopen: { to: 'todo' },
  note: { text: { name: 'note', required: false } },
  approve: {
    to: 'todo',
    personOnly: true,
    from: ['review'],
    text: { name: 'comment', required: false },
    annotate: (comment) => (comment ? `approved: ${comment}` : 'approved'),
  },
  requestChanges: {
    to: 'todo',
    personOnly: true,
    from: ['review'],
    text: { name: 'comment', required: true },
    annotate: (comment) => `changes requested: ${comment}`,
  },
};

export function isTaskAction(value: unknown): value is TaskAction {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TASK_ACTIONS, value);
}

export interface ActionContext {
  /** A person acting in the sidebar (or the menu), not an agent through the API. */
  byPerson: boolean;
  today: string;
}

export interface ActionOutcome {
  document: PlanDocument;
  /** The task before the action; it is on the same line afterwards. */
  before: PlanTask;
}

const STATUS_WORDS: Record<TaskStatus, string> = {
  todo: 'not started',
  doing: 'in progress',
  done: 'done',
  blocked: 'blocked',
  review: 'waiting for review',
  skipped: 'skipped',
};

function refuseTransition(task: PlanTask, action: TaskAction, to: TaskStatus, context: ActionContext): never {
  if (task.status === 'review' && !context.byPerson) {
    throw new PlanError(
      'NEEDS_PERSON',
      `Task ${task.step} is waiting for review; a person approves it or requests changes in the sidebar, which ` +
        `puts it back as todo`,
    );
  }
  if (task.status === to) throw new PlanError('INVALID_TRANSITION', `Task ${task.step} is already ${STATUS_WORDS[to]}`);
  const allowed = statusDefinition(task.status)
    .next.map((status) => STATUS_WORDS[status])
    .join(', ');
  throw new PlanError(
    'INVALID_TRANSITION',
    `Cannot ${action} task ${task.step}: it is ${STATUS_WORDS[task.status]}, and from there it can become ${allowed}`,
  );
}

/** Applies one action to the outline's document; throws a PlanError and changes nothing when it is not allowed. */
export function applyAction(
  outline: PlanOutline,
  action: TaskAction,
  stepValue: unknown,
  textValue: unknown,
  context: ActionContext,
): ActionOutcome {
  const rule = TASK_ACTIONS[action];
  const step = requireStep(stepValue);
  let text: string | undefined;
  if (rule.text?.required) text = requireLine(textValue, rule.text.name);
  else if (rule.text) text = optionalLine(textValue, rule.text.name);
  else if (textValue !== undefined && textValue !== null) {
    throw new PlanError('INVALID_ARGUMENT', `${action} takes no text (got ${describeValue(textValue)})`);
  }
  if (rule.personOnly && !context.byPerson) {
    throw new PlanError(
      'NEEDS_PERSON',
      `Only a person can ${action === 'approve' ? 'approve' : 'request changes on'} a review item, in the sidebar`,
    );
  }

  const task = findTask(outline, step);
  const to = rule.to ?? task.status;
  if (rule.from && !rule.from.includes(task.status)) {
    throw new PlanError('INVALID_TRANSITION', `Task ${step} is ${STATUS_WORDS[task.status]}, not waiting for review`);
  }
  const personOverride = context.byPerson && task.status !== to;
  if (rule.to && !rule.from && !canMove(task.status, to) && !personOverride)
    refuseTransition(task, action, to, context);
  if (!rule.to && task.status === 'review' && !context.byPerson) refuseTransition(task, action, to, context);

  if (
    action === 'note' &&
    text === undefined &&
    (task.status === 'blocked' || task.status === 'skipped' || task.status === 'review')
  ) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `Task ${step} is ${STATUS_WORDS[task.status]}; its ` +
        `${statusDefinition(task.status).annotation === 'reason' ? 'reason' : 'note'} cannot be removed, ` +
        `only replaced ` +
        `(or change the task's status)`,
    );
  }
  const annotation = rule.annotate ? rule.annotate(text) : text;
  const role = statusDefinition(to).annotation;
  // A note keeps the done date; a status change writes a fresh one.
  const note = action === 'note' ? text : role === 'none' && !rule.annotate ? undefined : annotation;
  const document = changeTaskLine(outline, task, {
    status: to,
    note,
    today: context.today,
    keepDate: action === 'note',
  });
  if (document.lines[task.line] === outline.document.lines[task.line]) {
    throw new PlanError('INVALID_TRANSITION', `Task ${step} already reads that way; nothing to change`);
  }
  return { document, before: task };
}
