/**
 * No regular expression in src/ or sidebar/ can take super-linear time: a 50,000-character cell
 * is parsed on every API call, and one quadratic pattern made that take seconds. Every pattern is
 * found mechanically (test/core/regex-collector.ts) and checked by recheck, a ReDoS analyser, in
 * its pure-JavaScript build (no JVM, no native binary), run in a plain Node process
 * (test/core/redos-analyse.cjs).
 *
 * A pattern proved safe is kept in redos-verdicts.json with the analyser that proved it (recheck's version and the
 * analysis script), and is not analysed again while both are the same: the verdict is deterministic (the fuzzing
 * checker's seed is fixed), and analysing every pattern took 20 s of CPU on each run. A new or changed pattern is
 * analysed on every run, and a test fails until the file lists exactly the code's patterns:
 * `UPDATE_REDOS_VERDICTS=1 npx jest test/core/redos.test.ts` rewrites it from a full analysis. The file is reviewed
 * like code: a pattern listed in it is not proved again.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectPatterns, type FoundPattern } from './regex-collector';

const ROOT = path.resolve(__dirname, '../..');
/** The analysis, run as a plain Node process (see the script for why). */
const ANALYSER = path.join(__dirname, 'redos-analyse.cjs');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx|js|mjs)$/.test(name) ? [full] : [];
  });
}

interface Verdict {
  status: string;
  detail: string;
}

/** recheck's verdict on each pattern, in order. */
function analyse(patterns: Array<{ source: string; flags: string }>): Promise<Verdict[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ANALYSER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(output) as Verdict[]) : reject(new Error(`the analysis failed: ${errors}`)),
    );
    child.stdin.end(JSON.stringify(patterns));
  });
}

const keyOf = (pattern: { source: string; flags: string }) => `${pattern.flags}/${pattern.source}`;

/** Each pattern that is not proven safe, with where it is and why; those `known` to be safe are not analysed. */
async function unsafe(patterns: FoundPattern[], known = new Set<string>()): Promise<string[]> {
  const seen = new Set<string>();
  const asked = patterns.filter((pattern) => {
    const key = keyOf(pattern);
    return !known.has(key) && !seen.has(key) && Boolean(seen.add(key));
  });
  const verdicts = asked.length ? await analyse(asked) : [];
  return asked.flatMap((pattern, index) =>
    verdicts[index].status === 'safe'
      ? []
      : [`${pattern.where} /${pattern.source}/${pattern.flags}: ${verdicts[index].detail}`],
  );
}

/** The patterns proved safe, kept (see the top of this file). */
const KEPT = path.join(__dirname, 'redos-verdicts.json');

interface KeptVerdicts {
  /** recheck's version and the analysis script's hash: a verdict holds for this analyser only. */
  analyser: string;
  safe: string[];
}

function thisAnalyser(): string {
  const recheck = (JSON.parse(readFileSync(require.resolve('recheck/package.json'), 'utf8')) as { version: string })
    .version;
  // Line ends as git stores them: a checkout with CRLF is the same script.
  const text = readFileSync(ANALYSER, 'utf8').replace(/\r\n/g, '\n');
  const script = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return `recheck ${recheck}, redos-analyse.cjs ${script}`;
}

function keptVerdicts(): KeptVerdicts | null {
  return existsSync(KEPT) ? (JSON.parse(readFileSync(KEPT, 'utf8')) as KeptVerdicts) : null;
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

  const updating = process.env.UPDATE_REDOS_VERDICTS === '1';
  const kept = updating ? null : keptVerdicts();
  const inCode = [...new Set(patterns.map(keyOf))].sort();

  test('no pattern backtracks super-linearly (recheck, pure JavaScript build)', async () => {
    const known = kept?.analyser === thisAnalyser() ? new Set(kept.safe) : new Set<string>();
    expect(await unsafe(patterns, known)).toEqual([]);
    // Every pattern in the code is proved safe now.
    if (updating) writeFileSync(KEPT, `${JSON.stringify({ analyser: thisAnalyser(), safe: inCode }, null, 2)}\n`);
  }, 600_000);

  test("the kept verdicts are this analyser's, for exactly the patterns in the code", () => {
    const refresh = 'refresh them: UPDATE_REDOS_VERDICTS=1 npx jest test/core/redos.test.ts';
    const now = keptVerdicts();
    expect({ analyser: now?.analyser, refresh }).toEqual({ analyser: thisAnalyser(), refresh });
    expect({ safe: now?.safe, refresh }).toEqual({ safe: inCode, refresh });
  });
});

describe('the check itself', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'redos-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
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

  test('finds an exponential pattern behind a lookahead, which only the fuzzing checker can analyse', async () => {
    const file = write('lookahead.ts', 'export const AHEAD = /^(?=a)(a+)+$/;\n');
    const reports = await unsafe(collectPatterns([file]).patterns);
    expect(reports).toEqual([expect.stringMatching(/lookahead\.ts:1 .*: exponential \(fuzz\)/)]);
  }, 120_000);

  test('follows a regex given to match/search from an array, a map or a record to where it is written', () => {
    const file = write(
      'taken.ts',
      'const PARTS = [/a+b/];\n' +
        "const BY_NAME = new Map([['x', /c+/]]);\n" +
        'const FIELDS: Record<string, RegExp> = { y: /d+/ };\n' +
        'export const find = (text: string) =>\n' +
        "  [text.match(PARTS[0]), text.match(BY_NAME.get('x')!), text.search(FIELDS.y)];\n",
    );
    const { patterns, unreadable } = collectPatterns([file]);
    expect(unreadable).toEqual([]);
    expect(patterns.map((pattern) => pattern.source)).toEqual(['a+b', 'c+', 'd+']);
  });

  test('refuses a pattern built at run time, which it could not check', () => {
    const file = write('dynamic.ts', 'export const make = (word: string) => new RegExp(word.repeat(2));\n');
    expect(collectPatterns([file]).unreadable).toEqual([`${file}:1: new RegExp(word.repeat(2))`]);
  });
});
