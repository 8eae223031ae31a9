/**
 * Task actions: the one place that says what each action does to a task line and which status
 * changes it allows. The task use cases, applyCommands and the sidebar all go through here.
 * One action moves a task into each status (its `move` in the status table); three more keep or
 * decide on a status: `note`, and a person's `approve` and `requestChanges` of a task held for them.
 */
import { describeValue, givenStep, optionalLine, requireLine } from '../api/arguments';
import { requireUnclaimed, withClaimAfter, type Claimant } from './claims';
import { requireNotMovedAway, type MovedStep } from './moved-claims';
import type { PlanDocument } from '../format/document';
import { invalidArgument, invalidTransition, needsPerson } from '../errors';
import { requireTaskNotHeld } from './held-items';
import type { PlanOutline } from '../format/parse';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable } from '../format/statuses';
import type { TaskAction } from '../api/api-names';
import { filled, shorten } from '../text';
import * as rareWords from '../rare-words';
import type { PlanTask } from '../format/types';
import { annotationChange, appendNoteLines, changeTaskLine, findTask, type AnnotationChange } from '../format/update';

export type { AgentAction, TaskAction } from '../api/api-names';
export { AGENT_ACTIONS } from '../api/api-names';

export interface ActionRule {
  readonly action: string;
  /** The status the task ends in; undefined keeps its status (a note). */
  readonly to?: string;
  /** What the action's text argument is called, and whether it is required. */
  readonly text?: { readonly name: string; readonly required: boolean };
  /**
   * A person's decision on a task held for them (approve, request changes): only a person takes it, only
   * on such a task, and the annotation (and the dated line in Notes) says the outcome. `accepts`: the
   * person accepts the work (approve) rather than sending it back.
   */
  readonly decision?: { readonly outcome: string; readonly accepts: boolean };
  /** Doing the plan's work (the status's `work`): refused while the plan is a draft the person must approve first. */
  readonly isWork?: boolean;
  /** The sidebar's button, and a different one when the task comes from one of these statuses. */
  readonly label: string;
  readonly labelFrom?: Readonly<Record<string, string>>;
  /** The sidebar's button when the task already has a note. */
  readonly labelWhenNoted?: string;
  /** The sidebar's status line while it runs and when it is done: `Starting 1.2`, `1.2 started`. */
  readonly busy: string;
  readonly done: string;
  /** The label of the text form, when the action takes text. */
  readonly prompt?: string;
}

/** The rules of one status table's actions, by name. */
function buildRules(statuses: StatusTable): ReadonlyMap<string, ActionRule> {
  const rules = new Map<string, ActionRule>();
  // The move back to the queue (reopen) comes last: it undoes work.
  const moves = [...statuses.definitions].sort((a, b) => Number(a.queue) - Number(b.queue));
  for (const definition of moves) {
    const role = ANNOTATION_ROLES[definition.annotation];
    const { action, label, labelFrom, busy, done, prompt } = definition.move;
    rules.set(action, {
      action,
      to: definition.status,
      // A move asks for text only where the status requires it; notes are the `note` action's.
      text: role.required ? { name: role.word, required: true } : undefined,
      isWork: definition.work,
      label,
      labelFrom,
      busy,
      done,
      prompt,
    });
  }
  const others: ActionRule[] = [
    {
      action: 'note',
      text: { name: 'note', required: false },
      label: 'Add note',
      labelWhenNoted: 'Edit note',
      busy: 'Saving the note of',
      done: 'note saved',
      prompt: 'Note (leave empty to remove it)',
    },
    {
      action: 'approve',
      to: statuses.queue.status,
      decision: { outcome: 'approved', accepts: true },
      text: { name: 'comment', required: false },
      label: 'Approve',
      busy: 'Approving',
      done: 'approved',
      prompt: 'Comment (optional)',
    },
    {
      action: 'requestChanges',
      to: statuses.queue.status,
      decision: { outcome: 'changes requested', accepts: false },
      text: { name: 'comment', required: true },
      label: 'Request changes',
      busy: 'Requesting changes to',
      done: 'sent back with your comment',
      prompt: 'What needs to change?',
    },
  ];
  for (const rule of others) {
    if (rules.has(rule.action)) throw new Error(`A status's action is named "${rule.action}", which is taken`);
    rules.set(rule.action, rule);
  }
  return rules;
}

const RULES = new WeakMap<StatusTable, ReadonlyMap<string, ActionRule>>();

/**
 * Every action of a status table, by name: the moves in the table's order (the move back to the queue last), then
 * note, approve and requestChanges.
 */
export function actionRules(statuses: StatusTable = STATUS_TABLE): ReadonlyMap<string, ActionRule> {
  let rules = RULES.get(statuses);
  if (!rules) {
    rules = buildRules(statuses);
    RULES.set(statuses, rules);
  }
  return rules;
}

/*
 * TASK_ACTIONS is for the Node side: marked pure, it stays out of dist/Code.js, which evaluates its top level at the
 * start of every execution; it reads actionRules() when it acts. Its actions are the descriptor's TASK_ACTION_NAMES
 * (../api/api-names.ts), in that order (test/core/descriptor-leaf.test.ts).
 */

/** The product's actions. */
export const TASK_ACTIONS = /* @__PURE__ */ taskActions();

function taskActions(): Readonly<Record<TaskAction, ActionRule>> {
  return Object.fromEntries(actionRules()) as Readonly<Record<TaskAction, ActionRule>>;
}

/** Whether an action does the plan's work: refused while the plan is a draft the person must approve first. */
export function isWorkAction(action: string): boolean {
  return actionRules().get(action)?.isWork === true;
}

export function isTaskAction(value: unknown, statuses: StatusTable = STATUS_TABLE): value is TaskAction {
  return typeof value === 'string' && actionRules(statuses).has(value);
}

export interface ActionContext {
  /** A person acting in the sidebar (or the menu), not an agent through the API. */
  byPerson: boolean;
  /** Today's date (`YYYY-MM-DD`), read only when the action writes a date: it may be a getter that fetches it. */
  readonly today: string;
  /** The agent that acts, for its claims (src/core/rules/claims.ts); undefined for a person, who is never stopped by
   * one. */
  readonly claimant?: Claimant;
  /** Held tasks another's change renumbered (the revision record's): an agent's action on a step its task left. */
  readonly moved?: readonly MovedStep[];
}

export interface ActionOutcome {
  document: PlanDocument;
  /** The task before the action. */
  before: PlanTask;
  /** The task's line afterwards (it moves down when Notes, above it, gained a line). */
  line: number;
}

/** How a Notes line names an annotation that left its task line: "blocked reason", "review note", "note". */
function annotationName(statuses: StatusTable, status: string): string {
  const definition = statuses.definition(status);
  if (!ANNOTATION_ROLES[definition.annotation].required) return 'note';
  const word = ANNOTATION_ROLES[definition.annotation].word;
  return word === 'reason' ? `${definition.label.toLowerCase()} reason` : `${definition.move.action} ${word}`;
}

function refuseTransition(
  statuses: StatusTable,
  task: PlanTask,
  action: string,
  to: string,
  context: ActionContext,
): never {
  const from = statuses.definition(task.status);
  requireTaskNotHeld(task, action, context.byPerson, statuses);
  if (task.status === to) {
    throw invalidTransition(`Task ${task.step} is already ${statuses.definition(to).described}`);
  }
  const allowed = statuses
    .nextOf(task.status)
    .map((definition) => definition.described)
    .join(', ');
  throw invalidTransition(
    filled(rareWords.cannotBecome(), { action, step: task.step, status: from.described, allowed }),
  );
}

/** The action's text by its rule: required (a reason), optional (a note), or none at all. */
function actionText(rule: ActionRule, action: string, textValue: string | null | undefined): string | undefined {
  if (rule.text?.required) return requireLine(textValue, rule.text.name);
  if (rule.text) return optionalLine(textValue, rule.text.name);
  if (textValue !== undefined && textValue !== null)
    throw invalidArgument(`${action} takes no text (got ${describeValue(textValue)})`);
  return undefined;
}

/**
 * Applies one action to the outline's document, with the statuses it was read with; throws a PlanError and
 * changes nothing when it is not allowed.
 */
export function applyAction(
  outline: PlanOutline,
  action: string,
  stepValue: string | undefined,
  textValue: string | null | undefined,
  context: ActionContext,
): ActionOutcome {
  const statuses = outline.statuses;
  const rule = actionRules(statuses).get(action);
  if (!rule) {
    throw invalidArgument(
      `Unknown action ${describeValue(action)} (actions: ${[...actionRules(statuses).keys()].join(', ')})`,
    );
  }
  const step = givenStep(stepValue);
  const text = actionText(rule, action, textValue);
  const held = statuses.definitions.filter((definition) => definition.heldForPerson);
  if (rule.decision && !context.byPerson) {
    const words = { action: rule.label.toLowerCase(), held: held.map((s) => s.described).join(' or ') };
    throw needsPerson(filled(rareWords.personDecides(), words));
  }

  // Claims, dependencies and the plan's approval are the guard's rules, on every path (src/core/guard/guard.ts). The
  // claim is asked here too, first, only so that another agent's claim is the answer rather than the task's status
  // (a start of a task another agent is doing is CLAIMED, not "already in progress"); the guard enforces it.
  const task = findTask(outline, step);
  requireUnclaimed(outline, [task.step], context.claimant, rule.action === 'note' ? 'change the note of' : rule.action);
  // A start is the way to act on such a task after all: it is never refused so.
  if (context.claimant && action !== 'start') requireNotMovedAway(outline, step, context.moved, context.claimant);
  const from = statuses.definition(task.status);
  const to = rule.to ?? task.status;
  if (rule.decision && !from.heldForPerson) {
    throw invalidTransition(`Task ${step} is ${from.described}, not ${held.map((s) => s.described).join(' or ')}`);
  }
  const personOverride = context.byPerson && task.status !== to;
  if (rule.to && !rule.decision && !statuses.canMove(task.status, to) && !personOverride)
    refuseTransition(statuses, task, action, to, context);
  if (!rule.to && from.heldForPerson && !context.byPerson) refuseTransition(statuses, task, action, to, context);

  const keepsStatus = rule.to === undefined;
  if (keepsStatus && text === undefined && ANNOTATION_ROLES[from.annotation].required) {
    const words = { step, status: from.described, word: ANNOTATION_ROLES[from.annotation].word };
    throw invalidArgument(filled(rareWords.annotationKept(), words));
  }
  const annotation = rule.decision ? (text ? `${rule.decision.outcome}: ${text}` : rule.decision.outcome) : text;
  let change: AnnotationChange;
  if (keepsStatus) change = text === undefined ? { kind: 'remove' } : { kind: 'replace', text };
  else change = annotationChange(task.status, to, annotation, statuses);
  // A note keeps the done date; a move into a dated status writes a fresh one.
  const { document, removed } = changeTaskLine(outline, task, {
    status: to,
    annotation: change,
    // Read only where a date is written: the context may fetch it then (the time zone is a service call).
    get today() {
      return context.today;
    },
    keepDate: keepsStatus,
  });
  if (document.lines[task.line] === outline.document.lines[task.line]) {
    throw invalidTransition(filled(rareWords.readsAlready(), { step }));
  }
  // Nothing written is lost: an annotation the change took off the line, and a person's decision on a task
  // held for them, are kept as dated lines in Notes.
  const notes: string[] = [];
  // Starting a task claims it for the agent; its other actions renew a claim it holds (src/core/rules/claims.ts).
  const claimChange = { claimant: context.claimant, take: action === 'start' };
  const named = `${task.step} (${shorten(task.title, 60)})`;
  if (removed) notes.push(`${context.today}: ${named} ${annotationName(statuses, task.status)} was: ${removed}`);
  if (rule.decision) {
    notes.push(`${context.today}: review of ${named} ${rule.decision.outcome}${text ? `: ${text}` : ''}`);
  }
  if (!notes.length) {
    return { document: withClaimAfter(outline, document, task, to, claimChange), before: task, line: task.line };
  }
  const noted = appendNoteLines(document, outline.sections.notes, notes);
  const moved = (line: number) => (noted.at <= line ? line + noted.count : line);
  const claimed = withClaimAfter(outline, noted.document, task, to, claimChange, moved);
  return { document: claimed, before: task, line: moved(task.line) };
}
