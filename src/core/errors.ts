/**
 * Errors people and programs can act on. The message starts with a stable code
 * (`NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2)`) because an error crosses
 * google.script.run and scripts.run as its message only. This module is the one list of codes,
 * the one formatter and the one parser of that form: the bundle, PlanClient, MCP and the sidebar use it.
 */

/** Every code a Sheet Plan error may carry, with what it means (the README's errors table follows it). */
export const PLAN_ERROR_CODES = {
  INVALID_ARGUMENT: 'a parameter is missing, of the wrong type, or malformed',
  NOT_FOUND: 'no such step, question or revision',
  NO_PLAN: 'the plan cell is empty or the plan sheet does not exist',
  INVALID_TRANSITION: "the task's status does not allow that change",
  NEEDS_PERSON: 'only a person in the sidebar may do that',
  NEEDS_APPROVAL: 'the plan is a draft the person must approve before an agent starts work',
  TOO_LARGE: 'the plan would not fit in the cell',
  CONFLICT: 'the plan changed since the caller read it',
  CLAIMED: 'another agent works on that task (its Working line names who, until when)',
  INVALID_PLAN: 'the document itself must be fixed first (e.g. a step listed twice)',
  BUSY: "another execution holds the plan's lock",
  SERVICE_ERROR: 'an Apps Script service failed; its message follows',
  PLAN_NOT_APPROVED: 'a write to the sheet before a person approved the plan (plan mode); reads are allowed',
  OUT_OF_SCOPE: "a write outside the plan's Write ranges, or a range of Sheet Plan's own sheets",
  TASK_NOT_IN_PROGRESS: 'a write to the sheet for a task that is not in progress',
  FORMULA_NOT_ALLOWED: 'a formula in a write, where the plan does not allow formulas',
  CHECK_FAILED: "a task's written cells show a formula error, or its Check line fails: fix them or ask for a review",
  WAITING: 'the task waits for steps that are not done or skipped yet (its "After:" line names them)',
  NOT_CONNECTED:
    'no person has opened the sheet with Sheet Plan yet (Agent Plan → Open plan), so an agent cannot reach it',
} as const;

export type PlanErrorCode = keyof typeof PLAN_ERROR_CODES;

export function isPlanErrorCode(value: unknown): value is PlanErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PLAN_ERROR_CODES, value);
}

/** `CODE: detail`: the form every Sheet Plan error message takes. */
export function formatErrorMessage(code: PlanErrorCode, detail: string): string {
  return `${code}: ${detail}`;
}

export interface ParsedErrorMessage {
  code: PlanErrorCode;
  /** The message from the code on (`NOT_FOUND: Task 9.9 not found …`). */
  message: string;
  /** The message without its code (`Task 9.9 not found …`). */
  detail: string;
}

/**
 * Reads `CODE: detail` from an error message, or undefined when it carries none of our codes.
 * A runtime may put the error's name in front (`Error: NOT_FOUND: …` in scripts.run's errorMessage,
 * `PlanError: …` in a browser): a name directly before one of our codes is dropped.
 */
export function parseErrorMessage(message: string): ParsedErrorMessage | undefined {
  const named = /^[A-Za-z_$][\w$]*: (?=[A-Z_]+: )/.exec(message);
  const text = named && !isPlanErrorCode(named[0].slice(0, -2)) ? message.slice(named[0].length) : message;
  const match = /^([A-Z_]+): ([\s\S]*)$/.exec(text);
  if (!match || !isPlanErrorCode(match[1])) return undefined;
  return { code: match[1], message: text, detail: match[2] };
}

/** The code of a thrown value's message, if it carries one of ours. */
export function planErrorCode(error: unknown): PlanErrorCode | undefined {
  return parseErrorMessage(error instanceof Error ? error.message : String(error))?.code;
}

export class PlanError extends Error {
  constructor(
    readonly code: PlanErrorCode,
    readonly detail: string,
  ) {
    // The name stays "Error": Apps Script puts it before the message in scripts.run's
    // errorMessage, and every caller already expects "Error: CODE: …" at worst.
    super(formatErrorMessage(code, detail));
  }
}

/** The message of anything thrown: an Error's, or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
