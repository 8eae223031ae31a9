/**
 * `npm test` after the build: the type checks and linters (scripts/checks.mjs) run beside jest instead of before
 * it. Jest's browser, server and MCP files spend much of their time waiting on another process (Chromium, a server,
 * a child), and the checks fill those gaps. (At a lower priority they waited for jest's files and ended last.) Each
 * check's one-line verdict is printed when it ends, a failed check's output once jest has ended; the command fails
 * if jest or any check failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `args` with node; answers the exit code. `onOutput` takes piped output, else it is the terminal's. */
function run(args, onOutput) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: onOutput ? 'pipe' : 'inherit' });
    if (onOutput) {
      child.stdout.on('data', onOutput);
      child.stderr.on('data', onOutput);
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let checksOutput = '';
let printedUpTo = 0;
const failedChecks = [];
const checks = run([path.join(root, 'scripts/checks.mjs')], (chunk) => {
  checksOutput += chunk;
  // Verdict lines (`✓ eslint (10.4 s)`) as they come, whole lines only; the rest waits until jest has ended.
  const end = checksOutput.lastIndexOf('\n') + 1;
  for (const line of checksOutput.slice(printedUpTo, end).split('\n')) {
    if (!/^[✓✗] /.test(line)) continue;
    process.stdout.write(`checks: ${line}\n`);
    if (line.startsWith('✗')) failedChecks.push(line.slice(2).replace(/ \(.*$/, ''));
  }
  printedUpTo = end;
});
const jest = run([path.join(root, 'node_modules/jest/bin/jest.js'), ...process.argv.slice(2)]);

const [checksCode, jestCode] = await Promise.all([checks, jest]);
if (checksCode !== 0) {
  // Last, after jest's count: a run whose tests all passed still failed.
  const which = failedChecks.length ? failedChecks.join(', ') : 'see above';
  process.stdout.write(`\nThe checks failed (npm run checks):\n${checksOutput}\nFailed checks: ${which}\n`);
}
process.exitCode = checksCode !== 0 || jestCode !== 0 ? 1 : 0;
