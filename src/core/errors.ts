/**
 * Errors people and programs can act on. The message starts with a stable code
 * (`NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2)`) because an error crosses
 * google.script.run and scripts.run as its message only. This module is the one list of codes,
 * the one formatter and the one parser of that form: the bundle, PlanClient, MCP and the sidebar use it.
 */

/**
 * Every code a Sheet Plan error may carry. What each means is said once, in docs/api.md's errors table (in this order:
 * test/docs/api-doc.test.ts); the bundle needs only the codes.
 */
export const PLAN_ERROR_CODES = [
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'NO_PLAN',
  'INVALID_TRANSITION',
  'NEEDS_PERSON',
  'NEEDS_APPROVAL',
  'TOO_LARGE',
  'CONFLICT',
  'CLAIMED',
  'INVALID_PLAN',
  'BUSY',
  'SERVICE_ERROR',
  'PLAN_NOT_APPROVED',
  'OUT_OF_SCOPE',
  'TASK_NOT_IN_PROGRESS',
  'FORMULA_NOT_ALLOWED',
  'CHECK_FAILED',
  'WAITING',
  'NOT_CONNECTED',
] as const;

export type PlanErrorCode = (typeof PLAN_ERROR_CODES)[number];

export function isPlanErrorCode(value: unknown): value is PlanErrorCode {
  return (PLAN_ERROR_CODES as readonly unknown[]).includes(value);
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
  return parseErrorMessage(messageOf(error))?.code;
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

/**
 * The error of `code` for a detail: the codes thrown from many places are made here once rather than spelled out at
 * each (each copy is bytes of dist/Code.js, which Apps Script evaluates on every call).
 */
const coded =
  (code: PlanErrorCode) =>
  (detail: string): PlanError =>
    new PlanError(code, detail);

/** The code most checks throw (some fifty places). */
export const invalidArgument = coded('INVALID_ARGUMENT');
export const invalidTransition = coded('INVALID_TRANSITION');
export const needsPerson = coded('NEEDS_PERSON');
export const notFound = coded('NOT_FOUND');
export const conflict = coded('CONFLICT');
export const tooLarge = coded('TOO_LARGE');
export const invalidPlan = coded('INVALID_PLAN');

/**
 * What a refusal says of the plan and the sheet: a change that is refused writes nothing. Said in one set of words by
 * every message that says it (and written once into dist/Code.js).
 */
export const NOTHING_WRITTEN = 'nothing was written';
/** The same, starting a sentence. */
export const NOTHING_WRITTEN_SENTENCE = 'Nothing was written';
