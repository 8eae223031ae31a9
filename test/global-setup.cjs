/** Tests run the built bundle as Apps Script would, so build it first (esbuild: well under a second). */
module.exports = async () => {
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll({ types: false });
};
