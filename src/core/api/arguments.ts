/**
 * The rules of text that arrive from outside (scripts.run, google.script.run, an MCP client) beyond their shape, which
 * the descriptor's rules checked already (./argument-check.ts): a line is one non-empty line, not too long, and holds
 * nothing that would be read back as something else.
 */
import { invalidArgument } from '../errors';
import { findDoneDate, lastSeparator } from '../format/annotations';
import { loneRunLength } from '../format/code-spans';
import { filled, shorten } from '../text';
import * as rareWords from '../rare-words';
import type { PhaseInput, PlanDetails } from '../format/types';

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `"${shorten(value, 41)}"`;
  if (typeof value === 'number') return `the number ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A step a command needs, trimmed: its shape was checked with the call's arguments (a command's fields are optional
 * there, as not every action takes one), so only its presence is checked here.
 */
export function givenStep(value: string | undefined, name = 'step'): string {
  if (value === undefined || value === null) throw invalidArgument(filled(rareWords.noStepGiven(), { name }));
  return value.trim();
}

export interface LineRules {
  /** Forbid the text that would be read back as an annotation or a done date (titles). */
  plainTitle?: boolean;
  maxLength?: number;
}

/** A non-empty single line of text: a title, goal, reason, note, comment or answer. */
export function requireLine(value: unknown, name: string, rules: LineRules = {}): string {
  if (typeof value !== 'string') {
    throw invalidArgument(filled(rareWords.notALine(), { name, got: describeValue(value) }));
  }
  // Every control character but the tab: \v, \f and U+0085 end a line for some readers of the cell too.
  if (/(?!\t)[\p{Cc}\u2028\u2029]/u.test(value)) {
    throw invalidArgument(filled(rareWords.lineBreakInLine(), { name }));
  }
  const text = value.trim();
  if (!text) throw invalidArgument(`${name} must not be empty`);
  const maxLength = rules.maxLength ?? 2000;
  if (text.length > maxLength) {
    throw invalidArgument(filled(rareWords.tooLong(), { name, length: `${text.length}`, most: `${maxLength}` }));
  }
  if (findDoneDate(text)) {
    throw invalidArgument(filled(rareWords.doneDateInLine(), { name }));
  }
  if (rules.plainTitle && lastSeparator(` ${text}`)) {
    throw invalidArgument(filled(rareWords.dashInTitle(), { name }));
  }
  if (rules.plainTitle && loneRunLength(text)) {
    throw invalidArgument(filled(rareWords.unclosedBacktick(), { name }));
  }
  return text;
}

export function optionalLine(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return requireLine(value, name);
}

/** createPlan's phases, whose shape the descriptor checked: each name and title by the rules of a line. */
export function requirePhases(phases: PhaseInput[]): PhaseInput[] {
  return phases.map((phase, i) => {
    const where = `phases[${i}]`;
    const name = requireLine(phase.name, `${where}.name`, { maxLength: 200 });
    return {
      name,
      steps: phase.steps.map((step, j) => requireLine(step, `${where}.steps[${j}]`, { plainTitle: true })),
    };
  });
}

function optionalLines(value: string[] | undefined, name: string): string[] | undefined {
  return value?.map((item, i) => requireLine(item, `${name}[${i}]`));
}

/** createPlan's details, whose shape the descriptor checked (an unknown key was refused by name): each line's rules. */
export function requireDetails(value: PlanDetails | null | undefined): PlanDetails {
  if (!value) return {};
  const details: PlanDetails = {};
  const analysis = value.analysis;
  if (analysis) {
    details.analysis = {
      spreadsheet: optionalLine(analysis.spreadsheet, 'details.analysis.spreadsheet'),
      keySheets: optionalLines(analysis.keySheets, 'details.analysis.keySheets'),
      read: optionalLines(analysis.read, 'details.analysis.read'),
      write: optionalLines(analysis.write, 'details.analysis.write'),
      currentState: optionalLine(analysis.currentState, 'details.analysis.currentState'),
    };
  }
  details.questions = optionalLines(value.questions, 'details.questions');
  if (value.notes !== undefined) details.notes = value.notes.trim();
  return details;
}
