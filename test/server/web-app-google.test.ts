/**
 * The local web app where Google's own serving shows (src/node/emulator/assumptions.ts, web-app-*): a Workspace
 * domain's /a/macros/{domain}/s/{id}/exec address served and given to agents, and the per-script burst limit
 * answered with Google's "too many times" page, running nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectAgentAsPerson } from '../../src/node/server/person-calls';
import { startServer, type StartOptions } from '../../src/node/server/main';
import { postToWebApp } from '../../src/web/forwarding';

const DIST = path.resolve(__dirname, '../../dist');
const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

async function withServer(
  options: StartOptions,
  body: (server: Awaited<ReturnType<typeof startServer>>) => Promise<void>,
) {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-google-'));
  const server = await startServer({
    port: 0,
    stateFile: path.join(folder, 'spreadsheet.json'),
    distDir: DIST,
    ...options,
  });
  try {
    await body(server);
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

test("a Workspace domain's deployment is served at /a/macros/{domain}/s/local/exec, the agents' address", async () => {
  await withServer({ domain: 'example.com' }, async (server) => {
    expect(server.webAppUrl).toBe(`${server.url}/a/macros/example.com/s/local/exec`);
    const agentUrl = await connectAgentAsPerson(server.url, 'Workspace agent');
    expect(agentUrl.startsWith(`${server.webAppUrl}?key=`)).toBe(true);
    await expect(postToWebApp(agentUrl, ping)).resolves.toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    const otherDomain = await fetch(`${server.url}/a/macros/other.org/s/local/exec`);
    expect(otherDomain.status).toBe(404);
  });
}, 60_000);

test("over the burst limit, Google's page (200, HTML), and the script does not run", async () => {
  await withServer({ burst: { requests: 3, windowMs: 3_600_000 } }, async (server) => {
    // startServer opened the web app once (1 of 3); the person's connect runs in the sidebar, not the web app.
    const agentUrl = await connectAgentAsPerson(server.url, 'Burst agent');
    await expect(postToWebApp(agentUrl, ping)).resolves.toContain('"result"');
    await expect(postToWebApp(agentUrl, ping)).resolves.toContain('"result"');
    const ran = server.pool.statistics();
    const over = await fetch(agentUrl, { method: 'POST', body: ping, redirect: 'manual' });
    expect(over.status).toBe(200);
    expect(over.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await over.text()).toContain('Service invoked too many times in a short time');
    expect(server.pool.statistics()).toEqual(ran);
    await expect(postToWebApp(agentUrl, ping)).rejects.toThrow(/not JSON: .*Service invoked too many times/);
  });
}, 60_000);
