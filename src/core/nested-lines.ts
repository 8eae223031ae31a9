/**
 * The labelled lines nested under a task (`  - Working: …`, `  - Check: …`): list items indented deeper than the task,
 * before its next task or its phase's end, read as `Label: value`. One reader for every such line, so that each
 * label's module only says what its value means.
 */
import type { PlanOutline } from './parse';
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

/** Every labelled list item nested under a task, in document order; `label` (any case) keeps only those. */
export function nestedLabelledLines(outline: PlanOutline, label?: string): NestedLine[] {
  const found: NestedLine[] = [];
  const lines = outline.document.lines;
  const taskAt = new Set(outline.tasks.map((task) => task.line));
  const wanted = label?.toLowerCase();
  // Tasks and phases are both in document order: one pass finds each task's phase.
  let phase = 0;
  outline.tasks.forEach((task, index) => {
    const taskIndent = outline.taskLines[index].indent;
    while (phase < outline.phases.length && outline.phases[phase].end <= task.line) phase++;
    const within = phase < outline.phases.length && outline.phases[phase].line <= task.line;
    const end = within ? outline.phases[phase].end : lines.length;
    for (let line = task.line + 1; line < end && !taskAt.has(line); line++) {
      const text = lines[line];
      if (!text.trim()) continue;
      if (indentationOf(text).columns <= taskIndent) break;
      // Only list items: a labelled line in code or a comment is an example.
      if (outline.blocks.kinds[line] !== 'list-item') continue;
      const item = matchListItem(text);
      const labelled = item && matchLabelledValue(item.text);
      if (!labelled || (wanted !== undefined && labelled.label.toLowerCase() !== wanted)) continue;
      found.push({ step: task.step, line, label: labelled.label, value: labelled.value });
    }
  });
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
