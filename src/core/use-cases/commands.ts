/** applyCommands: task changes and re-planning in order, atomically (one read, one write, or nothing at all). */
import {
  AGENT_ACTIONS,
  TASK_ACTIONS,
  applyAction,
  isTaskAction,
  type ActionContext,
  type TaskAction,
} from '../actions';
import { describeValue } from '../arguments';
import { PlanError } from '../errors';
import { EDIT_ACTIONS, isEditAction, type EditAction } from '../replan';
import type { PlanTask } from '../types';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type CommandResult, type PlanCommand } from '../write-path/results';
import { taskAtLine } from './reading';
import { removedReason, requireEditUnclaimed, runEdit } from './replanning';

/** The actions an agent may put in applyCommands, for error messages. */
const AGENT_COMMANDS = [...AGENT_ACTIONS, ...(Object.keys(EDIT_ACTIONS) as EditAction[])];

type Applied = PlanTask & { renumbered?: Record<string, string>; removed?: true; droppedDependencies?: string[] };

/** One command over `text`: the new text, and the task as the command left it (a removed one as it was). */
function applyCommand(
  path: PlanRevisions,
  text: string,
  record: PlanCommand,
  context: ActionContext,
): { text: string; task: Applied; removed?: PlanTask } {
  const action = record.action;
  const outline = path.texts.outline(text);
  if (isEditAction(action)) {
    requireEditUnclaimed(path, outline, action, record.step);
    const { document, outcome, result } = runEdit(path, outline, (o) => EDIT_ACTIONS[action](o, record, context));
    const next = document.toString();
    return { text: next, task: result(next), removed: outcome.removed?.[0] };
  }
  if (TASK_ACTIONS[action].isWork) path.requireApproved(outline);
  const outcome = applyAction(outline, action, record.step, record.text, context);
  const next = outcome.document.toString();
  const task = taskAtLine(path.texts, next, outcome.line);
  if (action === 'complete') path.requireChecked(outline, task.step);
  return { text: next, task };
}

function requireCommands(commands: unknown): unknown[] {
  if (!Array.isArray(commands) || commands.length === 0) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `commands must be a non-empty list like [{ "action": "complete", "step": "1.1" }] (got ` +
        `${describeValue(commands)})`,
    );
  }
  if (commands.length > 200)
    throw new PlanError('INVALID_ARGUMENT', `commands holds ${commands.length} commands; at most 200 are allowed`);
  return commands;
}

function requireCommand(command: unknown, i: number): PlanCommand {
  const record = (typeof command === 'object' && command !== null ? command : {}) as PlanCommand;
  const action = record.action;
  const agentAction = isTaskAction(action) && (AGENT_ACTIONS as readonly TaskAction[]).includes(action);
  if (!agentAction && !isEditAction(action)) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `commands[${i}].action must be one of ${AGENT_COMMANDS.join(', ')} (got ${describeValue(action)}); ` +
        `nothing was written`,
    );
  }
  return record;
}

/**
 * Applies task changes and re-planning commands in order, atomically: one read, one write, and nothing
 * written if any is refused. Each command sees the plan as the commands before it left it.
 */
export function applyCommands(path: PlanRevisions, commands: unknown): CommandResult[] {
  const list = requireCommands(commands);
  return path.mutate((current) => {
    let text = path.requireText(current);
    const context = path.actionContext();
    const after: Applied[] = [];
    const removed: PlanTask[] = [];
    list.forEach((command: unknown, i) => {
      const record = requireCommand(command, i);
      try {
        const applied = applyCommand(path, text, record, context);
        text = applied.text;
        after.push(applied.task);
        if (applied.removed) removed.push(applied.removed);
      } catch (error) {
        if (error instanceof PlanError) {
          const what = record.step === undefined ? '' : ` ${String(record.step)}`;
          throw new PlanError(
            error.code,
            `commands[${i}] (${String(record.action)}${what}): ${error.detail.replace(/; nothing was written$/, '')}; ` +
              'nothing was written',
          );
        }
        throw error;
      }
    });
    // A removed task's text stays recoverable: the plan before the removal goes to the history.
    const replacing = removed.length ? { by: 'applyCommands', reason: removedReason(removed) } : undefined;
    return { text, result: (revision) => after.map((task) => withRevision(task, revision)), replacing };
  });
}
