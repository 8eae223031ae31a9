/**
 * Durations compared within one run, never against a figure in milliseconds: whatever else the machine does
 * slows every measurement alike, so a ratio of interleaved runs (the fastest of each) holds where an absolute
 * limit fails under load.
 */
import { performance } from 'node:perf_hooks';

function duration(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** The fastest of a few runs, in milliseconds (never below 0.05, so that it can divide). */
export function fastest(work: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, duration(work));
  return Math.max(best, 0.05);
}

/**
 * How much `work` costs per character of `text`, over its cost per character of `tenth` (the same shape a tenth
 * as long, by default the text's first tenth), the tenth done ten times so that both do as much work when it is
 * linear: about 1 for linear work, about 10 for quadratic. The two are measured in turn, the fastest of each kept.
 */
export function growthPerCharacter(
  work: (text: string) => unknown,
  text: string,
  tenth = text.slice(0, Math.floor(text.length / 10)),
  runs = 3,
): number {
  let whole = Infinity;
  let tenTenths = Infinity;
  for (let i = 0; i < runs; i++) {
    whole = Math.min(
      whole,
      duration(() => work(text)),
    );
    tenTenths = Math.min(
      tenTenths,
      duration(() => {
        for (let j = 0; j < 10; j++) work(tenth);
      }),
    );
  }
  return whole / Math.max(tenTenths, 0.05);
}

/** How many times `baseline` the `work` costs: measured in turn, `runs` times each, the fastest of each kept. */
export function relativeCost(work: () => unknown, baseline: () => unknown, runs = 5): number {
  let workMs = Infinity;
  let baselineMs = Infinity;
  for (let i = 0; i < runs; i++) {
    workMs = Math.min(workMs, duration(work));
    baselineMs = Math.min(baselineMs, duration(baseline));
  }
  return Math.max(workMs, 0.05) / Math.max(baselineMs, 0.05);
}
