import { PlanDocument } from './document';
import {
  ANNOTATION_SEPARATOR,
  ANSWER_ITEM,
  CODE_FENCE,
  DONE_DATE,
  GOAL_LINE,
  LABELLED_VALUE,
  LIST_ITEM,
  SECTION_NAMES,
  TASK_GROUPS,
  TITLE_PREFIX,
  execTaskLine,
  matchHeading,
  matchPhaseHeading,
  matchStatusLine,
} from './patterns';
import { planStatusForWord, type PlanStatus } from './plan-status';
import { countProgress } from './progress';
import { STATUS_TABLE, type StatusDefinition, type StatusTable, type TaskStatus } from './statuses';
import type { Phase, Plan, PlanAnalysis, PlanQuestion, PlanTask } from './types';

type SectionKind = keyof typeof SECTION_NAMES | 'other' | 'phase' | 'preamble';

/** A phase as the outline knows it: where its heading is and where it ends. */
export type OutlinePhase = Phase & {
  line: number;
  /** The first line after the phase: the next phase or section heading, or the line count. */
  end: number;
  implicit?: boolean;
};

/** Where things are in the document: what updates need beyond the parsed plan. */
export interface PlanOutline {
  document: PlanDocument;
  /** The statuses the document was read with; changes to it use the same ones. */
  statuses: StatusTable;
  tasks: PlanTask[];
  /** Task lines whose checkbox holds a character the format does not know: `- [?] 1.2 …`. */
  unknownStatusLines: Array<{ line: number; step: string; symbol: string }>;
  /** Task lines that are not under a phase heading (above the first one, or in another section). */
  tasksOutsidePhases: PlanTask[];
  /** Phases in document order; tasks outside phase headings form `implicit` phases where they stand. */
  phases: OutlinePhase[];
  questions: Array<PlanQuestion & { answerLine?: number; itemEnd: number }>;
  /** [heading line, first line after the section) */
  sections: Partial<Record<'analysis' | 'questions' | 'notes', { heading: number; end: number }>>;
  title: string;
  titleLine?: number;
  goal: string;
  goalLine?: number;
  /** The `Status:` line under the goal (draft, approved, done); absent in a plan without a lifecycle. */
  status?: PlanStatus;
  /** What follows ` — ` on the status line: the person's comment when they sent the plan back. */
  statusNote?: string;
  statusLine?: number;
}

export interface TaskText {
  title: string;
  completedDate?: string;
  note?: string;
}

/** Splits a task's text into title, done date and `— annotation`, in either order. */
export function splitTaskText(rest: string): TaskText {
  const hasDate = rest.includes('✅');
  // Most tasks are a bare title: nothing to split, and the pattern already trimmed it.
  if (!hasDate && !rest.includes('—') && !rest.includes('--'))
    return { title: rest.trim(), completedDate: undefined, note: undefined };
  const dateMatch = hasDate ? DONE_DATE.exec(rest) : null;
  // A date in the middle of the text leaves one space, not two.
  const withoutDate = dateMatch
    ? `${rest.slice(0, dateMatch.index).trimEnd()} ` +
      `${rest.slice(dateMatch.index + dateMatch[0].length).trimStart()}`.trim()
    : rest;
  const separator =
    withoutDate.includes('—') || withoutDate.includes('--') ? ANNOTATION_SEPARATOR.exec(withoutDate) : null;
  const title = (separator ? withoutDate.slice(0, separator.index) : withoutDate).trim();
  const note = separator ? withoutDate.slice(separator.index + separator[0].length).trim() : '';
  return { title, completedDate: dateMatch?.groups?.date, note: note || undefined };
}

function taskFromLine(
  lineIndex: number,
  phase: number,
  step: string,
  status: StatusDefinition,
  rest: string,
): PlanTask {
  const { title, completedDate, note } = splitTaskText(rest);
  // A table built in a test may name statuses beyond TaskStatus; the table checked them when it was built.
  const task: PlanTask = { line: lineIndex, phase, step, status: status.status as TaskStatus, title };
  if (completedDate) task.completedDate = completedDate;
  if (note !== undefined) {
    task.note = note;
    if (status.specField) task[status.specField] = note;
  }
  return task;
}

/** The first character that is not a space, tab or no-break space ('' for a blank line). */
function firstVisible(line: string): string {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 0xa0) return line[i];
  }
  return '';
}

function sectionKind(headingText: string): SectionKind {
  for (const [kind, pattern] of Object.entries(SECTION_NAMES)) {
    if (pattern.test(headingText.trim())) return kind as SectionKind;
  }
  return 'other';
}

export function outlinePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): PlanOutline {
  const document = PlanDocument.from(markdown);
  const lines = document.lines;
  const outline: PlanOutline = {
    document,
    statuses,
    tasks: [],
    unknownStatusLines: [],
    tasksOutsidePhases: [],
    phases: [],
    questions: [],
    sections: {},
    title: '',
    goal: '',
  };
  let section: SectionKind = 'preamble';
  let sectionStart = -1;
  let phase: OutlinePhase | null = null;
  let looseTasks: OutlinePhase | null = null;
  let fence: string | null = null;
  /** A heading ends the phase (or the run of tasks outside phases) above it. */
  const endPhase = (end: number) => {
    if (phase) phase.end = end;
    if (looseTasks) looseTasks.end = end;
  };

  const closeSection = (end: number) => {
    if (section === 'analysis' || section === 'questions' || section === 'notes') {
      outline.sections[section] ??= { heading: sectionStart, end };
    }
    const lastQuestion = outline.questions[outline.questions.length - 1];
    if (section === 'questions' && lastQuestion && lastQuestion.itemEnd > end) lastQuestion.itemEnd = end;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    // Each pattern below starts with a known character after the indentation: looking at that
    // character first keeps a maximum-size plan's parse as fast as the spec's simpler one.
    const first = firstVisible(line);
    if (first === '`' || first === '~') {
      const fenceMatch = CODE_FENCE.exec(line);
      if (fenceMatch?.groups) {
        fence = fenceMatch.groups.fence;
        continue;
      }
    }

    if (first === '#') {
      const phaseHeading = matchPhaseHeading(line);
      if (phaseHeading) {
        closeSection(i);
        endPhase(i);
        section = 'phase';
        phase = {
          number: phaseHeading.number,
          name: phaseHeading.name,
          tasks: [],
          line: i,
          end: lines.length,
          implicit: false,
        };
        looseTasks = null;
        outline.phases.push(phase);
        continue;
      }
      const heading = matchHeading(line);
      if (heading && heading.level === 1 && outline.titleLine === undefined) {
        outline.title = heading.text.replace(TITLE_PREFIX, '').trim();
        outline.titleLine = i;
        continue;
      }
      if (heading && heading.level <= 2) {
        closeSection(i);
        endPhase(i);
        section = heading.level === 2 ? sectionKind(heading.text) : 'other';
        sectionStart = i;
        phase = null;
        looseTasks = null;
        continue;
      }
    }

    if (section === 'preamble' || section === 'goal') {
      if (outline.statusLine === undefined) {
        const statusLine = matchStatusLine(line);
        const status = statusLine && planStatusForWord(statusLine.word);
        if (statusLine && status) {
          outline.status = status;
          outline.statusLine = i;
          const note = statusLine.rest.replace(ANNOTATION_SEPARATOR, '').trim();
          if (note) outline.statusNote = note;
          continue;
        }
      }
      const goal = GOAL_LINE.exec(line);
      if (goal?.groups && outline.goalLine === undefined) {
        outline.goal = goal.groups.goal;
        outline.goalLine = i;
        continue;
      }
      if (section === 'goal' && outline.goalLine === undefined && line.trim()) {
        outline.goal = line.trim();
        outline.goalLine = i;
        continue;
      }
    }

    if (section === 'questions') {
      const item = LIST_ITEM.exec(line);
      if (item?.groups) {
        const nested = item.groups.indent.replace(/\t/g, '    ').length >= 2;
        const current = outline.questions[outline.questions.length - 1];
        if (!nested) {
          outline.questions.push({
            number: outline.questions.length + 1,
            line: i,
            text: item.groups.text,
            itemEnd: lines.length,
          });
          if (current) current.itemEnd = i;
        } else if (current) {
          const answer = ANSWER_ITEM.exec(item.groups.text);
          if (answer?.groups) {
            current.answer = answer.groups.answer.trim();
            current.answerLine = i;
          }
        }
      }
      continue;
    }

    if (section === 'analysis' || section === 'notes' || (first !== '-' && first !== '*' && first !== '+')) continue;

    const match = execTaskLine(line);
    if (match) {
      const symbol = match[TASK_GROUPS.symbol];
      const step = match[TASK_GROUPS.step];
      const rest = match[TASK_GROUPS.rest];
      // An unknown character reads as the queue's status (todo), as in the spec; validatePlan reports it.
      const known = statuses.forSymbol(symbol);
      if (known === undefined) outline.unknownStatusLines.push({ line: i, step, symbol });
      const status = known ?? statuses.queue;
      if (phase) {
        const parsed = taskFromLine(i, phase.number, step, status, rest);
        phase.tasks.push(parsed);
        outline.tasks.push(parsed);
      } else if (section === 'preamble' || section === 'other') {
        // Tasks without a phase heading above them still count, in document order: their phase
        // number is their step's first number.
        const parsed = taskFromLine(i, Number(step.split('.')[0]), step, status, rest);
        if (!looseTasks) {
          looseTasks = { number: parsed.phase, name: '', tasks: [], line: i, end: lines.length, implicit: true };
          outline.phases.push(looseTasks);
        }
        looseTasks.tasks.push(parsed);
        outline.tasksOutsidePhases.push(parsed);
        outline.tasks.push(parsed);
      }
    }
  }
  closeSection(lines.length);
  return outline;
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

/** Reads `- Label: value` items, with `Read:` / `Write:` nested under Target ranges or at the top. */
export function readAnalysis(outline: PlanOutline): PlanAnalysis | undefined {
  const range = outline.sections.analysis;
  if (!range) return undefined;
  const analysis: PlanAnalysis = { spreadsheet: '', keySheets: [], targetRanges: { read: [], write: [] }, fields: [] };
  for (const line of outline.document.lines.slice(range.heading + 1, range.end)) {
    const item = LIST_ITEM.exec(line);
    const labelled = item?.groups ? LABELLED_VALUE.exec(item.groups.text) : null;
    if (!labelled?.groups) continue;
    const label = labelled.groups.label.trim();
    const value = labelled.groups.value.trim();
    const key = label.toLowerCase();
    const nested = item!.groups!.indent.replace(/\t/g, '    ').length >= 2;
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
  const outline = outlinePlan(text, statuses);
  const phases: Phase[] = outline.phases.map(({ number, name, tasks }) => ({ number, name, tasks }));
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
