/** Problems in a plan document: errors stop the plan from working as intended, warnings are worth a look. */
import { outlinePlan } from './parse';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable } from './statuses';

export interface PlanProblem {
  code: string;
  message: string;
  /** 1-based line number, when the problem is on one line. */
  line?: number;
}

export interface ValidationReport {
  valid: boolean;
  errors: PlanProblem[];
  warnings: PlanProblem[];
}

export function validatePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): ValidationReport {
  const outline = outlinePlan(typeof markdown === 'string' ? markdown : '', statuses);
  const errors: PlanProblem[] = [];
  const warnings: PlanProblem[] = [];
  const lineOf = (index: number | undefined) => (index === undefined ? undefined : index + 1);

  if (!outline.title) warnings.push({ code: 'missing-title', message: 'The plan has no "# Plan: Title" heading' });
  if (!outline.goal) {
    errors.push({
      code: 'empty-goal',
      message: 'The plan has no goal: add a "Goal: one sentence describing success" line',
      line: lineOf(outline.goalLine),
    });
  }
  if (outline.tasks.length === 0)
    warnings.push({
      code: 'no-tasks',
      message: 'The plan has no tasks ("- [ ] 1.1 First step" under "### Phase 1: Name")',
    });

  const seenPhases = new Map<number, number>();
  outline.phases
    .filter((phase) => !phase.implicit)
    .forEach((phase, i) => {
      if (seenPhases.has(phase.number)) {
        errors.push({
          code: 'duplicate-phase',
          message:
            `Phase ${phase.number} appears twice (lines ${seenPhases.get(phase.number)! + 1} and ` +
            `${phase.line + 1})`,
          line: phase.line + 1,
        });
      }
      seenPhases.set(phase.number, phase.line);
      if (phase.number !== i + 1) {
        warnings.push({
          code: 'phase-order',
          message: `Phase ${phase.number} is the plan's phase number ${i + 1}`,
          line: phase.line + 1,
        });
      }
      if (!phase.name)
        warnings.push({ code: 'unnamed-phase', message: `Phase ${phase.number} has no name`, line: phase.line + 1 });
      if (phase.tasks.length === 0)
        warnings.push({ code: 'empty-phase', message: `Phase ${phase.number} has no tasks`, line: phase.line + 1 });

      let expected = 1;
      for (const task of phase.tasks) {
        const [phasePart, ...rest] = task.step.split('.');
        if (Number(phasePart) !== phase.number) {
          errors.push({
            code: 'misnumbered-step',
            message: `Step ${task.step} is under Phase ${phase.number}; its number should start with ${phase.number}.`,
            line: task.line + 1,
          });
          continue;
        }
        if (rest.length === 1) {
          if (Number(rest[0]) !== expected) {
            warnings.push({
              code: 'step-order',
              message:
                `Step ${task.step} follows step ${phase.number}.${expected - 1}; expected ` +
                `${phase.number}.${expected}`,
              line: task.line + 1,
            });
          }
          expected = Number(rest[0]) + 1;
        }
      }
    });

  const seenSteps = new Map<string, number>();
  for (const task of outline.tasks) {
    const first = seenSteps.get(task.step);
    if (first !== undefined) {
      errors.push({
        code: 'duplicate-step',
        message: `Step ${task.step} is listed twice (lines ${first + 1} and ${task.line + 1})`,
        line: task.line + 1,
      });
    } else {
      seenSteps.set(task.step, task.line);
    }
    if (!task.title)
      errors.push({ code: 'empty-task', message: `Step ${task.step} has no title`, line: task.line + 1 });
    const status = statuses.definition(task.status);
    const missing = ANNOTATION_ROLES[status.annotation].missing;
    if (missing && !task.note) {
      warnings.push({
        code: missing.code,
        message: `Step ${task.step} is ${status.described} ${missing.message}`,
        line: task.line + 1,
      });
    }
    if (status.dated && !task.completedDate) {
      warnings.push({
        code: 'missing-done-date',
        message: `Step ${task.step} is ${status.described} without a date ("✅ YYYY-MM-DD")`,
        line: task.line + 1,
      });
    }
  }
  for (const task of outline.tasksOutsidePhases) {
    warnings.push({
      code: 'task-outside-phase',
      message: `Step ${task.step} is not under a "### Phase N: Name" heading`,
      line: task.line + 1,
    });
  }
  for (const unknown of outline.unknownStatusLines) {
    errors.push({
      code: 'unknown-status',
      message:
        `Step ${unknown.step} has status "[${unknown.symbol}]"; known statuses are ` +
        statuses.definitions.map((definition) => `[${definition.symbol}]`).join(' '),
      line: unknown.line + 1,
    });
  }
  return { valid: errors.length === 0, errors, warnings };
}
