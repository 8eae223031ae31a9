/** How the benchmark measures in-process work (medians of alternating runs) and writes its figures. */
import { performance } from 'node:perf_hooks';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Median times of two pieces of work measured in alternation (A, B, A, B, …) after a warm-up, so
 * that the machine's ups and downs fall on both alike and the ratio is fair.
 */
export function timePair(first: () => unknown, second: () => unknown, runs = 300): [number, number] {
  for (let i = 0; i < Math.min(50, runs); i++) {
    first();
    second();
  }
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    [first, second].forEach((work, which) => {
      const start = performance.now();
      work();
      samples[which].push(performance.now() - start);
    });
  }
  return [median(samples[0]), median(samples[1])];
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
