/**
 * esbuild strips types only (type checking is `npm run typecheck`'s job): test/esbuild-transform.cjs.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.tsx?$': '<rootDir>/test/esbuild-transform.cjs' },
  testTimeout: 30000,
  // jest's default on two cores is one worker: every file in turn. Three keep both cores busy, since the browser,
  // server and MCP files spend much of their time waiting on another process (Chromium, a server, a child).
  maxWorkers: 3,
  globalSetup: '<rootDir>/test/global-setup.cjs',
  testSequencer: '<rootDir>/test/sequencer.cjs',
  reporters: ['default', '<rootDir>/test/summary-reporter.cjs'],
};
