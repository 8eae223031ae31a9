/**
 * Re-planning: add, rename, move, remove tasks, add phases; an agent's change of an approved plan makes it a draft.
 * Each edit's ReplanContext (who edits: byPerson) is the write path itself.
 */
import { renewOwnClaim, requireUnclaimed, stepAndSubSteps } from '../rules/claims';
import { requireNotMovedAway, type MovedStep } from '../rules/moved-claims';
import { carryDependencies } from '../replan/dependency-carry';
import { afterAgentReplan } from '../rules/lifecycle';
import type { PlanOutline } from '../format/parse';
import { EDIT_ACTIONS, type EditAction, type ReplanOutcome } from '../replan/replan';
import { seenAt, type SeenTask } from '../person/seen';
import type { RevisionInfo } from '../write-path/revision';
import { shorten } from '../text';
import type { AddTaskOptions, PlanStatus, PlanTask } from '../format/types';
import type { PlanRevisions } from '../write-path/plan-revisions';
import { withRevision, type EditResult, type PhaseResult, type RemoveResult } from '../write-path/results';
import { taskAtLine } from './reading';

/** A re-planning operation's new document, and the task it acted on as read from the new text. */
export interface Edit {
  document: ReplanOutcome['document'];
  /** The operation's outcome, its `After:` lines carried over (src/core/replan/dependency-carry.ts). */
  outcome: ReplanOutcome;
  result(text: string): PlanTask & EditFacts;
}

/** What a re-planning answer says beside the task: the renumbering, a removal, dependencies it dropped. */
export interface EditFacts {
  renumbered: Record<string, string>;
  removed?: true;
  /** `2.1 (Sum up) no longer waits for 1.3 (Load the data), which was removed`: also in the plan's Notes. */
  droppedDependencies?: string[];
  /** The plan's status after the change, if it has one (an agent's re-plan makes an approved plan a draft). */
  planStatus?: PlanStatus;
}

/** Why a version went to the history: the tasks a removal took out. */
export function removedReason(tasks: PlanTask[]): string {
  return `removed ${tasks.map((task) => `task ${task.step} (${shorten(task.title, 60)})`).join(', ')}`;
}

/**
 * Runs a re-planning operation; an agent's change of an approved plan makes it a draft again. Answers the new
 * document and, from its text, the task the operation acted on (the removed one as it was).
 */
export function runEdit(
  path: PlanRevisions,
  outline: PlanOutline,
  operation: (outline: PlanOutline) => ReplanOutcome,
): Edit {
  const operated = operation(outline);
  // `After:` lines still name the steps as they were: renumbered in place, a removed step dropped with a note.
  const carried = carryDependencies(
    operated.document,
    operated,
    (text) => path.texts.outline(text),
    () => path.today(),
  );
  const outcome = { ...operated, document: carried.document, lines: operated.lines.map(carried.lineAfter) };
  const dropped = carried.dropped.length ? { droppedDependencies: carried.dropped } : {};
  // Only rewrites the status line where it is: every task stays on its line.
  const document = path.byPerson
    ? outcome.document
    : // A plan without a Status line becomes a draft when the person asked to approve plans first (read only then).
      afterAgentReplan(
        outcome.document,
        (text) => path.texts.outline(text),
        () => path.settings().approvalRequired,
      );
  // The plan's status after the change: a re-plan's answer says when it left the plan a draft.
  const result = (text: string) => ({
    ...(outcome.removed
      ? { ...outcome.removed[0], removed: true as const }
      : // The Status line a re-plan may write above the tasks moves them down (lifecycle.ts afterAgentReplan).
        taskAtLine(path.texts, text, outcome.lines[0] + document.lines.length - outcome.document.lines.length)),
    renumbered: outcome.renumbered,
    ...dropped,
    planStatus: path.texts.outline(text).status,
  });
  return { document, outcome, result };
}

/**
 * CLAIMED when another agent holds the task a rename, move or removal acts on (a removal: or one of its sub-steps);
 * nothing is written. A step that is no step is left to the operation, which says what is wrong with it.
 */
export function requireEditUnclaimed(
  path: PlanRevisions,
  outline: PlanOutline,
  action: EditAction,
  step: string | undefined,
  moved?: readonly MovedStep[],
  addedAt?: unknown,
): void {
  // The steps an edit names (`addedAt`: the one an add or a move goes after or under) may be one an agent's own task
  // left.
  const claimant = path.claimant();
  for (const named of [step, addedAt]) {
    if (claimant && typeof named === 'string') requireNotMovedAway(outline, named.trim(), moved, claimant);
  }
  if (action === 'add' || action === 'addPhase' || step === undefined || step === null) return;
  const known = step.trim();
  const steps = action === 'remove' ? stepAndSubSteps(outline, known) : [known];
  requireUnclaimed(outline, steps, claimant, action);
}

/** A rename or move by the agent that holds the task: the operation, and its claim renewed in the same write. */
export function renewingClaim(path: PlanRevisions, outcome: ReplanOutcome): ReplanOutcome {
  const claimant = path.claimant();
  if (!claimant || outcome.lines.length !== 1) return outcome;
  const document = renewOwnClaim(path.texts.outline(outcome.document.toString()), outcome.lines[0], claimant);
  return document === outcome.document ? outcome : { ...outcome, document };
}

/** A re-planning operation on its own: one read and one write under the lock. */
function editPlan<T>(
  path: PlanRevisions,
  operation: (outline: PlanOutline, moved?: MovedStep[]) => ReplanOutcome,
  answer: (text: string, edit: Edit, revision: RevisionInfo) => T,
): T {
  return path.mutate((current, snapshot) => {
    const edit = runEdit(path, path.requireOutline(current), (outline) => operation(outline, snapshot.record?.moved));
    const text = edit.document.toString();
    // A removed task's text stays recoverable: the plan before the removal goes to the history.
    const removed = edit.outcome.removed?.[0];
    const replacing = removed ? { by: 'removeTask', reason: removedReason([removed]) } : undefined;
    return { text, result: (revision) => answer(text, edit, revision), replacing };
  });
}

function editResult(text: string, edit: Edit, revision: RevisionInfo): EditResult {
  return withRevision(edit.result(text), revision) as EditResult;
}

/**
 * Adds a todo task at the end of phase `phase` (the next free number), or `{ after: step }` or `{ under: step }`;
 * `{ waitsFor: ["1.2"] }` writes its `  - After: 1.2` line.
 */
export function addTask(
  path: PlanRevisions,
  phase: number | string,
  title: string,
  options?: AddTaskOptions | null,
): EditResult {
  const { after, under, waitsFor } = options ?? {};
  return editPlan(
    path,
    (outline, moved) => {
      requireEditUnclaimed(path, outline, 'add', undefined, moved, under ?? after);
      return EDIT_ACTIONS.add(outline, { phase, text: title, after, under, waitsFor }, path);
    },
    editResult,
  );
}

/** Adds a phase of todo tasks after the last phase (the next free number), or after phase `after`. */
export function addPhase(
  path: PlanRevisions,
  name: string,
  steps: string[],
  after?: number | string | null,
): PhaseResult {
  return editPlan(
    path,
    (outline) => EDIT_ACTIONS.addPhase(outline, { text: name, steps, after: after ?? undefined }, path),
    (text, edit, revision) => {
      const outline = path.texts.outline(text);
      const tasks = edit.outcome.lines.map((line) => taskAtLine(path.texts, text, line));
      const phase = outline.phases.find((candidate) => candidate.tasks.some((task) => task.line === tasks[0].line))!;
      const result: PhaseResult = withRevision(
        { phase: phase.number, name: phase.name, tasks, renumbered: edit.outcome.renumbered },
        revision,
      );
      if (outline.status) result.planStatus = outline.status;
      return result;
    },
  );
}

/** Gives a task another title; its status, date and note stay. */
export function renameTask(path: PlanRevisions, step: string, title: string, seen?: SeenTask | null): EditResult {
  return editPlan(
    path,
    (outline, moved) => {
      requireEditUnclaimed(path, outline, 'rename', step, moved);
      return renewingClaim(path, EDIT_ACTIONS.rename(seenAt(outline, step, seen), { step, text: title }, path));
    },
    editResult,
  );
}

/** Moves a task (with its sub-steps) right after step `after`, or first in phase `after` (a number). */
export function moveTask(
  path: PlanRevisions,
  step: string,
  after: string | number,
  seen?: SeenTask | null,
): EditResult {
  return editPlan(
    path,
    (outline, moved) => {
      requireEditUnclaimed(path, outline, 'move', step, moved, after);
      return renewingClaim(path, EDIT_ACTIONS.move(seenAt(outline, step, seen), { step, after }, path));
    },
    editResult,
  );
}

/** Removes a todo task (a person: any task) with its sub-steps; the plan before it goes to the history. */
export function removeTask(path: PlanRevisions, step: string, seen?: SeenTask | null): RemoveResult {
  return editPlan(
    path,
    (outline, moved) => {
      requireEditUnclaimed(path, outline, 'remove', step, moved);
      return EDIT_ACTIONS.remove(seenAt(outline, step, seen), { step }, path);
    },
    (text, edit, revision) => ({
      ...editResult(text, edit, revision),
      removedSteps: (edit.outcome.removed ?? []).map((task) => task.step),
    }),
  );
}
