/**
 * Reads a PLAN.md document, and the checklists people really have: tasks with or without step
 * numbers, numbered lists, `## 1. Name` or `## Tasks` sections, front matter, code and comments.
 * docs/format.md says in words what is read and how steps are derived; this is the one reader.
 */
import { PlanDocument } from './document';
import {
  COMMENT_OPEN,
  EMOJI_TASK,
  HTML_BLOCK,
  LOOKS_LIKE_TASK,
  SECTION_NAMES,
  TITLE_PREFIX,
  closesComment,
  closesFence,
  cutTaskLine,
  fenceAt,
  findDoneDate,
  indentationOf,
  isListItem,
  lastSeparator,
  matchAnswer,
  matchGoalLine,
  matchHeading,
  matchLabelledValue,
  matchListItem,
  matchStatusLine,
  readPhaseText,
  setextLevel,
  type TaskLineParts,
} from './patterns';
import { planStatusForWord, type PlanStatus } from './plan-status';
import { countProgress } from './progress';
import { STATUS_TABLE, type StatusDefinition, type StatusTable, type TaskStatus } from './statuses';
import type { Phase, Plan, PlanAnalysis, PlanQuestion, PlanTask } from './types';

type KnownSection = 'analysis' | 'questions' | 'notes' | 'goal';
type SectionKind = KnownSection | 'other' | 'phase' | 'preamble';

/** Why a line that looks like a task is not read as one. */
export type UnreadReason =
  | 'in-code'
  | 'in-comment'
  | 'in-html'
  | 'in-front-matter'
  | 'in-quote'
  | 'in-table'
  | 'in-section'
  | 'no-text'
  | 'no-space-after-box'
  | 'no-space-after-marker'
  | 'wide-box'
  | 'emoji-box';

export interface UnreadLine {
  line: number;
  reason: UnreadReason;
  /** The section's heading for `in-section`. */
  section?: string;
}

/** A heading as written: where it is, its level, and whether it is a setext heading (text, then `===`/`---`). */
export interface HeadingPlace {
  line: number;
  level: number;
  text: string;
  /** The underline's line of a setext heading. */
  underline?: number;
}

export interface OutlinePhase extends Phase {
  /** The heading's line; for tasks before any heading, the first task's line. */
  line: number;
  /** The first line after the phase: the next heading that is not inside it, or the line count. */
  end: number;
  /** Not under a phase heading (a `## Tasks` section, or tasks under no heading): re-planning needs one. */
  implicit?: boolean;
  /** Where the phase comes from: a phase heading, another heading with tasks under it, or none. */
  source: 'phase-heading' | 'section' | 'none';
  heading?: HeadingPlace;
  /** Headings below a phase heading, one level deeper or more: they stay in the phase. */
  subHeadings: HeadingPlace[];
}

/** Where things are in the document: what updates need beyond the parsed plan. */
export interface PlanOutline {
  document: PlanDocument;
  /** The statuses the document was read with; changes to it use the same ones. */
  statuses: StatusTable;
  tasks: PlanTask[];
  /** The task lines, cut into parts, in the order of `tasks`. */
  taskLines: TaskLineParts[];
  /** Task lines whose checkbox holds a character the format does not know: `- [?] 1.2 …`. */
  unknownStatusLines: Array<{ line: number; step: string; symbol: string }>;
  /** Tasks that are not under a phase heading (before any heading, or under another heading). */
  tasksOutsidePhases: PlanTask[];
  /** Lines that look like tasks but are not read as tasks, and why. */
  unread: UnreadLine[];
  /** Phases in document order; tasks outside phase headings form phases where they stand. */
  phases: OutlinePhase[];
  questions: Array<PlanQuestion & { answerLine?: number; itemEnd: number }>;
  /**
   * Lines the sidebar shows as code or not at all (front matter, fenced and indented code, HTML comments and blocks):
   * read as no field, so a `Write:` range there is not the plan's.
   */
  codeLines: Set<number>;
  /** [heading line, first line after the section) */
  sections: Partial<Record<'analysis' | 'questions' | 'notes', { heading: number; end: number }>>;
  title: string;
  titleHeading?: HeadingPlace;
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
  /** The text without its done date: title, separator and note as written. */
  body: string;
}

/**
 * Splits a task's text into title, done date and annotation. The done date (`✅ YYYY-MM-DD`) may
 * stand anywhere; the annotation is what follows the last separator (see `lastSeparator`).
 */
export function splitTaskText(rest: string): TaskText {
  // Most tasks are a bare title: nothing to split, and the reader already trimmed it (includes is the fastest look).
  const hasDate = rest.includes('✅');
  if (!hasDate && !rest.includes('—') && !rest.includes('--')) return { title: rest, body: rest };
  const dateMatch = hasDate ? findDoneDate(rest) : null;
  let body = rest;
  if (dateMatch) {
    // A date in the middle of the text leaves one space, not two.
    const before = rest.slice(0, dateMatch.index).trimEnd();
    const after = rest.slice(dateMatch.index + dateMatch.length).trim();
    body = !after ? before : !before ? after : `${before} ${after}`;
  }
  const separator = lastSeparator(body);
  const text: TaskText = { title: separator ? body.slice(0, separator[0]).trimEnd() : body, body };
  if (dateMatch) text.completedDate = dateMatch.date;
  const note = separator ? body.slice(separator[1]).trim() : '';
  if (note) text.note = note;
  return text;
}

/** The comment after the status word: `Status: draft — add the March tab` gives `add the March tab`. */
function statusNote(rest: string): string {
  const text = rest.trim();
  const dash = text.startsWith('—') ? 1 : text.startsWith('--') ? 2 : 0;
  return dash ? text.slice(dash).trim() : text;
}

/** The title a person sees: for `**1.3: Title**` the `**` that closes the bold is not part of it. */
function displayTitle(title: string, boldTitle: boolean): string {
  if (!boldTitle) return title;
  const closer = title.indexOf('**');
  return closer < 0 ? title : `${title.slice(0, closer)}${title.slice(closer + 2)}`.trim();
}

function taskFromLine(line: number, parts: TaskLineParts, status: StatusDefinition): PlanTask {
  const { title, completedDate, note } = splitTaskText(parts.rest);
  const task: PlanTask = {
    line,
    phase: 0,
    step: parts.step ?? '',
    // A table built in a test may name statuses beyond TaskStatus; the table checked them when it was built.
    status: status.status as TaskStatus,
    title: displayTitle(title, parts.boldTitle),
  };
  if (completedDate) task.completedDate = completedDate;
  if (note !== undefined) {
    task.note = note;
    if (status.specField) task[status.specField] = note;
  }
  return task;
}

const SECTION_PATTERNS = Object.entries(SECTION_NAMES) as Array<[KnownSection, RegExp]>;

function sectionKind(headingText: string): KnownSection | 'other' {
  for (const [kind, pattern] of SECTION_PATTERNS) if (pattern.test(headingText)) return kind;
  return 'other';
}

/** The line that closes front matter opened by `---` on the first line; -1 when there is none. */
function frontMatterEnd(lines: string[]): number {
  if (lines[0].replace(/^\uFEFF/, '').trimEnd() !== '---') return -1;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i].trimEnd();
    if (text === '---' || text === '...') return i;
  }
  return -1;
}

const NO_INDENT = { index: 0, columns: 0 } as const;

const CODE = { backtick: 0x60, tilde: 0x7e, hash: 0x23, less: 0x3c, greater: 0x3e, pipe: 0x7c } as const;

function isListStart(code: number): boolean {
  return code === 0x2d || code === 0x2a || code === 0x2b || (code >= 0x30 && code <= 0x39);
}

export function outlinePlan(markdown: string, statuses: StatusTable = STATUS_TABLE): PlanOutline {
  const document = PlanDocument.from(markdown);
  const lines = document.lines;
  const outline: PlanOutline = {
    document,
    statuses,
    tasks: [],
    taskLines: [],
    unknownStatusLines: [],
    tasksOutsidePhases: [],
    unread: [],
    phases: [],
    questions: [],
    codeLines: new Set(),
    sections: {},
    title: '',
    goal: '',
  };
  // Changed by the handlers below as well as in the loop.
  let section = 'preamble' as SectionKind;
  let sectionLevel = 0;
  let sectionStart = -1;
  let sectionHeading: HeadingPlace | undefined;
  /** The phase tasks go to; null until a task arrives in a section without a phase heading. */
  let phase = null as OutlinePhase | null;
  /** Tasks of the current phase that may be the parent of the next one: the column of their box, and their index. */
  let parentContent: number[] = [];
  let parentTask: number[] = [];
  /** For each task: the index of its parent task (-1 for none) and of its phase. */
  const parentOf: number[] = [];
  const phaseOf: number[] = [];

  let fence: string | null = null;
  let inComment = false;
  let inHtml = false;
  let frontMatter = frontMatterEnd(lines);
  let listContext = false;
  let paragraphLine = -2;

  const unread = (line: number, reason: UnreadReason) => {
    const entry: UnreadLine = { line, reason };
    if (reason === 'in-section' && sectionHeading) entry.section = sectionHeading.text;
    outline.unread.push(entry);
  };
  const unreadIfTaskLike = (line: number, reason: UnreadReason) => {
    const text = lines[line];
    if (text.includes('[') && LOOKS_LIKE_TASK.test(text)) unread(line, reason);
  };

  const closeSection = (end: number) => {
    if (section === 'analysis' || section === 'questions' || section === 'notes') {
      outline.sections[section] ??= { heading: sectionStart, end };
    }
    const lastQuestion = outline.questions[outline.questions.length - 1];
    if (section === 'questions' && lastQuestion && lastQuestion.itemEnd > end) lastQuestion.itemEnd = end;
  };

  const startPhase = (next: OutlinePhase) => {
    phase = next;
    parentContent = [];
    parentTask = [];
    outline.phases.push(next);
  };

  const onHeading = (heading: HeadingPlace) => {
    listContext = false;
    if (heading.level === 1 && outline.titleLine === undefined) {
      outline.title = heading.text.replace(TITLE_PREFIX, '').trim();
      outline.titleLine = heading.line;
      outline.titleHeading = heading;
      return;
    }
    const phaseText = readPhaseText(heading.level, heading.text);
    const nested = !phaseText && section !== 'preamble' && section !== 'other' && heading.level > sectionLevel;
    if (!nested && phase) phase.end = heading.line;
    if (phaseText) {
      closeSection(heading.line);
      section = 'phase';
      sectionLevel = heading.level;
      sectionHeading = heading;
      startPhase({
        number: phaseText.number,
        name: phaseText.name,
        tasks: [],
        line: heading.line,
        end: lines.length,
        source: 'phase-heading',
        heading,
        subHeadings: [],
      });
      return;
    }
    if (nested) {
      if (section === 'phase') phase?.subHeadings.push(heading);
      return;
    }
    closeSection(heading.line);
    const kind = heading.level === 2 ? sectionKind(heading.text) : 'other';
    section = kind;
    sectionLevel = heading.level;
    sectionStart = heading.line;
    sectionHeading = heading;
    phase = null;
  };

  const onTask = (i: number, parts: TaskLineParts) => {
    const known = statuses.forSymbol(parts.symbol);
    // An unknown character reads as the queue's status (todo), as in the spec; validatePlan reports it.
    const status = known ?? statuses.queue;
    const task = taskFromLine(i, parts, status);
    if (!phase) {
      const inSection = section === 'other';
      startPhase({
        number: Number.NaN,
        name: inSection ? sectionHeading!.text : '',
        tasks: [],
        line: inSection ? sectionHeading!.line : i,
        end: lines.length,
        implicit: true,
        source: inSection ? 'section' : 'none',
        heading: inSection ? sectionHeading : undefined,
        subHeadings: [],
      });
    }
    const current = phase!;
    if (current.source === 'phase-heading') task.phase = current.number;
    else {
      // Tasks without a phase heading above them still count, in document order: with a written
      // step their phase number is the step's first number, as is their phase's when they come first.
      if (parts.step !== undefined) task.phase = Number(parts.step.split('.')[0]);
      if (Number.isNaN(current.number) && current.tasks.length === 0 && parts.step !== undefined) {
        current.number = task.phase;
      }
      outline.tasksOutsidePhases.push(task);
    }
    while (parentContent.length && parts.indent < parentContent[parentContent.length - 1]) {
      parentContent.pop();
      parentTask.pop();
    }
    const depth = parentContent.length;
    const index = outline.tasks.length;
    parentOf.push(depth ? parentTask[depth - 1] : -1);
    phaseOf.push(outline.phases.length - 1);
    parentContent.push(parts.content);
    parentTask.push(index);
    if (known === undefined) outline.unknownStatusLines.push({ line: i, step: parts.step ?? '', symbol: parts.symbol });
    current.tasks.push(task);
    outline.tasks.push(task);
    outline.taskLines.push(parts);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (frontMatter >= 0) {
      if (i === frontMatter) frontMatter = -1;
      outline.codeLines.add(i);
      unreadIfTaskLike(i, 'in-front-matter');
      continue;
    }
    // The hot path: a task line in the spec's spelling (`- [`) in a part of the document that holds tasks.
    if (
      !fence &&
      !inComment &&
      !inHtml &&
      line.charCodeAt(0) === 0x2d &&
      line.charCodeAt(1) === 0x20 &&
      line.charCodeAt(2) === 0x5b &&
      (section === 'phase' || section === 'other' || section === 'preamble')
    ) {
      const parts = cutTaskLine(line, NO_INDENT);
      if (parts !== null) {
        listContext = true;
        paragraphLine = -2;
        if (typeof parts === 'string') unread(i, parts);
        else onTask(i, parts);
        continue;
      }
    }
    const { index, columns } = indentationOf(line);
    if (fence) {
      outline.codeLines.add(i);
      if (closesFence(line, index, fence)) fence = null;
      else unreadIfTaskLike(i, 'in-code');
      continue;
    }
    if (inComment) {
      outline.codeLines.add(i);
      if (closesComment(line)) inComment = false;
      unreadIfTaskLike(i, 'in-comment');
      continue;
    }
    if (index === line.length) {
      inHtml = false; // an HTML block ends at a blank line
      continue;
    }
    if (inHtml) {
      outline.codeLines.add(i);
      unreadIfTaskLike(i, 'in-html');
      continue;
    }
    const paragraphBefore = paragraphLine === i - 1;
    if (columns >= 4 && !listContext && !paragraphBefore) {
      outline.codeLines.add(i);
      unreadIfTaskLike(i, 'in-code'); // an indented code block
      continue;
    }

    // Each reader below starts with a known character after the indentation: looking at that
    // character first keeps a maximum-size plan's parse as fast as the spec's simpler one.
    const first = line.charCodeAt(index);
    if (first === CODE.backtick || first === CODE.tilde) {
      fence = fenceAt(line, index);
      if (fence) {
        outline.codeLines.add(i);
        if (columns < 2) listContext = false;
        continue;
      }
    } else if (first === CODE.less) {
      if (line.startsWith(COMMENT_OPEN, index)) {
        outline.codeLines.add(i);
        inComment = !closesComment(line, index + COMMENT_OPEN.length);
        const commented = line.slice(index + COMMENT_OPEN.length);
        if (commented.includes('[') && LOOKS_LIKE_TASK.test(commented)) unread(i, 'in-comment');
        continue;
      }
      if (HTML_BLOCK.test(line.slice(index, index + 3))) {
        outline.codeLines.add(i);
        inHtml = true;
        continue;
      }
    } else if (first === CODE.hash) {
      const heading = matchHeading(line);
      if (heading) {
        onHeading({ line: i, level: heading.level, text: heading.text });
        paragraphLine = -2;
        continue;
      }
    } else if (first === CODE.greater || first === CODE.pipe) {
      unreadIfTaskLike(i, first === CODE.greater ? 'in-quote' : 'in-table');
      paragraphLine = -2;
      continue;
    }
    // An underline or a rule ends with its own character (a task line that starts with `-` does not).
    const last = line.charCodeAt(line.length - 1);
    if ((first === 0x3d || first === 0x2d) && (last === first || last === 0x20 || last === 0x09)) {
      const level = setextLevel(line);
      if (level && paragraphBefore) {
        onHeading({ line: i - 1, level, text: lines[i - 1].trim(), underline: i });
        paragraphLine = -2;
        continue;
      }
      if (level === 2) {
        // A thematic break (`---` after a blank line): neither a task nor a paragraph.
        paragraphLine = -2;
        if (columns < 2) listContext = false;
        continue;
      }
    }

    if ((section === 'preamble' || section === 'goal') && outline.statusLine === undefined) {
      const statusLine = matchStatusLine(line);
      const status = statusLine && planStatusForWord(statusLine.word);
      if (statusLine && status) {
        outline.status = status;
        outline.statusLine = i;
        const note = statusNote(statusLine.rest);
        if (note) outline.statusNote = note;
        paragraphLine = i;
        continue;
      }
    }
    if ((section === 'preamble' || section === 'goal') && outline.goalLine === undefined) {
      const goal = matchGoalLine(line);
      if (goal !== null || section === 'goal') {
        outline.goal = goal ?? line.trim();
        outline.goalLine = i;
        paragraphLine = i;
        if (columns < 2) listContext = false;
        continue;
      }
    }

    if (!isListStart(first)) {
      paragraphLine = i;
      if (columns < 2) listContext = false;
      continue;
    }

    if (section === 'questions') {
      const item = matchListItem(line);
      if (!item) {
        paragraphLine = i;
        continue;
      }
      listContext = true;
      paragraphLine = -2;
      unreadIfTaskLike(i, 'in-section');
      const nested = columns >= 2;
      const current = outline.questions[outline.questions.length - 1];
      if (!nested) {
        outline.questions.push({
          number: outline.questions.length + 1,
          line: i,
          text: item.text,
          itemEnd: lines.length,
        });
        if (current) current.itemEnd = i;
      } else if (current) {
        const answer = matchAnswer(item.text);
        if (answer !== null) {
          current.answer = answer;
          current.answerLine = i;
        }
      }
      continue;
    }

    const parts = line.includes('[') ? cutTaskLine(line, { index, columns }) : null;
    if (parts === null) {
      if (!isListItem(line)) {
        if (line.includes('[') && LOOKS_LIKE_TASK.test(line)) unread(i, 'no-space-after-marker');
        paragraphLine = i;
        if (columns < 2) listContext = false;
        continue;
      }
      listContext = true;
      paragraphLine = -2;
      if (section === 'preamble' || section === 'other' || section === 'phase') {
        if (line.includes('[') && LOOKS_LIKE_TASK.test(line)) unread(i, 'wide-box');
        else if (EMOJI_TASK.test(line)) unread(i, 'emoji-box');
      }
      continue;
    }
    listContext = true;
    paragraphLine = -2;
    if (section === 'analysis' || section === 'notes' || section === 'goal') unread(i, 'in-section');
    else if (typeof parts === 'string') unread(i, parts);
    else onTask(i, parts);
  }
  closeSection(lines.length);
  deriveNumbers(outline, Int32Array.from(parentOf), Int32Array.from(phaseOf));
  return outline;
}

/**
 * Numbers for what the document does not number, from positions alone (docs/format.md, "Derived
 * steps"): a phase without a number takes the one after the phase before it, skipping numbers a
 * phase heading uses; a task without a step takes the number after its previous sibling's, under
 * its phase or its parent task (`2.3`, `2.3.1`), skipping every step written in the document.
 */
function deriveNumbers(outline: PlanOutline, parentOf: Int32Array, phaseOf: Int32Array): void {
  const unnumberedPhase = outline.phases.some((phase) => Number.isNaN(phase.number));
  const unnumberedTask = outline.taskLines.some((parts) => parts.step === undefined);
  if (!unnumberedPhase && !unnumberedTask) return;

  const usedPhases = new Set(outline.phases.map((phase) => phase.number).filter((n) => !Number.isNaN(n)));
  let previous = 0;
  for (const phase of outline.phases) {
    if (Number.isNaN(phase.number)) {
      let number = previous + 1;
      while (usedPhases.has(number)) number++;
      phase.number = number;
      phase.derived = true;
      usedPhases.add(number);
    }
    previous = phase.number;
  }

  const taken = new Set<string>();
  for (const parts of outline.taskLines) if (parts.step !== undefined) taken.add(parts.step);
  // Derived steps collide only with written ones, or across two phases with the same number.
  const mayCollide = taken.size > 0 || usedPhases.size < outline.phases.length;
  // The last number given in each scope: a phase's top level (by phase) or a task's sub-steps (by task).
  const lastInPhase = new Int32Array(outline.phases.length);
  const lastUnder = new Int32Array(outline.tasks.length);
  const { tasks, taskLines } = outline;
  for (let index = 0; index < tasks.length; index++) {
    const task = tasks[index];
    const parent = parentOf[index];
    const phase = outline.phases[phaseOf[index]];
    const prefix = parent < 0 ? String(phase.number) : tasks[parent].step;
    const last = parent < 0 ? lastInPhase[phaseOf[index]] : lastUnder[parent];
    let number: number;
    if (taskLines[index].step !== undefined) {
      // A written step numbered in this scope moves the count on; one numbered elsewhere does not.
      const tail = task.step.startsWith(`${prefix}.`) ? task.step.slice(prefix.length + 1) : '';
      if (!tail || tail.includes('.')) continue;
      number = Number(tail);
    } else {
      number = last + 1;
      while (mayCollide && taken.has(`${prefix}.${number}`)) number++;
      task.step = `${prefix}.${number}`;
      task.derived = true;
      task.phase = phase.number;
      if (mayCollide) taken.add(task.step);
    }
    if (parent < 0) lastInPhase[phaseOf[index]] = number;
    else lastUnder[parent] = number;
  }
  const derivedAt = new Map(tasks.filter((task) => task.derived).map((task) => [task.line, task.step]));
  for (const unknown of outline.unknownStatusLines) unknown.step ||= derivedAt.get(unknown.line) ?? '';
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
  for (let i = range.heading + 1; i < range.end; i++) {
    if (outline.codeLines.has(i)) continue; // shown as code, or not shown: no range of the plan's
    const line = outline.document.lines[i];
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

/** The plan an outline reads (`text` is the outline's document as text), without reading the document again. */
export function planFromOutline(outline: PlanOutline, text: string): Plan {
  const statuses = outline.statuses;
  const phases: Phase[] = outline.phases.map(({ number, name, tasks, derived }) =>
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
