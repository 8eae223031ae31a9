/**
 * The deferred bundle takes preact and the context modules from the page (sidebar/src/deferred-shared.ts): the build
 * maps its imports by sidebar/src/deferred-shared.json, and the page lends SHARED_MODULES. A name in one and not the
 * other would be undefined in the deferred code.
 */
import { buildSync, stop } from 'esbuild';
import path from 'node:path';
import SHARED from '../../sidebar/src/deferred-shared.json';

// buildSync starts esbuild on a thread of its own (and its process) for this file; stopped when the file ends.
afterAll(() => stop());

/** sidebar/src/deferred-shared.ts's exports, bundled for Node with preact (jest does not load preact's ES modules). */
function deferredModule(): { SHARED_MODULES: Record<string, Record<string, unknown>> } {
  const [bundle] = buildSync({
    entryPoints: [path.join(__dirname, '../../sidebar/src/deferred-shared.ts')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  const module = { exports: {} };
  new Function('module', 'exports', bundle!.text)(module, module.exports);
  return module.exports as ReturnType<typeof deferredModule>;
}

test('the page lends the deferred bundle exactly the modules and names the build maps its imports to', () => {
  const { SHARED_MODULES } = deferredModule();
  const lent = Object.fromEntries(
    Object.entries(SHARED_MODULES).map(([key, values]) => [
      key,
      Object.keys(values)
        .filter((name) => values[name] !== undefined)
        .sort(),
    ]),
  );
  const mapped = Object.fromEntries(Object.entries(SHARED).map(([key, names]) => [key, [...names].sort()]));
  expect(lent).toEqual(mapped);
});
