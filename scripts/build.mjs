/**
 * Builds dist/: exactly what `clasp push` uploads.
 *  - Code.js: src/apps-script/main.ts bundled by esbuild and minified by terser, plus one top-level function
 *    declaration per function of the API descriptor (src/core/api/api-functions.ts), calling main.ts's implementation
 *    of it (Apps Script only reaches top-level declarations; nothing else is global). What the bundle needs of the
 *    descriptor's zod schemas is written in as JSON: each function's argument rules, where request options go, and
 *    each MCP tool's route (doPost), as what does not follow from the tool's name.
 *  - RareTexts.html: what Code.js reads only for one rare kind of request (src/apps-script/rare-texts.ts), as JSON:
 *    the MCP instructions (initialize) and tool list (tools/list), the starter and recovery plans (initPlan),
 *    doGet's text, the web app's words for a refused key and the sidebar's while the web app has no known address,
 *    the refusals of a write while the write log is full or its undo record too large and of a keyless caller taking
 *    a connected agent's name, the error of an agents' list edited by hand, and the rare refusals of
 *    src/apps-script/rare-refusals.ts and src/core/rare-words.ts (Code.js is built with a reader in its place, which
 *    reads each of its texts by its place in a list).
 *    Apps Script evaluates the whole of Code.js on every execution; a project file is read only when asked for.
 *  - appsscript.json: the manifest.
 *  - Sidebar.html and SidebarDeferred.html (the code it loads when first needed): built by sidebar/build.mjs.
 * and build/: the Node tools (see buildNode) and PlanClient's type declarations.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { minify } from 'terser';
import { createRequire } from 'node:module';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { packTables, unpack } from './pack-tables.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
/** The bundle's one global (Sheet Plan), which the entry points call: short, as it is written once per entry point. */
const GLOBAL_NAME = 'SP_';
/** dist/RareTexts.html, by the name HtmlService.createHtmlOutputFromFile finds it (src/apps-script/rare-texts.ts). */
const RARE_TEXTS = 'RareTexts';
/** The field of RareTexts.html that lists the rare words, in the order of their names (rareWordsFromFile). */
const RARE_WORD_LIST = 'rareWords';
/**
 * The modules of rare words, one function of no argument per text: the core's rare refusals and warnings and the
 * adapter's rare refusals. Code.js is built with readers of RareTexts.html in their place.
 */
const RARE_WORD_MODULES = ['src/core/rare-words.ts', 'src/core/mcp/mcp-words.ts', 'src/apps-script/rare-refusals.ts'];

/** A module's exports, read by bundling it for Node and evaluating it (zod stays external). */
async function nodeModule(file) {
  const result = await build({
    entryPoints: [path.join(root, file)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  const require = createRequire(path.join(root, file));
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}

const apiDescriptor = () => nodeModule('src/core/api/api-functions.ts');

/**
 * The entry points main.ts composes (`entryPoint`), read by evaluating the bundle in an empty context: every
 * descriptor function must have one (the type checker says so too; this names what is missing). Composing each here
 * also reads its argument rules, which the bundle does only when it is called.
 */
function checkImplementations(bundle, names, agentNames) {
  const context = vm.createContext({});
  vm.runInContext(bundle, context);
  const bundled = context[GLOBAL_NAME];
  if (typeof bundled !== 'function' || typeof bundled.entryPoint !== 'function')
    throw new Error('src/apps-script/main.ts exports no call and entryPoint (the top-level declarations call them)');
  const missing = names.filter((name) => typeof bundled.entryPoint(name) !== 'function');
  const where = (name) => (agentNames.includes(name) ? 'src/apps-script/api.ts' : 'src/apps-script/main.ts');
  if (!missing.length) return;
  const files = [...new Set(missing.map(where))];
  const lacks = files.map(
    (file) => `${file} implements no ${missing.filter((name) => where(name) === file).join(', ')}`,
  );
  throw new Error(`${lacks.join('; ')} (listed in src/core/api/api-functions.ts)`);
}

/**
 * Writes a built file by renaming a finished temporary file over it, so that a reader (a test, the
 * local server, clasp) running while we build never sees a missing or half-written file.
 */
async function replaceFile(file, write) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await write(temporary);
  await rename(temporary, file);
}

/** An esbuild `define` that writes `value` in as a string literal. */
const stringLiteral = (value) => JSON.stringify(value);

/**
 * The descriptor's tables for the bundle (src/apps-script/descriptor-tables.ts): packed (./pack-tables.mjs), each a
 * JSON text read when first needed; checked to read back as they were.
 */
function descriptorDefines(requestArguments, mcpRoutes, argumentRules) {
  const rules = Object.entries(argumentRules);
  const tables = { requestArguments, mcpRoutes, ...Object.fromEntries(rules.map(([name, r]) => [`rules:${name}`, r])) };
  const { shapes, shared, texts } = packTables(tables);
  for (const [name, value] of Object.entries(tables)) {
    if (JSON.stringify(unpack(texts[name], shared, JSON.parse(shapes))) !== JSON.stringify(value))
      throw new Error(`The packed table ${name} does not read back as it was (scripts/pack-tables.mjs)`);
  }
  return {
    SHEET_PLAN_SHAPES: stringLiteral(shapes),
    SHEET_PLAN_SHARED_PARTS: JSON.stringify(shared),
    SHEET_PLAN_REQUEST_ARGUMENTS: stringLiteral(texts.requestArguments),
    SHEET_PLAN_MCP_ROUTES: stringLiteral(texts.mcpRoutes),
    SHEET_PLAN_ARGUMENT_RULES: JSON.stringify(rules.map(([name]) => [name, texts[`rules:${name}`]])),
  };
}

/**
 * The MCP routes as the bundle carries them: what derivedRoute (src/core/mcp/tool-calls.ts, which the bundle runs on
 * reading) does not follow from, a tool's answer kind and, for an ADAPTED tool, its own input. A route it would read
 * back otherwise stops the build.
 */
function compactRoutes(routes, derivedRoute, rules, requestArguments) {
  const sources = { argumentRules: (name) => rules[name] ?? [], requestIndex: (name) => requestArguments[name]?.index };
  return Object.fromEntries(
    Object.entries(routes).map(([tool, route]) => {
      const derived = derivedRoute(tool, route.answer, sources, route.input);
      if (JSON.stringify(derived) !== JSON.stringify(route))
        throw new Error(
          `The MCP tool ${tool}'s route does not follow from its name and function (derivedRoute in ` +
            `src/core/mcp/tool-calls.ts: the function is the name in camelCase, and changes the plan exactly when ` +
            `it takes request options): ${JSON.stringify(route)} reads back as ${JSON.stringify(derived)}`,
        );
      return [tool, route.input ? [route.answer, route.input] : route.answer];
    }),
  );
}

/**
 * RareTexts.html: the texts as JSON in a script element of type application/json, so that the file is valid HTML.
 * Every `<` is written `\u003c` (the same JSON), so nothing in it can close the element, and the bundle finds the
 * JSON's end at the one `<` of the closing tag.
 */
function rareTextsFile(texts) {
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<script type="application/json">${json}</script>\n`;
}

/** Where the bundle's source map goes: beside the build, never pushed (dist/ is what clasp pushes). */
export const CODE_SOURCE_MAP = path.join(root, 'build/Code.js.map');
const HEADER = '// Sheet Plan: built from src/ by scripts/build.mjs (mapped back: build/Code.js.map). Do not edit.';

/**
 * esbuild's bundle made smaller by terser, whose compressor goes further than esbuild's minifier (about 3 KB less
 * here, 3 KB more with the options below; esbuild leaves the names to it, which it mangles a little tighter). The
 * bundle declares no name at the top level (it sets its one global itself; the entry points are written after). Its
 * source map is chained to esbuild's, so that it maps the final file to src/.
 */
async function shrink(outputFiles) {
  const map = outputFiles.find((file) => file.path.endsWith('.map')).text;
  const code = outputFiles.find((file) => !file.path.endsWith('.map')).text;
  const result = await minify(code, {
    ecma: 2020,
    compress: {
      // A third and fourth pass find a little more to inline once pure_getters has freed it (-0.2 KB).
      passes: 4,
      // Function expressions that use neither `this` nor `arguments` (terser checks both) become arrows: mostly
      // the module-level functions terser inlines where they are called once (-1.7 KB). Unsafe only for a function
      // called with `new` or read for its `.prototype`; src/ builds objects with classes, never so.
      unsafe_arrows: true,
      // `new RegExp(...)`/`new Error(...)` without `new`, `String(x)` and simple templates as `+ ""`, constant fields
      // of never-mutated object literals read in place (-0.6 KB). They differ only for values no code here meets:
      // a thrown Symbol, an object whose valueOf and toString disagree, a reassigned global.
      unsafe: true,
      // Reading a field has no side effect, so a read whose value goes unused may be dropped and one used once may
      // move to its use (-0.5 KB). True of src/: its getters compute or memoize (PlanText's outline, a cell block's A1,
      // `today`, which reads the time zone once, when first asked), and no code reads a field only to throw.
      pure_getters: true,
      // Function declarations first in their scope, where terser can then join the rest into fewer statements
      // (-0.2 KB). The same program: a declaration is hoisted by the language anyway.
      hoist_funs: true,
    },
    mangle: true,
    format: { comments: false, preamble: HEADER },
    sourceMap: { content: map },
  });
  return { code: result.code.trimEnd(), map: result.map };
}

/**
 * Code.js reads the rare words from RareTexts.html (RARE_WORD_MODULES): the bundle gets, in each module's place, a
 * function of each of its names that reads its text from there by its place in `names`, all the modules' names in
 * order, which is the order of RareTexts.html's list of them (src/apps-script/rare-texts.ts: `rareWord(3)` is shorter
 * than the name it stands for, in each of the dozens of places that read one).
 */
function rareWordsFromFile(modules, names) {
  const files = new Map(Object.entries(modules).map(([file, texts]) => [path.join(root, file), Object.keys(texts)]));
  const reader = path.join(root, 'src/apps-script/rare-texts');
  return {
    name: 'rare-words-from-file',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]src[\\/](core[\\/]rare-words|core[\\/]mcp[\\/]mcp-words|apps-script[\\/]rare-refusals)\.ts$/ },
        (args) => {
          const own = files.get(args.path);
          if (!own) throw new Error(`${args.path} is not one of the modules of rare words (RARE_WORD_MODULES)`);
          return {
            contents: [
              `import { rareWord } from ${JSON.stringify(reader)};`,
              ...own.map((name) => `export const ${name} = () => rareWord(${names.indexOf(name)});`),
            ].join('\n'),
            resolveDir: path.dirname(args.path),
            loader: 'ts',
          };
        },
      );
    },
  };
}

export async function buildCode() {
  const descriptor = await apiDescriptor();
  // The MCP tool list and routes the web app serves: the stdio server's, derived once (src/node/mcp/tools.ts).
  const { mcpToolTable } = await nodeModule('src/node/mcp/tools.ts');
  const { tools, routes } = mcpToolTable();
  const { derivedRoute } = await nodeModule('src/core/mcp/tool-calls.ts');
  // The instructions both MCP servers send (src/node/mcp/server.ts), for the plan cell where the bundle keeps it.
  const { serverInstructions } = await nodeModule('src/core/mcp/instructions.ts');
  const { PLAN_CELL_REFERENCE } = await nodeModule('src/apps-script/plan-location.ts');
  const { STARTER_PLAN, RECOVERY_PLAN } = await nodeModule('src/core/format/compose.ts');
  const { WEB_APP_ABOUT, WEB_APP_NOT_SEEN, WEB_APP_NOT_DEPLOYED, WEB_APP_REFUSED_KEY } = await nodeModule(
    'src/apps-script/web-app-about.ts',
  );
  const { LOG_FULL, UNDO_TOO_LARGE } = await nodeModule('src/apps-script/write-log.ts');
  const { NAME_TAKEN, AGENTS_UNREADABLE } = await nodeModule('src/apps-script/agent-keys.ts');
  // The rare words, one function each (RARE_WORD_MODULES): their texts by module. The readers that replace them in
  // Code.js take no argument and answer a text, so each must be such a function; their names are one list, in order,
  // which is their order in RareTexts.html's list of them (RARE_WORD_LIST).
  const rareWordModules = {};
  for (const file of RARE_WORD_MODULES) {
    rareWordModules[file] = Object.fromEntries(
      Object.entries(await nodeModule(file)).map(([name, text]) => {
        if (typeof text !== 'function' || text.length !== 0 || typeof text() !== 'string')
          throw new Error(`${file}: ${name} must be a function of no argument that answers its text`);
        return [name, text()];
      }),
    );
  }
  const RARE_WORDS = Object.assign({}, ...Object.values(rareWordModules));
  const rareWordNames = Object.keys(RARE_WORDS).sort();
  const inAll = Object.values(rareWordModules).reduce((count, texts) => count + Object.keys(texts).length, 0);
  if (rareWordNames.length !== inAll)
    throw new Error(`A rare word's name is used in more than one of ${RARE_WORD_MODULES.join(', ')}`);
  // Code.js reads a rare word by its place in the list: the list's names, digested, tell a RareTexts.html of another
  // build (pushed apart from its Code.js), whose places may hold other words, from its own.
  const rareWordsKey = createHash('sha256').update(rareWordNames.join()).digest('base64url').slice(0, 8);
  // Every agent function's argument schemas as JSON: the bundle checks calls against them
  // (src/core/api/argument-check.ts).
  const { argumentTable } = await nodeModule('src/core/api/argument-table.ts');
  const [argumentRules, requestArguments] = [argumentTable(), descriptor.requestArguments()];
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const result = await build({
    // The entry: main.ts's call made the one global the declarations below call, `SP_(startTask, a)`, with
    // entryPoint beside it for checkImplementations. Set here rather than by esbuild's globalName, which would wrap
    // the exports in getters and copy them (0.4 KB of helpers); strict, as the modules are. Its name ends in `_`:
    // private, so Apps Script offers it to no caller (google.script.run, scripts.run, the Run menu).
    stdin: {
      contents: [
        "'use strict';",
        "import { call, entryPoint } from './main';",
        `globalThis.${GLOBAL_NAME} = Object.assign((entry, args) => call(entry.name, args), { entryPoint });`,
      ].join('\n'),
      resolveDir: path.join(root, 'src/apps-script'),
      sourcefile: 'scripts/build.mjs (the entry)',
      loader: 'ts',
    },
    outfile: path.join(dist, 'Code.js'),
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    target: 'es2020',
    charset: 'utf8', // keep ✅ and — readable in the Apps Script editor
    legalComments: 'none',
    // Apps Script evaluates the whole file on every execution: minified (here and by terser below), it is half the
    // bytes. The entry points below are written after it, with their names; a stack trace maps back through the
    // source map (`node scripts/stack-trace.mjs`).
    minifySyntax: true,
    minifyWhitespace: true,
    sourcemap: 'external',
    sourcesContent: false,
    // The descriptor's tables as JSON text, parsed when first read (src/apps-script/descriptor-tables.ts).
    define: {
      ...descriptorDefines(
        requestArguments,
        compactRoutes(routes, derivedRoute, argumentRules, requestArguments),
        argumentRules,
      ),
      SHEET_PLAN_VERSION: JSON.stringify(version),
      SHEET_PLAN_RARE_TEXTS_FILE: JSON.stringify(RARE_TEXTS),
      SHEET_PLAN_RARE_WORDS_KEY: JSON.stringify(rareWordsKey),
    },
    plugins: [rareWordsFromFile(rareWordModules, rareWordNames)],
    write: false,
  });
  const { code: bundle, map } = await shrink(result.outputFiles);
  const names = descriptor.FUNCTION_NAMES;
  checkImplementations(bundle, names, descriptor.AGENT_FUNCTION_NAMES);
  const privateNames = names.filter((name) => name.endsWith('_'));
  if (privateNames.length)
    throw new Error(`Entry points must not end in "_" (Apps Script hides them): ${privateNames.join(', ')}`);
  // Each passes itself: SP_ reads its name (two bytes fewer a declaration than the name as a string).
  const wrappers = names.map((name) => `function ${name}(...a){return ${GLOBAL_NAME}(${name},a)}`).join('\n');
  const heading = '// Entry points (src/core/api/api-functions.ts)';
  const code = `${bundle}\n${heading}\n${wrappers}\n`;
  await mkdir(path.dirname(CODE_SOURCE_MAP), { recursive: true });
  await replaceFile(CODE_SOURCE_MAP, (file) => writeFile(file, map));
  await replaceFile(path.join(dist, 'Code.js'), (file) => writeFile(file, code));
  const rareTexts = rareTextsFile({
    instructions: serverInstructions(PLAN_CELL_REFERENCE),
    tools,
    starterPlan: STARTER_PLAN,
    recoveryPlan: RECOVERY_PLAN,
    about: WEB_APP_ABOUT,
    notSeen: WEB_APP_NOT_SEEN,
    notDeployed: WEB_APP_NOT_DEPLOYED,
    refusedKey: WEB_APP_REFUSED_KEY,
    logFull: LOG_FULL,
    undoTooLarge: UNDO_TOO_LARGE,
    nameTaken: NAME_TAKEN,
    agentsUnreadable: AGENTS_UNREADABLE,
    [RARE_WORD_LIST]: rareWordNames.map((name) => RARE_WORDS[name]),
    rareWordsKey,
  });
  await replaceFile(path.join(dist, `${RARE_TEXTS}.html`), (file) => writeFile(file, rareTexts));
  return names;
}

async function exists(file) {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Node side, one file per entry point; npm packages stay external (they are the package's dependencies):
 * the `sheet-plan` command; a script thread of the emulator's execution pool (src/node/emulator/pool), which the
 * emulator starts by file, also when it runs from src/ under jest; the PlanClient library
 * (`import { PlanClient } from 'sheet-plan'`); the step of `npm test` that finds or installs Chromium; and
 * `npm run relay`, the relay in workerd on this machine (relay/local).
 */
const NODE_ENTRIES = [
  { source: 'src/node/cli.ts', output: 'build/cli.js', mode: 0o755 },
  { source: 'src/node/emulator/pool/worker-main.ts', output: 'build/emulator-worker.js', mode: 0o644 },
  { source: 'src/node/client/index.ts', output: 'build/client.js', mode: 0o644 },
  { source: 'src/node/browser/ensure-chromium.ts', output: 'build/ensure-chromium.js', mode: 0o644 },
  { source: 'relay/local/main.ts', output: 'build/relay.js', mode: 0o644 },
];

export async function buildNode() {
  await mkdir(path.join(root, 'build'), { recursive: true });
  await Promise.all(
    NODE_ENTRIES.map(async ({ source, output, mode }) => {
      const result = await build({
        entryPoints: [path.join(root, source)],
        write: false,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        packages: 'external',
        sourcemap: 'inline',
        logLevel: 'warning',
      });
      const file = path.join(root, output);
      await replaceFile(file, (temporary) => writeFile(temporary, result.outputFiles[0].contents, { mode }));
    }),
  );
}

/**
 * PlanClient's type declarations (build/types), from tsconfig.client.json, by TypeScript's native compiler (1 s where
 * TypeScript 5.9 took 5: scripts/checks.mjs says why both are installed); incremental, so a second run is quicker.
 */
export async function buildTypes() {
  const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
  await run(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.client.json')]);
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: root }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(args[0])} failed:\n${stdout}${stderr}`));
      else resolve();
    });
  });
}

/** dist/: what `clasp push` uploads. Answers the names of Code.js's entry points. */
export async function buildDist() {
  await mkdir(dist, { recursive: true });
  const names = await buildCode();
  const produced = new Set(['Code.js', `${RARE_TEXTS}.html`, 'appsscript.json']);
  const manifest = await readFile(path.join(root, 'appsscript.json'));
  await replaceFile(path.join(dist, 'appsscript.json'), (file) => writeFile(file, manifest));
  const sidebarBuild = path.join(root, 'sidebar/build.mjs');
  if (await exists(sidebarBuild)) {
    const { buildSidebar } = await import(sidebarBuild);
    const { page, deferred } = await buildSidebar();
    await replaceFile(path.join(dist, 'Sidebar.html'), (file) => writeFile(file, page));
    await replaceFile(path.join(dist, 'SidebarDeferred.html'), (file) => writeFile(file, deferred));
    produced.add('Sidebar.html').add('SidebarDeferred.html');
  }
  // dist/ is exactly what clasp pushes: drop what earlier builds made and this one does not.
  for (const entry of await readdir(dist)) {
    if (!produced.has(entry) && !entry.endsWith('.tmp'))
      await rm(path.join(dist, entry), { recursive: true, force: true });
  }
  return names;
}

/**
 * Everything; `types: false` leaves out the declarations (the test set-up does not need them). The declarations are
 * tsc's work in a child process, so they are made beside dist/ (terser's, in this one), not after it.
 */
export async function buildAll({ types = true } = {}) {
  const [names] = await Promise.all([buildDist(), buildNode(), types ? buildTypes() : undefined]);
  return names;
}

/** What a build says it made: Code.js's size and its entry points (`names`, as buildDist answers them). */
export async function builtCodeLine(names) {
  const size = (await readFile(path.join(dist, 'Code.js'))).length;
  return `dist/Code.js: ${(size / 1024).toFixed(1)} KiB, ${names.length} entry points`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await builtCodeLine(await buildAll()));
}
