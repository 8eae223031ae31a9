/** Problems in a plan document: errors stop the plan from working as intended, warnings are worth a look. */
import { LEASE_MINUTES, describeClaim, taskClaims, unhonouredClaims, type Claimant } from './claims';
import { dependencyProblems } from './dependencies';
import { outlinePlan, type OutlinePhase, type PlanOutline, type UnreadLine, type UnreadReason } from '../format/parse';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable } from '../format/statuses';
import * as rareWords from '../rare-words';
import { filled } from '../text';

export interface PlanProblem {
  code: string;
  message: string;
  /** 1-based line number, when the problem is on one line (the first one, for a group). */
  line?: number;
  /** For the same problem on many lines, reported once: how many lines have it. */
  count?: number;
  /** … and the first of them (1-based). */
  lines?: number[];
}

/** More than this many problems of one kind are reported as one entry with a count. */
export const GROUP_AFTER = 3;
const LINES_SHOWN = 10;

/** Problems of a kind that repeats more than GROUP_AFTER times become one entry, where the first one stood. */
export function groupProblems(problems: PlanProblem[]): PlanProblem[] {
  const byCode = new Map<string, PlanProblem[]>();
  for (const problem of problems) {
    const same = byCode.get(problem.code);
    if (same) same.push(problem);
    else byCode.set(problem.code, [problem]);
  }
  const grouped: PlanProblem[] = [];
  for (const problem of problems) {
    const same = byCode.get(problem.code)!;
    if (same.length <= GROUP_AFTER) grouped.push(problem);
    else if (same[0] === problem) {
      const lines = same.flatMap((each) => (each.line === undefined ? [] : [each.line]));
      const shown = lines.slice(0, LINES_SHOWN).join(', ') + (lines.length > LINES_SHOWN ? ', …' : '');
      grouped.push({
        code: problem.code,
        message: `${problem.message} (and ${same.length - 1} more like it; lines ${shown})`,
        line: problem.line,
        count: same.length,
        lines: lines.slice(0, LINES_SHOWN),
      });
    }
  }
  return grouped;
}

/** Why a line that looks like a task is not read, in words, with what to do about it. */
const UNREAD_WORDS: Record<UnreadReason, (unread: UnreadLine) => string> = {
  'in-code': () => 'is inside a code block, so it is an example, not a task',
  'in-comment': rareWords.inComment,
  'in-html': rareWords.inHtml,
  'in-front-matter': () => 'is in the front matter (between the --- lines at the top)',
  'in-quote': () => 'is quoted ("> …"); remove the ">" to make it a task',
  'in-table': () => 'is in a table cell',
  'in-section': (unread) => filled(rareWords.taskInSection(), { section: unread.section ?? '' }),
  'no-text': () => 'has no title after the box (and step)',
  'no-space-after-box': () => 'has no space after the box; write "- [ ] Title"',
  'no-space-after-marker': rareWords.noSpaceAfterMarker,
  'wide-box': rareWords.wideBox,
  'emoji-box': rareWords.emojiBox,
};

export interface ValidationReport {
  valid: boolean;
  errors: PlanProblem[];
  warnings: PlanProblem[];
}

export function validatePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): ValidationReport {
  return validateOutline(outlinePlan(typeof markdown === 'string' ? markdown : '', statuses));
}

/** What the checks found: errors make a plan invalid, warnings do not. */
interface Found {
  errors: PlanProblem[];
  warnings: PlanProblem[];
}

/** A title, a goal and tasks. */
function checkDocument(outline: PlanOutline, { errors, warnings }: Found): void {
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
}

/** Each step under a phase heading starts with the phase's number and follows the one before it. */
function checkStepNumbers(phase: OutlinePhase, { errors, warnings }: Found): void {
  let expected = 1;
  for (const task of phase.tasks) {
    const [phasePart, ...rest] = task.step.split('.');
    if (Number(phasePart) !== phase.number) {
      errors.push({
        code: 'misnumbered-step',
        message: filled(rareWords.misnumbered(), { step: task.step, phase: String(phase.number) }),
        line: task.line + 1,
      });
      continue;
    }
    if (rest.length === 1) {
      if (Number(rest[0]) !== expected) {
        const [previous, next] = [`${phase.number}.${expected - 1}`, `${phase.number}.${expected}`];
        warnings.push({
          code: 'step-order',
          message: `Step ${task.step} follows step ${previous}; expected ${next}`,
          line: task.line + 1,
        });
      }
      expected = Number(rest[0]) + 1;
    }
  }
}

/** Phase headings: numbered once each, in order, named, holding tasks. */
function checkPhases(outline: PlanOutline, { errors, warnings }: Found): void {
  const seenPhases = new Map<number, number>();
  outline.phases
    .filter((phase) => phase.source === 'phase-heading')
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

      checkStepNumbers(phase, { errors, warnings });
    });
}

/** Each task: its step once, a title, the annotation and date its status asks for. */
function checkTasks(outline: PlanOutline, { errors, warnings }: Found): void {
  const statuses = outline.statuses;
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
}

/** Tasks outside phases, unknown boxes, lines that look like tasks but are not read, derived steps. */
function checkUnreadLines(outline: PlanOutline, { errors, warnings }: Found): void {
  const statuses = outline.statuses;
  for (const task of outline.tasksOutsidePhases) {
    warnings.push({
      code: 'task-outside-phase',
      message: filled(rareWords.outsidePhase(), { step: task.step }),
      line: task.line + 1,
    });
  }
  for (const unknown of outline.unknownStatusLines) {
    errors.push({
      code: 'unknown-status',
      message: filled(rareWords.unknownStatus(), {
        task: unknown.step ? `Step ${unknown.step}` : `The task on line ${unknown.line + 1}`,
        symbol: unknown.symbol,
        known: statuses.definitions.map((definition) => `[${definition.symbol}]`).join(' '),
      }),
      line: unknown.line + 1,
    });
  }
  for (const unread of outline.unread) {
    warnings.push({
      code: `unread-${unread.reason}`,
      message: `Line ${unread.line + 1} looks like a task but is not read: it ${UNREAD_WORDS[unread.reason](unread)}`,
      line: unread.line + 1,
    });
  }
  for (const task of outline.tasks.filter((candidate) => candidate.derived)) {
    warnings.push({
      code: 'derived-step',
      message: filled(rareWords.stepDerived(), { line: String(task.line + 1), step: task.step }),
      line: task.line + 1,
    });
  }
}

/** `After:` lines: unreadable ones, steps the plan does not have, a task waiting for itself, cycles (all errors). */
function checkDependencies(outline: PlanOutline, { errors }: Found): void {
  if (outline.dependencies.length) errors.push(...dependencyProblems(outline, outline.dependencies));
}

/** `Working:` lines with no time Sheet Plan can read: they hold nothing, which whoever wrote them may not expect. */
function checkClaims(outline: PlanOutline, { warnings }: Found, clock?: Claimant): void {
  if (clock) {
    for (const claim of unhonouredClaims(outline, clock)) {
      warnings.push({
        code: 'claim-not-honoured',
        message: filled(rareWords.claimNotHonoured(), {
          step: claim.step,
          claim: describeClaim(claim),
          minutes: String(LEASE_MINUTES),
        }),
        line: claim.line + 1,
      });
    }
  }
  for (const claims of taskClaims(outline).values()) {
    for (const claim of claims.filter((candidate) => !candidate.until)) {
      warnings.push({
        code: 'unreadable-claim',
        message: filled(rareWords.claimUnreadable(), { step: claim.step }),
        line: claim.line + 1,
      });
    }
  }
}

/** validatePlan over a document already read. */
export function validateOutline(outline: PlanOutline, clock?: Claimant): ValidationReport {
  const found: Found = { errors: [], warnings: [] };
  for (const check of [checkDocument, checkPhases, checkTasks, checkUnreadLines, checkDependencies])
    check(outline, found);
  // Whether a claim is honoured depends on now: only with the caller's clock.
  checkClaims(outline, found, clock);
  const { errors, warnings } = found;
  return { valid: errors.length === 0, errors: groupProblems(errors), warnings: groupProblems(warnings) };
}
