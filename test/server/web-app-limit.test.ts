/**
 * The local web app under Google's limit of simultaneous executions: a request over it runs nothing and is answered
 * as Google answers a web app that fails, a page with status 200 (never a 429: a web app sets no status code).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/node/server/main';

const DIST = path.resolve(__dirname, '../../dist');

test('a web app request over the execution limit gets a 200 page saying so, and runs nothing', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-limit-'));
  const server = await startServer({
    settings: { approvalRequired: false }, // not about approval (a new sheet has it on)
    port: 0,
    stateFile: path.join(folder, 'spreadsheet.json'),
    distDir: DIST,
    pool: { maxExecutionsPerUser: 0 },
  });
  try {
    const before = JSON.stringify(server.spreadsheet.toJSON());
    // startServer opens the web app once (it remembers its address): refused as well under a limit of 0.
    const refusedBefore = server.pool.statistics().refused;
    const answer = await fetch(`${server.webAppUrl}?key=k`, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toMatch(/Too many simultaneous executions: .* Apps Script allows 0 per user/);
    expect(server.pool.statistics()).toMatchObject({ executions: 0, refused: refusedBefore + 1 });
    expect(JSON.stringify(server.spreadsheet.toJSON())).toBe(before);
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
