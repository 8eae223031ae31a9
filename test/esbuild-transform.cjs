/**
 * jest's TypeScript transform: esbuild strips the types (type checking is `npm run typecheck`'s job), as it does for
 * the bundle. It replaced ts-jest, whose TypeScript compiler cost each jest worker seconds of CPU on a fresh machine.
 * Tests do not use jest.mock, so nothing needs hoisting above the imports.
 */
'use strict';

const crypto = require('node:crypto');
const { transformSync, version } = require('esbuild');

const OPTIONS = {
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // `await import(…)` becomes a require, as ts-jest made it: jest runs CommonJS without --experimental-vm-modules.
  supported: { 'dynamic-import': false },
};

/**
 * esbuild exports a module's names as getters that cannot be redefined; tests spy on exports (jest.spyOn, as in
 * test/core/parse-once.test.ts), so its one property-defining helper makes them configurable.
 */
const DEFINE_PROPERTY = 'var __defProp = Object.defineProperty;';
const CONFIGURABLE = 'var __defProp = (o, k, d) => Object.defineProperty(o, k, { ...d, configurable: true });';

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.tsx') ? 'tsx' : 'ts';
    const { code } = transformSync(source, { ...OPTIONS, loader, sourcefile: filename });
    if (code.includes('__export(') && !code.includes(DEFINE_PROPERTY)) {
      throw new Error(
        `esbuild ${version} no longer defines exports with "${DEFINE_PROPERTY}": update test/esbuild-transform.cjs`,
      );
    }
    return { code: code.replace(DEFINE_PROPERTY, CONFIGURABLE) };
  },
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha256')
      .update(`${version}\0${JSON.stringify(OPTIONS)}\0${filename}\0${source}`)
      .digest('hex');
  },
};
