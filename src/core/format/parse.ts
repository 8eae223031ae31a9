/**
 * Reads a PLAN.md document, and the checklists people really have: tasks with or without step
 * numbers, numbered lists, `## 1. Name` or `## Tasks` sections, front matter, code and comments.
 * docs/format.md says in words what is read and how steps are derived. Two passes: the block scanner
 * (blocks.ts) labels every line, the plan reader (plan-reader.ts) builds the outline from the labels.
 */
import { scanBlocks } from './blocks';
import { taskClaims } from '../rules/claims';
import { PlanDocument } from './document';
import { indentationOf, matchLabelledValue, matchListItem } from './patterns';
import { readOutline, type PlanOutline } from './plan-reader';
import { countProgress } from './progress';
import { STATUS_TABLE, type StatusTable } from './statuses';
import type { Phase, Plan, PlanAnalysis } from './types';

export type { HeadingPlace } from './blocks';
export type { OutlinePhase, PlanOutline, UnreadLine, UnreadReason } from './plan-reader';
export { splitTaskText, type TaskText } from './task-text';

export function outlinePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): PlanOutline {
  const document = PlanDocument.from(markdown);
  return readOutline(document, scanBlocks(document.lines), statuses, markdown);
}

function sectionText(outline: PlanOutline, name: 'analysis' | 'notes'): string {
  const range = outline.sections[name];
  if (!range) return '';
  return outline.document.lines
    .slice(range.heading + 1, range.end)
    .join('\n')
    .trim();
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Reads `- Label: value` list items, with `Read:` / `Write:` nested under Target ranges or at the top. */
export function readAnalysis(outline: PlanOutline): PlanAnalysis | undefined {
  const range = outline.sections.analysis;
  if (!range) return undefined;
  const analysis: PlanAnalysis = { spreadsheet: '', keySheets: [], targetRanges: { read: [], write: [] }, fields: [] };
  const { lines } = outline.document;
  const { kinds } = outline.blocks;
  for (let i = range.heading + 1; i < range.end; i++) {
    // Only list items: a `- Write:` line in code, a comment or HTML is an example, not a scope.
    if (kinds[i] !== 'list-item') continue;
    const line = lines[i];
    const item = matchListItem(line);
    const labelled = item ? matchLabelledValue(item.text) : null;
    if (!item || !labelled) continue;
    const { label, value } = labelled;
    const key = label.toLowerCase();
    const nested = indentationOf(line).columns >= 2;
    if (key === 'read') analysis.targetRanges.read.push(value);
    else if (key === 'write') analysis.targetRanges.write.push(value);
    if (nested) continue;
    analysis.fields.push({ label, value });
    if (key === 'spreadsheet') analysis.spreadsheet = value;
    else if (key === 'key sheets') analysis.keySheets = splitList(value);
    else if (key === 'current state') analysis.currentState = value;
  }
  return analysis;
}

/** Reads a PLAN.md document. Never throws: whatever is not recognised is left out. */
export function parsePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): Plan {
  const text = typeof markdown === 'string' ? markdown : '';
  return planFromOutline(outlinePlan(text, statuses), text);
}

/** The outline's phases, each task with its claim (`working`) when a Working line is nested under it. */
function withClaims(outline: PlanOutline, text: string): PlanOutline['phases'] {
  // A claim is a nested item: a plan without one (most plans) needs no search of its text.
  if (!outline.nested.length || !/working[ \t]*:/i.test(text)) return outline.phases;
  const claims = taskClaims(outline);
  if (!claims.size) return outline.phases;
  return outline.phases.map((phase) => ({
    ...phase,
    tasks: phase.tasks.map((task) => {
      const claim = claims.get(task.step)?.[0];
      if (!claim) return task;
      return { ...task, working: claim.until ? { by: claim.holder, until: claim.until } : { by: claim.holder } };
    }),
  }));
}

/** The plan an outline reads (`text` is the outline's document as text), without reading the document again. */
export function planFromOutline(outline: PlanOutline, text: string): Plan {
  const statuses = outline.statuses;
  const phases: Phase[] = withClaims(outline, text).map(({ number, name, tasks, derived }) =>
    derived ? { number, name, tasks, derived } : { number, name, tasks },
  );
  const analysis = sectionText(outline, 'analysis');
  const plan: Plan = {
    title: outline.title,
    goal: outline.goal,
    phases,
    notes: sectionText(outline, 'notes'),
    progress: countProgress(outline.tasks, statuses),
    raw: text,
  };
  if (outline.status) plan.status = outline.status;
  if (outline.statusNote) plan.statusNote = outline.statusNote;
  if (analysis) {
    plan.analysis = analysis;
    plan.analysisDetails = readAnalysis(outline);
  }
  if (outline.questions.length) {
    plan.questions = outline.questions.map((question) => question.text);
    plan.questionDetails = outline.questions.map(({ number, line, text: questionText, answer }) =>
      answer === undefined ? { number, line, text: questionText } : { number, line, text: questionText, answer },
    );
  }
  return plan;
}
