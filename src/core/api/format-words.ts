/**
 * What a value of two of the descriptor's formats looks like, in the words of ./argument-formats.ts, for the
 * re-planning operations that say them in their own refusals too (src/core/rare-words.ts noSteps, noMoveTarget). A
 * module of its own so that the sidebar, which runs those operations, carries these two lines and not all the formats.
 */
export const TITLES_FORMAT = 'a non-empty list of task titles like ["Read Data!A1:C10 (ids)"]';
export const MOVE_TARGET_FORMAT =
  'a step like "2.1" (the task goes right after it) or a phase number like 2 (the task goes first in that phase)';
