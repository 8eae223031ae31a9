/**
 * `npm run deploy` with clasp played by the test: it pushes, then creates Sheet Plan's deployment once and updates
 * that same deployment afterwards, so the web app's URL an agent holds survives a release.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEPLOY = path.resolve(__dirname, '../../scripts/deploy.mjs');

interface Played {
  result?: { deploymentId: string; created: boolean; url: string };
  error?: string;
  calls: string[][];
}

/** Runs deploy() against a clasp that answers `listed` to list-deployments and records every command. */
function playDeploy(listed: unknown[], created = { deploymentId: 'AKfycbNEW', versionNumber: 3 }): Played {
  const script = `
    import { deploy } from ${JSON.stringify(DEPLOY)};
    const calls = [];
    const answers = {
      push: () => 'Pushed 3 files.',
      'list-deployments': () => 'Fetching deployments...' + ${JSON.stringify(JSON.stringify(listed))},
      'create-deployment': (args) => JSON.stringify({ ...${JSON.stringify(created)},
        deploymentId: args.includes('--deploymentId') ? args[args.indexOf('--deploymentId') + 1] : ${JSON.stringify(
          created.deploymentId,
        )} }),
    };
    try {
      const result = deploy((args) => (calls.push(args), answers[args[0]](args)));
      console.log(JSON.stringify({ result, calls }));
    } catch (error) {
      console.log(JSON.stringify({ error: error.message, calls }));
    }`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

test('the first deploy pushes (overwriting the manifest) and creates the deployment, answering its web app URL', () => {
  const { result, calls } = playDeploy([{ deploymentId: 'AKfycbHEAD', description: '' }]);
  expect(calls).toEqual([
    ['push', '--force'],
    ['list-deployments', '--json'],
    ['create-deployment', '--description', 'Sheet Plan', '--json'],
  ]);
  expect(result).toEqual({
    deploymentId: 'AKfycbNEW',
    created: true,
    url: 'https://script.google.com/macros/s/AKfycbNEW/exec',
  });
});

test('a later deploy updates the same deployment, so agents keep their URL', () => {
  const { result, calls } = playDeploy([
    { deploymentId: 'AKfycbHEAD' },
    { deploymentId: 'AKfycbOTHER', description: 'Something else', versionNumber: 1 },
    { deploymentId: 'AKfycbOURS', description: 'Sheet Plan', versionNumber: 2 },
  ]);
  expect(calls[2]).toEqual([
    'create-deployment',
    '--description',
    'Sheet Plan',
    '--json',
    '--deploymentId',
    'AKfycbOURS',
  ]);
  expect(result).toMatchObject({ deploymentId: 'AKfycbOURS', created: false });
});

test('a .clasp.json still holding the placeholder says where the script id comes from', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-deploy-'));
  try {
    const file = path.join(folder, '.clasp.json');
    writeFileSync(file, JSON.stringify({ scriptId: 'PUT-YOUR-SCRIPT-ID-HERE', rootDir: 'dist' }));
    const script = `import { requireScriptId } from ${JSON.stringify(DEPLOY)};
      try { requireScriptId(${JSON.stringify(file)}); console.log('accepted'); } catch (e) { console.log(e.message); }`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(output).toMatch(/no script id yet: open your spreadsheet, Extensions → Apps Script → Project Settings/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
