/**
 * Maps a stack trace of the minified dist/Code.js back to src/: `node scripts/stack-trace.mjs < trace.txt`, or the
 * trace as arguments. Apps Script names the file `Code` in its traces (`at Ye (Code:2:48113)`); each such position
 * is followed by where it is in the source, read from build/Code.js.map, which the build writes beside the bundle
 * (never pushed). The map belongs to the build that made the pushed Code.js: map a trace with the same build.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CODE_SOURCE_MAP = path.join(root, 'build/Code.js.map');

/** `trace` with each `Code:line:column` (or `Code.js:…`, `Code.gs:…`) followed by its place in src/. */
export function mapStackTrace(trace, map = JSON.parse(readFileSync(CODE_SOURCE_MAP, 'utf8'))) {
  const sourceMap = new SourceMap(map);
  return trace.replace(/\bCode(?:\.js|\.gs)?:(\d+):(\d+)/g, (position, line, column) => {
    const entry = sourceMap.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry?.originalSource) return position;
    const source = path.relative(root, path.resolve(path.dirname(CODE_SOURCE_MAP), entry.originalSource));
    return `${position} [${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}]`;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const trace = process.argv.length > 2 ? process.argv.slice(2).join(' ') : readFileSync(0, 'utf8');
  process.stdout.write(`${mapStackTrace(trace)}\n`);
}
