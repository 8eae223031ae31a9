/**
 * The benchmark's parse figures: a maximum-size plan parsed and updated beside the spec's reference, every hostile
 * shape at the cell limit (bench/shapes.ts) against an absolute bound, and a realistic maximum-size plan.
 * `npm run bench -- --parse` prints these sections alone.
 */
import { parsePlan, updateTaskStatus } from '../src/core';
import { mark, ms, timePair } from './figures';
import { PLAN_TEXT_LIMIT, hostileShapes, realisticMaximumPlan } from './shapes';
import { referenceParse, referenceUpdate } from './spec-reference';

/**
 * The most a hostile shape at the cell limit may take to parse (median), on this 2-core machine shared with other
 * work: a few milliseconds beside a call's round trip of hundreds, which a person does not notice. The slowest shapes
 * (tens of thousands of tiny lines, each a task or a heading to build) measured 2.3–3.3 ms after the reader's
 * speed-ups of 2026-11 (4.1 ms once, at a busy moment), 4.4–7.1 ms before. 5 ms leaves that margin for a busy
 * machine, while a shape that became half as slow again would cross it, and a quadratic one (2–7 s) by far.
 */
export const SHAPE_BOUND_MS = 5;

const row = (name: string, a: number, b: number) => `| ${name} | ${ms(a)} | ${ms(b)} | ${(a / b).toFixed(1)}× |`;

/** Parse and update of the largest plan in the spec's spelling, beside the spec's reference. */
function maximumPlanSection(maximum: string): string {
  const lastStep = parsePlan(maximum).phases.at(-1)!.tasks.at(-1)!.step;
  const [ourParse, specParse] = timePair(
    () => parsePlan(maximum),
    () => referenceParse(maximum),
  );
  const [ourUpdate, specUpdate] = timePair(
    () => updateTaskStatus(maximum, lastStep, 'done', undefined, '2026-01-01'),
    () => referenceUpdate(maximum, lastStep, 'done'),
  );
  const tasks = parsePlan(maximum).progress.total;
  return [
    '## Parsing and updating a plan at the 50,000-character limit',
    '',
    `A plan of ${maximum.length.toLocaleString('en-US')} characters with ${tasks} tasks; medians of 300 runs of ` +
      `each, measured in alternation after warm-up, in Node ${process.version} on this machine. ` +
      `Sheet Plan's parser ` +
      `does more (tolerant patterns, questions, analysis fields, progress), so parity is the goal.`,
    '',
    '| | Sheet Plan | spec reference |',
    '|---|---|---|',
    `| parse | ${ms(ourParse)} | ${ms(specParse)} |`,
    `| update the last task | ${ms(ourUpdate)} | ${ms(specUpdate)} |`,
    '',
    `Target — parsing a maximum-size plan no slower than the spec's parser: ` +
      `**${mark(ourParse <= specParse * 1.1)}** (${(ourParse / specParse).toFixed(2)}× the spec's time; within 10% ` +
      `counts as parity on a shared machine).`,
  ].join('\n');
}

interface ShapeTime {
  name: string;
  ours: number;
  spec: number;
}

/**
 * Every hostile shape timed beside the spec's parser, quickly; then measured again with 200 runs: the ten with the
 * highest ratio (information), and every shape that took more than half the bound (the five slowest at least).
 */
function timeShapes(): { quick: ShapeTime[]; slowest: ShapeTime[]; highestRatio: ShapeTime[] } {
  const shapes = hostileShapes();
  const texts = new Map(shapes.map((shape) => [shape.name, shape.text]));
  const time = (name: string, runs: number): ShapeTime => {
    const text = texts.get(name)!;
    const [ours, spec] = timePair(
      () => parsePlan(text),
      () => referenceParse(text),
      runs,
    );
    return { name, ours, spec };
  };
  const quick = shapes.map((shape) => time(shape.name, 15));
  const bySlowness = [...quick].sort((a, b) => b.ours - a.ours);
  const byRatio = [...quick].sort((a, b) => b.ours / b.spec - a.ours / a.spec);
  const again = new Map<string, ShapeTime>();
  const measured = (shape: ShapeTime): ShapeTime => {
    if (!again.has(shape.name)) again.set(shape.name, time(shape.name, 200));
    return again.get(shape.name)!;
  };
  const slowest = bySlowness.filter((shape, index) => index < 5 || shape.ours > SHAPE_BOUND_MS / 2).map(measured);
  const highestRatio = byRatio.slice(0, 10).map(measured);
  slowest.sort((a, b) => b.ours - a.ours);
  highestRatio.sort((a, b) => b.ours / b.spec - a.ours / a.spec);
  return { quick: quick.map((shape) => again.get(shape.name) ?? shape), slowest, highestRatio };
}

/** The hostile shapes against the bound, and the realistic maximum-size plan beside the spec's parser. */
function hostileShapesSection(): string {
  const { quick, slowest, highestRatio } = timeShapes();
  const over = quick.filter((shape) => shape.ours > SHAPE_BOUND_MS);
  const realistic = realisticMaximumPlan();
  const [ours, spec] = timePair(
    () => parsePlan(realistic),
    () => referenceParse(realistic),
  );
  return [
    '## Parsing hostile shapes at the cell limit',
    '',
    `${quick.length} plans of up to ${PLAN_TEXT_LIMIT.toLocaleString('en-US')} characters (bench/shapes.ts): every ` +
      'part of the format (title, goal, headings, indentation, list marker, box, step, title, annotation, done ' +
      'date, analysis, questions, notes, fences, comments) stretched with a run of spaces, tabs, no-break spaces, ' +
      'dashes, `[`, digits, dots, backticks and more, and whole lines repeated. Several parts were read in ' +
      'quadratic time before (a 50,000-character cell took 2–7 s); now every shape is read in linear time ' +
      '(test/core/hostile-shapes.test.ts, and the ReDoS check of every pattern in test/core/redos.test.ts). ' +
      'The slowest shapes, measured again (medians of 200 runs):',
    '',
    '| shape | Sheet Plan | spec reference | ratio |',
    '|---|---|---|---|',
    ...slowest.map((shape) => row(shape.name, shape.ours, shape.spec)),
    '',
    `Target — every hostile shape at the cell limit parsed in linear time (tested) and in at most ` +
      `${ms(SHAPE_BOUND_MS)} (median, bench/parse.ts says why): **${mark(over.length === 0)}** ` +
      `(${quick.length - over.length} of ${quick.length}; the slowest takes ${ms(slowest[0].ours)}` +
      (over.length ? `; over the bound: ${over.map((shape) => `${shape.name} ${ms(shape.ours)}`).join(', ')}).` : ').'),
    '',
    "For information, the ten shapes with the highest ratio to the spec's parser (medians of 200 runs). A ratio " +
      "says little here: the spec's parser rejects such a line after a few characters (its task pattern wants " +
      '`- [` at the very start, so an indented, numbered or unnumbered task is not a task to it), where Sheet Plan ' +
      'reads the line, which costs a pass over its 50,000 characters.',
    '',
    '| shape | Sheet Plan | spec reference | ratio |',
    '|---|---|---|---|',
    ...highestRatio.map((shape) => row(shape.name, shape.ours, shape.spec)),
    '',
    `A realistic maximum-size plan (${realistic.length.toLocaleString('en-US')} characters, ` +
      `${parsePlan(realistic).progress.total} tasks in every status, done dates, reasons, notes, sub-steps, code ` +
      'spans holding ` -- `, prose dashes, non-Latin text, analysis, questions, Notes):',
    '',
    '| plan | Sheet Plan | spec reference | ratio |',
    '|---|---|---|---|',
    row('realistic maximum', ours, spec),
    '',
    `Target — at most 2× the spec's parser on the realistic maximum plan: **${mark(ours <= spec * 2)}** ` +
      `(${(ours / spec).toFixed(2)}×).`,
  ].join('\n');
}

/** The parse sections of docs/BENCHMARKS.md, for the maximum-size plan `maximum` (bench/shapes.ts maximumPlan). */
export function parseSections(maximum: string): string[] {
  return [maximumPlanSection(maximum), hostileShapesSection()];
}
