/**
 * No regular expression in src/ or sidebar/ can take super-linear time: a 50,000-character cell
 * is parsed on every API call, and one quadratic pattern made that take seconds. Every pattern is
 * found mechanically (test/core/regex-collector.ts) and checked by recheck, a ReDoS analyser, in
 * its pure-JavaScript build (no JVM, no native binary).
 */
import { readdirSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectPatterns, type FoundPattern } from './regex-collector';

// Before recheck is loaded: its default picks a native binary or a JVM when it finds one.
process.env.RECHECK_BACKEND = 'pure';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { check } = require('recheck') as typeof import('recheck');

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx|js|mjs)$/.test(name) ? [full] : [];
  });
}

/**
 * The automaton checker proves a pattern safe or finds its attack string (fast and exact for
 * patterns of this size); the fuzzing checker is the fallback for what it cannot model.
 */
async function analyse(source: string, flags: string) {
  const limits = { maxNFASize: 1_000_000, maxPatternSize: 100_000, timeout: 60_000 };
  const exact = await check(source, flags, { ...limits, checker: 'automaton' });
  return exact.status === 'unknown' ? check(source, flags, limits) : exact;
}

async function unsafe(patterns: FoundPattern[]): Promise<string[]> {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const pattern of patterns) {
    if (seen.has(`${pattern.flags}/${pattern.source}`)) continue;
    seen.add(`${pattern.flags}/${pattern.source}`);
    const result = await analyse(pattern.source, pattern.flags);
    if (result.status !== 'safe') {
      const detail =
        result.status === 'vulnerable'
          ? `${result.complexity.summary}; attack: ${result.attack.pattern}`
          : `could not be analysed: ${result.error.kind}`;
      found.push(`${pattern.where} /${pattern.source}/${pattern.flags}: ${detail}`);
    }
  }
  return found;
}

describe('regular expressions run in linear time', () => {
  const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'sidebar'))];
  const { patterns, unreadable } = collectPatterns(files);

  test('every pattern in src/ and sidebar/ can be read without running the code', () => {
    expect(unreadable).toEqual([]);
  });

  test('the collector finds the format patterns, including those built from named parts', () => {
    const sources = patterns.map((pattern) => pattern.source);
    expect(patterns.length).toBeGreaterThan(40);
    expect(sources).toContain('^Answer[ \\t\\u00a0]{0,64}:'); // new RegExp(`^Answer${OPTIONAL_GAPS}:`)
    expect(sources).toContain('\\r\\n|\\n|\\r'); // new RegExp(LINE_BREAK.source, 'g') in document.ts
    expect(sources).toContain('^(?:`{3,}(?=[^`]*$)|~{3,})'); // FENCE_OPEN
  });

  test('no pattern backtracks super-linearly (recheck, pure JavaScript build)', async () => {
    expect(await unsafe(patterns)).toEqual([]);
  }, 600_000);
});

describe('the check itself', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'redos-'));
  const write = (name: string, text: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, text);
    return file;
  };

  test('finds a quadratic pattern, also when it is assembled from constants in another file', async () => {
    const parts = write('parts.ts', "export const SPACES = '[ ]*';\n");
    const user = write(
      'user.ts',
      "import { SPACES } from './parts';\nexport const TRAILING = new RegExp(`${SPACES}x${SPACES}$`);\n" +
        'export const NESTED = /^(a+)+$/;\n',
    );
    const { patterns, unreadable } = collectPatterns([parts, user]);
    expect(unreadable).toEqual([]);
    expect(patterns.map((pattern) => pattern.source)).toEqual(['[ ]*x[ ]*$', '^(a+)+$']);
    const reports = await unsafe(patterns);
    expect(reports).toHaveLength(2);
    expect(reports[1]).toMatch(/user\.ts:3 \/\^\(a\+\)\+\$\/: exponential/);
  }, 120_000);

  test('refuses a pattern built at run time, which it could not check', () => {
    const file = write('dynamic.ts', 'export const make = (word: string) => new RegExp(word.repeat(2));\n');
    expect(collectPatterns([file]).unreadable).toEqual([`${file}:1: new RegExp(word.repeat(2))`]);
  });
});
