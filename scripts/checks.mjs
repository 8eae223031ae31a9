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

/**
 * The type checks run TypeScript's native compiler (TypeScript 7, the package typescript-native): 5 s of CPU for the
 * project where TypeScript 5.9's took 23 s on this machine. ESLint still parses with TypeScript 5.9 (the package
 * typescript): typescript-eslint's parser needs TypeScript's JavaScript API, which version 7 does not have.
 */
const tsc = bin('typescript-native/bin/tsc');

const CHECKS = [
  { name: 'eslint', args: [bin('eslint/bin/eslint.js'), '.'] },
  { name: 'tsc (project)', args: [tsc, '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'tsc (src/core)', args: [tsc, '--noEmit', '-p', 'tsconfig.core.json'] },
  { name: 'tsc (relay worker)', args: [tsc, '--noEmit', '-p', 'relay/tsconfig.json'] },
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

/** Runs `checks` `width` at a time, in order (the longest, ESLint, first). */
async function runAll(checks, width) {
  const queue = [...checks];
  const results = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
    }),
  );
  return results.every(Boolean);
}

// `--type-checks` (npm run typecheck): the type checks alone.
const chosen = process.argv.includes('--type-checks') ? CHECKS.filter(({ name }) => name.startsWith('tsc')) : CHECKS;
const width = Math.max(2, os.availableParallelism?.() ?? os.cpus().length);
if (!(await runAll(chosen, Math.min(width, chosen.length)))) process.exitCode = 1;
