/**
 * The bundle's load: Apps Script evaluates the whole of dist/Code.js at the start of every execution (each
 * scripts.run, google.script.run, trigger and web-app request), and the emulator does the same in a fresh `vm`
 * context (src/node/emulator/script-context.ts). Measured here: its top level alone, each run in a context of its own
 * made beforehand, as an execution finds it. `npm run bench -- --load` prints this figure alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import { median } from './figures';

const RUNS = 1000;
const WARM_UP = 100;

/** The median time of the bundle's top level, in milliseconds, over RUNS fresh contexts. */
export function measureBundleLoad(distDir: string): number {
  const file = path.join(distDir, 'Code.js');
  const script = new vm.Script(readFileSync(file, 'utf8'), { filename: file });
  const samples: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const context = vm.createContext({});
    const start = performance.now();
    script.runInContext(context);
    if (run >= WARM_UP) samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The line the benchmark writes under "What is shipped". */
export function bundleLoadLine(milliseconds: number): string {
  return (
    `Its top level, evaluated at the start of every execution: **${milliseconds.toFixed(2)} ms** per execution ` +
    `(median of ${RUNS} evaluations, each in a fresh \`vm\` context, in Node ${process.version} on this machine).`
  );
}
