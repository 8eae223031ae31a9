/** Tests run TypeScript through swc (no type checking here; `npm run typecheck` does that). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  testTimeout: 30000,
};
