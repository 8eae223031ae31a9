import { useEffect, useState } from 'preact/hooks';
import { isDecisionWords } from '../../../src/core/rules/decision-lines';
import { seenTask, type SeenTask } from '../../../src/core/person/seen';
import { statusDefinition } from '../../../src/core/format/statuses';
import type { PlanTask } from '../../../src/core/format/types';
import type { SidebarController } from '../controller';
import { needTargets } from '../needs-you';
import { taskChoices, type TaskChoice } from '../task-choices';
import { Decision } from './decision';
import { ClaimUntil } from './person-time';
import { LinkedText, linkedText } from './range-links';
import { statusIcon } from './status-icon';
import { TaskCheck, type TaskCheckShown } from './task-checks';
import { TaskEdits, type TaskEditsProps } from './task-edits';
import { TextForm } from './text-form';
import { TaskWrites } from './write-log';
import type { WriteLogEntry } from '../../../src/core/sheet/sheet-results';

export interface TaskActionsProps {
  task: PlanTask;
  controller: SidebarController;
  disabled: boolean;
}

/** A person's decision on a review item: approve (comment optional) or request changes (comment required). */
export function ReviewDecision({ task, controller, disabled }: TaskActionsProps) {
  return (
    <Decision
      groupLabel={`Review of task ${task.step}`}
      approveLabel="Approve"
      sendBackLabel="Request changes"
      sendBackHint="Write what needs to change, then request changes."
      disabled={disabled}
      decide={(decision, comment) => controller.act(decision, task.step, seenTask(task), comment)}
      keep={keepFor(task, controller)}
    />
  );
}

/** Where a form's unsent text goes when its task changes under it: `task 4.1 "Check totals"`. */
function keepFor(task: PlanTask, controller: SidebarController): (text: string) => void {
  return (text) => controller.keepText({ about: `task ${task.step} "${task.title}"`, text });
}

function sameTask(a: SeenTask, b: SeenTask): boolean {
  return a.title === b.title && a.status === b.status && a.note === b.note;
}

/**
 * A task's action buttons; one that needs a reason or note opens a small form in place. The form remembers the
 * task as it was when opened (what the person decides on); if the task changes meanwhile, the form closes and
 * its text is kept. Its own change, shown while it is sent, does not close it: a refused one leaves the person's
 * text in place.
 */
export function TaskActions({ task, controller, disabled }: TaskActionsProps) {
  const [form, setForm] = useState<{ choice: TaskChoice; seen: SeenTask; sent?: boolean } | null>(null);
  const shown = seenTask(task);
  const changed = form !== null && !form.sent && !sameTask(form.seen, shown);
  useEffect(() => {
    if (changed) setForm(null);
  }, [changed]);
  const choices = taskChoices(task);
  if (form?.choice.text && !changed) {
    const { choice, seen } = form;
    return (
      <TextForm
        label={form.choice.text.label}
        submitLabel={choice.label}
        required={form.choice.text.required}
        initial={form.choice.text.initial}
        disabled={disabled}
        onSubmit={async (text) => {
          setForm({ choice, seen, sent: true });
          const done = await controller.act(choice.action, task.step, seen, text);
          setForm(done ? null : { choice, seen });
          return done;
        }}
        onCancel={() => setForm(null)}
        keep={keepFor(task, controller)}
      />
    );
  }
  if (statusDefinition(task.status).heldForPerson)
    return <ReviewDecision task={task} controller={controller} disabled={disabled} />;
  return (
    <div class="button-row" role="group" aria-label={`Actions for task ${task.step}`}>
      {choices.map((choice) => (
        <button
          key={choice.action}
          type="button"
          class={`button ${choice.primary ? 'primary' : 'text'}`}
          disabled={disabled}
          onClick={() =>
            choice.text ? setForm({ choice, seen: shown }) : void controller.act(choice.action, task.step, shown)
          }
        >
          {choice.label}
          {choice.text ? '…' : ''}
        </button>
      ))}
    </div>
  );
}

/** The task's done date and its `— …` annotation, labelled by what it means in its status. */
export function TaskDetails({ task }: { task: PlanTask }) {
  if (!task.completedDate && !task.note) return null;
  const { noteLabel } = statusDefinition(task.status);
  return (
    <div class="task-details">
      {task.note && (
        <p class={`task-note note-${task.status}`}>
          {noteLabel && <span class="note-prefix">{noteLabel}: </span>}
          <LinkedText text={task.note} />
        </p>
      )}
      {task.completedDate && <p class="task-date">Done {task.completedDate}</p>}
    </div>
  );
}

/**
 * Who works on the task, from its `- Working:` line (src/core/rules/claims.ts), and the person's way to free it: the
 * claim stops every other agent until it ends, never the person.
 */
export function TaskWorking({ task, controller, disabled }: TaskActionsProps) {
  const definition = statusDefinition(task.status);
  // Waiting for the person, the task is theirs: the agent's claim is not shown (nor a Release to press).
  if (definition.waitingForPerson || definition.heldForPerson || definition.finished) return null;
  if (!task.working) {
    return task.status === 'doing' ? <p class="task-unclaimed">Doing — nobody on it</p> : null;
  }
  const { by, until } = task.working;
  return (
    <p class="task-working">
      <span>{until ? <ClaimUntil by={by} until={until} /> : `${by} works on it`}</span>{' '}
      <button
        type="button"
        class="button text"
        disabled={disabled}
        aria-label={`Release task ${task.step} from ${by}`}
        onClick={() => void controller.releaseClaim(task.step, seenTask(task))}
      >
        Release
      </button>
    </p>
  );
}

/**
 * What the task waits for (its `- After:` line), small under it until it is finished: the steps not finished yet,
 * the finished ones after them in brackets (`waits for 1.2 (1.1 done)`), or `ready: 1.1, 1.2 done` once none is left.
 */
export function TaskWaits({ task, statusOf }: { task: PlanTask; statusOf: (step: string) => string | undefined }) {
  if (!task.waitsFor || statusDefinition(task.status).finished) return null;
  const finished = (step: string) => {
    const status = statusOf(step);
    return status !== undefined && statusDefinition(status).finished;
  };
  const open = task.waitsFor.filter((step) => !finished(step));
  const done = task.waitsFor.filter(finished);
  const doneWords = done.length ? `${done.join(', ')} done` : '';
  if (open.length === 0) return <p class="task-after ready">ready: {doneWords}</p>;
  return (
    <p class="task-after">
      waits for {open.join(', ')}
      {doneWords && ` (${doneWords})`}
    </p>
  );
}

/** A person's decision written on the task (`— approved: …`, `— changes requested: …`), as a mark beside it. */
function decidedMark(note: string) {
  const approved = /^\s*approved/i.test(note);
  return (
    <span class={`decided-mark ${approved ? 'decided-approved' : 'decided-changes'}`}>
      {approved ? '✓ Approved by you' : 'Changes requested'}
    </span>
  );
}

/**
 * The row's title with its range links, then the person's decision mark if there is one: the span's only child (a
 * string, or one list). Preact draws a list beside another child through a Fragment of its own, and a row with a
 * range in its title then cost a component instance more on a long plan's first render.
 */
function titleContent(task: PlanTask) {
  const title = linkedText(task.title);
  if (!isDecisionWords(task.note)) return title;
  return [...(typeof title === 'string' ? [title] : title), decidedMark(task.note ?? '')];
}

export interface TaskItemProps {
  /** The row's key among its phase's rows (its title; its step, with its line when listed twice, for a twin). */
  key: string;
  task: PlanTask;
  /** The writes made for the task (the write log's entries for its step), if any. */
  writes: WriteLogEntry[] | undefined;
  /** Its `- Check:` lines and its last check's result, if it has either. */
  check: TaskCheckShown | undefined;
  controller: SidebarController;
  disabled: boolean;
  /** Its actions are shown; the phase's list toggles it when its row button is clicked (plan-panel.tsx). */
  open: boolean;
  /** The step is listed more than once: no change can name it until the plan is fixed. */
  ambiguous: boolean;
  /** Where the task stands, for re-planning it (rename, move, remove). */
  edits: Omit<TaskEditsProps, 'task' | 'controller' | 'disabled'>;
  /** The status of any step of the plan (what the task waits for), looked up in one table for all rows. */
  statusOf: (step: string) => string | undefined;
}

/**
 * A task's row: the toggle button (icon and step, stretched over the whole row so a click anywhere opens the
 * actions) and the title beside it, whose range links sit above the stretched button. A link inside a button
 * would be invalid HTML and unreachable by keyboard. A long plan draws hundreds of rows at once: a row is a few
 * elements, and the parts most tasks lack (details, claim, waits, check, writes, actions) are asked for only when
 * the task has them. Called as a function, not a component: a row keeps no state of its own, and a component
 * instance for each of hundreds of rows was a good part of the first render.
 */
export function taskItem(props: TaskItemProps) {
  const { key, task, writes, check, controller, disabled, open, ambiguous, edits, statusOf } = props;
  const panel = `task-${task.step.replace(/\./g, '-')}-line-${task.line}`;
  const definition = statusDefinition(task.status);
  return (
    <li
      key={key}
      class={`task task-${task.status}${open ? ' open' : ''}`}
      data-step={task.step}
      id={ambiguous ? undefined : needTargets.task(task.step)}
    >
      <div class="task-line">
        <button
          type="button"
          class="task-row"
          aria-expanded={open}
          // The actions exist only while open: the button names them then.
          aria-controls={open ? `${panel}-actions` : undefined}
          // The name starts with what the button shows (its step), as WCAG's "label in name" asks.
          aria-label={`${task.step} ${definition.label}: ${task.title}`}
        >
          {statusIcon(task.status, { inNamedControl: true })}
          {task.step}
        </button>
        <span class="task-title">{titleContent(task)}</span>
      </div>
      {(task.completedDate || task.note) && <TaskDetails task={task} />}
      {(task.working || task.status === 'doing') && (
        <TaskWorking task={task} controller={controller} disabled={disabled} />
      )}
      {task.waitsFor && !definition.finished && <TaskWaits task={task} statusOf={statusOf} />}
      {check && <TaskCheck check={check} />}
      {writes && <TaskWrites step={task.step} writes={writes} controller={controller} disabled={disabled} />}
      {open && (
        <div class="task-actions" id={`${panel}-actions`}>
          {ambiguous ? (
            <p class="task-blocked-by-plan">
              Step {task.step} is listed more than once, so a change could reach the wrong line. Fix the plan first (see
              the message at the top).
            </p>
          ) : (
            <>
              <TaskActions task={task} controller={controller} disabled={disabled} />
              <TaskEdits task={task} controller={controller} disabled={disabled} {...edits} />
            </>
          )}
        </div>
      )}
    </li>
  );
}
