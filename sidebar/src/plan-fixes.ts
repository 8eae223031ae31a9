/**
 * The plan's problems as a person meets them: what validatePlan reports, each with a fix the sidebar can
 * offer, so an invalid plan shows a banner with a way out instead of a refusal after a click.
 */
import { outlinePlan } from '../../src/core/parse';
import { matchTaskLine } from '../../src/core/patterns';
import { validatePlan } from '../../src/core/validate';

export type PlanFix =
  /** Rewrites the document (one whole-plan save); `done` is the status line after it. */
  | { kind: 'rewrite'; label: string; markdown: string; done: string }
  /** Opens the Markdown editor with line `line` (1-based) selected. */
  | { kind: 'edit'; label: string; line: number };

export interface ShownProblem {
  message: string;
  fixes: PlanFix[];
}

export interface PlanProblems {
  problems: ShownProblem[];
  /** Steps listed more than once: no change can address them until they are told apart. */
  ambiguousSteps: Set<string>;
}

/** The step one past the highest of `step`'s siblings (`2.1` → `2.4` when 2.3 is the last of Phase 2). */
function nextFreeStep(step: string, steps: readonly string[]): string {
  const parent = step.split('.').slice(0, -1).join('.');
  const depth = step.split('.').length;
  let highest = 0;
  for (const candidate of steps) {
    const parts = candidate.split('.');
    if (parts.length === depth && parts.slice(0, -1).join('.') === parent) {
      highest = Math.max(highest, Number(parts[parts.length - 1]));
    }
  }
  return `${parent}.${highest + 1}`;
}

/** The document with the task on line `index` (0-based) renumbered from `step` to `newStep`, nothing else changed. */
function renumbered(markdown: string, index: number, step: string, newStep: string): string | null {
  const outline = outlinePlan(markdown);
  const parts = matchTaskLine(outline.document.lines[index]);
  if (!parts || parts.step !== step) return null;
  const line = parts.head + parts.symbol + parts.middle.replace(step, newStep) + parts.rest;
  return outline.document.replaceLine(index, line).toString();
}

export function planProblems(markdown: string): PlanProblems {
  const report = validatePlan(markdown);
  const problems: ShownProblem[] = [];
  const ambiguousSteps = new Set<string>();
  const outline = report.errors.some((problem) => problem.code === 'duplicate-step') ? outlinePlan(markdown) : null;
  for (const problem of report.errors) {
    const fixes: PlanFix[] = [];
    let message = problem.message.replace(/\.?$/, '.');
    if (problem.code === 'duplicate-step' && outline && problem.line !== undefined) {
      const task = outline.tasks.find((candidate) => candidate.line === problem.line! - 1);
      if (task) {
        ambiguousSteps.add(task.step);
        const newStep = nextFreeStep(
          task.step,
          outline.tasks.map((candidate) => candidate.step),
        );
        const fixed = renumbered(markdown, task.line, task.step, newStep);
        message += ` Until one is renumbered, neither can be changed here.`;
        if (fixed !== null) {
          fixes.push({
            kind: 'rewrite',
            label: `Renumber line ${problem.line} to ${newStep}`,
            markdown: fixed,
            done: `Line ${problem.line} renumbered to ${newStep}`,
          });
        }
      }
    }
    if (problem.line !== undefined)
      fixes.push({ kind: 'edit', label: `Edit line ${problem.line}`, line: problem.line });
    else fixes.push({ kind: 'edit', label: 'Edit the plan', line: 1 });
    problems.push({ message, fixes });
  }
  return { problems, ambiguousSteps };
}
