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
const checks = run([path.join(root, 'scripts/checks.mjs')], (chunk) => {
  checksOutput += chunk;
  // Verdict lines (`✓ eslint (10.4 s)`) as they come; the rest waits until jest has ended.
  for (const line of String(chunk).split('\n')) if (/^[✓✗] /.test(line)) process.stdout.write(`checks: ${line}\n`);
});
const jest = run([path.join(root, 'node_modules/jest/bin/jest.js'), ...process.argv.slice(2)]);

const [checksCode, jestCode] = await Promise.all([checks, jest]);
if (checksCode !== 0) process.stdout.write(`\nThe checks failed (npm run checks):\n${checksOutput}\n`);
process.exitCode = checksCode !== 0 || jestCode !== 0 ? 1 : 0;
