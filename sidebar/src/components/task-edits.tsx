/**
 * Re-planning as a person, without touching Markdown: add a task to a phase, rename, move (buttons, so the
 * keyboard does it as well as a pointer) and remove a task. Each is one call; the core makes the same change
 * at once in the sidebar, so it shows before the server answers.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ReplanOutcome } from '../../../src/core/replan/replan';
import { seenTask } from '../../../src/core/person/seen';
import type { Phase, PlanTask } from '../../../src/core/format/types';
import type { SidebarController } from '../controller';
import { Confirm } from './confirm';
import { wentAway } from './kept-text';
import { formKey, TextForm } from './text-form';

/** After an edit: the step the task now has (renumbering may change it), and which control to focus on it. */
export type AfterEdit = (step: string, focus?: string) => void;

/** `2.3.1` → `2.3`; `2.3` → `2`. */
function parentOf(step: string): string {
  return step.split('.').slice(0, -1).join('.');
}

/** The tasks at the same level under the same parent as `task`, in order. */
function siblingsOf(task: PlanTask, phase: Phase): PlanTask[] {
  const depth = task.step.split('.').length;
  return phase.tasks.filter(
    (candidate) => candidate.step.split('.').length === depth && parentOf(candidate.step) === parentOf(task.step),
  );
}

/** What a task's step is after an edit that may have renumbered it. */
function stepAfter(outcome: ReplanOutcome, step: string): string {
  return outcome.renumbered[step] ?? step;
}

export interface TaskEditsProps {
  task: PlanTask;
  phase: Phase;
  phases: Phase[];
  controller: SidebarController;
  disabled: boolean;
  afterEdit: AfterEdit;
}

/** Sends one move: `moved` goes below `after` (a step, or a phase number to be first in it). */
type MoveTask = (moved: PlanTask, after: string | number, words: [string, string], focus: string) => Promise<void>;

/** Rename…, Move up, Move down and Remove…: one button each. */
function EditButtons(props: {
  task: PlanTask;
  phase: Phase;
  disabled: boolean;
  move: MoveTask;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { task, phase, disabled, move } = props;
  const siblings = siblingsOf(task, phase);
  const index = siblings.findIndex((candidate) => candidate.line === task.line);
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  // Up: the task above moves below this one (the same order, and it works at any level); down: this one moves
  // below the next.
  const moves = [
    { direction: 'up', neighbour: previous, moved: () => previous, after: () => task.step },
    { direction: 'down', neighbour: next, moved: () => task, after: () => next.step },
  ] as const;
  return (
    <div class="button-row" role="group" aria-label={`Change task ${task.step} in the plan`}>
      <button type="button" class="button text" disabled={disabled} onClick={props.onRename}>
        Rename…
      </button>
      {moves.map(({ direction, neighbour, moved, after }) => (
        <button
          key={direction}
          type="button"
          class="button text"
          data-edit={direction}
          disabled={disabled || !neighbour}
          aria-label={`Move ${task.step} ${direction}`}
          onClick={() =>
            void move(
              moved(),
              after(),
              [`Moving ${task.step} ${direction}`, `${task.step} moved ${direction}`],
              `[data-edit="${direction}"]`,
            )
          }
        >
          Move {direction}
        </button>
      ))}
      <button type="button" class="button text" disabled={disabled} onClick={props.onRemove}>
        Remove…
      </button>
    </div>
  );
}

/** "Move 2.3 to the end of" another phase: a choice of phase, then one move. */
function MoveToPhase(props: {
  task: PlanTask;
  phases: Phase[];
  otherPhases: Phase[];
  disabled: boolean;
  move: MoveTask;
  targetPhase: string;
  setTargetPhase: (phase: string) => void;
}) {
  const { task, otherPhases, disabled, move, targetPhase } = props;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const destination = props.phases.find((candidate) => String(candidate.number) === targetPhase);
    if (!destination) return;
    // To the end of that phase: after its last task, or first in it when it has none.
    const last = destination.tasks.filter((candidate) => candidate.step.split('.').length === 2).at(-1);
    const { number } = destination;
    const words: [string, string] = [`Moving ${task.step} to Phase ${number}`, `${task.step} moved to Phase ${number}`];
    void move(task, last ? last.step : number, words, 'select');
  };
  return (
    <form class="move-to-phase" onSubmit={onSubmit}>
      <label class="field-label" for={`move-${task.line}`}>
        Move {task.step} to the end of
      </label>
      <div class="move-row">
        <select
          id={`move-${task.line}`}
          class="field"
          value={targetPhase}
          disabled={disabled}
          onChange={(event) => props.setTargetPhase(event.currentTarget.value)}
        >
          <option value="">another phase…</option>
          {otherPhases.map((candidate) => (
            <option key={candidate.number} value={String(candidate.number)}>
              Phase {candidate.number}
              {candidate.name ? `: ${candidate.name}` : ''}
            </option>
          ))}
        </select>
        <button type="submit" class="button" disabled={disabled || !targetPhase}>
          Move
        </button>
      </div>
    </form>
  );
}

export function TaskEdits({ task, phase, phases, controller, disabled, afterEdit }: TaskEditsProps) {
  const renameLabel = `New title for ${task.step}`;
  // The rename form is open again when its refused rename brought the row back (kept-text.tsx).
  const [mode, setMode] = useState<'rename' | 'remove' | null>(() =>
    wentAway(formKey(renameLabel, task.title)) ? 'rename' : null,
  );
  // The task as it was when the rename form opened: the rename is for that task.
  const [seen, setSeen] = useState(() => seenTask(task));
  // Kept here, so the phase chosen survives opening and cancelling a rename.
  const [targetPhase, setTargetPhase] = useState('');
  const topLevel = task.step.split('.').length === 2;
  const hasSubSteps = phase.tasks.some((candidate) => candidate.step.startsWith(`${task.step}.`));
  const otherPhases = phases.filter((candidate) => candidate.number !== phase.number);

  // Each edit sends the task as this row showed it (src/core/person/seen.ts): one the agent put there since is refused.
  const move: MoveTask = async (moved, after, words, focus) => {
    const outcome = await controller.moveTask(moved.step, after, words, seenTask(moved));
    if (outcome) afterEdit(stepAfter(outcome, task.step), focus);
  };

  if (mode === 'rename') {
    return (
      <TextForm
        label={renameLabel}
        submitLabel="Rename"
        required
        initial={task.title}
        disabled={disabled}
        // A rename refused because the task changed closes with its row's change: the new title is kept, beside it.
        keep={(text) => controller.keepText({ about: `task ${task.step} "${seen.title}"`, text })}
        onSubmit={async (title) => {
          const outcome = await controller.renameTask(task.step, title, seen);
          if (outcome) setMode(null);
          return outcome !== null;
        }}
        onCancel={() => setMode(null)}
      />
    );
  }
  if (mode === 'remove') {
    return (
      <Confirm
        label={`Confirm removing task ${task.step}`}
        question={
          `Remove ${task.step} from the plan${hasSubSteps ? ', with its sub-steps' : ''}? The plan before is kept ` +
          'in the history.'
        }
        yes={`Yes, remove ${task.step}`}
        disabled={disabled}
        onYes={() => void controller.removeTask(task.step, seenTask(task))}
        onCancel={() => setMode(null)}
      />
    );
  }
  const openRename = () => {
    setSeen(seenTask(task));
    setMode('rename');
  };
  return (
    <div class="task-edits">
      <EditButtons
        task={task}
        phase={phase}
        disabled={disabled}
        move={move}
        onRename={openRename}
        onRemove={() => setMode('remove')}
      />
      {topLevel && otherPhases.length > 0 && (
        <MoveToPhase
          task={task}
          phases={phases}
          otherPhases={otherPhases}
          disabled={disabled}
          move={move}
          targetPhase={targetPhase}
          setTargetPhase={setTargetPhase}
        />
      )}
    </div>
  );
}

/**
 * "Add a task" at the end of a phase: a one-line form, then one call. Closed (the task added, or cancelled), it gives
 * the focus back to its button, where the person was, not to the top of the page.
 */
export function AddTask({
  phase,
  controller,
  disabled,
}: {
  phase: Phase;
  controller: SidebarController;
  disabled: boolean;
}) {
  // Not yet opened: undefined.
  const [adding, setAdding] = useState<boolean>();
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (adding === false) button.current?.focus();
  }, [adding]);
  if (!adding) {
    return (
      <button
        type="button"
        ref={button}
        class="button text add-task"
        disabled={disabled}
        aria-label={`Add a task to Phase ${phase.number}`}
        onClick={() => setAdding(true)}
      >
        + Add a task
      </button>
    );
  }
  return (
    <TextForm
      label={`New task at the end of Phase ${phase.number}`}
      submitLabel="Add"
      required
      disabled={disabled}
      onSubmit={async (title) => {
        const outcome = await controller.addTask(phase.number, title);
        if (outcome) setAdding(false);
        return outcome !== null;
      }}
      onCancel={() => setAdding(false)}
    />
  );
}
