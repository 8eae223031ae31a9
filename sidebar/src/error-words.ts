/**
 * What a person reads when something fails: plain words first, and Sheet Plan's code after them (for a
 * report), never a bare `INVALID_PLAN: …` or `Exception: …`. The server's own messages are already written
 * for people; only what they lack is added.
 */
import { parseErrorMessage, type PlanErrorCode } from '../../src/core/errors';
import { errorMessage, namesTheSession } from './server';

export interface ShownError {
  text: string;
  /** Sheet Plan's code (`BUSY`), shown small after the text. */
  code?: string;
}

const NOTHING_CHANGED = 'Nothing was changed';

const WORDS_FOR: Partial<Record<PlanErrorCode, (detail: string) => string>> = {
  SERVICE_ERROR: (detail) =>
    `Google Sheets could not finish this (${detail.replace(/\.$/, '')}). ${NOTHING_CHANGED}; try again in a moment.`,
  INVALID_PLAN: (detail) => `The plan must be fixed before this can be done: ${detail}.`,
  NEEDS_PERSON: (detail) =>
    namesTheSession(detail)
      ? 'This sidebar’s session has ended and could not be renewed. Close the sidebar and open it again ' +
        '(Agent Plan → Open plan).'
      : detail,
};

/** `detail` as a sentence: a capital first letter and a full stop. */
function sentence(detail: string): string {
  const text = detail.trim();
  if (!text) return 'Something went wrong.';
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export function describeError(error: unknown): ShownError {
  const raw = error instanceof Error ? error.message : String(error);
  const parsed = parseErrorMessage(raw);
  if (parsed) return { text: WORDS_FOR[parsed.code]?.(parsed.detail) ?? sentence(parsed.detail), code: parsed.code };
  // google.script.run's own failure when the request never reached Google.
  if (/^NetworkError\b/.test(raw) || /failed to fetch/i.test(raw)) {
    return {
      text: `The sidebar could not reach Google Sheets. ${NOTHING_CHANGED}; check your connection and try again.`,
    };
  }
  return { text: `Something went wrong: ${sentence(errorMessage(error))}` };
}
