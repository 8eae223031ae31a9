/**
 * `npm test`: the build, Chromium found (or installed), then jest; the type checks and linters (scripts/checks.mjs)
 * run beside all of it instead of before it. Jest's browser, server and MCP files spend much of their time waiting on
 * another process (Chromium, a server, a child), and the checks fill those gaps. (At a lower priority they waited for
 * jest's files and ended last.) Finding Chromium may install it with apt-get (network and disk, not CPU): it starts as
 * soon as build/ensure-chromium.js is built (the Node tools come first) and runs beside the rest of the build. Jest is
 * told the build is this run's (SHEET_PLAN_BUILT, test/global-setup.cjs), so it does not build again, except in watch
 * mode, where each run after an edit needs a new build. Each check's one-line verdict is printed when it ends, a failed
 * check's output once jest has ended; the command fails if the build, finding Chromium, jest or any check failed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDist, buildNode, buildTypes, builtCodeLine } from './build.mjs';
import { recordTestRun } from './test-run-record.mjs';

const started = Date.now();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `args` with node; answers the exit code. `onOutput` takes piped output, else it is the terminal's. */
function run(args, onOutput, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: onOutput ? 'pipe' : 'inherit' });
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

/** The build and Chromium: 0 when jest can run. */
async function prepare() {
  try {
    await buildNode(); // build/ensure-chromium.js among the Node tools
    const chromium = run([path.join(root, 'build/ensure-chromium.js')]);
    const [names] = await Promise.all([buildDist(), buildTypes()]);
    process.stdout.write(`${await builtCodeLine(names)}\n`);
    return await chromium;
  } catch (error) {
    process.stdout.write(`The build failed: ${error instanceof Error ? error.message : error}\n`);
    return 1;
  }
}

const jestArgs = process.argv.slice(2);
const watching = jestArgs.some((arg) => /^--watch(All)?(=|$)/.test(arg));
const prepared = await prepare();
const jestCode =
  prepared === 0
    ? await run([path.join(root, 'node_modules/jest/bin/jest.js'), ...jestArgs], undefined, {
        ...process.env,
        ...(watching ? {} : { SHEET_PLAN_BUILT: '1' }),
      })
    : prepared;
const checksCode = await checks;
if (checksCode !== 0) {
  // Last, after jest's count: a run whose tests all passed still failed.
  const which = failedChecks.length ? failedChecks.join(', ') : 'see above';
  process.stdout.write(`\nThe checks failed (npm run checks):\n${checksOutput}\nFailed checks: ${which}\n`);
}
process.exitCode = checksCode !== 0 || jestCode !== 0 ? 1 : 0;
// The whole suite, passed: its time is issue 28's figure (npm run bench shows it).
if (process.exitCode === 0 && jestArgs.length === 0) {
  try {
    recordTestRun(root, (Date.now() - started) / 1000);
  } catch (error) {
    process.stdout.write(
      `This run's time was not kept for the bench: ${error instanceof Error ? error.message : error}\n`,
    );
  }
}
