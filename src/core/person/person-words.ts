/**
 * The words a person wrote in a plan, as the history and the archive must keep them: the answers to questions, the
 * plan's approval and the person's comment on its status line, a review decision's note on a task (`— approved: …`,
 * `— changes requested: …`) and the dated Notes lines a person's decision writes. Only a person writes these (the
 * rule of src/core/rules/held-items.ts refuses an agent's write that adds or changes one), so an agent cannot make a
 * version look like a person's to keep it, nor make a person's look like its own.
 *
 * A saved version holding a word that no later version and not the plan in the cell holds is the only place left that
 * keeps it: it must not be trimmed for an agent's entry.
 */
import { outlinePlan } from '../format/parse';
import { planStatusDefinition } from '../format/plan-status';

/** `- 2026-01-05: review of 1.3 … approved: …`, `- 2026-01-05: plan approved: …`: a person's decision in Notes. */
const DECISION_NOTE = /^\s*[-*]\s+\d{4}-\d\d-\d\d: (?:review of |plan (?:approved|sent back))/;
/** A task note a person's review decision wrote. */
const REVIEW_NOTE = /^(?:approved|changes requested)(?::|$)/;

/** Each word a person wrote in `text`, named by what it is, so that the same words elsewhere do not count. */
export function personWords(text: string): string[] {
  if (!text.trim()) return [];
  const outline = outlinePlan(text);
  const words: string[] = [];
  for (const question of outline.questions) {
    if (question.answer) words.push(`answer to "${question.text}": ${question.answer}`);
  }
  if (outline.status && planStatusDefinition(outline.status).writtenBy === 'person') {
    words.push(`status: ${outline.status}`);
  }
  if (outline.statusNote) words.push(`status comment: ${outline.statusNote}`);
  for (const task of outline.tasks) {
    if (task.note && REVIEW_NOTE.test(task.note)) words.push(`note of "${task.title}": ${task.note}`);
  }
  for (const line of text.split('\n')) if (DECISION_NOTE.test(line)) words.push(`notes: ${line.trim()}`);
  return words;
}

/**
 * For each entry's words (oldest first), whether it holds a person's word that no entry after it holds, nor `newer`
 * (the words of the plan in the cell): the only place left that keeps it.
 */
export function holdsLastWords(words: ReadonlyArray<readonly string[]>, newer: readonly string[] = []): boolean[] {
  const later = new Set(newer);
  const last: boolean[] = new Array<boolean>(words.length).fill(false);
  for (let index = words.length - 1; index >= 0; index--) {
    last[index] = words[index].some((word) => !later.has(word));
    for (const word of words[index]) later.add(word);
  }
  return last;
}

/**
 * The entries (oldest first) a bounded record drops to keep `limit`: the newest `limit` entries of any kind stay, and
 * older ones only when they are a person's (`persons[i]`), up to `limit` of a person's in all. An agent's entries thus
 * never push a person's out; a person's own push out their oldest, so the record stays within twice `limit`.
 */
export function entriesToDrop(persons: readonly boolean[], limit: number): number[] {
  const drop: number[] = [];
  let personsKept = 0;
  for (let index = persons.length - 1; index >= 0; index--) {
    const newest = index >= persons.length - limit;
    if (persons[index]) {
      if (personsKept < limit) personsKept++;
      else drop.push(index);
    } else if (!newest) drop.push(index);
  }
  return drop.reverse();
}
