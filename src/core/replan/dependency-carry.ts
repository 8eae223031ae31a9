/**
 * Keeping `After:` lines right through re-planning (src/core/replan/replan.ts). An operation renumbers steps and says
 * so (old → new), and a removal says what it took out; the `After:` lines still name the steps as they were. This
 * rewrites them: a renumbered step gets its new number in place (the rest of the line kept byte for byte), a removed
 * one is dropped from the line (the line goes when nothing is left on it), and each drop is told twice: in the
 * answer, and as a dated line in the plan's Notes, where a person sees why the task no longer waits.
 */
import { rewriteDependencyLine } from '../rules/dependencies';
import type { PlanDocument } from '../format/document';
import type { PlanOutline } from '../format/plan-reader';
import * as rareWords from '../rare-words';
import { filled, shorten } from '../text';
import type { PlanTask } from '../format/types';
import { appendNoteLines } from '../format/update';

/** What re-planning changed, as the dependency lines need it. */
export interface StepChanges {
  /** Old → new, for every step the operation renumbered. */
  renumbered: Record<string, string>;
  /** The tasks a removal took out (its sub-steps included), as they were. */
  removed?: readonly PlanTask[];
}

/** The document with its `After:` lines carried over, what was dropped, and where a line of the input went. */
export interface CarriedDependencies {
  document: PlanDocument;
  /** `2.1 (Write the summary) no longer waits for 1.3 (Load the data), which was removed`: one per dropped step. */
  dropped: string[];
  /** The line, in `document`, of a line of the document given (not one of the removed dependency lines). */
  lineAfter(line: number): number;
}

function unchanged(document: PlanDocument): CarriedDependencies {
  return { document, dropped: [], lineAfter: (line) => line };
}

/**
 * The `After:` lines of `document` (a re-planning operation's result, read by `outlineOf`) carried over the step
 * changes; `today` dates the Notes line of a drop (asked only then).
 */
export function carryDependencies(
  document: PlanDocument,
  changes: StepChanges,
  outlineOf: (text: string) => PlanOutline,
  today: () => string,
): CarriedDependencies {
  const removed = new Map((changes.removed ?? []).map((task) => [task.step, task]));
  if (!removed.size && !Object.keys(changes.renumbered).length) return unchanged(document);
  const outline = outlineOf(document.toString());
  let next = document;
  const gone: number[] = [];
  const dropped: string[] = [];
  const titleOf = new Map(outline.tasks.map((task) => [task.step, task.title]));
  for (const read of outline.dependencies) {
    if (read.error) continue;
    const steps = read.references.map((reference) =>
      removed.has(reference.step) ? null : (changes.renumbered[reference.step] ?? reference.step),
    );
    const waiting = `${read.step} (${shorten(titleOf.get(read.step) ?? '', 60)})`;
    for (const reference of read.references) {
      const task = removed.get(reference.step);
      if (task)
        dropped.push(filled(rareWords.noLongerWaits(), { waiting, step: task.step, title: shorten(task.title, 60) }));
    }
    const text = next.lines[read.line];
    const rewritten = rewriteDependencyLine(text, read, steps);
    if (rewritten === null) gone.push(read.line);
    else if (rewritten !== text) next = next.replaceLine(read.line, rewritten);
  }
  for (const line of [...gone].reverse()) next = next.removeLines(line, line + 1);
  const shiftOf = (line: number) => line - gone.filter((removedLine) => removedLine < line).length;
  if (!dropped.length) return { document: next, dropped, lineAfter: shiftOf };
  const date = today();
  const noted = appendNoteLines(
    next,
    outlineOf(next.toString()).sections.notes,
    dropped.map((sentence) => `${date}: ${sentence}`),
  );
  return {
    document: noted.document,
    dropped,
    lineAfter: (line) => {
      const shifted = shiftOf(line);
      return noted.at <= shifted ? shifted + noted.count : shifted;
    },
  };
}
