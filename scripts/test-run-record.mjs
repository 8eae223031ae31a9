/**
 * The last whole `npm test` that passed in a checkout, kept for `npm run bench` (issue 28's table has a row for it):
 * how long it took, at which commit (and whether the tree had uncommitted changes), on how many cores, when. The
 * bench does not run the tests itself: four minutes with both cores busy would skew its own figures. Local state in
 * node_modules/.cache, not in git. scripts/test.mjs writes it and bench/floor.ts reads it (types in
 * ./test-run-record.d.mts), each giving the checkout's root.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const recordIn = (root) => path.join(root, 'node_modules/.cache/sheet-plan/last-test-run.json');

/** The commit checked out at `root`, or null outside a git checkout. */
export function currentCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

/** Whether tracked files at `root` differ from the commit. */
function trackedFilesChanged(root) {
  try {
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, stdio: 'pipe' });
    return status.length > 0;
  } catch {
    return false;
  }
}

/** Keeps `seconds` as the last whole run's time in the checkout at `root`. */
export function recordTestRun(root, seconds) {
  const record = {
    seconds: Math.round(seconds * 10) / 10,
    date: new Date().toISOString().slice(0, 10),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    commit: currentCommit(root),
    changed: trackedFilesChanged(root),
  };
  const file = recordIn(root);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside and renamed over: never half written, and a copy of node_modules made with hard links (a worktree's)
  // gets a file of its own instead of changing the one it was linked to.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  renameSync(temporary, file);
}

/** The last whole passing run kept in the checkout at `root`, or undefined when it has none. */
export function lastTestRun(root) {
  try {
    return JSON.parse(readFileSync(recordIn(root), 'utf8'));
  } catch {
    return undefined;
  }
}
