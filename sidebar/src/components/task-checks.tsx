/**
 * A task's checks for the person, as one line under the task: what its `- Check:` lines say, and what the last check
 * before completing it found (passed, or the cells that failed). The plan's check lines and the results reach each
 * task through a context, so the panels between need not pass them on.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { TaskCheckLine } from '../../../src/core/rules/checks';
import type { CheckResult } from '../../../src/core/rules/done-checks';
import { PersonTime } from './person-time';

export interface TaskChecksShown {
  /** The `- Check:` lines of each task, by step (src/core/rules/checks.ts taskChecks). */
  declared: Map<string, TaskCheckLine[]>;
  /** The last result of each task's check, by step. */
  results: Record<string, CheckResult>;
}

export const TaskChecks = createContext<TaskChecksShown>({ declared: new Map(), results: {} });

/** One line under the task; nothing for a task with no check lines and no result. */
export function TaskCheck({ step }: { step: string }) {
  const { declared, results } = useContext(TaskChecks);
  const lines = declared.get(step) ?? [];
  const result = results[step];
  if (!lines.length && !result) return null;
  const said = lines.map((line) => (line.error ? `${line.text} (cannot be read: ${line.error})` : line.text));
  return (
    <p class={`task-check${result && !result.passed ? ' check-failed' : ''}`}>
      <span class="note-prefix">Check: </span>
      {said.length ? said.join('; ') : 'the cells it wrote'}
      {result && (
        <>
          {result.passed ? ' — passed ' : ' — failed '}
          <PersonTime iso={result.at} />
          {!result.passed && `: ${result.failures}`}
        </>
      )}
    </p>
  );
}
