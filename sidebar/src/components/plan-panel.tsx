import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { needsAdoption } from '../../../src/core/adopt';
import { parsePlan } from '../../../src/core/parse';
import { seenTask } from '../../../src/core/seen';
import { PLACEHOLDER } from '../../../src/core/patterns';
import { countOf } from '../../../src/core/progress';
import { STATUS_TABLE } from '../../../src/core/statuses';
import type { Phase, PlanQuestion, PlanTask, Progress } from '../../../src/core/types';
import { describeSource, type SidebarController } from '../controller';
import type { PlanView } from '../protocol';
import { renderMarkdown } from '../markdown';
import { withoutEmptyFields } from '../empty-fields';
import { planProblems, type PlanFix, type ShownProblem } from '../plan-fixes';
import { PanelButtons } from './panel-buttons';
import { PlanApproval, PlanStatusLine } from './plan-lifecycle';
import { LinkedText, linkRangesIn, rangeLinkTarget, SelectRange } from './range-links';
import { StatusIcon } from './status-icon';
import { TaskActions, TaskItem } from './task';
import { AddTask, type AfterEdit } from './task-edits';
import { TextForm } from './text-form';
import { OtherSheetActivity } from './write-log';
import type { WriteLogEntry } from '../../../src/core/sheet-results';

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

/** Who changed the plan last, when, and its version (the revision number, in a person's word). */
function ChangeLine({ view }: { view: PlanView }) {
  const when = view.changedAt ? formatTime(view.changedAt) : '';
  return (
    <p class="plan-meta">
      Changed by {describeSource(view.changedBy)}
      {when ? `, ${when}` : ''} · version {view.revision}
    </p>
  );
}

export function PlanPanel({
  markdown,
  view,
  writes,
  controller,
  disabled,
}: PanelProps & { markdown: string; view: PlanView; writes: WriteLogEntry[] }) {
  const plan = useMemo(() => parsePlan(markdown), [markdown]);
  const { problems, ambiguousSteps } = useMemo(() => planProblems(markdown), [markdown]);
  const otherFormat = useMemo(() => needsAdoption(markdown), [markdown]);
  const tasks = plan.phases.flatMap((phase) => phase.tasks);
  const waiting = tasks.filter((task) => STATUS_TABLE.definition(task.status).waitingForPerson);
  // A template's `[Any clarifying questions]` is nobody's question: it gets no Answer button.
  const questions = (plan.questionDetails ?? []).filter((question) => !PLACEHOLDER.test(question.text.trim()));
  const [openTask, setOpenTask] = useState<string | null>(null);
  const afterEdit = useFocusAfterEdit(setOpenTask, markdown, disabled);

  return (
    <main class="plan">
      <header class="plan-header">
        <h1 class="plan-title">{plan.title || 'Untitled plan'}</h1>
        {plan.goal && (
          <p class="plan-goal">
            <span class="goal-label">Goal</span> <LinkedText text={plan.goal} />
          </p>
        )}
        <PlanStatusLine status={plan.status} note={plan.statusNote} controller={controller} disabled={disabled} />
        <ChangeLine view={view} />
        <PanelButtons controller={controller} disabled={disabled} edit={() => controller.openEditor()} />
      </header>

      <ProblemsBanner problems={problems} controller={controller} disabled={disabled} />
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
        planDraft={plan.status === 'draft'}
        markdown={markdown}
        reviews={waiting}
        questions={questions.filter((question) => question.answer === undefined)}
        controller={controller}
        disabled={disabled}
      />

      {plan.phases.map((phase) => (
        <PhaseSection
          key={`${phase.number}:${phase.name}`}
          phase={phase}
          writes={writes}
          controller={controller}
          disabled={disabled}
          phases={plan.phases}
          openTask={openTask}
          onToggleTask={(key) => setOpenTask(openTask === key ? null : key)}
          afterEdit={afterEdit}
          ambiguousSteps={ambiguousSteps}
        />
      ))}
      {tasks.length === 0 && <p class="empty-note">This plan has no tasks yet.</p>}

      <AnsweredQuestions
        questions={questions.filter((question) => question.answer !== undefined)}
        controller={controller}
        disabled={disabled}
      />
      <MarkdownSection title="Analysis" text={plan.analysis && withoutEmptyFields(plan.analysis)} />
      <MarkdownSection title="Notes" text={plan.notes} />
      <OtherSheetActivity
        steps={new Set(tasks.map((task) => task.step))}
        writes={writes}
        controller={controller}
        disabled={disabled}
      />
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
  planDraft,
  reviews,
  questions,
  controller,
  disabled,
  markdown,
}: PanelProps & { planDraft: boolean; reviews: PlanTask[]; questions: PlanQuestion[]; markdown: string }) {
  const count = (planDraft ? 1 : 0) + reviews.length + questions.length;
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
        {planDraft && <PlanApproval controller={controller} disabled={disabled} markdown={markdown} />}
        {reviews.map((task) => (
          <li
            key={`review-${task.step}:${JSON.stringify(seenTask(task))}`}
            class="waiting-item review-item"
            data-step={task.step}
          >
            <p class="waiting-kind">
              {STATUS_TABLE.definition(task.status).label} step {task.step}
            </p>
            <p class="waiting-title">
              <LinkedText text={task.title} />
            </p>
            {task.note && (
              <p class="agent-note">
                <span class="note-prefix">Agent: </span>
                <LinkedText text={task.note} />
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
      <p class="question-text">
        <LinkedText text={question.text} />
      </p>
      {answered && (
        <p class="answer">
          <span class="note-prefix">Answered: </span>
          <LinkedText text={question.answer ?? ''} />
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
            // The item is keyed by its text: the question here is the one the person opened the form on.
            const done = await controller.answer(question.number, { text: question.text }, text);
            if (done) setAnswering(false);
            return done;
          }}
          onCancel={() => setAnswering(false)}
          keep={(text) => controller.keepText({ about: `question ${question.number} "${question.text}"`, text })}
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
        <li key={`${question.number}:${question.text}`} class="question-item" data-question={question.number}>
          <QuestionItem question={question} controller={controller} disabled={disabled} />
        </li>
      ))}
    </ul>
  );
}

/**
 * After a re-planning edit the task may have another step (a move renumbers): its row stays open under the new
 * step, and the control the person used keeps the focus (the row's toggle when that control no longer applies),
 * so that pressing Enter again moves it again.
 */
function useFocusAfterEdit(setOpenTask: (key: string) => void, markdown: string, disabled: boolean): AfterEdit {
  const [pending, setPending] = useState<{ step: string; selector: string } | null>(null);
  useEffect(() => {
    if (!pending || disabled) return;
    const row = document.querySelector(`.task-list li[data-step="${pending.step}"]`);
    const control = row?.querySelector<HTMLButtonElement>(`.task-actions ${pending.selector}`);
    (control && !control.disabled ? control : row?.querySelector<HTMLElement>('.task-row'))?.focus();
    setPending(null);
  }, [pending, markdown, disabled]);
  return (step, selector) => {
    setOpenTask(step);
    if (selector) setPending({ step, selector });
  };
}

function PhaseSection({
  phase,
  writes,
  phases,
  controller,
  disabled,
  openTask,
  onToggleTask,
  afterEdit,
  ambiguousSteps,
}: PanelProps & {
  phase: Phase;
  writes: WriteLogEntry[];
  phases: Phase[];
  openTask: string | null;
  onToggleTask: (key: string) => void;
  afterEdit: AfterEdit;
  ambiguousSteps: Set<string>;
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
        {phase.tasks.map((task) => {
          // A step listed twice is two rows: each is told apart by its line.
          const key = ambiguousSteps.has(task.step) ? `${task.step}@${task.line}` : task.step;
          return (
            <TaskItem
              key={key}
              task={task}
              writes={writes}
              controller={controller}
              disabled={disabled}
              open={openTask === key}
              onToggle={() => onToggleTask(key)}
              ambiguous={ambiguousSteps.has(task.step)}
              edits={{ phase, phases, afterEdit }}
            />
          );
        })}
      </ul>
      <AddTask phase={phase} controller={controller} disabled={disabled} />
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

export function MarkdownSection({ title, text }: { title: string; text?: string }) {
  if (!text?.trim()) return null;
  return (
    <Collapsible title={title} className="markdown-section">
      <Markdown text={text} />
    </Collapsible>
  );
}

/** Sanitised Markdown, put into the page as DOM nodes, with its range references as links. */
function Markdown({ text }: { text: string }) {
  const container = useRef<HTMLDivElement>(null);
  const select = useContext(SelectRange);
  useLayoutEffect(() => {
    const fragment = renderMarkdown(text);
    linkRangesIn(fragment);
    container.current?.replaceChildren(fragment);
  }, [text]);
  return (
    <div
      class="markdown"
      ref={container}
      onClick={(event) => {
        const reference = rangeLinkTarget(event);
        if (reference) select(reference);
      }}
    />
  );
}

/**
 * What validation finds wrong with the plan, said before anything is clicked, each problem with its fix: a
 * one-click repair where there is a safe one, and the editor opened at the line otherwise.
 */
function ProblemsBanner({ problems, controller, disabled }: PanelProps & { problems: ShownProblem[] }) {
  if (problems.length === 0) return null;
  const apply = (fix: PlanFix) =>
    fix.kind === 'rewrite' ? void controller.fixPlan(fix.markdown, fix.done) : controller.openEditor(fix.line);
  return (
    <section class="problems" aria-labelledby="problems-heading">
      <h2 id="problems-heading" class="section-heading">
        {problems.length === 1 ? 'This plan needs one fix' : `This plan needs ${problems.length} fixes`}
      </h2>
      <ul class="problem-list">
        {problems.map((problem, index) => (
          <li key={index} class="problem">
            <p class="problem-text">{problem.message}</p>
            <div class="button-row">
              {problem.fixes.map((fix, fixIndex) => (
                <button
                  key={fix.label}
                  type="button"
                  class={`button${fixIndex === 0 ? ' primary' : ' text'}`}
                  disabled={disabled}
                  onClick={() => apply(fix)}
                >
                  {fix.label}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
