/** Tests run the built bundle as Apps Script would, so build it first (esbuild and terser: a few seconds). */
module.exports = async () => {
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll({ types: false });
};
