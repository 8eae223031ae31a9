/**
 * A finished plan as a person reads it (Finished plans → Show the plan): rendered as the live plan is, its goal,
 * phases with each task's status, Analysis and Notes, but read-only, since a finished plan takes no decisions. The
 * Markdown itself stays one click away ("Show the text"), as in History.
 */
import { useMemo } from 'preact/hooks';
import { parsePlan } from '../../../src/core/format/parse';
import { withoutEmptyFields } from '../empty-fields';
import { MarkdownSection } from './markdown-section';
import { LinkedText } from './range-links';
import { statusIcon } from './status-icon';

export function FinishedPlan({ title, markdown }: { title: string; markdown: string }) {
  const plan = useMemo(() => parsePlan(markdown), [markdown]);
  return (
    <section class="finished-plan" aria-label={`The finished plan "${title}"`}>
      {plan.goal && (
        <p class="plan-goal">
          <span class="goal-label">Goal</span> <LinkedText text={plan.goal} />
        </p>
      )}
      {plan.phases.map((phase) => (
        <div key={`${phase.number}:${phase.name}`} class="finished-phase">
          <h3 class="finished-phase-name">{phase.name}</h3>
          <ul class="finished-tasks">
            {phase.tasks.map((task) => (
              <li key={task.step} class={`finished-task status-${task.status}`} data-step={task.step}>
                {statusIcon(task.status, { spoken: true })}
                <span class="finished-task-text">
                  <span class="step">{task.step}</span> <LinkedText text={task.title} />
                  {task.note && <span class="finished-task-note"> — {task.note}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <MarkdownSection title="Analysis" text={plan.analysis && withoutEmptyFields(plan.analysis)} />
      <MarkdownSection title="Notes" text={plan.notes} />
      <details class="history-text">
        <summary>Show the text</summary>
        <pre class="archived-text">{markdown}</pre>
      </details>
    </section>
  );
}
