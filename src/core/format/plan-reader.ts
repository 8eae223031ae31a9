/**
 * The plan reader: walks the block scanner's labels (blocks.ts) and builds the outline: title, goal and
 * status line, sections, phases, tasks and their nesting, questions, and the lines that look like tasks
 * but are not read (with why). It never looks at a line's block itself: code, comments, HTML, quotes and
 * tables are the scanner's to tell.
 */
import { NOT_PLAN_TEXT, type BlockKind, type BlockScan, type HeadingPlace } from './blocks';
import { readDependencies, type DependencyLine } from '../rules/dependencies';
import { deriveNumbers } from './derive-steps';
import { PlanDocument } from './document';
import { nestedItems, type NestedItem } from './nested-lines';
import {
  COMMENT_OPEN,
  EMOJI_TASK,
  LOOKS_LIKE_TASK,
  NO_INDENTATION,
  TITLE_PREFIX,
  cutTaskLine,
  indentationOf,
  matchAnswer,
  matchGoalLine,
  matchListItem,
  matchStatusLine,
  readPhaseText,
  sectionNameOf,
  type SectionName,
  type TaskLineParts,
} from './patterns';
import { planStatusForWord, type PlanStatus } from './plan-status';
import type { StatusTable } from './statuses';
import { mayHoldDateOrNote, taskFromLine } from './task-text';
import type { Phase, PlanQuestion, PlanTask } from './types';

type KnownSection = SectionName;
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
  /** Every line's block (code, comment, list item, heading…): what other readers of the text go by. */
  blocks: BlockScan;
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
  /** Every list item nested under a task, in document order (nested-lines.ts): read once, for every nested label. */
  nested: NestedItem[];
  /** The `  - After: 1.2` lines under tasks (src/core/rules/dependencies.ts); each task's `waitsFor` holds their steps.
   * */
  dependencies: DependencyLine[];
  /** Phases in document order; tasks outside phase headings form phases where they stand. */
  phases: OutlinePhase[];
  questions: Array<PlanQuestion & { answerLine?: number; itemEnd: number }>;
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

/** Why a task-like line in each kind of block that is not the plan's own text is not read. */
const UNREAD_IN: Partial<Record<BlockKind, UnreadReason>> = {
  'fenced-code': 'in-code',
  'indented-code': 'in-code',
  comment: 'in-comment',
  html: 'in-html',
  quote: 'in-quote',
  table: 'in-table',
  'front-matter': 'in-front-matter',
};

function sectionKind(headingText: string): KnownSection | 'other' {
  return sectionNameOf(headingText) ?? 'other';
}

/** The comment after the status word: `Status: draft — add the March tab` gives `add the March tab`. */
function statusNote(rest: string): string {
  const text = rest.trim();
  const dash = text.startsWith('—') ? 1 : text.startsWith('--') ? 2 : 0;
  return dash ? text.slice(dash).trim() : text;
}

/** A line that starts with a list marker's character but is not a list item (`-[ ] Title`). */
const STARTS_LIKE_LIST_ITEM = /^[ \t\u00a0\ufeff]*[-*+\d]/;

function looksLikeTask(text: string): boolean {
  return text.includes('[') && LOOKS_LIKE_TASK.test(text);
}

/** Reads the outline from the labels: one method per kind of line that carries the plan. */
class OutlineReader {
  private section: SectionKind = 'preamble';
  private sectionLevel = 0;
  private sectionStart = -1;
  private sectionHeading: HeadingPlace | undefined;
  /** The name a section's phase takes: its heading's text, or the part's name for `## Phase 3.1: Setup`. */
  private sectionName = '';
  /** The phase tasks go to; null until a task arrives in a section without a phase heading. */
  private phase: OutlinePhase | null = null;
  /** Tasks of the current phase that may be the parent of the next one: the column of their box, and their index. */
  private parentContent: number[] = [];
  private parentTask: number[] = [];
  /** For each task: the index of its parent task (-1 for none) and of its phase. */
  private readonly parentOf: number[] = [];
  private readonly phaseOf: number[] = [];
  private readonly lines: readonly string[];
  /** No done date or annotation anywhere in the document: titles are read as they stand. */
  private readonly plainTitles: boolean;

  constructor(
    private readonly outline: PlanOutline,
    text: string,
  ) {
    this.lines = outline.document.lines;
    this.plainTitles = !mayHoldDateOrNote(text);
  }

  read(): PlanOutline {
    const { kinds, headings } = this.outline.blocks;
    let nextHeading = 0;
    let listItems = 0;
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i];
      if (kind === 'blank') continue; // the most common line of all, and nothing to read
      if (kind === 'list-item') listItems++;
      if (kind === 'list-item' || kind === 'paragraph') this.onText(i, kind === 'list-item');
      else if (kind === 'heading') this.onHeading(headings[nextHeading++]);
      else if (NOT_PLAN_TEXT.has(kind)) this.onOtherText(i, kind);
    }
    this.closeSection(kinds.length);
    deriveNumbers(this.outline, this.parentOf, this.phaseOf);
    // Every task is a list item: when every list item is a task, none is nested under one, and no line needs a look.
    this.outline.nested = listItems > this.outline.tasks.length ? nestedItems(this.outline) : [];
    this.outline.dependencies = readDependencies(this.outline);
    return this.outline;
  }

  private unread(line: number, reason: UnreadReason): void {
    const entry: UnreadLine = { line, reason };
    if (reason === 'in-section' && this.sectionHeading) entry.section = this.sectionHeading.text;
    this.outline.unread.push(entry);
  }

  /** A line of code, a comment, HTML, a quote, a table or front matter: named when it looks like a task. */
  private onOtherText(i: number, kind: BlockKind): void {
    const reason = UNREAD_IN[kind];
    if (!reason) return; // a fence's own line
    let text = this.lines[i];
    if (kind === 'comment') {
      const open = text.indexOf(COMMENT_OPEN);
      if (open >= 0 && open === indentationOf(text).index) text = text.slice(open + COMMENT_OPEN.length);
    }
    if (looksLikeTask(text)) this.unread(i, reason);
  }

  private closeSection(end: number): void {
    const { section, outline } = this;
    if (section === 'analysis' || section === 'questions' || section === 'notes') {
      outline.sections[section] ??= { heading: this.sectionStart, end };
    }
    if (section !== 'questions') return;
    // Read only when there is one: an index of -1 is a property lookup, slow on every heading of a long plan.
    const lastQuestion = outline.questions.length ? outline.questions[outline.questions.length - 1] : undefined;
    if (lastQuestion && lastQuestion.itemEnd > end) lastQuestion.itemEnd = end;
  }

  private startPhase(next: OutlinePhase): void {
    this.phase = next;
    this.parentContent = [];
    this.parentTask = [];
    this.outline.phases.push(next);
  }

  private onHeading(heading: HeadingPlace): void {
    const { outline } = this;
    // `Goal: …` underlined with `---` is a setext heading to Markdown, and still the plan's goal.
    if (heading.underline !== undefined && (this.section === 'preamble' || this.section === 'goal')) {
      this.readGoalOrStatus(heading.line, this.lines[heading.line]);
    }
    if (heading.level === 1 && outline.titleLine === undefined) {
      outline.title = heading.text.replace(TITLE_PREFIX, '').trim();
      outline.titleLine = heading.line;
      outline.titleHeading = heading;
      return;
    }
    const read = readPhaseText(heading.level, heading.text);
    // `Phase 3.1: Setup` inside phase 3 is part of it; anywhere else it is a section named `Setup`.
    const phaseText = read?.part === undefined ? read : null;
    const { section } = this;
    const nested = !phaseText && section !== 'preamble' && section !== 'other' && heading.level > this.sectionLevel;
    if (!nested && this.phase) this.phase.end = heading.line;
    if (nested) {
      if (section === 'phase') this.phase?.subHeadings.push(heading);
      return;
    }
    this.closeSection(heading.line);
    this.sectionLevel = heading.level;
    this.sectionHeading = heading;
    if (phaseText) {
      this.section = 'phase';
      this.startPhase({
        number: phaseText.number,
        name: phaseText.name,
        tasks: [],
        line: heading.line,
        end: this.lines.length,
        source: 'phase-heading',
        heading,
        subHeadings: [],
      });
      return;
    }
    this.section = heading.level === 2 ? sectionKind(heading.text) : 'other';
    this.sectionStart = heading.line;
    this.sectionName = read?.name || heading.text;
    this.phase = null;
  }

  /** A paragraph or list item line: the goal, the status line, a question, a task, or text. */
  private onText(i: number, listItem: boolean): void {
    const line = this.lines[i];
    const { section } = this;
    const holdsTasks = section === 'phase' || section === 'other' || section === 'preamble';
    // The hot path: a task line in the spec's spelling, in a part of the document that holds tasks.
    if (holdsTasks && listItem && line.startsWith('- [')) {
      const parts = cutTaskLine(line, NO_INDENTATION);
      if (parts !== null) {
        if (typeof parts === 'string') this.unread(i, parts);
        else this.onTask(i, parts);
        return;
      }
    }
    if ((section === 'preamble' || section === 'goal') && this.readGoalOrStatus(i, line)) return;
    if (!listItem) {
      if (STARTS_LIKE_LIST_ITEM.test(line) && section !== 'questions' && looksLikeTask(line)) {
        this.unread(i, 'no-space-after-marker');
      }
      return;
    }
    if (section === 'questions') this.onQuestionItem(i, line);
    else this.onListItem(i, line, holdsTasks);
  }

  /** The status line and the goal, read once each, in the preamble or a `## Goal` section. */
  private readGoalOrStatus(i: number, line: string): boolean {
    const { outline } = this;
    // Both lines have a colon after their label; only in a `## Goal` section is a line without one the goal.
    if (this.section !== 'goal' && !line.includes(':')) return false;
    if (outline.statusLine === undefined) {
      const statusLine = matchStatusLine(line);
      const status = statusLine && planStatusForWord(statusLine.word);
      if (statusLine && status) {
        outline.status = status;
        outline.statusLine = i;
        const note = statusNote(statusLine.rest);
        if (note) outline.statusNote = note;
        return true;
      }
    }
    if (outline.goalLine === undefined) {
      const goal = matchGoalLine(line);
      if (goal !== null || this.section === 'goal') {
        outline.goal = goal ?? line.trim();
        outline.goalLine = i;
        return true;
      }
    }
    return false;
  }

  private onListItem(i: number, line: string, holdsTasks: boolean): void {
    const parts = line.includes('[') ? cutTaskLine(line, indentationOf(line)) : null;
    if (parts === null) {
      if (holdsTasks && looksLikeTask(line)) this.unread(i, 'wide-box');
      else if (holdsTasks && EMOJI_TASK.test(line)) this.unread(i, 'emoji-box');
      return;
    }
    if (!holdsTasks) this.unread(i, 'in-section');
    else if (typeof parts === 'string') this.unread(i, parts);
    else this.onTask(i, parts);
  }

  /** A top-level item of `## Questions` is a question; an `Answer:` item nested under it is its answer. */
  private onQuestionItem(i: number, line: string): void {
    const item = matchListItem(line)!;
    if (looksLikeTask(line)) this.unread(i, 'in-section');
    const { questions } = this.outline;
    const current = questions[questions.length - 1];
    if (indentationOf(line).columns < 2) {
      questions.push({ number: questions.length + 1, line: i, text: item.text, itemEnd: this.lines.length });
      if (current) current.itemEnd = i;
      return;
    }
    const answer = current ? matchAnswer(item.text) : null;
    if (current && answer !== null) {
      current.answer = answer;
      current.answerLine = i;
    }
  }

  /** A phase for tasks outside phase headings: the section's, or one of tasks under no heading. */
  private implicitPhase(i: number): OutlinePhase {
    const inSection = this.section === 'other';
    return {
      number: Number.NaN,
      name: inSection ? this.sectionName : '',
      tasks: [],
      line: inSection ? this.sectionHeading!.line : i,
      end: this.lines.length,
      implicit: true,
      source: inSection ? 'section' : 'none',
      heading: inSection ? this.sectionHeading : undefined,
      subHeadings: [],
    };
  }

  private onTask(i: number, parts: TaskLineParts): void {
    const { outline } = this;
    const known = outline.statuses.forSymbol(parts.symbol);
    // An unknown character reads as the queue's status (todo), as in the spec; validatePlan reports it.
    const task = taskFromLine(i, parts, known ?? outline.statuses.queue, this.plainTitles);
    if (!this.phase) this.startPhase(this.implicitPhase(i));
    const current = this.phase!;
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
    const { parentContent, parentTask } = this;
    while (parentContent.length && parts.indent < parentContent[parentContent.length - 1]) {
      parentContent.pop();
      parentTask.pop();
    }
    const depth = parentContent.length;
    const index = outline.tasks.length;
    this.parentOf.push(depth ? parentTask[depth - 1] : -1);
    this.phaseOf.push(outline.phases.length - 1);
    parentContent.push(parts.content);
    parentTask.push(index);
    if (known === undefined) outline.unknownStatusLines.push({ line: i, step: parts.step ?? '', symbol: parts.symbol });
    current.tasks.push(task);
    outline.tasks.push(task);
    outline.taskLines.push(parts);
  }
}

/** Reads a document's outline from its block labels; `text` is the document as text. */
export function readOutline(
  document: PlanDocument,
  blocks: BlockScan,
  statuses: StatusTable,
  text = document.toString(),
): PlanOutline {
  const outline: PlanOutline = {
    document,
    blocks,
    statuses,
    tasks: [],
    taskLines: [],
    unknownStatusLines: [],
    tasksOutsidePhases: [],
    unread: [],
    nested: [],
    dependencies: [],
    phases: [],
    questions: [],
    sections: {},
    title: '',
    goal: '',
  };
  return new OutlineReader(outline, text).read();
}
