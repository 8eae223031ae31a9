/**
 * `npm run deploy` with clasp played by the test: given the spreadsheet's URL the first time, it creates the bound
 * script and writes .clasp.json itself; it pushes, then creates Sheet Plan's deployment once and updates that same
 * deployment afterwards, so the web app's URL an agent holds survives a release; and it waits for the web app to
 * answer once the person has authorised the script. Google cannot be reached here: clasp and fetch are played.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(output).toMatch(/no script id yet: run npm run deploy -- '<your spreadsheet's URL>' once/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Runs a module snippet against scripts/deploy.mjs in a folder of its own; answers what it printed (JSON). */
function inModule(source: string): unknown {
  const script = `import * as deploy from ${JSON.stringify(DEPLOY)};\n${source}`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('the first run, given the spreadsheet, creates its bound script', () => {
  let folder: string;
  const PLACEHOLDER = JSON.stringify({ scriptId: 'PUT-YOUR-SCRIPT-ID-HERE', rootDir: 'dist' });
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-setup-'));
    mkdirSync(path.join(folder, 'dist'));
    writeFileSync(path.join(folder, 'dist', 'appsscript.json'), '{"ours":true}');
    writeFileSync(path.join(folder, '.clasp.json'), PLACEHOLDER);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** A clasp that, like clasp 3, refuses an existing .clasp.json and pulls the new project into --rootDir. */
  const playedClasp = (fails = false) => `
    import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
    import path from 'node:path';
    const root = ${JSON.stringify('ROOT')};
    const calls = [];
    const run = (args) => {
      calls.push(args);
      if (existsSync(path.join(root, '.clasp.json'))) throw new Error('Project file already exists.');
      if (${fails}) throw new Error('User has not enabled the Apps Script API');
      const rootDir = path.join(root, args[args.indexOf('--rootDir') + 1]);
      mkdirSync(rootDir, { recursive: true });
      writeFileSync(path.join(rootDir, 'appsscript.json'), '{"theirs":true}');
      writeFileSync(path.join(root, '.clasp.json'), JSON.stringify({ scriptId: '1AbcBoundScript', rootDir }));
      return 'Created new script';
    };`;

  const create = (spreadsheet: string, fails = false) =>
    inModule(
      playedClasp(fails).replace('"ROOT"', JSON.stringify(folder)) +
        `let result; try { result = deploy.createBoundScript(run, ${JSON.stringify(folder)}, ${JSON.stringify(
          spreadsheet,
        )}); } catch (error) { result = { error: error.message }; }
        console.log(JSON.stringify({ result, calls }));`,
    ) as { result: string | { error: string }; calls: string[][] };

  test('from the spreadsheet URL: clasp create-script --parentId; .clasp.json names the script, dist/ its root', () => {
    const { result, calls } = create('https://docs.google.com/spreadsheets/d/1SpreadsheetId_0123456789abc/edit#gid=0');
    expect(result).toBe('1AbcBoundScript');
    expect(calls).toEqual([
      [
        'create-script',
        '--title',
        'Sheet Plan',
        '--parentId',
        '1SpreadsheetId_0123456789abc',
        '--rootDir',
        '.clasp-created',
      ],
    ]);
    expect(JSON.parse(readFileSync(path.join(folder, '.clasp.json'), 'utf8'))).toEqual({
      scriptId: '1AbcBoundScript',
      rootDir: 'dist',
    });
    // The new project's own files went to a scratch folder, now gone; dist/ is untouched.
    expect(existsSync(path.join(folder, '.clasp-created'))).toBe(false);
    expect(readFileSync(path.join(folder, 'dist', 'appsscript.json'), 'utf8')).toBe('{"ours":true}');
  });

  test('a failed create puts the placeholder back; a wrong spreadsheet runs nothing', () => {
    expect(create('1SpreadsheetId_0123456789abc', true).result).toEqual({
      error: 'User has not enabled the Apps Script API',
    });
    expect(readFileSync(path.join(folder, '.clasp.json'), 'utf8')).toBe(PLACEHOLDER);
    const wrong = create('https://example.com/not-a-sheet');
    expect(wrong.result).toEqual({ error: expect.stringMatching(/is not a spreadsheet's URL or id/) });
    expect(wrong.calls).toEqual([]);
  });

  test('a .clasp.json that already names a script is kept, and nothing runs', () => {
    writeFileSync(path.join(folder, '.clasp.json'), JSON.stringify({ scriptId: '1Existing', rootDir: 'dist' }));
    const { result, calls } = create('1SpreadsheetId_0123456789abc');
    expect(result).toEqual({ error: expect.stringMatching(/already names the script 1Existing/) });
    expect(calls).toEqual([]);
  });
});

test('after deploying, it asks the web app until it answers (the person has authorised the script)', () => {
  const answered = inModule(`
    const page = new Response('<html>Authorisation needed</html>', { headers: { 'content-type': 'text/html' } });
    const json = new Response('{"name":"sheet-plan"}', { headers: { 'content-type': 'application/json' } });
    const answers = [new Error('fetch failed'), page, json];
    let asked = 0; const paused = [];
    const fetchImpl = async () => {
      asked++;
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    };
    const sleep = async (ms) => { paused.push(ms); };
    const ok = await deploy.waitForWebApp('https://script.google.com/macros/s/D/exec', { fetchImpl, sleep, everyMs: 5000 });
    const down = async () => { throw new Error('down'); };
    const never = await deploy.waitForWebApp('https://x/exec', { fetchImpl: down, sleep: async () => {}, tries: 3 });
    console.log(JSON.stringify({ ok, asked, paused, never }));`);
  expect(answered).toEqual({ ok: true, asked: 3, paused: [5000, 5000], never: false });
});
