/** Problems in a plan document: errors stop the plan from working as intended, warnings are worth a look. */
import { LEASE_MINUTES, describeClaim, taskClaims, unhonouredClaims, type Claimant } from './claims';
import { dependencyProblems } from './dependencies';
import { outlinePlan, type OutlinePhase, type PlanOutline, type UnreadLine, type UnreadReason } from '../format/parse';
import { ANNOTATION_ROLES, STATUS_TABLE, type StatusTable } from '../format/statuses';
import * as rareWords from '../rare-words';
import { filled } from '../text';
import { problemOnLine } from './problem-on-line';
import { addToGroup } from '../groups';

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

/** A problem as a refusal lists it: its message, then its line when it has one. */
export function describeProblem(problem: PlanProblem): string {
  return problem.line ? `${problem.message} (line ${problem.line})` : problem.message;
}

/** More than this many problems of one kind are reported as one entry with a count. */
export const GROUP_AFTER = 3;
const LINES_SHOWN = 10;

/** Problems of a kind that repeats more than GROUP_AFTER times become one entry, where the first one stood. */
export function groupProblems(problems: PlanProblem[]): PlanProblem[] {
  const byCode = new Map<string, PlanProblem[]>();
  for (const problem of problems) addToGroup(byCode, problem.code, problem);
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
      const message = filled(rareWords.misnumbered(), { step: task.step, phase: String(phase.number) });
      errors.push(problemOnLine('misnumbered-step', message, task.line));
      continue;
    }
    if (rest.length === 1) {
      if (Number(rest[0]) !== expected) {
        const [previous, next] = [`${phase.number}.${expected - 1}`, `${phase.number}.${expected}`];
        warnings.push(
          problemOnLine('step-order', `Step ${task.step} follows step ${previous}; expected ${next}`, task.line),
        );
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
        const first = seenPhases.get(phase.number)! + 1;
        const message = `Phase ${phase.number} appears twice (lines ${first} and ${phase.line + 1})`;
        errors.push(problemOnLine('duplicate-phase', message, phase.line));
      }
      seenPhases.set(phase.number, phase.line);
      if (phase.number !== i + 1) {
        warnings.push(
          problemOnLine('phase-order', `Phase ${phase.number} is the plan's phase number ${i + 1}`, phase.line),
        );
      }
      if (!phase.name) warnings.push(problemOnLine('unnamed-phase', `Phase ${phase.number} has no name`, phase.line));
      if (phase.tasks.length === 0)
        warnings.push(problemOnLine('empty-phase', `Phase ${phase.number} has no tasks`, phase.line));

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
      errors.push(
        problemOnLine(
          'duplicate-step',
          `Step ${task.step} is listed twice (lines ${first + 1} and ${task.line + 1})`,
          task.line,
        ),
      );
    } else {
      seenSteps.set(task.step, task.line);
    }
    if (!task.title) errors.push(problemOnLine('empty-task', `Step ${task.step} has no title`, task.line));
    const status = statuses.definition(task.status);
    const missing = ANNOTATION_ROLES[status.annotation].missing;
    if (missing && !task.note) {
      warnings.push(
        problemOnLine(missing.code, `Step ${task.step} is ${status.described} ${missing.message}`, task.line),
      );
    }
    if (status.dated && !task.completedDate) {
      warnings.push(
        problemOnLine(
          'missing-done-date',
          `Step ${task.step} is ${status.described} without a date ("✅ YYYY-MM-DD")`,
          task.line,
        ),
      );
    }
  }
}

/** Tasks outside phases, unknown boxes, lines that look like tasks but are not read, derived steps. */
function checkUnreadLines(outline: PlanOutline, { errors, warnings }: Found): void {
  const statuses = outline.statuses;
  for (const task of outline.tasksOutsidePhases) {
    warnings.push(
      problemOnLine('task-outside-phase', filled(rareWords.outsidePhase(), { step: task.step }), task.line),
    );
  }
  for (const unknown of outline.unknownStatusLines) {
    errors.push(
      problemOnLine(
        'unknown-status',
        filled(rareWords.unknownStatus(), {
          task: unknown.step ? `Step ${unknown.step}` : `The task on line ${unknown.line + 1}`,
          symbol: unknown.symbol,
          known: statuses.definitions.map((definition) => `[${definition.symbol}]`).join(' '),
        }),
        unknown.line,
      ),
    );
  }
  for (const unread of outline.unread) {
    warnings.push(
      problemOnLine(
        `unread-${unread.reason}`,
        `Line ${unread.line + 1} looks like a task but is not read: it ${UNREAD_WORDS[unread.reason](unread)}`,
        unread.line,
      ),
    );
  }
  for (const task of outline.tasks.filter((candidate) => candidate.derived)) {
    warnings.push(
      problemOnLine(
        'derived-step',
        filled(rareWords.stepDerived(), { line: String(task.line + 1), step: task.step }),
        task.line,
      ),
    );
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
      warnings.push(
        problemOnLine(
          'claim-not-honoured',
          filled(rareWords.claimNotHonoured(), {
            step: claim.step,
            claim: describeClaim(claim),
            minutes: String(LEASE_MINUTES),
          }),
          claim.line,
        ),
      );
    }
  }
  for (const claims of taskClaims(outline).values()) {
    for (const claim of claims.filter((candidate) => !candidate.until)) {
      warnings.push(
        problemOnLine('unreadable-claim', filled(rareWords.claimUnreadable(), { step: claim.step }), claim.line),
      );
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
