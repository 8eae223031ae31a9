const os = require('node:os');

/**
 * esbuild strips types only (type checking is `npm run typecheck`'s job): test/esbuild-transform.cjs.
 */
module.exports = {
  // jest's Node environment, which collects a worker's garbage after a file once its heap is large:
  // test/environment.cjs says why.
  testEnvironment: '<rootDir>/test/environment.cjs',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.tsx?$': '<rootDir>/test/esbuild-transform.cjs' },
  testTimeout: 30000,
  // jest's default on two cores is one worker: every file in turn. The browser, server and MCP files spend much of
  // their time waiting on another process (Chromium, a server, a child), so more files than cores run at once (on two
  // cores, four, with the checks beside them: scripts/test.mjs), which keeps the cores busy. Five were no faster on
  // this machine's noisy cores, and a browser step then waited past its 8 s once.
  maxWorkers: Math.max(4, os.availableParallelism() + 1),
  globalSetup: '<rootDir>/test/global-setup.cjs',
  testSequencer: '<rootDir>/test/sequencer.cjs',
  reporters: ['default', '<rootDir>/test/summary-reporter.cjs'],
};
