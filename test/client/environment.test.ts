/** Configuring PlanClient from the environment (the MCP server, the demo and the live tests do). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  authFromEnvironment,
  clientFromEnvironment,
  GOOGLE_ROOT_URL,
  isLoopback,
  OAuth2Client,
} from '../../src/node/client';

describe('PlanClient from the environment', () => {
  test('an access token, or an OAuth client with a refresh token', () => {
    expect(authFromEnvironment({ SHEET_PLAN_ACCESS_TOKEN: 'ya29.token' })).toEqual({ accessToken: 'ya29.token' });
    const refreshing = authFromEnvironment({
      SHEET_PLAN_CLIENT_ID: 'id.apps.googleusercontent.com',
      SHEET_PLAN_CLIENT_SECRET: 'secret',
      SHEET_PLAN_REFRESH_TOKEN: '1//refresh',
    });
    expect(refreshing?.auth).toBeInstanceOf(OAuth2Client);
    expect((refreshing?.auth as OAuth2Client).credentials).toEqual({ refresh_token: '1//refresh' });
    expect(authFromEnvironment({})).toBeNull();
    expect(() => authFromEnvironment({ SHEET_PLAN_CLIENT_ID: 'id' })).toThrow(
      'SHEET_PLAN_CLIENT_ID, SHEET_PLAN_CLIENT_SECRET and SHEET_PLAN_REFRESH_TOKEN go together',
    );
  });

  test('Google by default, which needs a deployment id and credentials', () => {
    expect(() => clientFromEnvironment({}, {})).toThrow(
      'No deployment id: pass --script-id or set SHEET_PLAN_SCRIPT_ID',
    );
    expect(() => clientFromEnvironment({ scriptId: 'AKfy' }, {})).toThrow(
      `No credentials for ${GOOGLE_ROOT_URL}: set SHEET_PLAN_ACCESS_TOKEN`,
    );
    const client = clientFromEnvironment({}, { SHEET_PLAN_SCRIPT_ID: 'AKfy', SHEET_PLAN_ACCESS_TOKEN: 't' });
    expect([client.rootUrl, client.scriptId]).toEqual([GOOGLE_ROOT_URL, 'AKfy']);
  });

  test('the local emulator needs neither: script id "local", any token', () => {
    expect(isLoopback('http://127.0.0.1:8080/')).toBe(true);
    expect(isLoopback('http://localhost:8080')).toBe(true);
    expect(isLoopback('https://script.googleapis.com/')).toBe(false);
    const client = clientFromEnvironment({ endpoint: 'http://127.0.0.1:8080/' }, {});
    expect([client.rootUrl, client.scriptId]).toEqual(['http://127.0.0.1:8080/', 'local']);
  });

  test('`sheet-plan mcp` without a deployment id stops with a message that says what to set', () => {
    const cli = path.resolve(__dirname, '../../build/cli.js');
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SHEET_PLAN_')));
    const run = spawnSync(process.execPath, [cli, 'mcp'], { env, encoding: 'utf8', input: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('sheet-plan: No deployment id: pass --script-id or set SHEET_PLAN_SCRIPT_ID');
    expect(run.stdout).toBe('');
  });
});
