import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { needsAdoption } from '../../../src/core/format/adopt';
import { PLACEHOLDER } from '../../../src/core/format/patterns';
import { countOf } from '../../../src/core/format/progress';
import { STATUS_TABLE } from '../../../src/core/format/statuses';
import type { CheckResult } from '../../../src/core/rules/done-checks';
import { tasksByStep } from '../../../src/core/rules/dependencies';
import type { Phase, Plan, PlanTask, Progress } from '../../../src/core/format/types';
import { describeSource, type SidebarController } from '../controller';
import type { PlanView } from '../protocol';
import { withoutEmptyFields } from '../empty-fields';
import { outlineOf, planOf } from '../plan-read';
import { planProblems, type PlanFix, type ShownProblem } from '../plan-fixes';
import { PanelButtons } from './panel-buttons';
import { needTargets, needsYou, refusedWrites } from '../needs-you';
import { Collapsible } from './collapsible';
import { NeedsYou, TaskFilter, type TaskFilterChoice } from './needs-you';
import { PersonTime } from './person-time';
import { isNotAPlan, Recovery } from './recovery';
import { PlanStatusLine } from './plan-lifecycle';
import { LinkedText } from './range-links';
import { MarkdownSection } from './markdown-section';
import { statusIcon } from './status-icon';
import { taskItem } from './task';
import { TaskChecks, taskCheckShown, type TaskChecksShown } from './task-checks';
import { AddTask, type AfterEdit } from './task-edits';
import { AnsweredQuestions, Waiting } from './waiting';
import { OtherSheetActivity, undoableWrites } from './write-log';
import type { WriteLogEntry } from '../../../src/core/sheet/sheet-results';

interface PanelProps {
  controller: SidebarController;
  disabled: boolean;
}

/** Who changed the plan last, when, and its version (the revision number, in a person's word). */
function ChangeLine({ view }: { view: PlanView }) {
  return (
    <p class="plan-meta">
      Changed by <bdi>{describeSource(view.changedBy)}</bdi>
      {view.changedAt && (
        <>
          , <PersonTime iso={view.changedAt} />
        </>
      )}{' '}
      · version {view.revision}
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
  const plan = useMemo(() => planOf(markdown), [markdown]);
  const { problems, ambiguousSteps } = useMemo(() => planProblems(markdown), [markdown]);
  const otherFormat = useMemo(() => needsAdoption(markdown, outlineOf(markdown)), [markdown]);
  const tasks = plan.phases.flatMap((phase) => phase.tasks);
  const waiting = tasks.filter((task) => STATUS_TABLE.definition(task.status).waitingForPerson);
  // A template's `[Any clarifying questions]` is nobody's question: it gets no Answer button.
  const questions = (plan.questionDetails ?? []).filter((question) => !PLACEHOLDER.test(question.text.trim()));
  const [openTask, toggleTask, afterEdit] = useOpenTask(tasks, markdown, disabled);
  const checks = useContext(TaskChecks);
  const { results } = checks;
  const writesByStep = useMemo(() => writesOfTasks(writes), [writes]);
  const needs = useMemo(
    () => needsYou(plan, results, refusedWrites(plan, writes), undoableWrites(writes), view.approvalRequired),
    [plan, results, writes, view.approvalRequired],
  );
  const statusOf = useMemo(() => statusLookup(plan), [plan]);
  const [filter, setFilter] = useState<TaskFilterChoice>('all');
  const shown = (task: PlanTask) => taskShown(task, filter, results);
  const current = currentTask(tasks);

  return (
    <main class="plan">
      <PlanHeader plan={plan} view={view} controller={controller} disabled={disabled} />

      {isNotAPlan(markdown) && <Recovery view={view} controller={controller} disabled={disabled} />}
      <NeedsYou items={needs} />
      <ProblemsBanner problems={problems} controller={controller} disabled={disabled} />
      {otherFormat && <AdoptFormat controller={controller} disabled={disabled} />}

      <Waiting
        planDraft={needs.some((item) => item.kind === 'approval')}
        markdown={markdown}
        reviews={waiting}
        questions={questions.filter((question) => question.answer === undefined)}
        controller={controller}
        disabled={disabled}
      />

      <ProgressSummary progress={plan.progress} />
      {tasks.length > 0 && (
        <TaskFilter value={filter} onChange={setFilter} current={current && needTargets.task(current.step)} />
      )}
      {plan.phases.map((phase) => (
        <PhaseSection
          key={`${phase.number}:${phase.name}`}
          phase={phase}
          writesByStep={writesByStep}
          checks={checks}
          controller={controller}
          disabled={disabled}
          phases={plan.phases}
          openTask={openTask}
          onToggleTask={toggleTask}
          afterEdit={afterEdit}
          ambiguousSteps={ambiguousSteps}
          statusOf={statusOf}
          shown={shown}
          filtered={filter !== 'all'}
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

/** The plan's title, goal, status, who changed it last, and the panels. */
function PlanHeader({ plan, view, controller, disabled }: PanelProps & { plan: Plan; view: PlanView }) {
  return (
    <header class="plan-header">
      <h1 class="plan-title">{plan.title || 'Untitled plan'}</h1>
      {plan.goal && (
        <p class="plan-goal">
          <span class="goal-label">Goal</span> <LinkedText text={plan.goal} />
        </p>
      )}
      <PlanStatusLine status={plan.status} note={plan.statusNote} controller={controller} disabled={disabled} />
      <ChangeLine view={view} />
      <PanelButtons controller={controller} disabled={disabled} edit={() => void controller.openEditor()} />
    </header>
  );
}

/** A plan written as another kind of checklist: Sheet Plan offers to rewrite it in the standard format. */
function AdoptFormat({ controller, disabled }: PanelProps) {
  return (
    <div class="warning adopt-format" role="status">
      <p>
        This plan is written as another kind of checklist. Sheet Plan reads it as it is; rewriting it numbers the steps
        and uses the standard headings, keeping every word (the current text goes to History).
      </p>
      <button type="button" class="button" disabled={disabled} onClick={() => void controller.adopt()}>
        Rewrite in the standard format
      </button>
    </div>
  );
}

/** Whether the task filter lets a task through: what waits for the person, what is not finished, or all. */
function taskShown(task: PlanTask, filter: TaskFilterChoice, results: Record<string, CheckResult>): boolean {
  const definition = STATUS_TABLE.definition(task.status);
  if (filter === 'all') return true;
  if (filter === 'active') return !definition.finished;
  return definition.waitingForPerson || task.status === 'blocked' || results[task.step]?.passed === false;
}

/** The task being worked on (the first in progress), else the next one to do; null when every task is finished. */
function currentTask(tasks: PlanTask[]): PlanTask | null {
  return (
    tasks.find((task) => task.status === 'doing') ??
    tasks.find((task) => !STATUS_TABLE.definition(task.status).finished) ??
    null
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
            {statusIcon(status, { decorative: true })}
            <span class="count-label">{label}</span>
            <span class="count-value">{countOf(progress, status)}</span>
          </li>
        ))}
      </ul>
    </section>
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

/** The status of each step of the plan (the first task listed with it), for what a task waits for. */
function statusLookup(plan: Plan): (step: string) => string | undefined {
  const byStep = tasksByStep(plan.phases.flatMap((phase) => phase.tasks));
  return (step) => byStep.get(step)?.status;
}

/** The writes made for each task, by step (a task's row lists its own). */
function writesOfTasks(writes: WriteLogEntry[]): Map<string, WriteLogEntry[]> {
  const byStep = new Map<string, WriteLogEntry[]>();
  for (const entry of writes) {
    if (entry.kind !== 'write' || entry.earlierPlan) continue;
    const mine = byStep.get(entry.step);
    if (mine) mine.push(entry);
    else byStep.set(entry.step, [entry]);
  }
  return byStep;
}

function PhaseSection({
  phase,
  writesByStep,
  checks,
  phases,
  controller,
  disabled,
  openTask,
  onToggleTask,
  afterEdit,
  ambiguousSteps,
  statusOf,
  shown,
  filtered,
}: PanelProps & {
  phase: Phase;
  shown: (task: PlanTask) => boolean;
  filtered: boolean;
  writesByStep: Map<string, WriteLogEntry[]>;
  checks: TaskChecksShown;
  phases: Phase[];
  openTask: string | null;
  onToggleTask: (key: string) => void;
  afterEdit: AfterEdit;
  ambiguousSteps: Set<string>;
  statusOf: (step: string) => string | undefined;
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
  const listed = phase.tasks.filter(shown);
  if (filtered && listed.length === 0) return null;
  // A step listed twice is two rows: each is told apart by its line.
  const keys = listed.map((task) => (ambiguousSteps.has(task.step) ? `${task.step}@${task.line}` : task.step));
  // A row is keyed by its title (the first with it), so that its open form survives a renumber.
  const titles = new Set<string>();
  return (
    <Collapsible
      title={name}
      count={`${finished}/${phase.tasks.length}`}
      initiallyOpen={!complete}
      className={`phase${complete ? ' complete' : ''}`}
    >
      <ul class="task-list" onClick={(event) => toggleClicked(event, keys, onToggleTask)}>
        {listed.map((task, index) => {
          const key = keys[index];
          return taskItem({
            key: titles.has(task.title) ? key : (titles.add(task.title), `t:${task.title}`),
            task,
            writes: writesByStep.get(task.step),
            check: taskCheckShown(checks, task.step),
            controller,
            disabled,
            open: openTask === key,
            ambiguous: ambiguousSteps.has(task.step),
            edits: { phase, phases, afterEdit },
            statusOf,
          });
        })}
      </ul>
      <AddTask phase={phase} controller={controller} disabled={disabled} />
    </Collapsible>
  );
}

/**
 * The open row's key, its toggle and what follows an edit. A row opened by a click remembers its task's title: it
 * follows that task to its new step when the agent renumbers the plan (while no other task has that title).
 */
function useOpenTask(tasks: PlanTask[], markdown: string, disabled: boolean) {
  const [opened, setOpened] = useState<{ key: string; title?: string } | null>(null);
  const same = tasks.filter((task) => task.title === opened?.title);
  const openTask = same.length === 1 ? same[0]!.step : (opened?.key ?? null);
  const toggle = (key: string) =>
    setOpened(openTask === key ? null : { key, title: tasks.find((task) => task.step === key)?.title });
  return [openTask, toggle, useFocusAfterEdit((key) => setOpened({ key }), markdown, disabled)] as const;
}

/**
 * A click on a row's toggle opens or closes that row: one listener for the phase's list, not one on each of
 * hundreds of rows. The rows are the list's children in the order of `keys`.
 */
function toggleClicked(event: MouseEvent, keys: string[], onToggleTask: (key: string) => void): void {
  const toggle = event.target instanceof Element ? event.target.closest('.task-row') : null;
  const row = toggle?.closest('.task');
  const list = event.currentTarget as HTMLElement;
  if (!row || row.parentElement !== list) return;
  const index = Array.prototype.indexOf.call(list.children, row);
  if (keys[index] !== undefined) onToggleTask(keys[index]);
}

/**
 * What validation finds wrong with the plan, said before anything is clicked, each problem with its fix: a
 * one-click repair where there is a safe one, and the editor opened at the line otherwise.
 */
function ProblemsBanner({ problems, controller, disabled }: PanelProps & { problems: ShownProblem[] }) {
  if (problems.length === 0) return null;
  const apply = (fix: PlanFix) =>
    fix.kind === 'rewrite' ? void controller.fixPlan(fix.markdown, fix.done) : void controller.openEditor(fix.line);
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
