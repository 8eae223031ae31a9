/** applyCommands: task changes and re-planning in order, atomically (one read, one write, or nothing at all). */
import { applyAction, type ActionContext } from '../rules/actions';
import { NOTHING_WRITTEN, PlanError } from '../errors';
import { EDIT_ACTIONS, isEditAction } from '../replan/replan';
import type { PlanTask } from '../format/types';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type CommandResult, type PlanCommand } from '../write-path/results';
import { taskAtLine } from './reading';
import { removedReason, renewingClaim, requireEditUnclaimed, runEdit, type EditFacts } from './replanning';

type Applied = PlanTask & Partial<EditFacts>;

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
    requireEditUnclaimed(path, outline, action, record.step, context.moved, record.under ?? record.after);
    const edit = (o: typeof outline) => {
      const outcome = EDIT_ACTIONS[action](o, record, context);
      return action === 'rename' || action === 'move' ? renewingClaim(path, outcome) : outcome;
    };
    const { document, outcome, result } = runEdit(path, outline, edit);
    const next = document.toString();
    return { text: next, task: result(next), removed: outcome.removed?.[0] };
  }
  const outcome = applyAction(outline, action, record.step, record.text, context);
  const next = outcome.document.toString();
  return { text: next, task: taskAtLine(path.texts, next, outcome.line) };
}

/** A refusal of command `i`, named as the agent sent it: `commands[2] (complete 1.3): …; nothing was written`. */
function commandRefused({ code, detail }: PlanError, record: PlanCommand, i: number): PlanError {
  const what = record.step === undefined ? '' : ` ${String(record.step)}`;
  const written = /nothing was written/i.test(detail) ? '' : `; ${NOTHING_WRITTEN}`;
  return new PlanError(code, `commands[${i}] (${String(record.action)}${what}): ${detail}${written}`);
}

/** What `guard` throws on `text` (as `{ error }`), or undefined when it accepts the text. */
function refusalOf(guard: (text: string) => unknown, text: string): { error: unknown } | undefined {
  try {
    guard(text);
    return undefined;
  } catch (error) {
    return { error };
  }
}

/**
 * Applies task changes and re-planning commands in order, atomically: one read, one write, and nothing
 * written if any is refused. Each command sees the plan as the commands before it left it. A refusal names the
 * command: the one that failed, or, when the guard refuses the batch, the one that brought the plan to that refusal.
 */
export function applyCommands(path: PlanRevisions, commands: PlanCommand[]): CommandResult[] {
  path.prepareChecks(commands.flatMap((command) => (command.action === 'complete' ? [String(command.step)] : [])));
  return path.mutate((current, snapshot) => {
    let text = path.requireText(current);
    const context = path.actionContext(snapshot);
    const after: Applied[] = [];
    const removed: PlanTask[] = [];
    /** The plan after each command. */
    const texts: string[] = [];
    commands.forEach((record, i) => {
      try {
        // The batch was written from one read: the moves hold for each of its commands.
        const applied = applyCommand(path, text, record, context);
        text = applied.text;
        texts.push(text);
        after.push(applied.task);
        if (applied.removed) removed.push(applied.removed);
      } catch (error) {
        throw error instanceof PlanError ? commandRefused(error, record, i) : error;
      }
    });
    // A removed task's text stays recoverable: the plan before the removal goes to the history.
    const replacing = removed.length ? { by: 'applyCommands', reason: removedReason(removed) } : undefined;
    return {
      text,
      result: (revision) => after.map((task) => withRevision(task, revision)),
      replacing,
      // The guard saw the batch's end. The command to name is the first, since the last plan the guard would accept
      // on the way, after which it refuses the plan for the same reason; else the last. Not simply the first so
      // refused: a later command may mend what an earlier one broke (start 1.1, reopen 1.1, start 1.2 on a draft).
      blame: (refusal, guard) => {
        let blamed = texts.length - 1;
        for (let i = texts.length - 2; i >= 0; i--) {
          const refused = refusalOf(guard, texts[i]);
          if (!refused) break;
          if (refused.error instanceof PlanError && refused.error.message === refusal.message) blamed = i;
        }
        return blamed < 0 ? refusal : commandRefused(refusal, commands[blamed], blamed);
      },
    };
  });
}
