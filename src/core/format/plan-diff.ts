/**
 * What changed between two versions of a plan, as a person reads it: tasks added, removed, renamed (the changed words
 * marked), moved (to another phase, or to another place among the others), their status changes; phases added,
 * removed or renamed; `Read:` / `Write:` ranges added or removed; another title or goal. A structure for the sidebar to
 * render, not Markdown.
 *
 * Tasks are matched by what they say, not by their step: a renumbered plan (a task inserted above) is not a change of
 * every task below. Same title first; then the most similar titles; then a lone task in the same place between the
 * same neighbours that shares a word (a rewording). What is left was removed or added.
 */
import type { ApprovedChange } from '../features/feature';
import { approvedChanges } from '../guard/approval';
import { outlinePlan, parsePlan } from './parse';
import { declaredRanges } from '../sheet/sheet-rules';
import { formatSheetRange } from '../sheet/sheet-range';
import type { Plan, TaskStatus } from './types';
import { diffWords, wordSimilarity, type WordPart } from './word-diff';
import { addToGroup } from '../groups';

export type { WordPart } from './word-diff';

export interface TextChange {
  before: string;
  after: string;
  words: WordPart[];
}

export interface TaskChange {
  change: 'added' | 'removed' | 'changed';
  /** The task's step now (before, for a removed task). */
  step: string;
  /** Its title now (before, for a removed task). */
  title: string;
  /** The name of its phase now (before, for a removed task). */
  phase: string;
  status: TaskStatus;
  /** The step before, for a task whose step changed (renumbered, or moved). */
  previousStep?: string;
  renamed?: TextChange;
  /** It moved: to another phase, or to another place among the tasks that are in both versions. */
  moved?: { fromPhase: string; fromStep: string; toOtherPhase: boolean };
  statusChange?: { from: TaskStatus; to: TaskStatus };
}

export interface PhaseChange {
  change: 'added' | 'removed' | 'renamed';
  /** Its number now (before, for a removed phase). */
  number: number;
  name: string;
  renamed?: TextChange;
}

export interface RangeChange {
  change: 'added' | 'removed';
  access: 'read' | 'write';
  /** As Sheets writes it (`'My Sheet'!A1:B2`), or the text as written when it names no range we can read. */
  range: string;
}

export interface PlanDiff {
  title?: TextChange;
  goal?: TextChange;
  phases: PhaseChange[];
  /** Tasks in the order of the newer plan; removed tasks after them, in the order of the older one. */
  tasks: TaskChange[];
  ranges: RangeChange[];
  /**
   * The other changes of what a person approves, as the plan's features list them (src/core/features/): `Formulas:`
   * allowed or no longer, then each task's Check and After lines added, removed or changed.
   */
  rules: ApprovedChange[];
  /** True when nothing listed here changed (notes, answers, dates and annotations may still have). */
  unchanged: boolean;
}

/** A task with where it stands: its place in document order, and its phase's place. */
interface Placed {
  index: number;
  phaseIndex: number;
  phaseName: string;
  step: string;
  title: string;
  key: string;
  status: TaskStatus;
}

/** Titles compare without case and with spaces collapsed: `Sum  sales` is `sum sales`. */
function normalized(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function placedTasks(plan: Plan): Placed[] {
  return plan.phases
    .flatMap((phase, phaseIndex) =>
      phase.tasks.map((task) => ({
        index: 0,
        phaseIndex,
        phaseName: phase.name,
        step: task.step,
        title: task.title,
        key: normalized(task.title),
        status: task.status,
      })),
    )
    .map((task, index) => ({ ...task, index }));
}

/** Pairs of (older index, newer index). */
type Pairs = Map<number, number>;

/**
 * Matches the older plan's tasks to the newer one's: same title (in order, for repeated titles), then the most
 * similar titles (at least half their words shared), then lone rewordings between the same matched neighbours.
 */
function matchTasks(before: Placed[], after: Placed[]): Pairs {
  const pairs: Pairs = new Map();
  const taken = new Set<number>();
  const byKey = new Map<string, number[]>();
  for (const task of after) addToGroup(byKey, task.key, task.index);
  for (const task of before) {
    const next = byKey.get(task.key)?.shift();
    if (next === undefined) continue;
    pairs.set(task.index, next);
    taken.add(next);
  }

  const candidates: Array<{ from: number; to: number; score: number; distance: number }> = [];
  for (const old of before) {
    if (pairs.has(old.index)) continue;
    for (const task of after) {
      if (taken.has(task.index)) continue;
      const score = wordSimilarity(old.title, task.title);
      if (score >= 0.5)
        candidates.push({ from: old.index, to: task.index, score, distance: Math.abs(old.index - task.index) });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.distance - b.distance);
  for (const { from, to } of candidates) {
    if (pairs.has(from) || taken.has(to)) continue;
    pairs.set(from, to);
    taken.add(to);
  }

  matchLoneRewordings(before, after, pairs, taken);
  return pairs;
}

/** The matched neighbours around each unmatched task: `${previous}|${next}` in the newer plan's indices. */
function gapsOf(tasks: Placed[], partnerOf: (index: number) => number | undefined): Map<string, number[]> {
  const gaps = new Map<string, number[]>();
  let previous = -1;
  const waiting: number[] = [];
  const close = (next: number) => {
    if (waiting.length) gaps.set(`${previous}|${next}`, [...waiting]);
    waiting.length = 0;
  };
  for (const task of tasks) {
    const partner = partnerOf(task.index);
    if (partner === undefined) {
      waiting.push(task.index);
      continue;
    }
    close(partner);
    previous = partner;
  }
  close(-2);
  return gaps;
}

function matchLoneRewordings(before: Placed[], after: Placed[], pairs: Pairs, taken: Set<number>): void {
  const oldGaps = gapsOf(before, (index) => pairs.get(index));
  const newGaps = gapsOf(after, (index) => (taken.has(index) ? index : undefined));
  for (const [gap, olds] of oldGaps) {
    const news = newGaps.get(gap);
    if (olds.length !== 1 || news?.length !== 1) continue;
    const [from] = olds;
    const [to] = news;
    if (wordSimilarity(before[from].title, after[to].title) === 0) continue;
    pairs.set(from, to);
    taken.add(to);
  }
}

/** The matched tasks that keep their order: the longest run of newer indices that rises, in the older order. */
function inOrder(pairs: Pairs): Set<number> {
  const sequence = [...pairs.entries()].sort((a, b) => a[0] - b[0]).map(([, to]) => to);
  // Patience sorting: tails[k] is the position in `sequence` of the smallest tail of a rising run of length k + 1.
  const tails: number[] = [];
  const previous = new Array<number>(sequence.length).fill(-1);
  sequence.forEach((value, position) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequence[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[position] = tails[low - 1];
    tails[low] = position;
  });
  const kept = new Set<number>();
  for (let position = tails.length ? tails[tails.length - 1] : -1; position >= 0; position = previous[position]) {
    kept.add(sequence[position]);
  }
  return kept;
}

/**
 * Matches phases: same name, then the phase most of a phase's tasks went to, then a similar name. Answers older phase
 * index → newer phase index.
 */
function matchPhases(
  before: Plan,
  after: Plan,
  oldTasks: Placed[],
  newTasks: Placed[],
  pairs: Pairs,
): Map<number, number> {
  const matched = new Map<number, number>();
  const taken = new Set<number>();
  const link = (from: number, to: number) => {
    matched.set(from, to);
    taken.add(to);
  };
  before.phases.forEach((phase, from) => {
    const to = after.phases.findIndex(
      (candidate, index) => !taken.has(index) && normalized(candidate.name) === normalized(phase.name),
    );
    if (to >= 0) link(from, to);
  });
  before.phases.forEach((_phase, from) => {
    if (matched.has(from)) return;
    const votes = new Map<number, number>();
    for (const task of oldTasks) {
      const partner = pairs.get(task.index);
      if (task.phaseIndex !== from || partner === undefined) continue;
      const to = newTasks[partner].phaseIndex;
      if (!taken.has(to)) votes.set(to, (votes.get(to) ?? 0) + 1);
    }
    const best = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best) link(from, best[0]);
  });
  before.phases.forEach((phase, from) => {
    if (matched.has(from)) return;
    const to = after.phases.findIndex(
      (candidate, index) => !taken.has(index) && wordSimilarity(phase.name, candidate.name) >= 0.5,
    );
    if (to >= 0) link(from, to);
  });
  return matched;
}

function textChange(before: string, after: string): TextChange | undefined {
  return before === after ? undefined : { before, after, words: diffWords(before, after) };
}

function rangeTexts(plan: Plan, access: 'read' | 'write'): string[] {
  const declared = declaredRanges(plan);
  return [...new Set([...declared[access].map(formatSheetRange), ...(access === 'write' ? declared.unreadable : [])])];
}

function rangeChanges(before: Plan, after: Plan): RangeChange[] {
  const changes: RangeChange[] = [];
  for (const access of ['write', 'read'] as const) {
    const old = rangeTexts(before, access);
    const now = rangeTexts(after, access);
    for (const range of old) if (!now.includes(range)) changes.push({ change: 'removed', access, range });
    for (const range of now) if (!old.includes(range)) changes.push({ change: 'added', access, range });
  }
  return changes;
}

/** What changed from the plan text `before` to the plan text `after` (either may be empty). */
export function diffPlans(before: string, after: string): PlanDiff {
  const older = parsePlan(before);
  const newer = parsePlan(after);
  const oldTasks = placedTasks(older);
  const newTasks = placedTasks(newer);
  const pairs = matchTasks(oldTasks, newTasks);
  const phaseMatch = matchPhases(older, newer, oldTasks, newTasks, pairs);
  const kept = inOrder(pairs);
  const partnerOfNew = new Map([...pairs.entries()].map(([from, to]) => [to, from]));

  const tasks: TaskChange[] = [];
  for (const task of newTasks) {
    const from = partnerOfNew.get(task.index);
    const base = { step: task.step, title: task.title, phase: task.phaseName, status: task.status };
    if (from === undefined) {
      tasks.push({ change: 'added', ...base });
      continue;
    }
    const old = oldTasks[from];
    const change: TaskChange = { change: 'changed', ...base };
    if (old.step !== task.step) change.previousStep = old.step;
    const renamed = textChange(old.title, task.title);
    if (renamed) change.renamed = renamed;
    const toOtherPhase = phaseMatch.get(old.phaseIndex) !== task.phaseIndex;
    if (toOtherPhase || !kept.has(task.index))
      change.moved = { fromPhase: old.phaseName, fromStep: old.step, toOtherPhase };
    if (old.status !== task.status) change.statusChange = { from: old.status, to: task.status };
    if (change.renamed || change.moved || change.statusChange) tasks.push(change);
  }
  for (const old of oldTasks) {
    if (!pairs.has(old.index))
      tasks.push({ change: 'removed', step: old.step, title: old.title, phase: old.phaseName, status: old.status });
  }

  const phases: PhaseChange[] = [];
  const matchedNew = new Set(phaseMatch.values());
  older.phases.forEach((phase, from) => {
    const to = phaseMatch.get(from);
    if (to === undefined) {
      phases.push({ change: 'removed', number: phase.number, name: phase.name });
      return;
    }
    const renamed = textChange(phase.name, newer.phases[to].name);
    if (renamed)
      phases.push({ change: 'renamed', number: newer.phases[to].number, name: newer.phases[to].name, renamed });
  });
  newer.phases.forEach((phase, to) => {
    if (!matchedNew.has(to)) phases.push({ change: 'added', number: phase.number, name: phase.name });
  });

  // Ranges are listed above with their access; the features add what else approval covers.
  const rules = approvedChanges(outlinePlan(before), outlinePlan(after)).filter(
    (change) => change.feature !== 'scope' || (change.after ?? change.before)?.startsWith('Formulas'),
  );
  const diff: PlanDiff = { phases, tasks, ranges: rangeChanges(older, newer), rules, unchanged: false };
  const title = textChange(older.title, newer.title);
  const goal = textChange(older.goal, newer.goal);
  if (title) diff.title = title;
  if (goal) diff.goal = goal;
  diff.unchanged = !title && !goal && !phases.length && !tasks.length && !diff.ranges.length && !rules.length;
  return diff;
}
