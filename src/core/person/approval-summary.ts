/**
 * What a person approving a plan reads, in the order it matters to them: the scope first (the ranges the agent may
 * write or read, and whether it may write formulas), then each task's checks and dependencies, then the tasks
 * themselves; progress (a status change and nothing else) is one count, not a line per task. A plan that shares no
 * task and neither title nor goal with the one approved before is a new plan: it is shown whole, not as a diff.
 *
 * Built on diffPlans (plan-diff.ts), whose `rules` are the plan's features' own account of what approval covers
 * (src/core/features/): the approval box and the guard agree on what changed.
 */
import type { ApprovedChange } from '../features/feature';
import { parsePlan } from '../format/parse';
import { diffPlans, type PlanDiff, type RangeChange, type TaskChange } from '../format/plan-diff';
import type { Plan } from '../format/types';
import { allTasks } from '../format/plan-tasks';

/** A line of a task's that was added or removed: a `- Check:` or the steps of its `- After:`. */
export interface TaskLineChange {
  change: 'added' | 'removed';
  step: string;
  /** The check as written, or the steps waited for joined by ", ". */
  text: string;
}

export interface ApprovalChanges {
  kind: 'changes';
  /** Write ranges first, then Read ranges, then whether formulas may be written. */
  scope: { ranges: RangeChange[]; formulas?: 'added' | 'removed' };
  checks: TaskLineChange[];
  dependencies: TaskLineChange[];
  /** Title, goal and phases, as diffPlans found them. */
  plan: Pick<PlanDiff, 'title' | 'goal' | 'phases'>;
  /** Tasks added, removed, renamed or moved (a status change beside those stays on the line). */
  tasks: TaskChange[];
  /** Tasks whose status alone changed, forward or back: "7 tasks changed status". */
  progressed: TaskChange[];
  /** Nothing above changed. */
  unchanged: boolean;
}

/** No plan was approved before, or the one approved has nothing in common with this one. */
export interface NewPlan {
  kind: 'new';
  /** True when an earlier, unrelated plan had been approved (the cell was reused). */
  replacesOther: boolean;
}

export type ApprovalSummary = ApprovalChanges | NewPlan;

/**
 * A feature's changes (`Check: …` lines, `After: …` steps) as lines added and removed under each task: a changed
 * line is the old one removed and the new one added. `label` is taken off the front of each line.
 */
function lineChanges(rules: readonly ApprovedChange[], feature: string, label: string): TaskLineChange[] {
  const lines = (text?: string) =>
    (text ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => (line.startsWith(label) ? line.slice(label.length) : line).trim());
  const changes: TaskLineChange[] = [];
  for (const rule of rules) {
    if (rule.feature !== feature || !rule.step) continue;
    const [was, now] = [lines(rule.before), lines(rule.after)];
    for (const text of now) if (!was.includes(text)) changes.push({ change: 'added', step: rule.step, text });
    for (const text of was) if (!now.includes(text)) changes.push({ change: 'removed', step: rule.step, text });
  }
  return changes;
}

/** Whether the plan now may write formulas where it could not (`added`), or no longer may (`removed`). */
function formulasChange(rules: readonly ApprovedChange[]): 'added' | 'removed' | undefined {
  const change = rules.find((rule) => rule.feature === 'scope' && (rule.after ?? rule.before)?.startsWith('Formulas'));
  return change?.change === 'added' || change?.change === 'removed' ? change.change : undefined;
}

/** Task titles compared without case and with spaces collapsed. */
function titles(plan: Plan): Set<string> {
  const tasks = allTasks(plan);
  return new Set(tasks.map((task) => task.title.trim().replace(/\s+/g, ' ').toLowerCase()));
}

/**
 * The plans share nothing a person would recognise: another title, and not one task title in common (a task matched
 * only by a shared word, as diffPlans may match a rewording, does not make two plans one).
 */
function unrelated(diff: PlanDiff, before: Plan, after: Plan): boolean {
  const old = titles(before);
  const shared = [...titles(after)].some((title) => old.has(title));
  return Boolean(diff.title) && !shared;
}

const onlyProgress = (change: TaskChange) =>
  change.change === 'changed' && !change.renamed && !change.moved && Boolean(change.statusChange);

/** What changed from the plan last approved (`approved`, or null when none is recorded) to `current`. */
export function summarizeForApproval(approved: string | null, current: string): ApprovalSummary {
  if (approved === null || !approved.trim()) return { kind: 'new', replacesOther: false };
  const before = parsePlan(approved);
  const after = parsePlan(current);
  const diff = diffPlans(approved, current);
  if (unrelated(diff, before, after)) return { kind: 'new', replacesOther: true };
  const order = { write: 0, read: 1 } as const;
  const ranges = [...diff.ranges].sort((a, b) => order[a.access] - order[b.access]);
  const formulas = formulasChange(diff.rules);
  const checks = lineChanges(diff.rules, 'checks', 'Check:');
  const dependencies = lineChanges(diff.rules, 'dependencies', 'After:');
  const progressed = diff.tasks.filter(onlyProgress);
  const tasks = diff.tasks.filter((change) => !onlyProgress(change));
  const plan = { title: diff.title, goal: diff.goal, phases: diff.phases };
  const unchanged =
    diff.unchanged && !formulas && checks.length === 0 && dependencies.length === 0 && progressed.length === 0;
  return {
    kind: 'changes',
    scope: formulas ? { ranges, formulas } : { ranges },
    checks,
    dependencies,
    plan,
    tasks,
    progressed,
    unchanged,
  };
}
