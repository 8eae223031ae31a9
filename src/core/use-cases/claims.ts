/** A person's release of an agent's claim on a task (src/core/claims.ts): the sidebar's "Release" button. */
import { releaseClaim as releasedText } from '../claims';
import { requireStep } from '../arguments';
import { seenAt } from '../seen';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type TaskResult } from '../write-path/results';
import { taskAtLine } from './reading';

/** Takes the Working lines off `step` (a person only; `seen`: the task as the person saw it). */
export function releaseClaim(path: PlanRevisions, step: unknown, seen?: unknown): TaskResult {
  path.requirePerson("release an agent's claim on a task");
  return path.mutate((current) => {
    const outline = seenAt(path.texts.outline(path.requireText(current)), step, seen);
    const known = requireStep(step);
    const line = outline.tasks.find((task) => task.step === known)?.line;
    const { document } = releasedText(outline, known);
    const text = document.toString();
    return {
      text,
      result: (revision) => withRevision(taskAtLine(path.texts, text, line ?? 0), revision),
    };
  });
}
