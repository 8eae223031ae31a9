/**
 * "Waiting for you": the plan's approval, review items and the agent's questions, each with its decision in place;
 * and the answered questions, folded away below the plan.
 */
import { useState } from 'preact/hooks';
import { seenTask } from '../../../src/core/person/seen';
import { STATUS_TABLE } from '../../../src/core/format/statuses';
import type { PlanQuestion, PlanTask } from '../../../src/core/format/types';
import type { SidebarController } from '../controller';
import { needTargets } from '../needs-you';
import { plural } from '../words';
import { PlanApproval } from './approval-box';
import { Collapsible } from './collapsible';
import { LinkedText } from './range-links';
import { TaskActions } from './task';
import { FormPlace, wentAway } from './kept-text';
import { formKey, TextForm } from './text-form';

interface PanelProps {
  controller: SidebarController;
  disabled: boolean;
}

export function Waiting({
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
        <span class="badge" aria-label={plural(count, 'item', 'items')}>
          {count}
        </span>
      </h2>
      <ul class="waiting-list">
        {planDraft && <PlanApproval controller={controller} disabled={disabled} markdown={markdown} />}
        {reviews.map((task) => (
          <li
            // Keyed by what it shows, not its step: a task the agent only renumbered keeps its card and comment.
            key={JSON.stringify(seenTask(task))}
            class="waiting-item review-item"
            id={needTargets.review(task.step)}
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
            {/* Its decision is in its task's row too, when open there: a refused one's comment comes back here. */}
            <FormPlace.Provider value="waiting ">
              <TaskActions task={task} controller={controller} disabled={disabled} />
            </FormPlace.Provider>
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
  const answered = question.answer !== undefined;
  const label = answered ? 'Your new answer' : 'Your answer';
  // Open again when a refused answer brought the question back (kept-text.tsx).
  const [answering, setAnswering] = useState(() => wentAway(formKey(label, question.answer)));
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
          label={label}
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

export function AnsweredQuestions({ questions, controller, disabled }: PanelProps & { questions: PlanQuestion[] }) {
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
        <li
          key={`${question.number}:${question.text}`}
          class="question-item"
          id={question.answer === undefined ? needTargets.question(question.number) : undefined}
          data-question={question.number}
        >
          <QuestionItem question={question} controller={controller} disabled={disabled} />
        </li>
      ))}
    </ul>
  );
}
