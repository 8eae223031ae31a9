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

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.tsx') ? 'tsx' : 'ts';
    return { code: transformSync(source, { ...OPTIONS, loader, sourcefile: filename }).code };
  },
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha256')
      .update(`${version}\0${JSON.stringify(OPTIONS)}\0${filename}\0${source}`)
      .digest('hex');
  },
};
