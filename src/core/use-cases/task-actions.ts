/** The task actions (start, complete, block…, a person's review decisions), one or two in a call. */
import { applyAction, type TaskAction } from '../rules/actions';
import { seenAt, type SeenTask } from '../person/seen';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type TaskResult } from '../write-path/results';
import { nextTodo, taskAtLine } from './reading';

/**
 * Any task action (the sidebar's way in; the API's startTask, completeTask… are each one action). `seen`: the task as
 * the person saw it (src/core/person/seen.ts), refused with CONFLICT when the step holds another task now.
 */
export function act(
  path: PlanRevisions,
  action: TaskAction,
  step: string,
  text?: string | null,
  seen?: SeenTask | null,
): TaskResult {
  if (action === 'complete') path.prepareChecks([step]);
  return path.mutate((current, snapshot) => {
    const outline = seenAt(path.requireOutline(current), step, seen);
    const outcome = applyAction(outline, action, step, text, path.actionContext(snapshot));
    const newText = outcome.document.toString();
    return {
      text: newText,
      result: (revision) => withRevision(taskAtLine(path.texts, newText, outcome.line), revision),
    };
  });
}

/** Starts the task getNextTask returns (the first todo task that can start) and returns it; null when there is none. */
export function startNextTask(path: PlanRevisions): TaskResult | null {
  return path.changeOnce((snapshot) => {
    path.requireText(snapshot.text);
    const context = path.actionContext();
    const next = nextTodo(path, snapshot, context.claimant);
    if (!next) return null; // nothing to start: the same answer as getNextTask, and nothing written
    const started = applyAction(snapshot.read.outline, 'start', next.step, undefined, context);
    const text = started.document.toString();
    return path.writePlan(snapshot, text, (revision) =>
      withRevision(taskAtLine(path.texts, text, started.line), revision),
    );
  });
}

/** Completes `step` and starts the next todo task, in one read and one write; returns that task or null. */
export function advanceTask(path: PlanRevisions, step: string): TaskResult | null {
  path.prepareChecks([step]);
  return path.mutate((current, snapshot) => {
    const context = path.actionContext(snapshot);
    const outline = path.requireOutline(current);
    const completed = applyAction(outline, 'complete', step, undefined, context);
    let text = completed.document.toString();
    const between = path.texts.of(text);
    const next = nextTodo(path, snapshot, context.claimant, between);
    const started = next && applyAction(between.outline, 'start', next.step, undefined, context);
    if (started) text = started.document.toString();
    return {
      text,
      result: (revision) => (started ? withRevision(taskAtLine(path.texts, text, started.line), revision) : null),
    };
  });
}
