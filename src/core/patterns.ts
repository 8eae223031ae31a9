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

/** Spaces and tabs, plus the no-break space that rich-text editors paste. */
const GAP = '[ \\t\\u00a0]';

/**
 * The longest run of spaces read inside a line's prefix: indentation, and the space after a list
 * marker, a box, a step or a heading's `#`s. No plan has more (64 columns are 16 levels of nested
 * lists); a line with more is plain text. This bound makes every prefix cost a few dozen reads.
 */
export const MAX_GAP = 64;
const GAPS = `${GAP}{1,${MAX_GAP}}`;
const OPTIONAL_GAPS = `${GAP}{0,${MAX_GAP}}`;
/** Indentation may also hold a byte-order mark (invisible, left by some Windows editors). */
const INDENTATION = `[ \\t\\u00a0\\ufeff]{0,${MAX_GAP}}`;
/** A list marker: `-`, `*`, `+`, or a number of up to 9 digits and `.` or `)`. */
const LIST_MARKER = '(?:[-*+]|\\d{1,9}[.)])';

const SPACE = 32;
const TAB = 9;
const NO_BREAK_SPACE = 0xa0;
const BYTE_ORDER_MARK = 0xfeff;

/** True for the characters GAP stands for. */
export function isGap(code: number): boolean {
  return code === SPACE || code === TAB || code === NO_BREAK_SPACE;
}

/** The index after a run of gaps starting at `at`, or -1 when the run is longer than MAX_GAP. */
function gapEnd(text: string, at: number): number {
  const limit = at + MAX_GAP;
  let end = at;
  while (end < text.length && isGap(text.charCodeAt(end))) {
    if (end === limit) return -1;
    end++;
  }
  return end;
}

/** Where a line's text starts, and how far that is in columns (a tab reaches the next multiple of 4). */
export interface Indentation {
  /** Index of the first visible character; the line's length for a blank line. */
  index: number;
  /** Infinity when the indentation is longer than MAX_GAP: the line is plain text. */
  columns: number;
}

const NO_INDENTATION: Indentation = Object.freeze({ index: 0, columns: 0 });

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
 * cutTaskLine reads these parts with character checks rather than a pattern: it runs on every
 * list line of a plan of up to 50,000 characters.
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

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A written step has at most this many numbers (`1.2.3.4.5.6.7.8.9`), each of at most 9 digits. */
export const MAX_STEP_DEPTH = 9;

/** Index after a list marker starting at `at`; -1 if there is none. */
function markerEnd(line: string, at: number): number {
  const code = line.charCodeAt(at);
  if (code === 0x2d || code === 0x2a || code === 0x2b) return at + 1; // - * +
  let end = at;
  while (end - at < 10 && isDigit(line.charCodeAt(end))) end++;
  if (end === at || end - at > 9) return -1;
  const closer = line.charCodeAt(end);
  return closer === 0x2e || closer === 0x29 ? end + 1 : -1; // . )
}

/** Reads a task line with or without a written step; null when the line is not one. */
export function readTaskLine(line: string): TaskLineParts | null {
  const parts = cutTaskLine(line, indentationOf(line));
  return typeof parts === 'object' ? parts : null;
}

/**
 * As readTaskLine, but says why a line that starts like a task is not one (for validatePlan).
 * `indentation` is the line's, which the parser has already measured.
 */
/** The spec's own spelling, `- [x] 1.2 Title`, read in one step: most lines of most plans. */
const CANONICAL_TASK = /^- \[([^\]]?)\] (\d{1,9}(?:\.\d{1,9}){1,8}) (?=[^ \t\u00a0*])/;

export function cutTaskLine(line: string, indentation: Indentation): TaskLineParts | UnreadShape | null {
  const canonical = indentation.index === 0 ? CANONICAL_TASK.exec(line) : null;
  if (canonical) {
    const symbol = canonical[1];
    return {
      bracket: 2,
      symbol,
      textStart: canonical[0].length,
      step: canonical[2],
      rest:
        line.charCodeAt(line.length - 1) > SPACE
          ? line.slice(canonical[0].length)
          : line.slice(canonical[0].length).trimEnd(),
      boldTitle: false,
      indent: 0,
      content: 2,
    };
  }
  if (indentation.columns === Infinity) return null;
  const afterMarker = markerEnd(line, indentation.index);
  if (afterMarker < 0) return null;
  const bracket = gapEnd(line, afterMarker);
  if (bracket <= afterMarker || line.charCodeAt(bracket) !== 0x5b /* [ */) return null;
  const empty = line.charCodeAt(bracket + 1) === 0x5d; /* ] */
  if (!empty && line.charCodeAt(bracket + 2) !== 0x5d) return null;
  const symbol = empty ? '' : line[bracket + 1];
  let afterBox = bracket + symbol.length + 2;
  if (line.charCodeAt(afterBox) === 0x2a) afterBox++; // Kiro's optional task: `- [ ]* 2.3 …`
  let textStart = gapEnd(line, afterBox);
  if (textStart < 0) return null;
  if (textStart === line.length) return 'no-text';
  if (textStart === afterBox) return 'no-space-after-box';

  let step: string | undefined;
  let boldTitle = false;
  const opened = line.charCodeAt(textStart) === 0x2a && line.charCodeAt(textStart + 1) === 0x2a;
  const stepStart = opened ? textStart + 2 : textStart;
  let at = stepStart;
  let numbers = 0;
  while (isDigit(line.charCodeAt(at)) && numbers <= MAX_STEP_DEPTH) {
    numbers++;
    const digits = at;
    while (isDigit(line.charCodeAt(at)) && at - digits <= 9) at++;
    if (line.charCodeAt(at) !== 0x2e || !isDigit(line.charCodeAt(at + 1))) break;
    at++;
  }
  if (numbers >= 2 && numbers <= MAX_STEP_DEPTH && !isDigit(line.charCodeAt(at))) {
    const stepEnd = at;
    const punctuation = line.charCodeAt(at);
    if (punctuation === 0x2e || punctuation === 0x3a || punctuation === 0x29) at++; // . : )
    const closed = line.charCodeAt(at) === 0x2a && line.charCodeAt(at + 1) === 0x2a;
    if (closed) at += 2;
    const titleStart = gapEnd(line, at);
    if ((opened || !closed) && titleStart > at) {
      if (titleStart === line.length) return 'no-text'; // `- [ ] 1.1` and nothing else
      step = line.slice(stepStart, stepEnd);
      boldTitle = opened && !closed;
      textStart = titleStart;
    } else if ((opened || !closed) && at === line.length) return 'no-text';
  }
  return {
    bracket,
    symbol,
    textStart,
    step,
    rest: line.slice(textStart).trimEnd(),
    boldTitle,
    indent: indentation.columns,
    content: indentation.columns + bracket - indentation.index,
  };
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

/** An ATX heading (`## Text`): its level and text, a closing run of `#`s after a space removed (`C#` keeps its `#`). */
export function matchHeading(line: string): { level: number; text: string } | null {
  const { index, columns } = indentationOf(line);
  if (columns > 3 || line.charCodeAt(index) !== 0x23 /* # */) return null;
  let end = index;
  while (end - index < 7 && line.charCodeAt(end) === 0x23) end++;
  const level = end - index;
  if (level > 6) return null;
  const textStart = gapEnd(line, end);
  if (textStart < 0 || (textStart === end && end < line.length)) return null;
  let text = line.slice(textStart).trimEnd();
  // A closing sequence: `#`s preceded by a space (or the whole text).
  let hashes = text.length;
  while (hashes > 0 && text.length - hashes <= MAX_GAP && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  const closing = text.length - hashes <= MAX_GAP;
  if (closing && hashes < text.length && (hashes === 0 || isGap(text.charCodeAt(hashes - 1)))) {
    text = text.slice(0, hashes).trimEnd();
  }
  return { level, text };
}

/** A setext underline (`===` for level 1, `---` for level 2) under a line of text; 0 when the line is not one. */
export function setextLevel(line: string): 0 | 1 | 2 {
  const { index, columns } = indentationOf(line);
  if (columns > 3) return 0;
  const mark = line.charCodeAt(index);
  if (mark !== 0x3d /* = */ && mark !== 0x2d /* - */) return 0;
  const last = line.charCodeAt(line.length - 1);
  if (last !== mark && !isGap(last)) return 0; // most lines that start with `-` are list items
  let end = index;
  while (end < line.length && line.charCodeAt(end) === mark) end++;
  return gapEnd(line, end) === line.length ? (mark === 0x3d ? 1 : 2) : 0;
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
  const emphasis = CLOSING_EMPHASIS.exec(name);
  if (emphasis && prefix.trimEnd().endsWith(emphasis[0])) name = name.slice(0, -emphasis[0].length).trimEnd();
  // The decoration is part of the name (`🚀 Integration`, `二、基础架构`); emphasis marks are not.
  const decoration = prefix.replace(/\*\*|__/g, '').trimStart();
  if (decoration.trim()) name = `${decoration}${name}`;
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
 * Parts: the head, kept byte for byte when the status changes; the word (src/core/plan-status.ts says which
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

/** The sections the format knows, by their `##` heading text. */
export const SECTION_NAMES = {
  analysis: /^analysis\b/i,
  questions: /^questions\b/i,
  notes: /^notes\b/i,
  goal: /^goal\b/i,
} as const;

// ---- done dates and annotations ----

/** `✅ 2026-01-10`: the done date (an emoji variation selector is tolerated), read where a `✅` stands. */
const DONE_DATE = new RegExp(`^✅\\uFE0F?${OPTIONAL_GAPS}(\\d{4}-\\d{2}-\\d{2})`);
const DONE_DATE_LONGEST = 80;

/** The first done date in the text: where it stands, its length and the date; null when there is none. */
export function findDoneDate(text: string): { index: number; length: number; date: string } | null {
  for (let at = text.indexOf('✅'); at >= 0; at = text.indexOf('✅', at + 1)) {
    const match = DONE_DATE.exec(text.slice(at, at + DONE_DATE_LONGEST));
    if (match) return { index: at, length: match[0].length, date: match[1] };
  }
  return null;
}

/** What we write: the spec's characters. */
export const DONE_MARK = '✅';
export const ANNOTATION_DASH = '—';

/** The parts of a task's text after its step. */
export interface TaskTextParts {
  title: string;
  /** `YYYY-MM-DD`, written as `✅ YYYY-MM-DD`. */
  completedDate?: string;
  /** Written as `— note`. */
  note?: string;
}

/** A task's text as we write it after the step: `Title ✅ 2026-01-10 — note`. */
export function formatTaskText({ title, completedDate, note }: TaskTextParts): string {
  let text = title;
  if (completedDate) text += ` ${DONE_MARK} ${completedDate}`;
  if (note) text += ` ${ANNOTATION_DASH} ${note}`;
  return text;
}

/**
 * A whole task line as we write it: `- [x] 1.2 Title ✅ 2026-01-10 — note`; `bullet` is what comes before
 * the checkbox (indentation and list marker, `  - ` for a sub-step written like its neighbours).
 */
export function formatTaskLine(symbol: string, step: string, text: TaskTextParts, bullet = '- '): string {
  return `${bullet}[${symbol}] ${step} ${formatTaskText(text)}`;
}

/** Index after the run of `char` that starts at `at`. */
function runEnd(text: string, at: number, code: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) === code) end++;
  return end;
}

/**
 * Inline code spans, as [start, end, start, end, …]: a run of n backticks is closed by the next run
 * of exactly n (CommonMark); a run without a closer is literal. Linear in the number of runs.
 */
export function codeSpans(text: string): number[] {
  const runs: number[] = []; // start, length, start, length, …
  for (let at = text.indexOf('`'); at >= 0;) {
    const end = runEnd(text, at, 0x60);
    runs.push(at, end - at);
    at = text.indexOf('`', end);
  }
  const spans: number[] = [];
  if (runs.length < 4) return spans;
  // For each run length, the runs of that length in order (indexes into runs), and how far openers have looked.
  const byLength = new Map<number, number[]>();
  for (let i = 0; i < runs.length; i += 2) {
    const same = byLength.get(runs[i + 1]);
    if (same) same.push(i);
    else byLength.set(runs[i + 1], [i]);
  }
  const looked = new Map<number, number>();
  for (let i = 0; i < runs.length;) {
    const length = runs[i + 1];
    const same = byLength.get(length)!;
    let next = looked.get(length) ?? 0;
    while (next < same.length && same[next] <= i) next++;
    looked.set(length, next);
    if (next === same.length) {
      i += 2; // no closer: these backticks are literal
      continue;
    }
    const closer = same[next];
    spans.push(runs[i], runs[closer] + length);
    i = closer + 2;
  }
  return spans;
}

function isDash(code: number): boolean {
  return code === 0x2014 || code === 0x2d;
}

/**
 * A separator before an annotation is ` — `, or ` -- ` as people type `—` in a cell editor: the
 * dash alone between spaces (or a space before it and the end of the text after it), outside
 * inline code. An en dash (`Jan – Mar`), a hyphen, a longer run of dashes, and dashes inside code
 * (`npm test -- --coverage`) or words (`--legacy`) never separate. Given the dash run [start, end):
 */
function isSeparator(text: string, start: number, end: number): boolean {
  const width = end - start;
  const dash = text.charCodeAt(start) === 0x2014 ? width === 1 : width === 2 && text.charCodeAt(start + 1) === 0x2d;
  return dash && start > 0 && isGap(text.charCodeAt(start - 1)) && (end === text.length || isGap(text.charCodeAt(end)));
}

/**
 * Where a task's annotation starts: the last separator outside code spans. Returns the dash's
 * [start, end), or null when there is none; the title is what comes before, trimmed, and the
 * annotation what comes after. Searches from the end, where annotations are; `emDash` and `hyphens`
 * are the last `—` and `--` of the text when the caller knows them.
 */
export function lastSeparator(
  text: string,
  emDash = text.lastIndexOf('—'),
  hyphens = text.lastIndexOf('--'),
): [number, number] | null {
  let spans: number[] | null = null;
  let span = -1; // the last code span that does not start after the dash: both move backward only
  while (emDash >= 0 || hyphens >= 0) {
    const at = Math.max(emDash, hyphens);
    let start = at;
    while (start > 0 && isDash(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && isDash(text.charCodeAt(end))) end++;
    if (isSeparator(text, start, end)) {
      if (!spans) {
        spans = text.includes('`') ? codeSpans(text) : [];
        span = spans.length - 2;
      }
      while (span >= 0 && spans[span] > start) span -= 2;
      if (!(span >= 0 && start < spans[span + 1])) return [start, end];
    }
    emDash = start > 0 ? text.lastIndexOf('—', start - 1) : -1;
    hyphens = start > 1 ? text.lastIndexOf('--', start - 2) : -1;
  }
  return null;
}

/**
 * An annotation as we write it: a separator of its own would read back as the start of the
 * annotation, so its dash is written as an en dash ` – `, which never separates. Code spans are kept.
 */
export function annotationText(text: string): string {
  const padded = ` ${text}`; // written after " — ": a dash at its start has a space before it
  let result = padded;
  // From the end, so that the separators still to replace keep their places.
  for (let separator = lastSeparator(padded); separator;) {
    const [start, end] = separator;
    result = `${result.slice(0, start)}–${result.slice(end)}`;
    separator = lastSeparator(
      padded,
      padded.lastIndexOf('—', start - 1),
      start > 1 ? padded.lastIndexOf('--', start - 2) : -1,
    );
  }
  return result.slice(1);
}

// ---- lists and sections ----

/** A list item's start: indentation, marker (`-`, `*`, `+` or `1.` / `1)`) and the space after it. */
const LIST_START = new RegExp(`^(${INDENTATION})(${LIST_MARKER})${GAPS}`);

export interface ListItem {
  indent: string;
  marker: string;
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
  return { indent: start[1], marker: start[2], text: line.slice(start[0].length).trimEnd() };
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

/** Fenced code blocks: nothing inside one is a task or heading. The fence is the text after the indentation. */
export const CODE_FENCE = /^(?:`{3}|~{3})/;

/** The run of fence characters at `at` (a fence is three or more); a backtick fence's info string has no backtick. */
export function fenceAt(line: string, at: number): string | null {
  if (!CODE_FENCE.test(line.slice(at, at + 3))) return null;
  const end = runEnd(line, at, line.charCodeAt(at));
  if (line.charCodeAt(at) === 0x60 && line.indexOf('`', end) >= 0) return null; // inline code
  return line.slice(at, end);
}

/** A closing fence: the opening fence's character, at least as many, and nothing else on the line. */
export function closesFence(line: string, at: number, fence: string): boolean {
  if (!line.startsWith(fence, at)) return false;
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

/** The start of an HTML block (`<details>`, `</div>`): read up to the next blank line, as Markdown does. */
export const HTML_BLOCK = /^<\/?[A-Za-z]/;

/** A step as callers write it. */
export const STEP_ID = /^\d+(?:\.\d+)+$/;

/** Lines end in \n in a Sheets cell, but pasted text may bring \r\n or \r. */
export const LINE_BREAK = /\r\n|\n|\r/;

/**
 * A range reference in prose, with its sheet name, as plans name the cells they work on: `Warehouse!A2:F500`,
 * `'My Sheet'!A:A`, `Sales!2:3`, `Data!A2:B`. A reference without a sheet name (`B3`) is not one: in prose
 * it is too often something else. Column letters are upper case, as Sheets writes them. Sheet names are at
 * most 100 characters (Sheets' own limit), which also keeps the search linear on any text: a match cannot run
 * on for more than about 130 characters, and inside a word no match can start.
 */
const rangeParts = {
  /** What may come before a reference: the start of the text or a character that cannot end a sheet name. */
  boundary: "(^|[^\\p{L}\\p{N}_'])",
  quotedSheet: "'(?:[^'\\r\\n]|''){1,100}'",
  plainSheet: '[\\p{L}_][\\p{L}\\p{N}_]{0,99}',
  /** `A2`, `A2:F500`, `A2:F` (to the last row), `A:F` (whole columns), `2:3` (whole rows); `$` allowed. */
  a1:
    '\\$?[A-Z]{1,3}\\$?\\d{1,7}(?::\\$?[A-Z]{1,3}(?:\\$?\\d{1,7})?)?' +
    '|\\$?[A-Z]{1,3}:\\$?[A-Z]{1,3}' +
    '|\\$?\\d{1,7}:\\$?\\d{1,7}',
  /** A reference ends where no further cell-address character follows. */
  end: '(?![\\p{L}\\p{N}_$:])',
};

const RANGE_BODY = `(${rangeParts.quotedSheet}|${rangeParts.plainSheet})!(${rangeParts.a1})${rangeParts.end}`;
const RANGE_IN_TEXT = new RegExp(`${rangeParts.boundary}${RANGE_BODY}`, 'gu');

export interface RangeReference {
  /** As written: `'My Sheet'!A:A`. */
  reference: string;
  /** Unquoted: `My Sheet`. */
  sheetName: string;
  /** `A:A`. */
  a1: string;
}

function rangeReference(reference: string, sheet: string, a1: string): RangeReference {
  const sheetName = sheet.startsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
  return { reference, sheetName, a1 };
}

/**
 * The range references in a piece of text, with where each starts and ends (the sidebar links them). Reading one
 * reference exactly, with what is wrong with it, is core/sheet-range.ts's job; each one found here reads there.
 */
export function findRangeReferences(text: string): Array<RangeReference & { start: number; end: number }> {
  const found: Array<RangeReference & { start: number; end: number }> = [];
  for (const match of text.matchAll(RANGE_IN_TEXT)) {
    const start = match.index + match[1].length;
    const reference = match[0].slice(match[1].length);
    found.push({ ...rangeReference(reference, match[2], match[3]), start, end: start + reference.length });
  }
  return found;
}

/**
 * A template's placeholder, such as `[Any clarifying questions]` or `[ranges to read]`: an item that is one
 * bracketed phrase. It stands for text nobody has written yet, so it is not a question or a value.
 */
export const PLACEHOLDER = /^\[\s*[^\][\s][^\][]*\]$/;
