/**
 * What a value of two of the descriptor's formats looks like, in the words of argument-check.ts's FORMATS, for the
 * re-planning operations that say them in their own refusals (src/core/replan/replan.ts). A module of its own so
 * that the sidebar, which runs those operations too, carries these two lines and not the whole argument checker.
 */
export const TITLES_FORMAT = 'a non-empty list of task titles like ["Read Data!A1:C10 (ids)"]';
export const MOVE_TARGET_FORMAT =
  'a step like "2.1" (the task goes right after it) or a phase number like 2 (the task goes first in that phase)';
