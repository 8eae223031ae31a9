/**
 * A 50,000-character cell in any shape is read in linear time: every part of the format stretched
 * with long runs of spaces, tabs, no-break spaces, dashes, `[`, digits and dots (bench/shapes.ts).
 * One quadratic pattern made such a cell take seconds on every API call; here each read must take
 * milliseconds, and a read of ten times the text must take about ten times as long, not a hundred.
 */
import { performance } from 'node:perf_hooks';
import { parsePlan, updateTaskStatus, validatePlan } from '../../src/core';
import { adoptFormat } from '../../src/core/adopt';
import { PLAN_TEXT_LIMIT, hostileShapes, realisticMaximumPlan } from '../../bench/shapes';

/** The fastest of a few runs, in milliseconds: the machine's other work only ever adds time. */
function fastest(work: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Everything an API call does with the text: parse, validate, update a task, adopt the format. */
function everything(text: string): void {
  const plan = parsePlan(text);
  validatePlan(text);
  const task = plan.phases.flatMap((phase) => phase.tasks)[0];
  if (task) updateTaskStatus(text, task.step, 'blocked', 'waiting — for the export', '2026-04-02');
  try {
    adoptFormat(text);
  } catch {
    // nothing to adopt, or a task that would read differently: refused, which is fine here
  }
}

const shapes = hostileShapes();

describe('hostile shapes at the cell limit', () => {
  test('there is a shape for every part of the format and every kind of run', () => {
    expect(shapes.length).toBeGreaterThan(400);
    for (const shape of shapes) expect(shape.text.length).toBeLessThanOrEqual(PLAN_TEXT_LIMIT);
  });

  test('each is parsed, validated, updated and adopted in well under a quarter of a second', () => {
    const slow = shapes
      .map((shape) => ({ name: shape.name, ms: fastest(() => everything(shape.text), 2) }))
      .filter((result) => result.ms > 250);
    expect(slow).toEqual([]);
  });

  test('ten times the text takes about ten times as long (linear), not a hundred (quadratic)', () => {
    const growth = shapes
      .filter((shape) => !shape.repeated) // repeated lines are many small inputs, not one long one
      .map((shape) => {
        const small = shape.text.slice(0, 5_000);
        const smallMs = Math.max(
          fastest(() => everything(small), 5),
          0.05,
        );
        return { name: shape.name, ratio: fastest(() => everything(shape.text), 5) / smallMs };
      })
      .filter((result) => result.ratio > 40);
    expect(growth).toEqual([]);
  });

  test('a realistic maximum-size plan is read whole', () => {
    const text = realisticMaximumPlan();
    expect(text.length).toBeGreaterThan(PLAN_TEXT_LIMIT - 1_000);
    const plan = parsePlan(text);
    expect(plan.progress.total).toBeGreaterThan(400);
    expect(fastest(() => everything(text))).toBeLessThan(200);
  });
});
