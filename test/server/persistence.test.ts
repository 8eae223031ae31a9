/** The local emulator keeps the spreadsheet in a file: changes are saved at once, reads never rewrite it. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/node/server/main';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-persist-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function scriptsRun(url: string, name: string, parameters: unknown[] = []) {
  const response = await fetch(`${url}/v1/scripts/local:run`, {
    method: 'POST',
    headers: { authorization: 'Bearer test', 'content-type': 'application/json' },
    body: JSON.stringify({ function: name, parameters }),
  });
  return response.json();
}

test('a read leaves the state file untouched; a change is saved, and a restart keeps it', async () => {
  const stateFile = path.join(dir, 'spreadsheet.json');
  // Not about approval (a new sheet has it on): off, as a person would have saved it.
  const first = await startServer({
    port: 0,
    stateFile,
    distDir: path.resolve(__dirname, '../../dist'),
    settings: { approvalRequired: false },
  });
  try {
    const seeded = statSync(stateFile).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await scriptsRun(first.url, 'getPlan');
    await scriptsRun(first.url, 'getNextTask');
    expect(statSync(stateFile).mtimeMs).toBe(seeded);

    const started = await scriptsRun(first.url, 'startTask', ['3.2']);
    expect(started.response.result.status).toBe('doing');
    expect(readFileSync(stateFile, 'utf8')).toContain('- [/] 3.2 Calculate summary stats');
  } finally {
    await first.close();
  }
  const second = await startServer({ port: 0, stateFile, distDir: path.resolve(__dirname, '../../dist') });
  try {
    expect(second.seeded).toBe(false);
    expect((await scriptsRun(second.url, 'getPlan')).response.result.raw).toContain(
      '- [/] 3.2 Calculate summary stats',
    );
  } finally {
    await second.close();
  }
});
