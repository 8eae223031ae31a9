/**
 * The labelled lines nested under a task (`  - Working: …`, `  - Check: …`): list items indented deeper than the task,
 * before its next task or its phase's end, read as `Label: value`. One reader for every such line, so that each
 * label's module only says what its value means.
 */
import type { PlanOutline } from './parse';
import type { PlanTask } from './types';
import { indentationOf, matchLabelledValue, matchListItem } from './patterns';

export interface NestedLine {
  /** The task the line is nested under. */
  step: string;
  /** The line's index in the document. */
  line: number;
  /** The label as written (`Working`), and the value after its colon, trimmed. */
  label: string;
  value: string;
}

/** A list item nested under a task, with the task it belongs to. */
export interface NestedItem {
  task: PlanTask;
  /** The line's index in the document. */
  line: number;
}

/**
 * Every list item nested under a task, in document order, with the task it belongs to: the nearest task above it that
 * it is indented deeper than, as Markdown nests it (after a task's sub-steps, an item indented like them is the task's
 * own). A heading, or any line not indented deeper than a task, closes that task. Only list items (a labelled line in
 * code or a comment is an example), unless `everyLine`: then every line under a task that is not a task, as what a
 * reader sees under it (src/core/rules/held-items.ts). One pass over the lines from the first task on.
 */
export function nestedItems(outline: PlanOutline, everyLine = false): NestedItem[] {
  const found: NestedItem[] = [];
  const { tasks, taskLines } = outline;
  if (!tasks.length) return found;
  const { lines } = outline.document;
  const { kinds } = outline.blocks;
  /** The tasks still open (a line indented deeper than one belongs to it), innermost last. */
  const open: number[] = [];
  // The tasks are in document order: the next one's line is the only one that can be a task's.
  let nextTask = 0;
  for (let line = tasks[0].line; line < lines.length; line++) {
    const kind = kinds[line];
    const isTask = nextTask < tasks.length && tasks[nextTask].line === line;
    if (kind === 'blank') continue;
    if (kind === 'heading') {
      open.length = 0;
      continue;
    }
    const index = isTask ? nextTask++ : -1;
    // Neither a task nor a list item: it can close tasks (less indented), never belong to one.
    if (!isTask && kind !== 'list-item' && !open.length) continue;
    const columns = isTask ? taskLines[index].indent : indentationOf(lines[line]).columns;
    while (open.length && taskLines[open[open.length - 1]].indent >= columns) open.pop();
    if (isTask) open.push(index);
    else if (open.length && (everyLine || kind === 'list-item'))
      found.push({ task: tasks[open[open.length - 1]], line });
  }
  return found;
}

/** Every labelled list item nested under a task, in document order; `label` (any case) keeps only those. */
export function nestedLabelledLines(outline: PlanOutline, label?: string): NestedLine[] {
  const found: NestedLine[] = [];
  const wanted = label?.toLowerCase();
  for (const { task, line } of outline.nested) {
    const item = matchListItem(outline.document.lines[line]);
    const labelled = item && matchLabelledValue(item.text);
    if (!labelled || (wanted !== undefined && labelled.label.toLowerCase() !== wanted)) continue;
    found.push({ step: task.step, line, label: labelled.label, value: labelled.value });
  }
  return found;
}

/**
 * The indentation a new line nested under the task on `taskLine` takes: its first nested item's, or the column of the
 * task's checkbox (`  ` under `- [ ]`, four spaces under `*   [ ]`), so that Markdown nests it under the task.
 */
export function nestedIndentation(outline: PlanOutline, taskLine: number): string {
  const lines = outline.document.lines;
  const own = indentationOf(lines[taskLine]);
  const next = lines[taskLine + 1];
  const nextIsTask = outline.tasks.some((task) => task.line === taskLine + 1);
  if (next !== undefined && !nextIsTask && outline.blocks.kinds[taskLine + 1] === 'list-item') {
    const nested = indentationOf(next);
    if (nested.columns > own.columns && nested.columns !== Infinity) return next.slice(0, nested.index);
  }
  const parts = outline.taskLines[outline.tasks.findIndex((task) => task.line === taskLine)];
  const width = parts ? Math.max(2, parts.content - parts.indent) : 2;
  return lines[taskLine].slice(0, own.index) + ' '.repeat(width);
}
