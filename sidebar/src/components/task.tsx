import { useRef, useState } from 'preact/hooks';
import { statusDefinition } from '../../../src/core/statuses';
import type { PlanTask } from '../../../src/core/types';
import type { SidebarController } from '../controller';
import { taskChoices, type TaskChoice } from '../task-choices';
import { TextForm } from './text-form';
import { TaskWrites } from './write-log';
import type { WriteLogEntry } from '../../../src/core/sheet-results';

export interface TaskActionsProps {
  task: PlanTask;
  controller: SidebarController;
  disabled: boolean;
}

let decisionIds = 0;

/**
 * A person's decision on a review item: one comment field for both buttons. Approving takes the
 * comment if there is one; requesting changes needs it (the agent must know what to change).
 */
export function ReviewDecision({ task, controller, disabled }: TaskActionsProps) {
  const [comment, setComment] = useState('');
  const [hint, setHint] = useState('');
  const [id] = useState(() => `review-comment-${++decisionIds}`);
  const field = useRef<HTMLTextAreaElement>(null);
  const decide = async (action: 'approve' | 'requestChanges') => {
    if (action === 'requestChanges' && !comment.trim()) {
      setHint('Write what needs to change, then request changes.');
      field.current?.focus();
      return;
    }
    setHint('');
    if (await controller.act(action, task.step, comment)) setComment('');
  };
  return (
    <div class="review-decision">
      <label class="field-label" for={id}>
        Comment for the agent
      </label>
      <textarea
        id={id}
        ref={field}
        class="field"
        rows={1}
        value={comment}
        disabled={disabled}
        placeholder="Optional when approving"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(event) => {
          setComment((event.currentTarget as HTMLTextAreaElement).value.replace(/[\r\n]+/g, ' '));
          setHint('');
        }}
        // One line, like every comment the core takes; Enter does not decide for the person.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {hint && (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div class="button-row" role="group" aria-label={`Review of task ${task.step}`}>
        <button type="button" class="button primary" disabled={disabled} onClick={() => void decide('approve')}>
          Approve
        </button>
        <button type="button" class="button" disabled={disabled} onClick={() => void decide('requestChanges')}>
          Request changes
        </button>
      </div>
    </div>
  );
}

/** A task's action buttons; one that needs a reason or note opens a small form in place. */
export function TaskActions({ task, controller, disabled }: TaskActionsProps) {
  const [form, setForm] = useState<TaskChoice | null>(null);
  const choices = taskChoices(task);
  if (statusDefinition(task.status).heldForPerson)
    return <ReviewDecision task={task} controller={controller} disabled={disabled} />;

  if (form?.text) {
    return (
      <TextForm
        label={form.text.label}
        submitLabel={form.label}
        required={form.text.required}
        initial={form.text.initial}
        disabled={disabled}
        onSubmit={async (text) => {
          const done = await controller.act(form.action, task.step, text);
          if (done) setForm(null);
          return done;
        }}
        onCancel={() => setForm(null)}
      />
    );
  }
  return (
    <div class="button-row" role="group" aria-label={`Actions for task ${task.step}`}>
      {choices.map((choice) => (
        <button
          key={choice.action}
          type="button"
          class={`button ${choice.primary ? 'primary' : 'text'}`}
          disabled={disabled}
          onClick={() => (choice.text ? setForm(choice) : void controller.act(choice.action, task.step))}
        >
          {choice.label}
          {choice.text ? '…' : ''}
        </button>
      ))}
    </div>
  );
}

/** The status table's icon; `decorative` where the label is written beside it anyway. */
export function StatusIcon({ status, decorative = false }: { status: string; decorative?: boolean }) {
  const definition = statusDefinition(status);
  if (decorative)
    return (
      <span class={`status-icon status-${status}`} aria-hidden="true">
        {definition.icon}
      </span>
    );
  return (
    <span class={`status-icon status-${status}`} title={definition.label}>
      <span aria-hidden="true">{definition.icon}</span>
      <span class="visually-hidden">{definition.label}</span>
    </span>
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
          {task.note}
        </p>
      )}
      {task.completedDate && <p class="task-date">Done {task.completedDate}</p>}
    </div>
  );
}

export interface TaskItemProps {
  task: PlanTask;
  /** The write log; the task shows the writes made for it. */
  writes: WriteLogEntry[];
  controller: SidebarController;
  disabled: boolean;
  open: boolean;
  onToggle: () => void;
}

export function TaskItem({ task, writes, controller, disabled, open, onToggle }: TaskItemProps) {
  const panel = `task-${task.step.replace(/\./g, '-')}-actions`;
  return (
    <li class={`task task-${task.status}${open ? ' open' : ''}`} data-step={task.step}>
      <button type="button" class="task-row" aria-expanded={open} aria-controls={panel} onClick={onToggle}>
        <StatusIcon status={task.status} />
        <span class="task-step">{task.step}</span>
        <span class="task-title">{task.title}</span>
      </button>
      <TaskDetails task={task} />
      <TaskWrites step={task.step} writes={writes} controller={controller} disabled={disabled} />
      {open && (
        <div class="task-actions" id={panel}>
          <TaskActions task={task} controller={controller} disabled={disabled} />
        </div>
      )}
    </li>
  );
}
