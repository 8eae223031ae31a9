/**
 * `npm run checks`: the type checks (the whole project, and src/core without platform types) and the linters
 * (ESLint, Prettier) side by side, as many at a time as the machine has cores (at least two). Each check's output
 * is printed whole when it ends, so two never interleave; the command fails if any check failed, after all ran.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);

const CHECKS = [
  { name: 'tsc (project)', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'eslint', args: [bin('eslint/bin/eslint.js'), '.'] },
  { name: 'tsc (src/core)', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.core.json'] },
  { name: 'tsc (relay worker)', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', 'relay/tsconfig.json'] },
  { name: 'prettier', args: [bin('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'] },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

/** Runs the checks `width` at a time, in order. */
async function runAll(width) {
  const queue = [...CHECKS];
  const results = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
    }),
  );
  return results.every(Boolean);
}

const width = Math.max(2, os.availableParallelism?.() ?? os.cpus().length);
if (!(await runAll(Math.min(width, CHECKS.length)))) process.exitCode = 1;
