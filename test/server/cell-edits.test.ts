/**
 * A person typing into the plan cell on the local server's page (PUT /api/cells) is a person's edit in Sheets: onEdit
 * records it, and the plan it replaced is in the history.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLAN_CELL_REFERENCE } from '../../src/apps-script/plan-location';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { startServer } from '../../src/node/server/main';

let dir: string;
let server: Awaited<ReturnType<typeof startServer>>;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-cells-'));
  server = await startServer({
    settings: { approvalRequired: false }, // not about approval (a new sheet has it on)
    port: 0,
    stateFile: path.join(dir, 'spreadsheet.json'),
    distDir: path.resolve(__dirname, '../../dist'),
  });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scriptsRun(name: string, parameters: unknown[] = []) {
  const response = await fetch(`${server.url}/v1/scripts/local:run`, {
    method: 'POST',
    headers: { authorization: 'Bearer test', 'content-type': 'application/json' },
    body: JSON.stringify({ function: name, parameters }),
  });
  const body = await response.json();
  if (body.error) throw new Error(body.error.details?.[0]?.errorMessage ?? body.error.message);
  return body.response.result;
}

test('PUT /api/cells over the plan an agent just changed keeps that plan in the history', async () => {
  await scriptsRun('completeTask', ['3.1']);
  const written = (await scriptsRun('getPlan', [])).raw as string;
  const response = await fetch(`${server.url}/api/cells`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: server.secret },
    body: JSON.stringify({ [PLAN_CELL_REFERENCE]: 'Typed over by a person' }),
  });
  expect(response.status).toBe(200);
  const history = (await scriptsRun('getHistory', [10])) as Array<{ text: string; replacedBy: string }>;
  expect(history[0]).toMatchObject({ text: written, replacedBy: expect.stringContaining('cell') });
  expect(await scriptsRun('getPlan', [])).toMatchObject({ changedBy: 'cell edit' });
});
