/**
 * The last whole `npm test` on this machine, kept for `npm run bench` (issue 28's table has a row for it): how long
 * it took, on how many cores, when. Only a run of every suite that passed is kept; the bench does not run the tests
 * itself (four minutes with both cores busy would skew its own figures). Local state: node_modules/.cache, not git.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Read by bench/floor.ts (lastTestRun). */
const TEST_RUN_RECORD = path.join(root, 'node_modules/.cache/sheet-plan/last-test-run.json');

/** Keeps `seconds` as the last whole run's time. */
export function recordTestRun(seconds) {
  const record = {
    seconds: Math.round(seconds * 10) / 10,
    date: new Date().toISOString().slice(0, 10),
    cores: os.availableParallelism?.() ?? os.cpus().length,
  };
  mkdirSync(path.dirname(TEST_RUN_RECORD), { recursive: true });
  writeFileSync(TEST_RUN_RECORD, `${JSON.stringify(record)}\n`);
}
