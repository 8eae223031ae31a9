/** Step and phase numbers for what a document does not number (docs/format.md, "Derived steps"). */
import type { PlanOutline } from './plan-reader';

/**
 * Numbers for what the document does not number, from positions alone (docs/format.md, "Derived
 * steps"): a phase without a number takes the one after the phase before it, skipping numbers a
 * phase heading uses; a task without a step takes the number after its previous sibling's, under
 * its phase or its parent task (`2.3`, `2.3.1`), skipping every step written in the document.
 */
export function deriveNumbers(outline: PlanOutline, parentOf: readonly number[], phaseOf: readonly number[]): void {
  const unnumberedPhase = outline.phases.some((phase) => Number.isNaN(phase.number));
  const unnumberedTask = outline.taskLines.some((parts) => parts.step === undefined);
  if (!unnumberedPhase && !unnumberedTask) return;

  const usedPhases = new Set(outline.phases.map((phase) => phase.number).filter((n) => !Number.isNaN(n)));
  let previous = 0;
  for (const phase of outline.phases) {
    if (Number.isNaN(phase.number)) {
      let number = previous + 1;
      while (usedPhases.has(number)) number++;
      phase.number = number;
      phase.derived = true;
      usedPhases.add(number);
    }
    previous = phase.number;
  }

  const taken = new Set<string>();
  for (const parts of outline.taskLines) if (parts.step !== undefined) taken.add(parts.step);
  // Derived steps collide only with written ones, or across two phases with the same number.
  const mayCollide = taken.size > 0 || usedPhases.size < outline.phases.length;
  // The last number given in each scope: a phase's top level (by phase) or a task's sub-steps (by task).
  const lastInPhase = new Int32Array(outline.phases.length);
  const lastUnder = new Int32Array(outline.tasks.length);
  const { tasks, taskLines } = outline;
  // Each phase's number as a step's prefix, written once rather than once for each of its tasks.
  const phasePrefix = outline.phases.map((phase) => String(phase.number));
  for (let index = 0; index < tasks.length; index++) {
    const task = tasks[index];
    const parent = parentOf[index];
    const phase = outline.phases[phaseOf[index]];
    const prefix = parent < 0 ? phasePrefix[phaseOf[index]] : tasks[parent].step;
    const last = parent < 0 ? lastInPhase[phaseOf[index]] : lastUnder[parent];
    let number: number;
    if (taskLines[index].step !== undefined) {
      // A written step numbered in this scope moves the count on; one numbered elsewhere does not.
      const tail = task.step.startsWith(`${prefix}.`) ? task.step.slice(prefix.length + 1) : '';
      if (!tail || tail.includes('.')) continue;
      number = Number(tail);
    } else {
      number = last + 1;
      while (mayCollide && taken.has(`${prefix}.${number}`)) number++;
      task.step = `${prefix}.${number}`;
      task.derived = true;
      task.phase = phase.number;
      if (mayCollide) taken.add(task.step);
    }
    if (parent < 0) lastInPhase[phaseOf[index]] = number;
    else lastUnder[parent] = number;
  }
  if (!outline.unknownStatusLines.length) return;
  const derivedAt = new Map(tasks.filter((task) => task.derived).map((task) => [task.line, task.step]));
  for (const unknown of outline.unknownStatusLines) unknown.step ||= derivedAt.get(unknown.line) ?? '';
}
