/**
 * Task statuses as data. Every rule that depends on a task's status is a column of this table: the
 * parser, the updater, the actions, validation, progress, the compact summary and the sidebar read
 * it instead of comparing status names. Adding a status is one entry in STANDARD_STATUSES.
 *
 * The behaviour takes the table as a value (a StatusTable; STATUS_TABLE unless told), so a test can
 * build it with other statuses without touching the one the product uses.
 */

/** What the `— text` after a task's title means in a given status. */
export type AnnotationRole =
  | 'none' // cleared when a task enters this status
  | 'optional-note' // kept if given (e.g. "approved: looks good" on a todo)
  | 'reason' // required: why the task is blocked or skipped
  | 'review-note'; // required: what the person should look at

/** What each annotation role asks of a task, and what validatePlan says when it is missing. */
export const ANNOTATION_ROLES: Readonly<
  Record<AnnotationRole, { required: boolean; word: string; missing?: { code: string; message: string } }>
> = {
  none: { required: false, word: 'note' },
  'optional-note': { required: false, word: 'note' },
  reason: {
    required: true,
    word: 'reason',
    missing: { code: 'missing-reason', message: 'without a reason ("— reason")' },
  },
  'review-note': {
    required: true,
    word: 'note',
    missing: { code: 'missing-review-note', message: 'without a note saying what to check ("— note")' },
  },
};

/** The action that moves a task into a status, and how the sidebar names it. */
export interface MoveDefinition {
  /** The action's name in applyCommands and the sidebar: `start`. */
  readonly action: string;
  /** The sidebar's button: `Start`. */
  readonly label: string;
  /** A different button label when the task comes from one of these statuses: `{ blocked: 'Resume' }`. */
  readonly labelFrom?: Readonly<Record<string, string>>;
  /** The sidebar's status line while it runs and when it is done: `Starting 1.2`, `1.2 started`. */
  readonly busy: string;
  readonly done: string;
  /** The text form's label, for a status whose annotation is required: `Why is it blocked?`. */
  readonly prompt?: string;
}

export interface StatusDefinition {
  /** The name results carry: `task.status`, and a key of `progress`. */
  readonly status: string;
  /** The character written between the brackets: `- [x] 1.1 …`. */
  readonly symbol: string;
  /** Other characters people type that mean the same status (`[X]`, `[]`). */
  readonly aliases: readonly string[];
  /** The sidebar's name for it: `Blocked`. */
  readonly label: string;
  /** How a message says a task is in it: `Task 1.2 is waiting for review`. */
  readonly described: string;
  readonly annotation: AnnotationRole;
  /** The sidebar's label before the annotation: `Blocked: no sales data yet`. */
  readonly noteLabel?: string;
  /** The spec's field that also carries the annotation (`blockedReason`, …). */
  readonly specField?: 'blockedReason' | 'reviewNote' | 'skipReason';
  /** Counts toward progress as finished work; folded away in the compact summary. */
  readonly finished: boolean;
  /**
   * Where work waits to be picked up (exactly one status): new tasks and unknown checkbox characters
   * read as it, getNextTask returns the first task in it, an approved review goes back to it, the compact
   * summary lists the next few and counts the rest. Every other status that is not finished needs
   * attention: the compact summary shows its tasks in full.
   */
  readonly queue: boolean;
  /** Counted first in progress lines, `3/10 done (40%)` (exactly one status). */
  readonly headline: boolean;
  /** Entering it writes the date: `✅ 2026-01-10`. */
  readonly dated: boolean;
  /** Moving a task here is doing the plan's work: refused while the plan is a draft a person must approve first. */
  readonly work: boolean;
  /** Only a person (the sidebar) may move a task out of it, by approving or requesting changes. */
  readonly heldForPerson: boolean;
  /** Listed as waiting for the person: the sidebar's "Waiting for you" and getReviewTasks. */
  readonly waitingForPerson: boolean;
  /** Statuses a task here may move to through the API; `any` includes statuses added later. */
  readonly next: 'any' | readonly string[];
  /** A task here may be moved here again, to replace its reason or note. */
  readonly rewordable: boolean;
  /** The step forward the sidebar offers first (a status name). */
  readonly forward?: string;
  readonly move: MoveDefinition;
}

/**
 * What a status is not, unless its definition says so (spread in place of those fields, so that every definition
 * keeps its fields in one order).
 */
const NOT_SO = {
  finished: false,
  queue: false,
  headline: false,
  dated: false,
  work: false,
  heldForPerson: false,
  waitingForPerson: false,
  next: 'any',
  rewordable: false,
} as const;

/** The statuses of the format, in the order the sidebar and progress counts list them. */
export const STANDARD_STATUSES = [
  {
    status: 'todo',
    symbol: ' ',
    aliases: ['', '\u00a0'],
    label: 'Todo',
    described: 'not started',
    annotation: 'optional-note',
    ...NOT_SO,
    queue: true,
    forward: 'doing',
    move: {
      action: 'reopen',
      label: 'Reopen',
      labelFrom: { doing: 'Back to todo' },
      busy: 'Reopening',
      done: 'reopened',
    },
  },
  {
    status: 'doing',
    symbol: '/',
    aliases: [],
    label: 'Doing',
    described: 'in progress',
    annotation: 'none',
    ...NOT_SO,
    work: true,
    forward: 'done',
    move: { action: 'start', label: 'Start', labelFrom: { blocked: 'Resume' }, busy: 'Starting', done: 'started' },
  },
  {
    status: 'done',
    symbol: 'x',
    aliases: ['X'],
    label: 'Done',
    described: 'done',
    annotation: 'none',
    ...NOT_SO,
    finished: true,
    headline: true,
    dated: true,
    work: true,
    next: ['todo', 'doing'],
    move: { action: 'complete', label: 'Complete', busy: 'Completing', done: 'completed' },
  },
  {
    status: 'blocked',
    symbol: '>',
    aliases: [],
    label: 'Blocked',
    described: 'blocked',
    annotation: 'reason',
    noteLabel: 'Blocked',
    specField: 'blockedReason',
    ...NOT_SO,
    rewordable: true,
    forward: 'doing',
    move: { action: 'block', label: 'Block', busy: 'Blocking', done: 'blocked', prompt: 'Why is it blocked?' },
  },
  {
    status: 'review',
    symbol: '!',
    aliases: [],
    label: 'Review',
    described: 'waiting for review',
    annotation: 'review-note',
    noteLabel: 'For review',
    specField: 'reviewNote',
    ...NOT_SO,
    // An agent may only re-word its request; approving or sending back is a person's call.
    heldForPerson: true,
    waitingForPerson: true,
    next: [],
    rewordable: true,
    move: {
      action: 'review',
      label: 'Ask for review',
      busy: 'Asking for review of',
      done: 'sent for review',
      prompt: 'What should the reviewer check?',
    },
  },
  {
    status: 'skipped',
    symbol: '-',
    aliases: [],
    label: 'Skipped',
    described: 'skipped',
    annotation: 'reason',
    noteLabel: 'Skipped',
    specField: 'skipReason',
    ...NOT_SO,
    finished: true,
    next: ['todo', 'doing'],
    rewordable: true,
    move: { action: 'skip', label: 'Skip', busy: 'Skipping', done: 'skipped', prompt: 'Why skip it?' },
  },
] as const satisfies readonly StatusDefinition[];

/** A status of the format: `todo`, `doing`, `done`, `blocked`, `review`, `skipped`. */
export type TaskStatus = (typeof STANDARD_STATUSES)[number]['status'];

/** Names a status may not have: they are progress's other keys. */
const RESERVED_NAMES = new Set(['total', 'percent']);

/** A checked set of statuses, with the lookups the behaviour needs. */
export class StatusTable {
  readonly definitions: readonly StatusDefinition[];
  /** The status work waits in (`todo`). */
  readonly queue: StatusDefinition;
  /** The status progress lines count first (`done`). */
  readonly headline: StatusDefinition;
  private readonly byName = new Map<string, StatusDefinition>();
  private readonly bySymbol = new Map<string, StatusDefinition>();

  constructor(definitions: readonly StatusDefinition[]) {
    this.definitions = definitions;
    for (const definition of definitions) {
      if (this.byName.has(definition.status) || RESERVED_NAMES.has(definition.status)) {
        throw new Error(`Status "${definition.status}" is listed twice or is a reserved name`);
      }
      this.byName.set(definition.status, definition);
      for (const symbol of [definition.symbol, ...definition.aliases]) {
        if (this.bySymbol.has(symbol)) throw new Error(`Status symbol "[${symbol}]" is used twice`);
        this.bySymbol.set(symbol, definition);
      }
    }
    this.queue = exactlyOne(definitions, 'queue');
    this.headline = exactlyOne(definitions, 'headline');
    for (const definition of definitions) {
      const named = [...(definition.next === 'any' ? [] : definition.next), definition.forward ?? definition.status];
      for (const name of named) this.definition(name);
    }
  }

  /** The definition of a status; throws for a name the table does not have. */
  definition(status: string): StatusDefinition {
    const definition = this.byName.get(status);
    if (!definition) throw new Error(`Unknown task status "${status}"`);
    return definition;
  }

  /** The status a checkbox character stands for, or undefined for a character the table does not know. */
  forSymbol(symbol: string): StatusDefinition | undefined {
    return this.bySymbol.get(symbol);
  }

  /** Whether the API may move a task from one status to another (the sidebar's person may always). */
  canMove(from: string, to: string): boolean {
    const definition = this.definition(from);
    if (from === to) return definition.rewordable;
    return definition.next === 'any' ? this.byName.has(to) : definition.next.includes(to);
  }

  /** The statuses a task in `from` may move to, in table order. */
  nextOf(from: string): StatusDefinition[] {
    return this.definitions.filter((definition) => this.canMove(from, definition.status));
  }

  /** A task here is being worked on (work that is not finished: `doing`): the sheet takes its writes. */
  inProgress(status: string): boolean {
    const definition = this.definition(status);
    return definition.work && !definition.finished;
  }

  /** Names of the statuses with a property: `table.names((s) => s.finished)`. */
  names(test: (definition: StatusDefinition) => boolean): string[] {
    return this.definitions.filter(test).map((definition) => definition.status);
  }
}

function exactlyOne(definitions: readonly StatusDefinition[], column: 'queue' | 'headline'): StatusDefinition {
  const marked = definitions.filter((definition) => definition[column]);
  if (marked.length !== 1) throw new Error(`Exactly one status must be the ${column} (found ${marked.length})`);
  return marked[0];
}

/** The statuses the product uses. */
export const STATUS_TABLE = new StatusTable(STANDARD_STATUSES);

/** The product's definitions, in table order. */
export const STATUSES: readonly StatusDefinition[] = STATUS_TABLE.definitions;

export function statusDefinition(status: string): StatusDefinition {
  return STATUS_TABLE.definition(status);
}

/** Whether the task waits for the person (in review), by the product's statuses. */
export function waitsForPerson(task: { status: string }): boolean {
  return STATUS_TABLE.definition(task.status).waitingForPerson;
}

/** The status a checkbox character stands for, or undefined for a character we do not know. */
export function statusForSymbol(symbol: string): TaskStatus | undefined {
  return STATUS_TABLE.forSymbol(symbol)?.status as TaskStatus | undefined;
}

export function canMove(from: string, to: string): boolean {
  return STATUS_TABLE.canMove(from, to);
}

/** Each status as a task line shows it, for agents' instructions: `[ ] todo, [x] done ✅ date, [>] blocked — reason`. */
export function statusLegend(statuses: StatusTable = STATUS_TABLE): string {
  return statuses.definitions
    .map((definition) => {
      const role = ANNOTATION_ROLES[definition.annotation];
      const date = definition.dated ? ' ✅ date' : '';
      return `[${definition.symbol}] ${definition.status}${date}${role.required ? ` — ${role.word}` : ''}`;
    })
    .join(', ');
}
