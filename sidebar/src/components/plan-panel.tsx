import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { needsAdoption } from '../../../src/core/adopt';
import { parsePlan } from '../../../src/core/parse';
import { countOf } from '../../../src/core/progress';
import { STATUS_TABLE } from '../../../src/core/statuses';
import type { Phase, PlanQuestion, PlanTask, Progress } from '../../../src/core/types';
import { describeSource, type SidebarController } from '../controller';
import type { PlanView } from '../protocol';
import { renderMarkdown } from '../markdown';
import { StatusIcon, TaskActions, TaskItem } from './task';
import { TextForm } from './text-form';

interface PanelProps {
  controller: SidebarController;
  disabled: boolean;
}

/** The plan, read from the Markdown the sidebar shows (the server's, or an optimistic change). */
function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return date.toDateString() === new Date().toDateString()
    ? time
    : `${date.toLocaleDateString([], { month: 'short', day: 'numeric' })}, ${time}`;
}

/** Who changed the plan last, when, and its revision. */
function ChangeLine({ view }: { view: PlanView }) {
  const when = view.changedAt ? formatTime(view.changedAt) : '';
  return (
    <p class="plan-meta">
      Changed by {describeSource(view.changedBy)}
      {when ? `, ${when}` : ''} · revision {view.revision}
    </p>
  );
}

export function PlanPanel({ markdown, view, controller, disabled }: PanelProps & { markdown: string; view: PlanView }) {
  const plan = useMemo(() => parsePlan(markdown), [markdown]);
  const otherFormat = useMemo(() => needsAdoption(markdown), [markdown]);
  const tasks = plan.phases.flatMap((phase) => phase.tasks);
  const waiting = tasks.filter((task) => STATUS_TABLE.definition(task.status).waitingForPerson);
  const questions = plan.questionDetails ?? [];
  const [openTask, setOpenTask] = useState<string | null>(null);

  return (
    <main class="plan">
      <header class="plan-header">
        <div class="title-row">
          <h1 class="plan-title">{plan.title || 'Untitled plan'}</h1>
          <div class="header-buttons">
            <button
              type="button"
              class="button text icon-button"
              disabled={disabled}
              onClick={() => void controller.openHistory()}
              title="Earlier versions of the whole plan, with restore"
            >
              History
            </button>
            <button
              type="button"
              class="button text icon-button"
              disabled={disabled}
              onClick={() => controller.openEditor()}
              title="Edit the plan's Markdown"
            >
              Edit
            </button>
          </div>
        </div>
        {plan.goal && (
          <p class="plan-goal">
            <span class="goal-label">Goal</span> {plan.goal}
          </p>
        )}
        <ChangeLine view={view} />
      </header>

      {otherFormat && (
        <div class="warning adopt-format" role="status">
          <p>
            This plan is written as another kind of checklist. Sheet Plan reads it as it is; rewriting it numbers the
            steps and uses the standard headings, keeping every word (the current text goes to History).
          </p>
          <button type="button" class="button" disabled={disabled} onClick={() => void controller.adopt()}>
            Rewrite in the standard format
          </button>
        </div>
      )}

      <ProgressSummary progress={plan.progress} />

      <Waiting
        reviews={waiting}
        questions={questions.filter((question) => question.answer === undefined)}
        controller={controller}
        disabled={disabled}
      />

      {plan.phases.map((phase) => (
        <PhaseSection
          key={`${phase.number}:${phase.name}`}
          phase={phase}
          controller={controller}
          disabled={disabled}
          openTask={openTask}
          onToggleTask={(step) => setOpenTask(openTask === step ? null : step)}
        />
      ))}
      {tasks.length === 0 && <p class="empty-note">This plan has no tasks yet.</p>}

      <AnsweredQuestions
        questions={questions.filter((question) => question.answer !== undefined)}
        controller={controller}
        disabled={disabled}
      />
      <MarkdownSection title="Analysis" text={plan.analysis} />
      <MarkdownSection title="Notes" text={plan.notes} />
    </main>
  );
}

function ProgressSummary({ progress }: { progress: Progress }) {
  const statuses = STATUS_TABLE.definitions;
  const finished = statuses
    .filter((definition) => definition.finished)
    .reduce((sum, { status }) => sum + countOf(progress, status), 0);
  return (
    <section class="progress" aria-label="Progress">
      <div class="progress-line">
        <span class="progress-text">
          {finished} of {progress.total} finished
        </span>
        <span class="progress-percent">{progress.percent}%</span>
      </div>
      <div
        class="progress-bar"
        role="progressbar"
        aria-label="Tasks finished"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        {progress.total > 0 &&
          statuses
            .filter(({ status, queue }) => !queue && countOf(progress, status) > 0)
            .map(({ status }) => (
              <span
                key={status}
                class={`progress-segment status-${status}`}
                style={{ width: `${(countOf(progress, status) / progress.total) * 100}%` }}
              />
            ))}
      </div>
      <ul class="status-counts">
        {statuses.map(({ status, label }) => (
          <li key={status} class={`status-count${countOf(progress, status) ? '' : ' zero'}`}>
            <StatusIcon status={status} decorative />
            <span class="count-label">{label}</span>
            <span class="count-value">{countOf(progress, status)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Waiting({
  reviews,
  questions,
  controller,
  disabled,
}: PanelProps & { reviews: PlanTask[]; questions: PlanQuestion[] }) {
  const count = reviews.length + questions.length;
  if (count === 0) return null;
  return (
    <section class="waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" class="section-heading">
        Waiting for you{' '}
        <span class="badge" aria-label={`${count} items`}>
          {count}
        </span>
      </h2>
      <ul class="waiting-list">
        {reviews.map((task) => (
          <li key={`review-${task.step}`} class="waiting-item review-item" data-step={task.step}>
            <p class="waiting-kind">
              {STATUS_TABLE.definition(task.status).label} step {task.step}
            </p>
            <p class="waiting-title">{task.title}</p>
            {task.note && (
              <p class="agent-note">
                <span class="note-prefix">Agent: </span>
                {task.note}
              </p>
            )}
            <TaskActions task={task} controller={controller} disabled={disabled} />
          </li>
        ))}
        {questions.length > 0 && (
          <li class="waiting-item question-group">
            <p class="waiting-kind">
              {questions.length === 1 ? 'A question from the agent' : `${questions.length} questions from the agent`}
            </p>
            <QuestionList questions={questions} controller={controller} disabled={disabled} />
          </li>
        )}
      </ul>
    </section>
  );
}

function QuestionItem({ question, controller, disabled }: PanelProps & { question: PlanQuestion }) {
  const [answering, setAnswering] = useState(false);
  const answered = question.answer !== undefined;
  return (
    <div class={`question${answered ? ' answered' : ''}`}>
      <p class="question-text">{question.text}</p>
      {answered && (
        <p class="answer">
          <span class="note-prefix">Answered: </span>
          {question.answer}
        </p>
      )}
      {answering ? (
        <TextForm
          label={answered ? 'Your new answer' : 'Your answer'}
          submitLabel={answered ? 'Save answer' : 'Answer'}
          required
          initial={question.answer}
          disabled={disabled}
          onSubmit={async (text) => {
            const done = await controller.answer(question.number, text);
            if (done) setAnswering(false);
            return done;
          }}
          onCancel={() => setAnswering(false)}
        />
      ) : (
        <div class="button-row">
          <button
            type="button"
            class="button text"
            disabled={disabled}
            onClick={() => setAnswering(true)}
            aria-label={`${answered ? 'Change answer to' : 'Answer'} question ${question.number}`}
          >
            {answered ? 'Change answer' : 'Answer'}
          </button>
        </div>
      )}
    </div>
  );
}

function AnsweredQuestions({ questions, controller, disabled }: PanelProps & { questions: PlanQuestion[] }) {
  if (questions.length === 0) return null;
  return (
    <Collapsible title="Answered questions" count={`${questions.length}`}>
      <QuestionList questions={questions} controller={controller} disabled={disabled} />
    </Collapsible>
  );
}

function QuestionList({ questions, controller, disabled }: PanelProps & { questions: PlanQuestion[] }) {
  return (
    <ul class="question-list">
      {questions.map((question) => (
        <li key={question.number} class="question-item" data-question={question.number}>
          <QuestionItem question={question} controller={controller} disabled={disabled} />
        </li>
      ))}
    </ul>
  );
}

function PhaseSection({
  phase,
  controller,
  disabled,
  openTask,
  onToggleTask,
}: PanelProps & {
  phase: Phase;
  openTask: string | null;
  onToggleTask: (step: string) => void;
}) {
  const finished = phase.tasks.filter((task) => STATUS_TABLE.definition(task.status).finished).length;
  const complete = phase.tasks.length > 0 && finished === phase.tasks.length;
  // A section without a phase number (`## This week`) is shown by its own name.
  const name =
    phase.derived && phase.name
      ? phase.name
      : phase.name
        ? `Phase ${phase.number}: ${phase.name}`
        : `Phase ${phase.number}`;
  return (
    <Collapsible
      title={name}
      count={`${finished}/${phase.tasks.length}`}
      initiallyOpen={!complete}
      className={`phase${complete ? ' complete' : ''}`}
    >
      <ul class="task-list">
        {phase.tasks.map((task) => (
          <TaskItem
            key={task.step}
            task={task}
            controller={controller}
            disabled={disabled}
            open={openTask === task.step}
            onToggle={() => onToggleTask(task.step)}
          />
        ))}
      </ul>
    </Collapsible>
  );
}

let sectionIds = 0;

function Collapsible({
  title,
  count,
  initiallyOpen = true,
  className = '',
  children,
}: {
  title: string;
  count?: string;
  initiallyOpen?: boolean;
  className?: string;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [id] = useState(() => `section-${++sectionIds}`);
  return (
    <section class={`collapsible ${className}`}>
      <h2 class="section-heading">
        <button
          type="button"
          class="section-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <span class="chevron" aria-hidden="true" />
          <span class="section-title">{title}</span>
          {count && <span class="section-count">{count}</span>}
        </button>
      </h2>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function MarkdownSection({ title, text }: { title: string; text?: string }) {
  if (!text?.trim()) return null;
  return (
    <Collapsible title={title} className="markdown-section">
      <Markdown text={text} />
    </Collapsible>
  );
}

/** Sanitised Markdown, put into the page as DOM nodes. */
function Markdown({ text }: { text: string }) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    container.current?.replaceChildren(renderMarkdown(text));
  }, [text]);
  return <div class="markdown" ref={container} />;
}
