/**
 * The plan the sidebar shows, read once per text: the panel, its problems, its checks and whether it needs
 * rewriting all look at the same outline, and reading a long plan four times was a good part of its first render.
 * Only the text last asked for is kept. Nothing may change what these return (the controller's changes read
 * their own outline).
 */
import { outlinePlan, planFromOutline, type PlanOutline } from '../../src/core/format/parse';
import type { Plan } from '../../src/core/format/types';

let last: { markdown: string; outline: PlanOutline; plan?: Plan } | null = null;

function read(markdown: string): { markdown: string; outline: PlanOutline; plan?: Plan } {
  if (last?.markdown !== markdown) last = { markdown, outline: outlinePlan(markdown) };
  return last;
}

/** The outline of `markdown` (src/core/format/parse.ts outlinePlan). */
export function outlineOf(markdown: string): PlanOutline {
  return read(markdown).outline;
}

/** The plan `markdown` reads as (parsePlan). */
export function planOf(markdown: string): Plan {
  const known = read(markdown);
  known.plan ??= planFromOutline(known.outline, markdown);
  return known.plan;
}
