/**
 * The rules that hold an agent to its plan when it reads and writes the spreadsheet through Sheet
 * Plan (readRange, writeRange): one table, like the status table. Each rule says which calls it applies to,
 * the error code of a refusal, and checks a request; what it allows is said once, in docs/sheet-work.md's rules
 * table. A refusal names what would be allowed instead; nothing is read or written after one.
 *
 * Rules marked `needsPlan: false` are checked on the arguments alone, before anything is read. A write refused by a
 * rule marked `noted` (the agent could try another way: another range, task or value) is noted in the write log, with
 * the rule's `brief` words, so that the person sees it; the size rule's refusal is the call's shape, and is not.
 */
import {
  claimByOther,
  describeClaim,
  holderOf,
  sameHolder,
  taskClaims,
  type Claim,
  type Claimant,
} from '../rules/claims';
import type { ChangeSource } from '../write-path/revision';
import { notFound, NOTHING_WRITTEN_SENTENCE, PlanError, type PlanErrorCode } from '../errors';
import { outlinePlan, parsePlan, planFromOutline, type PlanOutline } from '../format/parse';
import { planStatusDefinition } from '../format/plan-status';
import type { PlanSettings } from '../person/settings';
import { STATUS_TABLE } from '../format/statuses';
import {
  cellCount,
  containsRange,
  formatSheetRange,
  isSameSheetName,
  overlaps,
  rangesInText,
  readSheetRange,
  type SheetRange,
} from './sheet-range';
import type { Plan, PlanAnalysis } from '../format/types';
import { filled, formatCount } from '../text';
import * as rareWords from '../rare-words';
import { allTasks } from '../format/plan-tasks';

/** The person's settings plan mode reads: "the agent needs my approval before it starts" (src/core/person/settings.ts).
 * */
export type SheetSettings = Pick<PlanSettings, 'approvalRequired'>;

export const SHEET_LIMITS = {
  /** Cells one readRange answers. */
  readCells: 20_000,
  /** Cells one writeRange sets. */
  writeCells: 5_000,
  /** Characters of one write's undo record (the values it replaces and the values it writes, as JSON). */
  undoRecordCharacters: 450_000,
  /** Writes the write log keeps that the person can still undo; at this many, the next write waits for them. */
  undoableWrites: 100,
} as const;

export type SheetCall = 'read' | 'write';

export interface SheetRequest {
  call: SheetCall;
  range: SheetRange;
  /** writeRange's task. */
  step?: string;
  /** Where writeRange's values hold a formula (`values[0][2]`), if anywhere. */
  formulaAt?: string;
}

export interface RuleContext {
  plan: Plan | null;
  /** The plan's outline, whose Working lines (every one of a task's) the task rule reads. */
  outline: PlanOutline | null;
  settings: SheetSettings;
  /** Sheets that belong to Sheet Plan (the plan sheet, its hidden history and log). */
  ownSheets: readonly string[];
  /**
   * The plan as a person last approved it in the sidebar (null before any approval): once there is one, writes stay
   * inside its Write ranges too, until the person approves again.
   */
  approved?: Plan | null;
  /** The agent that writes, with its clock: a write under a task another agent holds is CLAIMED. */
  claimant?: Claimant;
  /**
   * The writes of this plan that the person has not undone (the write log), newest first: asked only once a task that
   * wrote is another agent's (the cells its holder wrote under it are its own) or waits for the person's review.
   */
  writes?: () => ReadonlyArray<{ step: string; range: string; by: ChangeSource }>;
  /**
   * The steps the revision record lists as having written (steps-that-wrote.ts); undefined when it does not say. Asked
   * only when a task is held, since reading it parses the record.
   */
  stepsThatWrote?: () => readonly string[] | undefined;
}

/** What a refused call did not do, in its refusal's words. */
const nothingDone = (call: SheetCall) => (call === 'read' ? 'Nothing was read' : NOTHING_WRITTEN_SENTENCE);

/** Whether `name` names one of `sheets` as Sheets resolves names (isSameSheetName). */
export function isSheetNamed(name: string, sheets: readonly string[]): boolean {
  return sheets.some((sheet) => isSameSheetName(name, sheet));
}

export interface SheetRule {
  /** Its row in docs/sheet-work.md's rules table, which says what it allows (test/docs/sheet-work-doc.test.ts). */
  readonly name: string;
  readonly calls: readonly SheetCall[];
  readonly code: PlanErrorCode;
  readonly needsPlan: boolean;
  /** Whether a write it refuses is noted in the write log for the person (the plan and the sheet stay untouched). */
  readonly noted: boolean;
  /** Null when the request passes; else why not and what would be allowed. */
  check(request: SheetRequest, context: RuleContext): string | null;
  /** The refusal `error` in a few plain words for the person: "outside the plan's Write ranges". */
  brief(error: PlanError, request: SheetRequest, context: RuleContext): string;
}

export const SHEET_RULES: readonly SheetRule[] = [
  {
    name: 'size',
    calls: ['read', 'write'],
    code: 'TOO_LARGE',
    needsPlan: false,
    noted: false,
    brief: (_error, request) => `more than ${formatCount(SHEET_LIMITS[`${request.call}Cells`])} cells`,
    check(request) {
      const limit = request.call === 'read' ? SHEET_LIMITS.readCells : SHEET_LIMITS.writeCells;
      const cells = cellCount(request.range);
      if (cells <= limit) return null;
      return filled(rareWords.rangeTooLarge(), {
        range: formatSheetRange(request.range),
        cells: formatCount(cells),
        call: request.call,
        most: formatCount(limit),
        nothing: nothingDone(request.call),
      });
    },
  },
  {
    name: "Sheet Plan's own sheets",
    calls: ['read', 'write'],
    code: 'OUT_OF_SCOPE',
    needsPlan: false,
    noted: true,
    brief: (_error, request) => `${request.range.sheet} is Sheet Plan's own sheet`,
    check(request, context) {
      if (!isSheetNamed(request.range.sheet, context.ownSheets)) return null;
      return filled(rareWords.ownSheet(), {
        sheet: request.range.sheet,
        nothing: nothingDone(request.call),
      });
    },
  },
  {
    name: 'plan mode',
    calls: ['write'],
    code: 'PLAN_NOT_APPROVED',
    needsPlan: true,
    noted: true,
    brief: (_error, _request, context) =>
      !context.plan
        ? 'there is no plan'
        : context.plan.status === 'done'
          ? 'the plan is done'
          : 'the plan is not approved',
    check(_request, context) {
      const decision = writesAllowed(context.plan, context.settings);
      return decision.allowed ? null : `${decision.reason}. Reads are allowed now. ${NOTHING_WRITTEN_SENTENCE}`;
    },
  },
  {
    name: 'scope',
    calls: ['write'],
    code: 'OUT_OF_SCOPE',
    needsPlan: true,
    noted: true,
    brief: (_error, request, context) =>
      declaredRanges(context.plan).write.some((range) => containsRange(range, request.range))
        ? 'outside the Write ranges the person approved'
        : "outside the plan's Write ranges",
    check(request, context) {
      const declared = declaredRanges(context.plan);
      const target = formatSheetRange(request.range);
      if (declared.write.some((range) => containsRange(range, request.range))) {
        return context.approved ? outsideApproved(request.range, context.approved) : null;
      }
      const listed = declared.unreadable.map((item) => `"${item}"`).join(', ');
      const unread = declared.unreadable.length ? filled(rareWords.unreadRanges(), { listed }) : '';
      if (declared.write.length === 0) {
        return filled(rareWords.noWriteRanges(), { target, unread });
      }
      return (
        `${target} is outside the plan's Write ranges: ${declared.write.map(formatSheetRange).join(', ')}${unread}. ` +
        `Write inside one of them, or change the plan's Target ranges (a person approves the change). ` +
        NOTHING_WRITTEN_SENTENCE
      );
    },
  },
  {
    name: 'task',
    calls: ['write'],
    code: 'TASK_NOT_IN_PROGRESS',
    needsPlan: true,
    noted: true,
    brief: (error, request) =>
      error.code === 'NOT_FOUND'
        ? `no task ${request.step} in the plan`
        : error.code === 'CLAIMED'
          ? `task ${request.step} is another agent's`
          : `task ${request.step} is not in progress`,
    check(request, context) {
      const tasks = context.plan ? allTasks(context.plan) : [];
      const task = tasks.find((candidate) => candidate.step === request.step);
      if (!task) {
        // NOT_FOUND, as for every other call that names a step.
        const steps = tasks.map((candidate) => candidate.step).join(', ') || 'none';
        throw notFound(filled(rareWords.noTaskToWrite(), { step: String(request.step), steps }));
      }
      // The same rule as for a change of the task itself (src/core/features/claims.ts), over every Working line of it:
      // its cells are its holder's.
      const claim =
        context.claimant && context.outline && claimByOther(taskClaims(context.outline), task.step, context.claimant);
      if (claim) {
        const said = { step: task.step, claim: describeClaim(claim), you: context.claimant!.holder };
        throw new PlanError('CLAIMED', filled(rareWords.claimedTaskCells(), said));
      }
      if (STATUS_TABLE.inProgress(task.status)) return null;
      const doing = tasks.filter((candidate) => STATUS_TABLE.inProgress(candidate.status)).map((other) => other.step);
      const refusal = STATUS_TABLE.definition(task.status).queue ? rareWords.notStarted() : rareWords.notInProgress();
      const now = doing.length ? `; in progress now: ${doing.join(', ')}` : '';
      return filled(refusal, { step: task.step, status: task.status, now });
    },
  },
  {
    name: 'claimed cells',
    calls: ['write'],
    code: 'CLAIMED',
    needsPlan: true,
    noted: true,
    brief: () => 'cells another task holds (claimed, or in review)',
    check(request, { claimant, outline, writes, stepsThatWrote }) {
      if (!claimant || !outline || !writes) return null;
      // The revision record lists the steps that wrote; when it says nothing, any step may have.
      let listed: { steps: readonly string[] | undefined } | undefined;
      const mayHaveWritten = (step: string) => (listed ??= { steps: stepsThatWrote?.() }).steps?.includes(step) ?? true;
      const claims = taskClaims(outline);
      const held = outline.tasks.flatMap((task): Array<{ step: string; claim?: Claim }> => {
        const status = outline.statuses.definition(task.status);
        // A finished task's Working line holds nothing (a person ticked it in the cell). A task that waits for the
        // person's review holds its cells whoever wrote them (no claim); any other, another agent's claim on it.
        if (status.finished) return [];
        const claim = status.waitingForPerson ? undefined : claimByOther(claims, task.step, claimant);
        if (!status.waitingForPerson && !claim) return [];
        return mayHaveWritten(task.step) ? [{ step: task.step, claim }] : [];
      });
      // A lone agent's write, and one while no task another agent holds (or in review) has written, reads no log.
      if (!held.length) return null;
      for (const { step, range, by } of writes()) {
        // What holds this write's cells: the review of its task, or its writer's claim on the task.
        const hold = held.find(
          (other) => other.step === step && (!other.claim || sameHolder(other.claim.holder, holderOf(by))),
        );
        if (!hold) continue;
        const written = readSheetRange(range);
        if (typeof written === 'string' || !overlaps(written, request.range)) continue;
        const said = { target: formatSheetRange(request.range), range: formatSheetRange(written), step };
        const { claim } = hold;
        return claim
          ? filled(rareWords.claimedCells(), {
              ...said,
              holder: claim.holder,
              until: claim.until!,
              you: claimant.holder,
            })
          : filled(rareWords.cellsInReview(), said);
      }
      return null;
    },
  },
  {
    name: 'values are data',
    calls: ['write'],
    code: 'FORMULA_NOT_ALLOWED',
    needsPlan: true,
    noted: true,
    brief: () => 'a formula, and the plan allows none',
    check(request, context) {
      // Like a Write range, a person's approval covers it: allowed by the plan, a formula waits for the approval too.
      const planAllows = formulasAllowed(context.plan);
      if (!request.formulaAt || (planAllows && (!context.approved || formulasAllowed(context.approved)))) return null;
      const refusal = planAllows ? rareWords.formulaNotApproved() : rareWords.formulaNotAllowed();
      return filled(refusal, { cell: request.formulaAt });
    },
  },
];

/** Null when `range` lies inside a Write range of the plan a person last approved; else why the write waits. */
function outsideApproved(range: SheetRange, approved: Plan): string | null {
  const ranges = declaredRanges(approved).write;
  if (ranges.some((outer) => containsRange(outer, range))) return null;
  const listed = ranges.length ? ranges.map(formatSheetRange).join(', ') : 'none';
  return filled(rareWords.rangeNotApproved(), { range: formatSheetRange(range), listed });
}

/** A rule's refusal: the error the agent is answered, and what the write log notes of it (when it is `noted`). */
export interface SheetRefusal {
  error: PlanError;
  noted: boolean;
  /** The refusal in a few plain words (the rule's `brief`). */
  brief: string;
}

/** The first refusal of the rules that apply to the request and need (or do not need) the plan; null when none. */
export function sheetRefusal(request: SheetRequest, context: RuleContext, needsPlan: boolean): SheetRefusal | null {
  for (const rule of SHEET_RULES) {
    if (rule.needsPlan !== needsPlan || !rule.calls.includes(request.call)) continue;
    let error: PlanError | null = null;
    try {
      const refusal = rule.check(request, context);
      if (refusal) error = new PlanError(rule.code, refusal);
    } catch (thrown) {
      // The task rule throws NOT_FOUND and CLAIMED itself: the codes every other call answers for them.
      if (!(thrown instanceof PlanError)) throw thrown;
      error = thrown;
    }
    if (error) return { error, noted: rule.noted, brief: rule.brief(error, request, context) };
  }
  return null;
}

/** Checks the rules that apply to the request and need (or do not need) the plan; throws the first refusal. */
export function enforceSheetRules(request: SheetRequest, context: RuleContext, needsPlan: boolean): void {
  const refusal = sheetRefusal(request, context, needsPlan);
  if (refusal) throw refusal.error;
}

// ---- what the plan declares ----

/** How a draft's reason for refusing writes ends (writesAllowed). */
const UNTIL_APPROVED = ': writes wait until a person approves it in the sidebar';

/**
 * Plan mode: whether the plan lets an agent write at all. It applies when the person asked to approve plans
 * first: then a plan that waits for approval (a draft, in the lifecycle's table; a plan without a `Status:` line is
 * one) or is done refuses every write. With no plan, nothing is approved. Scope and task rules apply either way.
 */
export function writesAllowed(plan: Plan | null, settings: SheetSettings): { allowed: boolean; reason: string } {
  if (!plan) return { allowed: false, reason: 'There is no plan, so no write is approved' };
  if (!settings.approvalRequired) return { allowed: true, reason: 'The person does not require approval' };
  if (!plan.status) {
    return {
      allowed: false,
      reason: `The plan has no Status line, so it is a draft${UNTIL_APPROVED}`,
    };
  }
  if (planStatusDefinition(plan.status).waitsForApproval) {
    const said = plan.statusNote ? ` (the person said: "${plan.statusNote}")` : '';
    return {
      allowed: false,
      reason: `The plan is a draft${said}${UNTIL_APPROVED}`,
    };
  }
  if (plan.status === 'done')
    return { allowed: false, reason: "The plan is done; a new plan needs a person's approval" };
  return { allowed: true, reason: 'A person approved the plan' };
}

export interface DeclaredRanges {
  read: SheetRange[];
  write: SheetRange[];
  /** `Read:`/`Write:` text that names no range we can read (shown in refusals, so the person can fix it). */
  unreadable: string[];
}

/** The Analysis section's `Read:` and `Write:` ranges. */
export function declaredRanges(plan: Plan | null): DeclaredRanges {
  return rangesOfAnalysis(plan?.analysisDetails);
}

export function rangesOfAnalysis(analysis: PlanAnalysis | undefined): DeclaredRanges {
  const declared: DeclaredRanges = { read: [], write: [], unreadable: [] };
  const targets = analysis?.targetRanges;
  if (!targets) return declared;
  for (const [kind, values] of [
    ['read', targets.read],
    ['write', targets.write],
  ] as const) {
    for (const value of values) {
      const found = rangesInText(value);
      if (found.length === 0) declared.unreadable.push(value);
      for (const { text, range } of found) {
        if (typeof range === 'string') declared.unreadable.push(text);
        else declared[kind].push(range);
      }
    }
  }
  return declared;
}

/**
 * What a plan lets an agent do in the sheet, as one comparable string: its declared ranges (as Sheets writes them;
 * descriptions in parentheses do not count) and whether it takes formulas. A person's approval covers this too, so
 * the lifecycle returns an approved plan to draft when an agent changes it.
 */
export function sheetAccess(analysis: PlanAnalysis | undefined): string {
  const declared = rangesOfAnalysis(analysis);
  return JSON.stringify([
    declared.read.map(formatSheetRange),
    declared.write.map(formatSheetRange),
    declared.unreadable,
    formulasAllowedBy(analysis),
  ]);
}

/** Whether a read falls inside the plan's Read or Write ranges (reads elsewhere are logged). */
export function readIsDeclared(range: SheetRange, plan: Plan | null): boolean {
  const declared = declaredRanges(plan);
  return [...declared.read, ...declared.write].some((outer) => containsRange(outer, range));
}

/** The Analysis field `- Formulas: allowed` (or yes). */
export function formulasAllowed(plan: Plan | null): boolean {
  return formulasAllowedBy(plan?.analysisDetails);
}

export function formulasAllowedBy(analysis: PlanAnalysis | undefined): boolean {
  const field = analysis?.fields.find((candidate) => candidate.label.toLowerCase() === 'formulas');
  return Boolean(field && /^(allowed|yes|true)\b/i.test(field.value.trim()));
}

/** What the rules know of the agent that writes: who it is (with its clock), and the writes its claims protect. */
export type Writer = Pick<RuleContext, 'claimant' | 'writes' | 'stepsThatWrote'>;

/** The rule context for the plan text in the cell. */
export function ruleContext(
  planText: string,
  settings: SheetSettings,
  ownSheets: readonly string[],
  approvedText?: string,
  writer: Writer = {},
): RuleContext {
  const approved = approvedText?.trim() ? parsePlan(approvedText) : null;
  const outline = planText.trim() ? outlinePlan(planText) : null;
  const plan = outline && planFromOutline(outline, planText);
  return { plan, outline, settings, ownSheets, approved, ...writer };
}
