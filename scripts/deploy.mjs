/**
 * `npm run deploy`: pushes dist/ to the Apps Script project named in .clasp.json and creates, or updates in place,
 * Sheet Plan's one deployment, which serves the web app (the MCP server agents connect to by URL) and the Apps
 * Script API (scripts.run), both as declared in appsscript.json. Updating the same deployment keeps its URL, so
 * agents' URLs keep working across releases.
 *
 * Each step is a clasp command (`push --force`, `list-deployments --json`, `create-deployment --json` with or
 * without `--deploymentId`); `deploy(run)` takes the command runner so a test can play clasp.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
      `${claspFile} has no script id yet: open your spreadsheet, Extensions → Apps Script → Project Settings, copy ` +
        `the Script ID and put it in place of ${PLACEHOLDER_SCRIPT_ID}`,
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
  return execFileSync(path.join(root, 'node_modules/.bin/clasp'), args, { cwd: root, encoding: 'utf8' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    requireScriptId(path.join(root, '.clasp.json'));
    const { deploymentId, created, url } = deploy(runClasp);
    console.log(
      [
        `${created ? 'Created' : 'Updated'} the Sheet Plan deployment ${deploymentId}.`,
        `Web app (the MCP server in your sheet): ${url}`,
        `Apps Script API deployment id (scripts.run): ${deploymentId}`,
        '',
        'Before an agent can connect, open the spreadsheet once and choose Agent Plan → Open plan: the first time,',
        'Google asks you to authorise the script (the one step only a person can do), and Sheet Plan remembers the',
        'spreadsheet. Open the web app address above once in your browser too: Sheet Plan learns its address',
        "there (the sidebar itself is only told the editors' /dev one). Then Connect an agent in the sidebar",
        'gives each agent its own URL.',
      ].join('\n'),
    );
  } catch (error) {
    console.error(`npm run deploy: ${error.message}`);
    process.exit(1);
  }
}
