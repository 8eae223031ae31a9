/**
 * A problem validatePlan reports on one line (./validate.ts, ./dependencies.ts): the outline holds lines by their
 * 0-based index, the report numbers them from 1.
 */
export function problemOnLine<Code extends string>(code: Code, message: string, index: number) {
  return { code, message, line: index + 1 };
}
