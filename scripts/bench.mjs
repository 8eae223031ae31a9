/**
 * `npm run bench`: bundles bench/run.ts for Node and runs it; it writes docs/BENCHMARKS.md. Its arguments go on:
 * `npm run bench -- --parse` prints the parse figures only, `-- --load` the bundle's load (bench/bundle-load.ts),
 * `-- --render` the sidebar's first render beside a plain page.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'build/bench.js');
await build({
  entryPoints: [path.join(root, 'bench/run.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { status } = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exitCode = status ?? 1;
