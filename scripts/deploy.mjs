/**
 * `npm run deploy -- <spreadsheet URL or id>`: the first time, creates the spreadsheet's bound Apps Script project
 * (`clasp create-script --parentId`) and writes its id into .clasp.json, so nobody copies a script id by hand; then
 * (every time) pushes dist/ to the Apps Script project named in .clasp.json and creates, or updates in place,
 * Sheet Plan's one deployment, which serves the web app (the MCP server agents connect to by URL) and the Apps
 * Script API (scripts.run), both as declared in appsscript.json. Updating the same deployment keeps its URL, so
 * agents' URLs keep working across releases.
 *
 * Each step is a clasp command (`push --force`, `list-deployments --json`, `create-deployment --json` with or
 * without `--deploymentId`); `deploy(run)` takes the command runner so a test can play clasp.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How `npm run deploy` finds its deployment again among the project's others. */
export const DEPLOYMENT_DESCRIPTION = 'Sheet Plan';
const PLACEHOLDER_SCRIPT_ID = 'PUT-YOUR-SCRIPT-ID-HERE';

export function webAppUrl(deploymentId) {
  return `https://script.google.com/macros/s/${deploymentId}/exec`;
}

/** clasp prints a spinner's text before its JSON in some terminals: the JSON is from the first bracket on. */
export function claspJson(output) {
  const start = output.search(/[[{]/);
  if (start < 0) throw new Error(`clasp answered no JSON: ${output.trim() || '(nothing)'}`);
  return JSON.parse(output.slice(start));
}

/** A spreadsheet's id from its URL (…/spreadsheets/d/<id>/edit…) or the id itself; throws for anything else. */
export function spreadsheetId(text) {
  const trimmed = String(text ?? '').trim();
  const fromUrl = /\/spreadsheets\/d\/([A-Za-z0-9_-]{20,})/.exec(trimmed);
  if (fromUrl) return fromUrl[1];
  if (/^[A-Za-z0-9_-]{20,}$/.test(trimmed)) return trimmed;
  throw new Error(
    `"${trimmed}" is not a spreadsheet's URL or id: copy the address of your spreadsheet from the browser ` +
      '(https://docs.google.com/spreadsheets/d/…/edit)',
  );
}

/** The script id in .clasp.json, or null while it is the placeholder (or the file is missing). */
export function configuredScriptId(claspFile) {
  if (!existsSync(claspFile)) return null;
  const { scriptId } = JSON.parse(readFileSync(claspFile, 'utf8'));
  return typeof scriptId === 'string' && scriptId && scriptId !== PLACEHOLDER_SCRIPT_ID ? scriptId : null;
}

/**
 * Creates the spreadsheet's bound script and writes .clasp.json ({ scriptId, rootDir: "dist" }); answers the script id.
 * clasp refuses to create a project where .clasp.json exists, and pulls the new project's files into its root
 * folder: so it runs with our placeholder file moved away and a scratch folder as root (dist/ stays ours), and the
 * placeholder comes back when it fails.
 * @param {(args: string[]) => string} run runs one clasp command in `root` and answers what it printed
 */
export function createBoundScript(run, root, spreadsheet) {
  const claspFile = path.join(root, '.clasp.json');
  const scratch = path.join(root, '.clasp-created');
  const placeholder = existsSync(claspFile) ? readFileSync(claspFile, 'utf8') : null;
  const existing = configuredScriptId(claspFile);
  if (existing)
    throw new Error(
      `.clasp.json already names the script ${existing}: npm run deploy (without a spreadsheet) updates it. To bind ` +
        'another spreadsheet, put .clasp.json back first (git checkout .clasp.json)',
    );
  const parentId = spreadsheetId(spreadsheet);
  rmSync(claspFile, { force: true });
  try {
    run(['create-script', '--title', DEPLOYMENT_DESCRIPTION, '--parentId', parentId, '--rootDir', '.clasp-created']);
    const scriptId = configuredScriptId(claspFile);
    if (!scriptId) throw new Error('clasp created no project (.clasp.json has no script id)');
    writeFileSync(claspFile, `${JSON.stringify({ scriptId, rootDir: 'dist' }, null, 2)}\n`);
    return scriptId;
  } catch (error) {
    if (placeholder !== null) writeFileSync(claspFile, placeholder);
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Waits until the web app answers its JSON (it runs only once the person has authorised the script in the sheet),
 * asking every `everyMs`: its first answer is when Sheet Plan learns its own address, which the sidebar's Connect
 * panel then picks up by itself. Answers whether it answered before `tries` ran out.
 */
export async function waitForWebApp(url, { fetchImpl = globalThis.fetch, sleep, tries = 120, everyMs = 5000 } = {}) {
  const pause = sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const response = await fetchImpl(url);
      const type = response.headers.get('content-type') ?? '';
      const text = await response.text();
      if (response.ok && /^application\/json/.test(type) && JSON.parse(text).name === 'sheet-plan') return true;
    } catch {
      // Not deployed yet, not authorised, or the network: ask again.
    }
    if (attempt < tries) await pause(everyMs);
  }
  return false;
}

export function requireScriptId(claspFile) {
  let project;
  try {
    project = JSON.parse(readFileSync(claspFile, 'utf8'));
  } catch (error) {
    throw new Error(`${claspFile} could not be read (${error.message}); it names your script: see the README`, {
      cause: error,
    });
  }
  if (typeof project.scriptId !== 'string' || !project.scriptId || project.scriptId === PLACEHOLDER_SCRIPT_ID) {
    throw new Error(
      `${claspFile} has no script id yet: run npm run deploy -- '<your spreadsheet's URL>' once, which creates ` +
        "the spreadsheet's script and writes its id there",
    );
  }
  return project.scriptId;
}

/**
 * Pushes and deploys; answers the deployment id, whether it was new, and the web app's URL.
 * @param {(args: string[]) => string} run runs one clasp command and answers what it printed
 */
export function deploy(run) {
  run(['push', '--force']);
  const deployments = claspJson(run(['list-deployments', '--json']));
  // HEAD (no version number) is the test deployment clasp keeps; ours is a versioned one with our description.
  const ours = deployments.find(
    (deployment) => deployment.description === DEPLOYMENT_DESCRIPTION && deployment.versionNumber,
  );
  const args = ['create-deployment', '--description', DEPLOYMENT_DESCRIPTION, '--json'];
  if (ours) args.push('--deploymentId', ours.deploymentId);
  const deployed = claspJson(run(args));
  if (typeof deployed.deploymentId !== 'string') throw new Error('clasp answered no deployment id');
  return { deploymentId: deployed.deploymentId, created: !ours, url: webAppUrl(deployed.deploymentId) };
}

function runClasp(args) {
  return execFileSync(path.join(root, 'node_modules/.bin/clasp'), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['inherit', 'pipe', 'inherit'],
  });
}

/** What to tell the person once the deployment is there. */
export function nextSteps(url, cliPath) {
  return [
    `Web app (the MCP server in your sheet): ${url}`,
    '',
    'Now, in the spreadsheet (reload it): Agent Plan → Open plan. The first time Google asks you to authorise the',
    'script, the one step only a person can do. This waits until the web app answers (Sheet Plan learns its address',
    'then), and the sidebar picks it up by itself: Connect an agent there gives each agent its set-up.',
    '',
    'For stdio clients (Claude Code, Cursor, VS Code) the set-up runs this CLI (enter its folder in the sidebar):',
    `  node '${cliPath}' mcp --url '<the agent's address from the sidebar>'`,
    'HTTP and cloud clients go through the relay (docs/agents.md).',
  ].join('\n');
}

async function main(args) {
  const claspFile = path.join(root, '.clasp.json');
  if (args[0] !== undefined && !configuredScriptId(claspFile)) {
    const scriptId = createBoundScript(runClasp, root, args[0]);
    console.log(`Created the spreadsheet's Apps Script project ${scriptId} (.clasp.json).`);
  }
  requireScriptId(claspFile);
  const { deploymentId, created, url } = deploy(runClasp);
  console.log(`${created ? 'Created' : 'Updated'} the Sheet Plan deployment ${deploymentId}.`);
  console.log(`Apps Script API deployment id (scripts.run): ${deploymentId}`);
  console.log(nextSteps(url, path.join(root, 'build', 'cli.js')));
  console.log('\nWaiting for the web app to answer (Ctrl+C to stop waiting)…');
  console.log(
    (await waitForWebApp(url))
      ? 'The web app answers: connect an agent in the sidebar.'
      : 'No answer yet: open the web app address once in your browser after authorising.',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`npm run deploy: ${error.message}`);
    process.exit(1);
  });
}
