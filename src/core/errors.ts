/**
 * Errors people and programs can act on. The message starts with a stable code
 * (`NOT_FOUND: Task 9.9 not found (steps: 1.1, 1.2)`) because an error crosses
 * google.script.run and scripts.run as its message only.
 */
export type PlanErrorCode =
  | 'INVALID_ARGUMENT' // a parameter is missing, of the wrong type, or malformed
  | 'NOT_FOUND' // no such step, question or revision
  | 'NO_PLAN' // the plan cell is empty or the plan sheet does not exist
  | 'INVALID_TRANSITION' // the task's status does not allow that change
  | 'NEEDS_PERSON' // only a person in the sidebar may do that
  | 'TOO_LARGE' // the plan would not fit in the cell
  | 'CONFLICT' // the plan changed since the caller read it
  | 'INVALID_PLAN' // the document itself must be fixed first (e.g. a step listed twice)
  | 'BUSY'; // another execution holds the plan's lock

export class PlanError extends Error {
  constructor(
    readonly code: PlanErrorCode,
    readonly detail: string,
  ) {
    // The name stays "Error": Apps Script puts it before the message in scripts.run's
    // errorMessage, and every caller already expects "Error: CODE: …" at worst.
    super(`${code}: ${detail}`);
  }
}

export function planErrorCode(error: unknown): PlanErrorCode | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^([A-Z_]+): /.exec(message);
  return match ? (match[1] as PlanErrorCode) : undefined;
}
