/**
 * How the demo agent says its sheet work will be checked: a `- Check:` line nested under each task that writes
 * cells, added to its draft with replacePlan before the person approves it (createPlan takes task titles only). When
 * the agent completes such a task, the sheet checks the range and refuses with CHECK_FAILED, naming the cells, until
 * they pass (src/core/rules/done-checks.ts).
 */
import { parsePlan } from '../../core/format/parse';

/** The demo's checks, by step: plain words a person reads under the task (src/core/rules/checks.ts lists them). */
export const DEMO_CHECKS: Readonly<Record<string, string>> = {
  '3.1': 'Discrepancies!B2:E100 numbers',
  '3.2': 'Summary!C3:C6 numbers, no blanks',
};

/** `markdown` with `  - Check: …` right under the line of each task of `checks` (a missing step is an error). */
export function withCheckLines(markdown: string, checks: Readonly<Record<string, string>>): string {
  const lines = markdown.split('\n');
  const tasks = parsePlan(markdown).phases.flatMap((phase) => phase.tasks);
  const found = Object.entries(checks).map(([step, check]) => {
    const task = tasks.find((candidate) => candidate.step === step);
    if (!task) throw new Error(`The plan has no task ${step} to declare "Check: ${check}" under`);
    return { line: task.line, check };
  });
  // From the last line up, so an inserted line moves none of the lines still to come.
  for (const { line, check } of found.sort((a, b) => b.line - a.line)) {
    const indent = /^\s*/.exec(lines[line])?.[0] ?? '';
    lines.splice(line + 1, 0, `${indent}  - Check: ${check}`);
  }
  return lines.join('\n');
}
