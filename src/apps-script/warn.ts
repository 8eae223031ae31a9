/**
 * A failure that does not fail the call (the change is committed, or the step was only a courtesy), said in the
 * execution log: `Sheet Plan: <what> (<the error>)`, or `Sheet Plan: <what>` alone.
 */
export function warn(what: string, error?: unknown): void {
  console.warn(`Sheet Plan: ${what}${error === undefined ? '' : ` (${error})`}`);
}
