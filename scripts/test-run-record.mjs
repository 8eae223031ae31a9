/**
 * The last whole `npm test` that passed in this checkout, kept for `npm run bench` (issue 28's table has a row for
 * it): how long it took, at which commit (and whether the tree had uncommitted changes), on how many cores, when.
 * The bench does not run the tests itself: four minutes with both cores busy would skew its own figures. Local state
 * in node_modules/.cache, not in git; bench/floor.ts reads it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORD = path.join(root, 'node_modules/.cache/sheet-plan/last-test-run.json');

/** The checked-out commit and whether tracked files differ from it; no commit outside a git checkout. */
function checkout() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), changed: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return { commit: null, changed: false };
  }
}

/** Keeps `seconds` as the last whole run's time. */
export function recordTestRun(seconds) {
  const record = {
    seconds: Math.round(seconds * 10) / 10,
    date: new Date().toISOString().slice(0, 10),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    ...checkout(),
  };
  mkdirSync(path.dirname(RECORD), { recursive: true });
  // Written beside and renamed over: never half written, and a copy of node_modules made with hard links (a worktree's)
  // gets a file of its own instead of changing the one it was linked to.
  const temporary = `${RECORD}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  renameSync(temporary, RECORD);
}
