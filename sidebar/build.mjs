/**
 * Builds the plan sidebar into two project files: the page (dist/Sidebar.html, which showPlanSidebar serves) and
 * the code it needs only now and then (dist/SidebarDeferred.html, which sidebarDeferredCode answers as text:
 * src/deferred.ts). HtmlService serves nothing but what the project contains, so all script and style are inline
 * and nothing is fetched from the network. scripts/build.mjs calls buildSidebar.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Inline script and style end at the first `</script` or `</style`, and `<!--` changes how the
 * rest of a script is parsed; `<\/` and `<\!--` mean the same inside JavaScript strings and
 * regular expressions, which is where a bundle has them.
 */
function inlineScript(code) {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function inlineStyle(css) {
  if (/<\/style/i.test(css)) throw new Error('The sidebar stylesheet contains "</style"');
  return css;
}

/** What both bundles are built with. */
const OPTIONS = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // What Google Sheets supports: current Chrome, Edge, Firefox and Safari.
  target: ['chrome109', 'edge109', 'firefox115', 'safari15.6'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  charset: 'utf8',
  legalComments: 'none',
  outdir: path.join(here, 'out'), // names the outputs; nothing is written
  write: false,
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/**
 * The modules the page lends the deferred bundle, with the names it imports from each (src/deferred-shared.json):
 * SHARED_MODULES in src/deferred.ts gives the same (test/sidebar/deferred.test.ts compares them). A deferred module
 * importing a name not listed there fails the build.
 */
const SHARED = JSON.parse(await readFile(path.join(here, 'src/deferred-shared.json'), 'utf8'));
const SHARED_GLOBAL = '__sheetPlanShared';

/**
 * Maps the deferred bundle's imports of a shared module to the page's copy: one preact (hooks keep their state in it,
 * and its diff knows a Fragment by identity) and one of each context object (a copy would be another context, whose
 * consumers read its default).
 */
const sharedFromPage = {
  name: 'shared-from-page',
  setup(build) {
    const sharedPaths = new Map();
    build.onStart(async () => {
      for (const key of Object.keys(SHARED)) {
        const resolved = await build.resolve(key, { resolveDir: path.join(here, 'src'), kind: 'import-statement' });
        if (resolved.errors.length) throw new Error(`The shared module ${key} does not resolve`);
        sharedPaths.set(resolved.path, key);
      }
    });
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'shared' || args.namespace === 'shared') return undefined;
      const resolved = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: 'shared',
      });
      const key = sharedPaths.get(resolved.path);
      return key ? { path: key, namespace: 'shared' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
      contents: [
        `const shared = window.${SHARED_GLOBAL}[${JSON.stringify(args.path)}];`,
        ...SHARED[args.path].map((name) => `export const ${name} = shared.${name};`),
      ].join('\n'),
      loader: 'js',
    }));
  },
};

function outputsOf(result, name) {
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const style = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (!script || !style) throw new Error(`The ${name} build gave no script or no stylesheet`);
  return { script: inlineScript(script.text), style: inlineStyle(style.text) };
}

/**
 * The deferred bundle must take preact and the context modules from the page, never carry copies: a copy of a module
 * that makes a context would be another context, whose consumers read its default.
 */
async function checkDeferredShares(result) {
  const inputs = Object.keys(Object.values(result.metafile.outputs).find((o) => o.entryPoint).inputs);
  const copies = [];
  for (const input of inputs) {
    if (input.startsWith('shared:')) continue;
    if (input.includes('node_modules/preact')) copies.push(input);
    else if (!input.includes('node_modules') && /\bcreateContext\(/.test(await readFile(path.resolve(input), 'utf8')))
      copies.push(`${input} (it makes a context: lend it in src/deferred-shared.json and src/deferred-shared.ts)`);
  }
  if (copies.length) throw new Error(`The deferred bundle carries its own ${copies.join(', ')} (sidebar/build.mjs)`);
}

/**
 * Which deferred code a page was built with: the page refuses another (src/deferred.ts), since a sidebar opened before
 * a new version was pushed would otherwise run the new panels against its old page.
 */
function versionOf(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Builds the page (Sidebar.html) and the code it loads when first needed (SidebarDeferred.html: a `<style>` and a
 * `<script>`, which sidebarDeferredCode serves as text); answers both texts.
 */
export async function buildSidebar() {
  const deferred = await build({
    ...OPTIONS,
    entryPoints: [path.join(here, 'src/deferred-entry.ts')],
    plugins: [sharedFromPage],
    define: { ...OPTIONS.define, SHEET_PLAN_DEFERRED_MARK: '""' },
  });
  await checkDeferredShares(deferred);
  const later = outputsOf(deferred, 'deferred');
  const laterText = `<style>${later.style}</style>\n<script>${later.script}</script>\n`;
  const version = versionOf(laterText);
  const page = await build({
    ...OPTIONS,
    entryPoints: [path.join(here, 'src/main.tsx')],
    define: { ...OPTIONS.define, SHEET_PLAN_DEFERRED_MARK: JSON.stringify(deferredMark(version)) },
  });
  const { script, style } = outputsOf(page, 'sidebar');
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent Plan</title>
<style>${style}</style>
</head>
<body>
<div id="app"></div>
<script>${script}</script>
</body>
</html>
`;
  return { page: html, deferred: `${deferredMark(version)}\n${laterText}` };
}

/** The first line of SidebarDeferred.html, which the page built with it expects (src/deferred.ts). */
const deferredMark = (version) => `<!-- sheet-plan-deferred ${version} -->`;
