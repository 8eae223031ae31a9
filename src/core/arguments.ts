/**
 * Checks of values that arrive from outside (scripts.run, google.script.run, an MCP client),
 * so that bad input gets a clear error before anything is read or written.
 */
import { PlanError } from './errors';
import { STEP_ID, findDoneDate, lastSeparator } from './patterns';
import { shorten } from './text';
import type { PhaseInput, PlanDetails } from './types';

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `"${shorten(value, 41)}"`;
  if (typeof value === 'number') return `the number ${value}`;
  return `a ${typeof value}`;
}

export function requireStep(value: unknown, name = 'step'): string {
  if (typeof value === 'number') {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} must be text like "1.2", not the number ${value} (numbers lose trailing zeros: 1.10 becomes 1.1)`,
    );
  }
  if (typeof value !== 'string' || !STEP_ID.test(value.trim())) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} must be a step number like "1.2" or "2.1.3" (got ${describeValue(value)})`,
    );
  }
  return value.trim();
}

export function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** A whole number from `min` (to `max`, when given); `what` says where a valid one comes from. */
export function requireWholeNumber(
  value: unknown,
  name: string,
  range: { min: number; max?: number },
  what?: string,
): number {
  if (!isWholeNumber(value) || value < range.min || (range.max !== undefined && value > range.max)) {
    const span = range.max === undefined ? `from ${range.min}` : `from ${range.min} to ${range.max}`;
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} must be a whole number ${span}${what ? ` (${what})` : ''} (got ${describeValue(value)})`,
    );
  }
  return value;
}

export interface LineRules {
  /** Forbid the text that would be read back as an annotation or a done date (titles). */
  plainTitle?: boolean;
  maxLength?: number;
}

/** A non-empty single line of text: a title, goal, reason, note, comment or answer. */
export function requireLine(value: unknown, name: string, rules: LineRules = {}): string {
  if (typeof value !== 'string') {
    throw new PlanError('INVALID_ARGUMENT', `${name} must be a single line of text (got ${describeValue(value)})`);
  }
  if (/[\r\n\u2028\u2029]/.test(value)) {
    throw new PlanError('INVALID_ARGUMENT', `${name} must be a single line of text; it contains a line break`);
  }
  const text = value.trim();
  if (!text) throw new PlanError('INVALID_ARGUMENT', `${name} must not be empty`);
  const maxLength = rules.maxLength ?? 2000;
  if (text.length > maxLength) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} is ${text.length} characters long; at most ${maxLength} are allowed`,
    );
  }
  if (findDoneDate(text)) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} must not contain a done date ("✅ YYYY-MM-DD"): it would be read back as one`,
    );
  }
  if (rules.plainTitle && lastSeparator(` ${text}`)) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      `${name} must not contain " — " (or " -- "): in a task line it starts the reason or note. Use a comma or ` +
        `parentheses instead`,
    );
  }
  return text;
}

export function optionalLine(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return requireLine(value, name);
}

function requireList(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value))
    throw new PlanError('INVALID_ARGUMENT', `${name} must be a list (got ${describeValue(value)})`);
  return value;
}

function requireRecord(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PlanError('INVALID_ARGUMENT', `${name} must be an object (got ${describeValue(value)})`);
  }
  return value as Record<string, unknown>;
}

export function requirePhases(value: unknown): PhaseInput[] {
  const phases = requireList(value, 'phases');
  if (phases.length === 0) {
    throw new PlanError(
      'INVALID_ARGUMENT',
      'phases must hold at least one phase: [{ name: "Setup", steps: ["Read Data!A1:C10 (ids)"] }]',
    );
  }
  return phases.map((phase, i) => {
    const where = `phases[${i}]`;
    const record = requireRecord(phase, where);
    const name = requireLine(record.name, `${where}.name`, { maxLength: 200 });
    const steps = requireList(record.steps, `${where}.steps`);
    if (steps.length === 0) throw new PlanError('INVALID_ARGUMENT', `${where}.steps must hold at least one step`);
    return { name, steps: steps.map((step, j) => requireLine(step, `${where}.steps[${j}]`, { plainTitle: true })) };
  });
}

function optionalLines(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  return requireList(value, name).map((item, i) => requireLine(item, `${name}[${i}]`));
}

/** createPlan's details; an unknown key was refused by name before (the descriptor's PLAN_DETAILS is strict). */
export function requireDetails(value: unknown): PlanDetails {
  if (value === undefined || value === null) return {};
  const record = requireRecord(value, 'details');
  const details: PlanDetails = {};
  if (record.analysis !== undefined && record.analysis !== null) {
    const analysis = requireRecord(record.analysis, 'details.analysis');
    details.analysis = {
      spreadsheet: optionalLine(analysis.spreadsheet, 'details.analysis.spreadsheet'),
      keySheets: optionalLines(analysis.keySheets, 'details.analysis.keySheets'),
      read: optionalLines(analysis.read, 'details.analysis.read'),
      write: optionalLines(analysis.write, 'details.analysis.write'),
      currentState: optionalLine(analysis.currentState, 'details.analysis.currentState'),
    };
  }
  details.questions = optionalLines(record.questions, 'details.questions');
  if (record.notes !== undefined && record.notes !== null) {
    if (typeof record.notes !== 'string') {
      throw new PlanError('INVALID_ARGUMENT', `details.notes must be text (got ${describeValue(record.notes)})`);
    }
    details.notes = record.notes.trim();
  }
  return details;
}
