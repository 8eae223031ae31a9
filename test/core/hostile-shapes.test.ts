/**
 * A 50,000-character cell in any shape is read in linear time: every part of the format stretched
 * with long runs of spaces, tabs, no-break spaces, dashes, `[`, digits and dots (bench/shapes.ts).
 * One quadratic pattern made such a cell take seconds on every API call; here no shape may cost much
 * more than a realistic plan of the same size (per task, for the shapes made of many more, tinier
 * tasks), and ten times the text must cost about ten times as
 * much, not a hundred. Durations are only compared within the run (./timing.ts), never with a clock.
 */
import { parsePlan, updateTaskStatus, validatePlan } from '../../src/core';
import { adoptFormat } from '../../src/core/format/adopt';
import { PLAN_TEXT_LIMIT, hostileShapes, realisticMaximumPlan, type Shape } from '../../bench/shapes';
import { fastest, growthPerCharacter, relativeCost } from './timing';

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

  const realistic = realisticMaximumPlan();
  /** What reading a realistic plan at the limit costs in this run: the yardstick for every shape. */
  const realisticMs = () => fastest(() => everything(realistic));

  // A first quick pass finds candidates; each is then measured again, more times and in turn with what it is
  // compared with, so that the machine's other work during one pass is not taken for the code's.
  /** Tasks a text holds: the shapes made of tiny tasks hold ten times the realistic plan's, at the same size. */
  const taskCount = (text: string) => parsePlan(text).progress.total;
  const realisticTasks = taskCount(realistic);
  /** A shape's cost over the realistic plan's, per task when the shape holds more tasks (each task costs its work). */
  const costOver = (shape: Shape, times: number) => times / Math.max(1, taskCount(shape.text) / realisticTasks);

  test('each is parsed, validated, updated and adopted at no more than ten times the cost of a realistic plan', () => {
    const yardstick = realisticMs();
    const slow = shapes
      .filter((shape) => costOver(shape, fastest(() => everything(shape.text), 2) / yardstick) > 10)
      .map((shape) => ({
        name: shape.name,
        // The best of three confirmations: a shape that really costs more is slow in each; a busy moment is not.
        times: Math.min(
          ...[1, 2, 3].map(() =>
            costOver(
              shape,
              relativeCost(
                () => everything(shape.text),
                () => everything(realistic),
                7,
              ),
            ),
          ),
        ),
      }))
      .filter((result) => result.times > 10);
    expect(slow).toEqual([]);
  });

  test('ten times the text costs about ten times as much (linear), not a hundred (quadratic)', () => {
    // Below a twentieth of the yardstick, timer noise outweighs the work (and the cell cannot grow further).
    const noticeable = realisticMs() / 20;
    const tenths = new Map(hostileShapes(Math.floor(PLAN_TEXT_LIMIT / 10)).map((shape) => [shape.name, shape.text]));
    const perCharacter = (shape: Shape, runs: number) =>
      growthPerCharacter(everything, shape.text, tenths.get(shape.name), runs);
    const growth = shapes
      .filter((shape) => !shape.repeated) // repeated lines are many small inputs, not one long one
      .filter((shape) => fastest(() => everything(shape.text), 2) >= noticeable)
      .filter((shape) => perCharacter(shape, 5) > 5)
      .map((shape) => ({ name: shape.name, perCharacter: perCharacter(shape, 9) }))
      .filter((result) => result.perCharacter > 5);
    expect(growth).toEqual([]);
  });

  test('a realistic maximum-size plan is read whole, in linear time', () => {
    expect(realistic.length).toBeGreaterThan(PLAN_TEXT_LIMIT - 1_000);
    const plan = parsePlan(realistic);
    expect(plan.progress.total).toBeGreaterThan(400);
    expect(growthPerCharacter(everything, realistic, undefined, 5)).toBeLessThan(5);
  });
});
