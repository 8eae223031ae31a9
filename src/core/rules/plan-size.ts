/**
 * What the plan's cell holds. The size rule: a plan longer than the store takes is refused only when the change makes
 * it longer, so that a plan a person typed up to the cell's limit can still be updated (a status change adds nothing);
 * the refusal says how much to cut and where the text is. And no plan starts with an apostrophe, which the cell drops.
 */
import { invalidArgument, tooLarge } from '../errors';
import { outlinePlan } from '../format/parse';
import { filled, formatCount } from '../text';
import * as rareWords from '../rare-words';

/** The parts of a plan people can shorten (Analysis, Questions, each phase, Notes), largest first, with their sizes. */
export function largestParts(text: string): Array<{ name: string; characters: number }> {
  const outline = outlinePlan(text);
  const lines = outline.document.lines;
  const starts: Array<{ name: string; line: number }> = [
    ...Object.entries(outline.sections).map(([name, range]) => ({
      name: lines[range.heading].replace(/^#+\s*/, '') || name,
      line: range.heading,
    })),
    ...outline.phases
      .filter((phase) => !phase.implicit)
      .map((phase) => ({ name: lines[phase.line].replace(/^#+\s*/, ''), line: phase.line })),
  ].sort((a, b) => a.line - b.line);
  return starts
    .map((part, i) => {
      const end = starts[i + 1]?.line ?? lines.length;
      const characters = lines.slice(part.line, end).reduce((total, line) => total + line.length + 1, 0);
      return { name: part.name, characters };
    })
    .sort((a, b) => b.characters - a.characters);
}

/**
 * Throws TOO_LARGE when `text` is longer than `limit` and longer than the plan it replaces; `place` names where the
 * plan is kept (`AGENT_BASE!C2`). Throws INVALID_ARGUMENT for a text that starts with an apostrophe: a cell drops one
 * there when it is read (as Sheets does one typed), so what the guard checked would not be the plan in force.
 */
export function requireFits(text: string, replacing: string, limit: number, place: string): void {
  if (text.startsWith("'")) throw invalidArgument(filled(rareWords.planApostrophe(), { place }));
  if (text.length <= limit || text.length <= replacing.length) return;
  const parts = largestParts(text).slice(0, 3);
  const where = parts.length
    ? `; its longest parts are ${parts.map((part) => `${part.name} (${formatCount(part.characters)})`).join(', ')}`
    : '';
  throw tooLarge(
    filled(rareWords.planTooLarge(), {
      size: formatCount(text.length),
      place,
      most: formatCount(limit),
      over: formatCount(text.length - Math.max(limit, replacing.length)),
      where,
    }),
  );
}
