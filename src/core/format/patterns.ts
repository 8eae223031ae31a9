/**
 * Every line pattern of the PLAN.md format, built from named parts. This module answers "what is
 * a task line / a phase heading / a done date / an annotation?". The readers are tolerant of what
 * people really put in a cell: other list markers, numbered lists, indentation, no-break spaces
 * pasted from rich editors, `[X]`, step numbers in several spellings or none, `--` typed for `—`,
 * byte-order marks and Windows line endings. docs/format.md says the same in words.
 *
 * Reading a line costs time linear in its length, whatever it holds: every regular expression
 * here is free of super-linear backtracking (test/core/redos.test.ts runs a ReDoS analyser over
 * every pattern of src/ and sidebar/), each one only recognises a short prefix, and a run of
 * spaces inside a prefix is read up to MAX_GAP characters: a longer one is not part of the format.
 */

import { runEnd } from './code-spans';
import { readTaskHead } from './task-head';
import { BYTE_ORDER_MARK, GAP, GAPS, MAX_GAP, NO_BREAK_SPACE, OPTIONAL_GAPS, SPACE, TAB, gapEnd, isGap } from './gaps';

export { MAX_GAP, isGap } from './gaps';

/** Indentation may also hold a byte-order mark (invisible, left by some Windows editors). */
const INDENTATION = `[ \\t\\u00a0\\ufeff]{0,${MAX_GAP}}`;
/** A list marker: `-`, `*`, `+`, or a number of up to 9 digits and `.` or `)`. */
const LIST_MARKER = '(?:[-*+]|\\d{1,9}[.)])';

/** Where a line's text starts, and how far that is in columns (a tab reaches the next multiple of 4). */
export interface Indentation {
  /** Index of the first visible character; the line's length for a blank line. */
  index: number;
  /** Infinity when the indentation is longer than MAX_GAP: the line is plain text. */
  columns: number;
}

const COLON = 58;

/** A line without indentation: what indentationOf says of most lines. */
export const NO_INDENTATION: Indentation = Object.freeze({ index: 0, columns: 0 });

export function indentationOf(line: string): Indentation {
  const first = line.charCodeAt(0);
  if (first > SPACE && first !== NO_BREAK_SPACE && first !== BYTE_ORDER_MARK) return NO_INDENTATION;
  let columns = 0;
  let index = 0;
  for (; index < line.length; index++) {
    if (index === MAX_GAP) return { index, columns: Infinity };
    const code = line.charCodeAt(index);
    if (code === SPACE || code === NO_BREAK_SPACE) columns++;
    else if (code === TAB) columns += 4 - (columns % 4);
    else if (code !== BYTE_ORDER_MARK) break;
  }
  return { index, columns };
}

// ---- task lines ----

/**
 * A task line, part by part: indentation (sub-steps are often indented), a list marker (`-`, `*`,
 * `+`, or `1.` / `1)` as in numbered lists), at least one space, `[`, one status character or none
 * (`[]` is a todo typed quickly), `]`, and the `*` Kiro writes after the box of an optional task;
 * then at least one space, an optional written step and the title.
 *
 * The written step, in the spellings people use: `1.2`, `1.2.`, `1.2:`, `1.2)`, and in bold:
 * `**1.2**`, `**1.2:**`, or `**1.2: Title**` (bold around step and title); then a space. Two or more
 * dot-separated numbers: a single number (`1.`, `2)`) is a list number, part of the title.
 *
 * cutTaskLine reads the spec's own spelling, most lines of most plans, with CANONICAL_TASK in one step;
 * any other, the head by hand (task-head.ts) and the written step with WRITTEN_STEP below.
 */
export interface TaskLineParts {
  /** Index of the box's `[`: everything up to it is kept byte for byte when the status changes. */
  bracket: number;
  symbol: string;
  /** Index where the title starts: from `]` to here (`] 1.2 `, `] `, `]* **1.3: `) is kept byte for byte. */
  textStart: number;
  /** The step as written, or undefined when the line has none (the parser derives one). */
  step?: string;
  /** Title, done date and annotation, trailing spaces removed. */
  rest: string;
  /** The step opened a `**` that closes after the title (`**1.3: Title**`): the title ends before it. */
  boldTitle: boolean;
  /** Columns of indentation before the list marker. */
  indent: number;
  /** Column of the box: a task indented at least this far below it is its sub-step (as Markdown nests lists). */
  content: number;
}

/** Why a line that starts like a task is not read as one. */
export type UnreadShape = 'no-text' | 'no-space-after-box';

/** A written step has at most this many numbers (`1.2.3.4.5.6.7.8.9`), each of at most 9 digits. */
export const MAX_STEP_DEPTH = 9;

/**
 * A written step at the start of the text: two to nine dot-separated numbers (a single number is a list
 * number, part of the title), maybe in bold, then `.`, `:` or `)`, and the gap before the title. Its
 * `{1,8}` is MAX_STEP_DEPTH - 1 (written out: the ReDoS check reads patterns without running the code).
 * Sticky: it is read where the text starts (lastIndex), without cutting the line.
 */
const WRITTEN_STEP = new RegExp(
  `(?<open>\\*\\*)?(?<step>\\d{1,9}(?:\\.\\d{1,9}){1,8})(?!\\d|\\.\\d)` +
    `[.:)]?(?<close>\\*\\*)?(?<gap>${OPTIONAL_GAPS})`,
  'y',
);

/** Reads a task line with or without a written step; null when the line is not one. */
export function readTaskLine(line: string): TaskLineParts | null {
  const parts = cutTaskLine(line, indentationOf(line));
  return typeof parts === 'object' ? parts : null;
}

/** The spec's own spelling, `- [x] 1.2 Title`, read in one step: most lines of most plans. */
const CANONICAL_TASK = /^- \[([^\]]?)\] (\d{1,9}(?:\.\d{1,9}){1,8}) (?=[^ \t\u00a0*])/;

function canonicalParts(line: string, canonical: RegExpExecArray): TaskLineParts {
  const textStart = canonical[0].length;
  const rest = line.charCodeAt(line.length - 1) > SPACE ? line.slice(textStart) : line.slice(textStart).trimEnd();
  return {
    bracket: 2,
    symbol: canonical[1],
    textStart,
    step: canonical[2],
    rest,
    boldTitle: false,
    indent: 0,
    content: 2,
  };
}

/**
 * As readTaskLine, but says why a line that starts like a task is not one (for validatePlan).
 * `indentation` is the line's, which the parser has already measured.
 */
export function cutTaskLine(line: string, indentation: Indentation): TaskLineParts | UnreadShape | null {
  // The 7th character of the spec's spelling is in its step (`- [x] 1.2`, `- [] 1.2`): a digit or a dot. Without one
  // (a task without a step), the pattern need not run, nor fail.
  const seventh = line.length > 6 ? line.charCodeAt(6) : 0;
  const canonical = indentation.index === 0 && seventh >= 0x2e && seventh <= 0x39 ? CANONICAL_TASK.exec(line) : null;
  if (canonical) return canonicalParts(line, canonical);
  const head = readTaskHead(line);
  if (!head) return null;
  let textStart = head.end;
  if (isGap(line.charCodeAt(textStart))) return null; // a longer gap than MAX_GAP: plain text
  if (textStart === line.length) return 'no-text';
  if (!head.gap) return 'no-space-after-box';
  const parts: TaskLineParts = {
    bracket: head.bracket,
    symbol: head.symbol,
    textStart,
    rest: '',
    boldTitle: false,
    indent: indentation.columns,
    content: indentation.columns + head.bracket - indentation.index,
  };
  // Most titles start with neither a digit nor `**`: no step to look for.
  const first = line.charCodeAt(textStart);
  WRITTEN_STEP.lastIndex = textStart;
  const written = (first >= 0x30 && first <= 0x39) || first === 0x2a ? WRITTEN_STEP.exec(line) : null;
  const groups = written?.groups;
  // A step in bold closes its bold after the step (`**1.2**`) or after the title (`**1.2: Title**`).
  if (groups && (groups.open !== undefined || groups.close === undefined)) {
    const titleStart = WRITTEN_STEP.lastIndex;
    if (titleStart === line.length) return 'no-text'; // `- [ ] 1.1` and nothing else
    if (groups.gap && !isGap(line.charCodeAt(titleStart))) {
      parts.step = groups.step;
      parts.boldTitle = groups.open !== undefined && groups.close === undefined;
      textStart = titleStart;
    }
  }
  parts.textStart = textStart;
  parts.rest = line.slice(textStart).trimEnd();
  return parts;
}

/** The spec's task line: one with a written step (`- [ ] 1.1 Title` and the spellings above), in its parts. */
export function matchTaskLine(
  line: string,
): { head: string; symbol: string; middle: string; step: string; rest: string } | null {
  const parts = readTaskLine(line);
  if (parts?.step === undefined) return null;
  const { symbol, step, rest } = parts;
  return { head: line.slice(0, parts.bracket + 1), symbol, middle: middleOf(line, parts), step, rest };
}

/** The part of a task line from `]` to the title, kept as written. */
export function middleOf(line: string, parts: TaskLineParts): string {
  return line.slice(parts.bracket + 1 + parts.symbol.length, parts.textStart);
}

/**
 * A line that looks like a task to a person but is not read as one: a box (empty, one character,
 * or one padded with spaces: `[ x ]`) at the start of a list item, quote or table cell, or right
 * after a marker without a space (`-[ ]`). Used only to explain what is not read.
 */
const QUOTES = `(?:>${OPTIONAL_GAPS}){0,8}`;
const TABLE_CELL = `(?:\\|${OPTIONAL_GAPS})?`;
export const LOOKS_LIKE_TASK = new RegExp(
  `^${INDENTATION}${QUOTES}${TABLE_CELL}(?:${LIST_MARKER}${OPTIONAL_GAPS})?\\[[^\\]]{0,3}\\]`,
);

/** A list item that stands for a task but has an emoji where the box should be: `- ✅ Done thing`. */
export const EMOJI_TASK = new RegExp(`^${INDENTATION}${LIST_MARKER}${GAPS}(?:✅|☑|✔|✓|⬜|☐|⏳|🔄|❌)`);

// ---- headings ----

const HASH = 0x23;
const EQUALS = 0x3d;
const DASH = 0x2d;

/**
 * Where a heading's or an underline's mark may start: after a byte-order mark and up to three spaces (four would make
 * an indented code block), read by hand: `\ufeff?[ \u00a0]{0,3}`.
 */
function headingIndentationEnd(line: string): number {
  let at = line.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  const indentationEnd = at + 3;
  while (at < indentationEnd && (line.charCodeAt(at) === SPACE || line.charCodeAt(at) === NO_BREAK_SPACE)) at++;
  return at;
}

/**
 * An ATX heading's opening, read by hand (one per heading, and a plan may have thousands): the indentation, one
 * to six `#`s, then a gap of up to MAX_GAP characters or the end of the line (`#tag` is not a heading). Its end and
 * level, or null; what `^\ufeff?[ \u00a0]{0,3}(#{1,6})(?:[ \t\u00a0]{1,64}|$)` reads.
 */
export function atxOpening(line: string): { end: number; level: number } | null {
  let at = headingIndentationEnd(line);
  const hashes = at;
  // Up to the line's end: a read past it costs more than the comparison (the engine leaves its fast path).
  while (at - hashes <= 6 && at < line.length && line.charCodeAt(at) === HASH) at++;
  const level = at - hashes;
  if (level < 1 || level > 6) return null;
  if (at === line.length) return { end: at, level };
  const gap = at;
  while (at - gap < MAX_GAP && isGap(line.charCodeAt(at))) at++;
  return at === gap ? null : { end: at, level };
}

/** An ATX heading (`## Text`): its level and text, a closing run of `#`s after a space removed (`C#` keeps its `#`). */
export function matchHeading(line: string): { level: number; text: string } | null {
  const opening = atxOpening(line);
  if (!opening || (opening.end < line.length && isGap(line.charCodeAt(opening.end)))) return null; // gap > MAX_GAP
  let text = line.slice(opening.end).trimEnd();
  // A closing sequence: `#`s preceded by a space (or the whole text), read from the end up to MAX_GAP of them.
  let hashes = text.length;
  while (hashes > 0 && text.length - hashes <= MAX_GAP && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  const closing = text.length - hashes <= MAX_GAP;
  if (closing && hashes < text.length && (hashes === 0 || isGap(text.charCodeAt(hashes - 1)))) {
    text = text.slice(0, hashes).trimEnd();
  }
  return { level: opening.level, text };
}

/** A thematic break (a rule) after the line's indentation: `---`, `***`, `_ _ _`; the text after it is a new block. */
export const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** A setext underline (`===` for level 1, `---` for level 2) under a line of text; 0 when the line is not one. */
export function setextLevel(line: string): 0 | 1 | 2 {
  // By hand, like the opening of an ATX heading: what `^\ufeff?[ \u00a0]{0,3}(?:(=+)|-+)[ \t\u00a0]{0,64}$` reads.
  let at = headingIndentationEnd(line);
  const mark = line.charCodeAt(at);
  if (mark !== EQUALS && mark !== DASH) return 0;
  while (line.charCodeAt(at) === mark) at++;
  const gap = at;
  while (at - gap <= MAX_GAP && isGap(line.charCodeAt(at))) at++;
  if (at !== line.length || at - gap > MAX_GAP) return 0;
  return mark === EQUALS ? 1 : 2;
}

/**
 * A phase in a heading's text: `Phase 2: Name` (also `Phase 2 - Name`, `— Name`, `. Name`, or no
 * name; any case) at levels 2 to 4, or `2. Name` / `2) Name` (a numbered section) at level 2.
 * Before `Phase` may stand a short run without letters of the Latin alphabet: an emoji (`🚀 Phase 1`),
 * bold (`**Phase 2: UI**`, whose closing `**` is not part of the name) or a numbering (`二、Phase 1`);
 * what it holds besides emphasis leads the name (`🚀 Integration`), so that no word is lost.
 * `Phase 3.1: …` names a part of phase 3: the reader decides whether it stands inside phase 3.
 */
const PHASE_PREFIX = '[^A-Za-z]{0,16}';
const PHASE_WORD = new RegExp(`^(${PHASE_PREFIX})Phase${OPTIONAL_GAPS}(\\d{1,9})((?:\\.\\d{1,9}){0,8})`, 'i');
const NUMBERED_SECTION = new RegExp(`^(\\d{1,9})[.)](?=${GAP}|$)`);
const PHASE_NAME_SEPARATORS = ':.-–—)';
/** Emphasis around the whole heading text: `**Phase 2: UI**`. */
const CLOSING_EMPHASIS = /(?:\*\*|__|\*|_)$/;

export interface PhaseHeadingText {
  number: number;
  name: string;
  /** `Phase N` (true) or a numbered section `N. Name` (false). */
  phaseWord: boolean;
  /** What stands before `Phase` (`🚀 `, `**`); empty in the spec's spelling. */
  prefix: string;
  /** `3.1` for `Phase 3.1: Setup`: a part of phase 3, not a phase number of its own. */
  part?: string;
}

export function readPhaseText(level: number, text: string): PhaseHeadingText | null {
  if (!text) return null; // `##` alone, as a separator: no pattern to try (a long run of them costs a try each)
  const word = level >= 2 && level <= 4 ? PHASE_WORD.exec(text) : null;
  const match = word ?? (level === 2 ? NUMBERED_SECTION.exec(text) : null);
  if (!match) return null;
  let at = match[0].length;
  if (word && at < text.length && !(isGap(text.charCodeAt(at)) || PHASE_NAME_SEPARATORS.includes(text[at]))) {
    return null; // `Phase 1a`, `Phase 10x`: not a phase number
  }
  at = gapEnd(text, at);
  if (at < 0) return null;
  if (word && at < text.length && PHASE_NAME_SEPARATORS.includes(text[at])) at++;
  const prefix = word ? word[1] : '';
  let name = text.slice(at).trim();
  // The spec's spelling has nothing before `Phase`: no emphasis to close, no decoration to keep.
  if (prefix) {
    const emphasis = CLOSING_EMPHASIS.exec(name);
    if (emphasis && prefix.trimEnd().endsWith(emphasis[0])) name = name.slice(0, -emphasis[0].length).trimEnd();
    // The decoration is part of the name (`🚀 Integration`, `二、基础架构`); emphasis marks are not.
    const decoration = prefix.replace(/\*\*|__/g, '').trimStart();
    if (decoration.trim()) name = `${decoration}${name}`;
  }
  const number = word ? Number(word[2]) : Number(match[1]);
  const phase: PhaseHeadingText = { number, name, phaseWord: Boolean(word), prefix };
  if (word?.[3]) phase.part = `${word[2]}${word[3]}`;
  return phase;
}

/** The spec's phase heading, `### Phase 2: Name` (also `- Name`, `— Name`, `. Name`, or no name); level 3 only. */
export function matchPhaseHeading(line: string): { number: number; name: string } | null {
  const heading = matchHeading(line);
  const phase = heading?.level === 3 ? readPhaseText(3, heading.text) : null;
  return phase?.phaseWord && !phase.prefix && !phase.part ? { number: phase.number, name: phase.name } : null;
}

/** The canonical spelling of a phase heading, as createPlan and adoptFormat write it. */
export function phaseHeadingLine(number: number, name: string): string {
  return name ? `### Phase ${number}: ${name}` : `### Phase ${number}`;
}

/** `# Plan: Title`; the `Plan:` prefix is optional. */
export const TITLE_PREFIX = new RegExp(`^Plan${OPTIONAL_GAPS}:${OPTIONAL_GAPS}`, 'i');

/** `Goal: …`, also `**Goal:** …`, `**Goal**: …` and `- Goal: …`: the part before the goal's text. */
const GOAL_PREFIX = new RegExp(
  `^${INDENTATION}(?:[-*+]${GAPS})?(?:\\*\\*|__)?Goal(?:\\*\\*|__)?${OPTIONAL_GAPS}:(?:\\*\\*|__)?`,
  'i',
);

export function matchGoalLine(line: string): string | null {
  const prefix = GOAL_PREFIX.exec(line);
  return prefix ? line.slice(prefix[0].length).trim() : null;
}

/**
 * `Status: draft` under the goal: the plan's lifecycle. Also `**Status:** approved` and `- Status: draft — …`.
 * Parts: the head, kept byte for byte when the status changes; the word (src/core/format/plan-status.ts says which
 * words are the lifecycle's: a real-world `**Status:** Green` is not, and stays plain text); and what follows
 * the word (an annotation after ` — `: the person's comment).
 */
export const STATUS_LINE =
  /^(?<head>[ \t\u00a0]*(?:[-*+][ \t\u00a0]+)?(?:\*\*|__)?Status(?:\*\*|__)?[ \t\u00a0]*:(?:\*\*|__)?[ \t\u00a0]*)(?<word>[A-Za-z]+)(?<rest>(?:[ \t\u00a0].*)?)$/i;

export function matchStatusLine(line: string): { head: string; word: string; rest: string } | null {
  const match = line.includes(':') ? STATUS_LINE.exec(line) : null;
  if (!match?.groups) return null;
  return { head: match.groups.head, word: match.groups.word, rest: match.groups.rest };
}

/** A heading's marks: indentation, `#`s and the gap after them. */
const HEADING_MARKS = new RegExp(`^ {0,3}#{1,6}${GAPS}`);

/**
 * The heading line with another phase number: `## 🚀 Phase 3: Name` → `## 🚀 Phase 4: Name`; every other
 * character stays. The line comes back as it was when it is not a phase heading.
 */
export function withPhaseNumber(line: string, number: number): string {
  const marks = HEADING_MARKS.exec(line);
  const word = marks ? PHASE_WORD.exec(line.slice(marks[0].length)) : null;
  if (!marks || !word) return line;
  const end = marks[0].length + word[0].length - word[3].length;
  const start = end - word[2].length;
  return `${line.slice(0, start)}${number}${line.slice(end)}`;
}

/** The sections the format knows, by the first word of their `##` heading's text (any case). */
export type SectionName = 'analysis' | 'questions' | 'notes' | 'goal';
const SECTION_NAME = /^(analysis|questions|notes|goal)\b/i;

/** The section a `##` heading's text names (`Questions for User` → `questions`), or null for any other heading. */
export function sectionNameOf(headingText: string): SectionName | null {
  // `##` alone, as a separator: no pattern to try (a long run of them costs a try each).
  const name = headingText ? SECTION_NAME.exec(headingText) : null;
  return name ? (name[1].toLowerCase() as SectionName) : null;
}

// ---- lists and sections ----

/** A list item's start: indentation, marker (`-`, `*`, `+` or `1.` / `1)`) and the space after it. */
const LIST_START = new RegExp(`^(${INDENTATION})(${LIST_MARKER})${GAPS}`);

export interface ListItem {
  indent: string;
  marker: string;
  /** Where the text starts in the line. */
  textStart: number;
  /** The item's text, trailing spaces removed. */
  text: string;
}

/** True when the line is a list item (cheaper than matchListItem: the text is not cut). */
export function isListItem(line: string): boolean {
  return LIST_START.test(line);
}

export function matchListItem(line: string): ListItem | null {
  const start = LIST_START.exec(line);
  if (!start) return null;
  return {
    indent: start[1],
    marker: start[2],
    textStart: start[0].length,
    text: line.slice(start[0].length).trimEnd(),
  };
}

/** `Answer: …` under a question: the answer's text. */
const ANSWER_PREFIX = new RegExp(`^Answer${OPTIONAL_GAPS}:`, 'i');

export function matchAnswer(text: string): string | null {
  const prefix = ANSWER_PREFIX.exec(text);
  return prefix ? text.slice(prefix[0].length).trim() : null;
}

/** `Label: value` inside the Analysis section. */
export function matchLabelledValue(text: string): { label: string; value: string } | null {
  const colon = text.indexOf(':');
  return colon < 1 ? null : { label: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}

/**
 * The words that open a dependency line under a task (src/core/rules/dependencies.ts), before the steps it waits for:
 * `After:` as we write it, and what people write: `Depends on:`, `Waits for:`, `after` without a colon, and the
 * label in bold or italics (`**After:**`, `**After**:`, `_After:_`).
 */
const DEPENDENCY_LABEL = new RegExp(
  `^(?<emphasis>\\*\\*|__|\\*|_)?(?:after|depends${GAPS}on|waits${GAPS}for)(?![\\p{L}\\d])`,
  'iu',
);

/** A dependency line's label: where the steps start in the item's text, and whether a colon followed the label. */
export function matchDependencyLabel(text: string): { valueStart: number; colon: boolean } | null {
  const label = DEPENDENCY_LABEL.exec(text);
  if (!label) return null;
  const emphasis = label.groups!.emphasis ?? '';
  const closes = (at: number) => (emphasis && text.startsWith(emphasis, at) ? at + emphasis.length : at);
  let at = gapEnd(text, closes(label[0].length));
  const colon = at >= 0 && text.charCodeAt(at) === COLON;
  if (colon) at = gapEnd(text, closes(at + 1));
  return at < 0 ? null : { valueStart: at, colon };
}

/**
 * A code fence (nothing inside a fenced block is a task or heading), read after the indentation: three or
 * more backticks with no backtick after them on the line (else it is inline code), or three or more tildes.
 */
const FENCE_OPEN = /^(?:`{3,}(?=[^`]*$)|~{3,})/;
/** The run of fence characters at `at`, or null when no fence opens there. */
export function fenceAt(line: string, at: number): string | null {
  const code = line.charCodeAt(at);
  if (code !== 0x60 && code !== 0x7e) return null; // ` or ~: most lines are neither
  const fence = FENCE_OPEN.exec(at ? line.slice(at) : line);
  return fence ? fence[0] : null;
}

/** True when the line at `at` closes `fence`: at least as many of its character, then only spaces. */
export function closesFence(line: string, at: number, fence: string): boolean {
  if (!line.startsWith(fence, at)) return false;
  // The run is read by hand: a pattern with a run and trailing spaces is polynomial on a long line of both.
  const end = runEnd(line, at + fence.length, fence.charCodeAt(0));
  return gapEnd(line, end) === line.length;
}

/** `<!--`: an HTML comment, read as one block up to the line holding `-->`. */
export const COMMENT_OPEN = '<!--';

/** True when `line` holds `-->` at or after `from` (found from its `>`: a search for `-->` is slow in a run of `-`). */
export function closesComment(line: string, from = 0): boolean {
  for (let at = line.indexOf('>', from + 2); at >= 0; at = line.indexOf('>', at + 1)) {
    if (at - 2 >= from && line.charCodeAt(at - 1) === 0x2d && line.charCodeAt(at - 2) === 0x2d) return true;
  }
  return false;
}

/** A step as callers write it. */
export const STEP_ID = /^\d+(?:\.\d+)+$/;

/** Lines end in \n in a Sheets cell, but pasted text may bring \r\n or \r. */
export const LINE_BREAK = /\r\n|\n|\r/;

/**
 * A template's placeholder, such as `[Any clarifying questions]` or `[ranges to read]`: an item that is one
 * bracketed phrase. It stands for text nobody has written yet, so it is not a question or a value.
 */
export const PLACEHOLDER = /^\[\s*[^\][\s][^\][]*\]$/;
