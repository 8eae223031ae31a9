/**
 * dist/Code.js as Apps Script sees it: every entry point is a top-level function declaration, and
 * nothing else is reachable. It loads in a context that holds only documented Apps Script globals.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { FUNCTION_NAMES } from '../../src/core/api-functions';
import { EmulatedSpreadsheet, createExecution, loadBundle } from '../../src/node/emulator';
import { DIST } from './harness';

const code = () => readFileSync(path.join(DIST, 'Code.js'), 'utf8');

/** Names declared at the top level of the script, as Apps Script lists them. */
function topLevelFunctions(source: string): string[] {
  return [...source.matchAll(/^function ([A-Za-z_$][\w$]*)\s*\(/gm)].map((match) => match[1]);
}

test('the top-level function declarations are exactly the functions of the API descriptor', () => {
  expect(topLevelFunctions(code()).sort()).toEqual([...FUNCTION_NAMES].sort());
});

test('no entry point is private (a trailing underscore hides it from Apps Script)', () => {
  expect(topLevelFunctions(code()).filter((name) => name.endsWith('_'))).toEqual([]);
});

test("nothing but the entry points and the bundle's private namespace becomes global", () => {
  const context = vm.createContext({});
  vm.runInContext(code(), context);
  const globals = Object.keys(context).sort();
  const functions = globals.filter((name) => typeof context[name] === 'function');
  expect(functions.sort()).toEqual(topLevelFunctions(code()).sort());
  expect(globals.filter((name) => typeof context[name] !== 'function')).toEqual(['SheetPlan_']);
});

test('loading the bundle calls no service (it is evaluated on every execution)', () => {
  const execution = createExecution(new EmulatedSpreadsheet(), { context: 'api' });
  loadBundle(execution, DIST);
  expect(execution.calls).toEqual([]);
});

test('the bundle runs in a context holding only documented Apps Script globals', () => {
  const execution = createExecution(new EmulatedSpreadsheet(), { context: 'api' });
  expect(Object.keys(execution.globals).sort()).toEqual(
    [
      'CacheService',
      'HtmlService',
      'LockService',
      'Logger',
      'PropertiesService',
      'ScriptApp',
      'Session',
      'SpreadsheetApp',
      'Utilities',
      'console',
    ].sort(),
  );
  const bundle = loadBundle(execution, DIST) as Record<string, unknown>;
  expect(typeof bundle.initPlan).toBe('function');
  expect((bundle.initPlan as () => { title: string })().title).toBe('Getting Started with Sheet Agent');
});

test('the manifest is copied beside the code, with V8, a time zone, the execution API and explicit scopes', () => {
  const manifest = JSON.parse(readFileSync(path.join(DIST, 'appsscript.json'), 'utf8'));
  expect(manifest.runtimeVersion).toBe('V8');
  expect(manifest.timeZone).toEqual(expect.any(String));
  expect(manifest.executionApi.access).toMatch(/^(MYSELF|DOMAIN|ANYONE)$/);
  expect(manifest.oauthScopes).toEqual([
    'https://www.googleapis.com/auth/spreadsheets',
    'https://www.googleapis.com/auth/script.container.ui',
  ]);
});

test('clasp pushes exactly the built files in dist/', () => {
  const root = path.resolve(__dirname, '../..');
  const output = execFileSync(path.join(root, 'node_modules/.bin/clasp'), ['status', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  const status = JSON.parse(output.slice(output.indexOf('{')));
  expect(status.filesToPush.every((file: string) => file.startsWith('dist/'))).toBe(true);
  expect(status.filesToPush).toEqual(expect.arrayContaining(['dist/Code.js', 'dist/appsscript.json']));
});
