/**
 * The package as another project uses it: `import { PlanClient } from 'sheet-plan'` (CommonJS, ES
 * module and TypeScript, with real types), and a package file that holds the built code, types and
 * the Apps Script files, and nothing of the sources or tests; what the built code loads is a dependency.
 * The packed tarball installs with npm in an empty folder and runs there (`npx sheet-plan`, the import).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startLocalEmulator } from '../client/local-emulator';

const ROOT = path.resolve(__dirname, '../..');
let consumer: string;

beforeAll(() => {
  // The declarations are built by `npm run build` and `npm test` (which says so: SHEET_PLAN_BUILT); jest's own set-up
  // leaves them out.
  if (process.env.SHEET_PLAN_BUILT !== '1') {
    const build = "import { buildTypes } from './scripts/build.mjs'; await buildTypes();";
    execFileSync(process.execPath, ['--input-type=module', '-e', build], { cwd: ROOT });
  }
  consumer = mkdtempSync(path.join(tmpdir(), 'sheet-plan-consumer-'));
  mkdirSync(path.join(consumer, 'node_modules'));
  // As `npm install /path/to/sheet-plan` leaves it: a link to the package folder.
  symlinkSync(ROOT, path.join(consumer, 'node_modules', 'sheet-plan'), 'dir');
});
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

function node(file: string, source: string): string {
  writeFileSync(path.join(consumer, file), source);
  return execFileSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' }).trim();
}

test('require("sheet-plan") gives PlanClient, its error and Google\'s OAuth2 client', () => {
  const output = node(
    'consumer.cjs',
    `const { PlanClient, PlanClientError, OAuth2Client } = require('sheet-plan');
const client = new PlanClient({ scriptId: 'local', rootUrl: 'http://127.0.0.1:9/', accessToken: 't' });
console.log([typeof client.getNextTask, typeof PlanClientError, new OAuth2Client().constructor.name].join(' '));`,
  );
  expect(output).toBe('function function OAuth2Client');
});

test("import { PlanClient } from 'sheet-plan' works from an ES module", () => {
  const output = node(
    'consumer.mjs',
    `import { PlanClient, GOOGLE_ROOT_URL } from 'sheet-plan';
console.log(typeof PlanClient, GOOGLE_ROOT_URL);`,
  );
  expect(output).toBe('function https://script.googleapis.com/');
});

test('TypeScript sees the declared types: results are typed and wrong arguments are errors', () => {
  writeFileSync(
    path.join(consumer, 'consumer.ts'),
    `import { PlanClient, type PlanTask, type TaskResult } from 'sheet-plan';
const client = new PlanClient({ scriptId: 'local', rootUrl: 'http://127.0.0.1:9/', accessToken: 't' });
export async function next(): Promise<PlanTask | null> {
  const task: TaskResult | null = await client.getNextTask();
  return task;
}
// @ts-expect-error a step is text ("1.2"), never a number
export const wrong = () => client.startTask(1.2);
`,
  );
  // TypeScript 5.9, as many consumers still have: the declarations are written by TypeScript 7 (scripts/build.mjs).
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  // As `tsc --init` sets up a project: the libraries' own declarations are not checked, which takes the check from 8 s
  // of CPU to 3; the consumer's code is checked against them all the same. What that leaves unchecked (a declaration
  // of ours naming a package the consumer does not get) is the next test's.
  const args = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
  const types = ['--typeRoots', path.join(ROOT, 'node_modules/@types'), '--types', 'node'];
  const compiled = spawnSync(process.execPath, [tsc, ...args, ...types, 'consumer.ts'], {
    cwd: consumer,
    encoding: 'utf8',
  });
  expect(compiled.stdout + compiled.stderr).toBe('');
  expect(compiled.status).toBe(0);
});

test("the declarations name no package but the built code's dependencies (skipLibCheck would hide one)", () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const declarations = readdirSync(path.join(ROOT, 'build/types'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => readFileSync(path.join(ROOT, 'build/types', file), 'utf8'));
  const named = declarations.flatMap((text) =>
    [...text.matchAll(/(?:from\s+|import\(\s*|reference\s+types=)['"]([^'"]+)['"]/g)].map((match) => match[1]),
  );
  const packages = new Set(
    named
      .filter((name) => !name.startsWith('.') && !name.startsWith('node:'))
      .map((name) =>
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  expect(named.length).toBeGreaterThan(0);
  expect([...packages].filter((name) => !(name in manifest.dependencies))).toEqual([]);
});

test('what the built CLI, emulator worker and client load is a dependency, kept by npm install --omit=dev', () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const loaded = ['build/cli.js', 'build/emulator-worker.js', 'build/client.js'].flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]),
  );
  const packages = new Set(
    loaded
      .filter((name) => !name.startsWith('node:'))
      .map((name) =>
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  expect([...packages].filter((name) => !(name in manifest.dependencies))).toEqual([]);
  expect([...packages]).toEqual(expect.arrayContaining(['@googleapis/script']));
  // MCP is served by our own code (src/core/mcp/protocol.ts): the SDK is a test client, a devDependency.
  expect([...packages]).not.toContain('@modelcontextprotocol/sdk');
  expect(Object.keys(manifest.dependencies)).not.toContain('@modelcontextprotocol/sdk');
  // The emulator lists and runs a bundle with node:vm alone: no parser or loader package at run time.
  expect(Object.keys(manifest.dependencies).filter((name) => ['typescript', 'gas-local'].includes(name))).toEqual([]);
  expect([...packages].filter((name) => ['typescript', 'gas-local'].includes(name))).toEqual([]);
});

describe('the packed tarball, installed by npm in an empty folder', () => {
  let folder: string;
  let installed: string;
  /** The paths in the tarball, as `npm pack` listed them. */
  let packedFiles: string[];

  /**
   * `npm pack`, then `npm install <tarball>` in a folder of its own, offline: this machine has no registry, so each
   * dependency the package declares is first linked in from this checkout's node_modules, where npm finds it already
   * satisfied (and fetches nothing). The package itself is unpacked from the tarball as from the registry.
   */
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-installed-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', folder], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packedFiles = packed[0].files.map((file) => file.path);
    installed = path.join(folder, 'project');
    mkdirSync(path.join(installed, 'node_modules'), { recursive: true });
    writeFileSync(path.join(installed, 'package.json'), JSON.stringify({ name: 'project', private: true }));
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies)) {
      const link = path.join(installed, 'node_modules', dependency);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(realpathSync(path.join(ROOT, 'node_modules', dependency)), link, 'dir');
    }
    execFileSync(
      'npm',
      [
        'install',
        '--offline',
        '--omit=dev',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        path.join(folder, packed[0].filename),
      ],
      { cwd: installed, encoding: 'utf8', stdio: 'pipe' },
    );
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('the package file holds the built client, its types, the CLI and dist/, not the sources', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'build/cli.js',
        'build/client.js',
        'build/emulator-worker.js',
        'build/types/node/client/index.d.ts',
        'dist/Code.js',
        'dist/RareTexts.html',
        'dist/Sidebar.html',
        'dist/SidebarDeferred.html',
        'dist/appsscript.json',
      ]),
    );
    expect(packedFiles.filter((file) => /^(src|test|sidebar|scripts|bench)\//.test(file))).toEqual([]);
  });

  test('the package can be published: not private, with a bin, exports and files', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'node_modules/sheet-plan/package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ 'sheet-plan': 'build/cli.js' });
    expect(Object.keys(manifest.exports)).toEqual(['.', './package.json']);
    expect(realpathSync(path.join(installed, 'node_modules/sheet-plan'))).not.toBe(realpathSync(ROOT));
  });

  test('npx sheet-plan mcp --help runs the installed command (its help on stderr: stdout is the MCP channel)', () => {
    const help = spawnSync('npx', ['--offline', '--no-install', 'sheet-plan', 'mcp', '--help'], {
      cwd: installed,
      encoding: 'utf8',
    });
    expect([help.status, help.stdout]).toEqual([0, '']);
    expect(help.stderr).toMatch(/^Usage: sheet-plan mcp /);
    expect(help.stderr).toContain('--url');
  });

  test('the installed sheet-plan mcp --url bridges an MCP client to a web app by its URL alone', async () => {
    const emulator = await startLocalEmulator();
    const client = new Client({ name: 'installed-package-test', version: '1.0.0' });
    try {
      const url = await connectAgentAsPerson(emulator.url, 'Installed package');
      await client.connect(
        new StdioClientTransport({
          command: path.join(installed, 'node_modules/.bin/sheet-plan'),
          args: ['mcp', '--url', url],
          cwd: installed,
          stderr: 'pipe',
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['get_next_task', 'complete_task']));
    } finally {
      await client.close();
      await emulator.close();
    }
  });

  test("import { PlanClient } from 'sheet-plan' works in the installing project", () => {
    writeFileSync(
      path.join(installed, 'uses.mjs'),
      "import { PlanClient } from 'sheet-plan';\nconsole.log(typeof PlanClient);",
    );
    expect(execFileSync(process.execPath, ['uses.mjs'], { cwd: installed, encoding: 'utf8' }).trim()).toBe('function');
  });
});
