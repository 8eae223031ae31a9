/** The local emulator server for client, MCP and agent tests: a fresh spreadsheet in a temp folder per server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { sessionFromPage } from '../../sidebar/src/protocol';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PlanClient, type PlanClientOptions } from '../../src/node/client';
import { startServer } from '../../src/node/server/main';

export const DIST = path.resolve(__dirname, '../../dist');

export interface LocalEmulator {
  url: string;
  /** The emulated spreadsheet the server runs the bundle on. */
  spreadsheet: Awaited<ReturnType<typeof startServer>>['spreadsheet'];
  client(options?: Partial<PlanClientOptions>): PlanClient;
  close(): Promise<void>;
}

/** Starts the emulator on a free port; its spreadsheet starts with the spec's example plan. */
export async function startLocalEmulator(): Promise<LocalEmulator> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-'));
  const server = await startServer({ port: 0, stateFile: path.join(folder, 'spreadsheet.json'), distDir: DIST });
  return {
    url: server.url,
    spreadsheet: server.spreadsheet,
    client: (options = {}) =>
      new PlanClient({
        scriptId: 'local',
        rootUrl: server.url,
        accessToken: 'test-token',
        retry: { attempts: 1 },
        ...options,
      }),
    close: async () => {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A person calls a sidebar function the way the sidebar does, over the emulator's HTTP routes: Agent Plan →
 * Open plan (GET /sidebar runs showPlanSidebar in a UI execution, which mints the person token into the
 * page), then the page's google.script.run call functionName(token, ...args) (POST /gas/run).
 */
export async function runInSidebar(url: string, functionName: string, ...args: unknown[]): Promise<unknown> {
  const page = await (await fetch(`${url}/sidebar`)).text();
  const token = sessionFromPage(page)?.token;
  if (!token) throw new Error('The sidebar page holds no person token');
  const response = await fetch(`${url}/gas/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ functionName, args: [token, ...args] }),
  });
  const outcome = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (outcome.error) throw new Error(`${functionName} failed: ${outcome.error.message}`);
  return outcome.result;
}

/** A person decides on a review item in the sidebar: sidebarTaskAction(token, action, step, comment). */
export async function decideInSidebar(
  url: string,
  action: 'approve' | 'requestChanges',
  step: string,
  comment?: string,
): Promise<void> {
  try {
    await runInSidebar(url, 'sidebarTaskAction', action, step, comment ?? null);
  } catch (error) {
    throw new Error(`${action} ${step} failed: ${(error as Error).message}`, { cause: error });
  }
}
