/**
 * Every line pattern of the PLAN.md format, built from named parts. This module answers
 * "what is a task line / a phase heading / a done date?". The patterns are deliberately
 * tolerant of what people really put in a cell: other list markers, indentation, no-break
 * spaces pasted from rich editors, `[X]`, `--` typed for `—`, and Windows line endings.
 */

/** Spaces and tabs, plus the no-break space that rich-text editors paste. */
const GAP = '[ \\t\\u00a0]';

/**
 * A task line, part by part: indentation (sub-steps are often indented), a `-`, `*` or `+` bullet
 * as CommonMark allows, `[`, one status character or none (`[]` is a todo typed quickly), `]`, the
 * step (two or more dot-separated numbers: `1.2`, `2.1.3`; a trailing dot is tolerated), then the
 * title and annotations up to the last visible character. Only the status, step and text are
 * captured: this pattern runs on every list line of a plan of up to 50,000 characters.
 */
const taskParts = {
  bullet: `${GAP}*[-*+]${GAP}+`,
  checkbox: '\\[([^\\]]?)\\]',
  step: `${GAP}+(\\d+(?:\\.\\d+)+)\\.?${GAP}+`,
  text: '(.*\\S)',
};

export const TASK_LINE = new RegExp(
  `^${taskParts.bullet}${taskParts.checkbox}${taskParts.step}${taskParts.text}${GAP}*$`,
);

/** Group numbers of TASK_LINE. */
export const TASK_GROUPS = { symbol: 1, step: 2, rest: 3 } as const;

/** The raw match of a task line, read with TASK_GROUPS (the parser's hot path: no object per line). */
export function execTaskLine(line: string): RegExpExecArray | null {
  return line.includes('[') ? TASK_LINE.exec(line) : null; // most lines are not tasks: skip the pattern
}

export interface TaskLineParts {
  /** Everything up to and including `[`; kept byte for byte when the status changes. */
  head: string;
  symbol: string;
  /** `] 1.2 ` : kept byte for byte. */
  middle: string;
  step: string;
  /** Title plus annotations, trailing spaces removed. */
  rest: string;
}

/** A task line cut into the parts an update keeps and the parts it rewrites. */
export function matchTaskLine(line: string): TaskLineParts | null {
  const match = execTaskLine(line);
  if (!match) return null;
  const symbol = match[TASK_GROUPS.symbol];
  const rest = match[TASK_GROUPS.rest];
  // The checkbox's `[` is the line's first: indentation and bullet hold none.
  const head = line.slice(0, line.indexOf('[') + 1);
  const restStart = line.lastIndexOf(rest);
  return {
    head,
    symbol,
    middle: line.slice(head.length + symbol.length, restStart),
    step: match[TASK_GROUPS.step],
    rest,
  };
}

/** `### Phase 2: Name` (also `- Name`, `— Name`, `. Name`, or no name); level 3 only, as in the spec. */
export const PHASE_HEADING =
  /^ {0,3}###[ \t\u00a0]+Phase[ \t\u00a0]+(?<number>\d+)[ \t\u00a0]*(?:[:.\-–—][ \t\u00a0]*)?(?<name>.*?)(?:[ \t\u00a0]+#+)?[ \t\u00a0]*$/i;

export function matchPhaseHeading(line: string): { number: number; name: string } | null {
  const match = PHASE_HEADING.exec(line);
  if (!match?.groups) return null;
  return { number: Number(match.groups.number), name: match.groups.name };
}

/** Any ATX heading: level and text (a closing run of `#`s after a space removed; `C#` keeps its `#`). */
const HEADING = /^ {0,3}(?<marks>#{1,6})(?:[ \t\u00a0]+(?<text>.*?))?(?:[ \t\u00a0]+#+)?[ \t\u00a0]*$/;

export function matchHeading(line: string): { level: number; text: string } | null {
  const match = HEADING.exec(line);
  if (!match?.groups) return null;
  return { level: match.groups.marks.length, text: match.groups.text ?? '' };
}

/** `# Plan: Title`; the `Plan:` prefix is optional. */
export const TITLE_PREFIX = /^Plan[ \t\u00a0]*:[ \t\u00a0]*/i;

/** `Goal: …`, also `**Goal:** …`, `**Goal**: …` and `- Goal: …`. */
export const GOAL_LINE =
  /^[ \t\u00a0]*(?:[-*+][ \t\u00a0]+)?(?:\*\*|__)?Goal(?:\*\*|__)?[ \t\u00a0]*:(?:\*\*|__)?[ \t\u00a0]*(?<goal>.*?)[ \t\u00a0]*$/i;

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

/** The number in a phase heading, with what comes before it (kept when phases are renumbered). */
export const PHASE_NUMBER = /^( {0,3}###[ \t\u00a0]+Phase[ \t\u00a0]+)(\d+)/i;

/** The sections the format knows, by their `##` heading text. */
export const SECTION_NAMES = {
  analysis: /^analysis\b/i,
  questions: /^questions\b/i,
  notes: /^notes\b/i,
  goal: /^goal\b/i,
} as const;

/** `✅ 2026-01-10`: the done date (an emoji variation selector is tolerated). */
export const DONE_DATE = /✅\uFE0F?[ \t\u00a0]*(?<date>\d{4}-\d{2}-\d{2})/;

/**
 * The separator before a reason or note: ` — `, also ` -- ` as people type it where `—` is hard to
 * type (the Sheets cell editor). Not the en dash: titles use it for ranges ("Jan – Mar totals").
 */
export const ANNOTATION_SEPARATOR = /[ \t\u00a0]+(?:—|--)(?:[ \t\u00a0]+|$)/;

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

/** A list item: indentation, marker (`-`, `*`, `+` or `1.`), text. */
export const LIST_ITEM = /^(?<indent>[ \t\u00a0]*)(?<marker>[-*+]|\d+[.)])[ \t\u00a0]+(?<text>.*?)[ \t\u00a0]*$/;

/** `Answer: …` under a question. */
export const ANSWER_ITEM = /^Answer[ \t\u00a0]*:[ \t\u00a0]*(?<answer>.*)$/i;

/** `Label: value` inside the Analysis section. */
export const LABELLED_VALUE = /^(?<label>[^:]+?)[ \t\u00a0]*:[ \t\u00a0]*(?<value>.*)$/;

/** Fenced code blocks: nothing inside one is a task or heading. */
export const CODE_FENCE = /^ {0,3}(?<fence>`{3,}|~{3,})/;

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
  a1: [
    '\\$?[A-Z]{1,3}\\$?\\d{1,7}(?::\\$?[A-Z]{1,3}(?:\\$?\\d{1,7})?)?',
    '\\$?[A-Z]{1,3}:\\$?[A-Z]{1,3}',
    '\\$?\\d{1,7}:\\$?\\d{1,7}',
  ].join('|'),
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
export const PLACEHOLDER = /^\[[^\][]*[^\][\s][^\][]*\]$/;
