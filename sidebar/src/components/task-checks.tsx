/**
 * A task's checks for the person, as one line under the task: what its `- Check:` lines say, and what the last check
 * before completing it found (passed, or the cells that failed). The plan's check lines and the results reach the plan
 * panel through a context; it hands each row its own (taskCheckShown), so a row without a check draws nothing.
 */
import { createContext } from 'preact';
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

/** One task's check lines and last result. */
export interface TaskCheckShown {
  lines: TaskCheckLine[];
  result?: CheckResult;
}

/** What the task's check line shows; nothing for a task with no check lines and no result. */
export function taskCheckShown({ declared, results }: TaskChecksShown, step: string): TaskCheckShown | undefined {
  const lines = declared.get(step) ?? [];
  const result = results[step];
  return lines.length || result ? { lines, result } : undefined;
}

/** One line under the task (the plan panel looks the task's check up once for every row, taskCheckShown). */
export function TaskCheck({ check: { lines, result } }: { check: TaskCheckShown }) {
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
