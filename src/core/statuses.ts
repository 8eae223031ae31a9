/**
 * Task statuses as data: every part of Sheet Plan (parser, updater, API validation, sidebar icons)
 * reads this table instead of switching on status names.
 */

export type TaskStatus = 'todo' | 'doing' | 'done' | 'blocked' | 'review' | 'skipped';

/** What the `— text` after a task's title means in a given status. */
export type AnnotationRole =
  | 'none' // cleared when a task enters this status
  | 'optional-note' // kept if given (e.g. "approved: looks good" on a todo)
  | 'reason' // required: why the task is blocked or skipped
  | 'review-note'; // required: what the person should look at

export interface StatusDefinition {
  readonly status: TaskStatus;
  /** The character written between the brackets: `- [x] 1.1 …`. */
  readonly symbol: string;
  /** Other characters people type that mean the same status (`[X]`, `[]`). */
  readonly aliases: readonly string[];
  readonly label: string;
  /** Shown by the sidebar and the compact summary. */
  readonly icon: string;
  readonly annotation: AnnotationRole;
  /** Counts toward progress as finished work. */
  readonly finished: boolean;
  /** Statuses a task in this status may move to through the API. */
  readonly next: readonly TaskStatus[];
  /** Only a person (the sidebar) may move a task out of this status. */
  readonly heldForPerson: boolean;
}

export const STATUSES: readonly StatusDefinition[] = [
  {
    status: 'todo',
    symbol: ' ',
    aliases: ['', '\u00a0'],
    label: 'Todo',
    icon: '○',
    annotation: 'optional-note',
    finished: false,
    heldForPerson: false,
    next: ['doing', 'done', 'blocked', 'review', 'skipped'],
  },
  {
    status: 'doing',
    symbol: '/',
    aliases: [],
    label: 'Doing',
    icon: '◐',
    annotation: 'none',
    finished: false,
    heldForPerson: false,
    next: ['done', 'blocked', 'review', 'skipped', 'todo'],
  },
  {
    status: 'done',
    symbol: 'x',
    aliases: ['X'],
    label: 'Done',
    icon: '✓',
    annotation: 'none',
    finished: true,
    heldForPerson: false,
    next: ['todo', 'doing'],
  },
  {
    status: 'blocked',
    symbol: '>',
    aliases: [],
    label: 'Blocked',
    icon: '⛔',
    annotation: 'reason',
    finished: false,
    heldForPerson: false,
    // blocked → blocked replaces the reason.
    next: ['doing', 'todo', 'done', 'skipped', 'blocked', 'review'],
  },
  {
    status: 'review',
    symbol: '!',
    aliases: [],
    label: 'Review',
    icon: '👀',
    // An agent may only re-word its request; approving or sending back is a person's call.
    annotation: 'review-note',
    finished: false,
    heldForPerson: true,
    next: ['review'],
  },
  {
    status: 'skipped',
    symbol: '-',
    aliases: [],
    label: 'Skipped',
    icon: '⤼',
    annotation: 'reason',
    finished: true,
    heldForPerson: false,
    next: ['todo', 'doing', 'skipped'],
  },
];

const BY_STATUS = new Map(STATUSES.map((definition) => [definition.status, definition]));
const BY_SYMBOL = new Map(
  STATUSES.flatMap((definition) =>
    [definition.symbol, ...definition.aliases].map((symbol) => [symbol, definition] as const),
  ),
);

export function statusDefinition(status: TaskStatus): StatusDefinition {
  const definition = BY_STATUS.get(status);
  if (!definition) throw new Error(`Unknown task status "${status}"`);
  return definition;
}

/** The status a checkbox character stands for, or undefined for a character we do not know. */
export function statusForSymbol(symbol: string): TaskStatus | undefined {
  return BY_SYMBOL.get(symbol)?.status;
}

export function canMove(from: TaskStatus, to: TaskStatus): boolean {
  return statusDefinition(from).next.includes(to);
}
