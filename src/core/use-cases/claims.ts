/** A person's release of an agent's claim on a task (src/core/rules/claims.ts): the sidebar's "Release" button. */
import { releaseClaim as releasedText } from '../rules/claims';
import { seenAt, type SeenTask } from '../person/seen';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type TaskResult } from '../write-path/results';
import { taskAtLine } from './reading';

/** Takes the Working lines off `step` (a person only; `seen`: the task as the person saw it). */
export function releaseClaim(path: PlanRevisions, step: string, seen?: SeenTask | null): TaskResult {
  path.requirePerson("release an agent's claim on a task");
  return path.mutate((current) => {
    const outline = seenAt(path.requireOutline(current), step, seen);
    const { document, task } = releasedText(outline, step.trim());
    const text = document.toString();
    return {
      text,
      result: (revision) => withRevision(taskAtLine(path.texts, text, task.line), revision),
    };
  });
}
