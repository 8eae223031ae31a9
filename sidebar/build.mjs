/**
 * Builds the plan sidebar into ONE self-contained HTML file (dist/Sidebar.html): HtmlService
 * serves nothing but what the project contains, so all script and style are inline and nothing
 * is fetched from the network. scripts/build.mjs calls buildSidebar; showPlanSidebar serves it.
 */
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
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

export async function buildSidebar(outFile) {
  const result = await build({
    entryPoints: [path.join(here, 'src/main.tsx')],
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
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const style = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (!script || !style) throw new Error('The sidebar build gave no script or no stylesheet');
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent Plan</title>
<style>${inlineStyle(style.text)}</style>
</head>
<body>
<div id="app"></div>
<script>${inlineScript(script.text)}</script>
</body>
</html>
`;
  await writeFile(outFile, html);
  return { bytes: Buffer.byteLength(html) };
}
