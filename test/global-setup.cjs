/**
 * Tests run the built bundle as Apps Script would, so build it first (esbuild and terser: a few seconds), unless
 * `npm test` (scripts/test.mjs) has just built it and says so (SHEET_PLAN_BUILT).
 */
module.exports = async () => {
  if (process.env.SHEET_PLAN_BUILT === '1') return;
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll({ types: false });
};
