/**
 * The plan's problems as a person meets them: what validatePlan reports, each with a fix the sidebar can
 * offer, so an invalid plan shows a banner with a way out instead of a refusal after a click.
 */
import { rewriteDependencyLine } from '../../src/core/rules/dependencies';
import { outlinePlan, type PlanOutline } from '../../src/core/format/parse';
import { matchTaskLine } from '../../src/core/format/patterns';
import { validateOutline } from '../../src/core/rules/validate';
import { outlineOf } from './plan-read';

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

/**
 * Where a line is, in the words of the plan (Sheets shows no line numbers): `1.3`, `the second 1.2` (a step listed
 * twice), `the line under 2.1`; null when no task is at or above it.
 */
function placeOf(outline: PlanOutline, line: number): string | null {
  const task = outline.tasks.find((candidate) => candidate.line === line - 1);
  if (task) {
    const first = outline.tasks.find((candidate) => candidate.step === task.step);
    return first === task ? task.step : `the second ${task.step}`;
  }
  const above = outline.tasks.filter((candidate) => candidate.line < line - 1).pop();
  return above ? `the line under ${above.step}` : null;
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

/** Dependency problems a rewrite of their line fixes: a step the plan does not have, the task itself. */
const DEPENDENCY_FIXED_BY_REMOVAL = new Set(['dependency-unknown-step', 'dependency-on-itself']);

/**
 * The fix for an `After:` line naming a step the plan does not have, or its own task: the line without those steps
 * (without the line when nothing is left). Null when the line is not such a line.
 */
function withoutBadDependencies(markdown: string, line: number): PlanFix | null {
  const outline = outlinePlan(markdown);
  const read = outline.dependencies.find((candidate) => candidate.line === line - 1);
  if (!read || read.error) return null;
  const steps = new Set(outline.tasks.map((task) => task.step));
  const bad = (step: string) => step === read.step || !steps.has(step);
  const names = [...new Set(read.references.map((reference) => reference.step).filter(bad))];
  if (!names.length) return null;
  const text = outline.document.lines[read.line];
  const kept = read.references.map((reference) => (bad(reference.step) ? null : reference.step));
  const rewritten = rewriteDependencyLine(text, read, kept);
  const document =
    rewritten === null
      ? outline.document.removeLines(read.line, read.line + 1)
      : outline.document.replaceLine(read.line, rewritten);
  const what = `${names.join(', ')} from the After line of ${read.step}`;
  return { kind: 'rewrite', label: `Remove ${what}`, markdown: document.toString(), done: `Removed ${what}` };
}

export function planProblems(markdown: string): PlanProblems {
  const report = validateOutline(outlineOf(markdown));
  const problems: ShownProblem[] = [];
  const ambiguousSteps = new Set<string>();
  const outline = report.errors.length > 0 ? outlineOf(markdown) : null;
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
            label: `Renumber the second ${task.step} to ${newStep}`,
            markdown: fixed,
            done: `The second ${task.step} is now ${newStep}`,
          });
        }
      }
    }
    if (DEPENDENCY_FIXED_BY_REMOVAL.has(problem.code) && problem.line !== undefined) {
      const fix = withoutBadDependencies(markdown, problem.line);
      if (fix) fixes.push(fix);
    }
    const place = outline && problem.line !== undefined ? placeOf(outline, problem.line) : null;
    if (problem.line !== undefined)
      fixes.push({ kind: 'edit', label: place ? `Edit ${place}` : 'Edit the plan there', line: problem.line });
    else fixes.push({ kind: 'edit', label: 'Edit the plan', line: 1 });
    problems.push({ message, fixes });
  }
  return { problems, ambiguousSteps };
}
