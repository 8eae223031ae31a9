/** The local emulator server for client, MCP and agent tests: a fresh spreadsheet in a temp folder per server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PlanClient, type PlanClientOptions } from '../../src/node/client';
import { startServer } from '../../src/node/server/main';
import { approvePlanAsPerson, callSidebarAsPerson } from '../../src/node/server/person-calls';
import type { Seed } from '../../src/node/server/state';

export const DIST = path.resolve(__dirname, '../../dist');

export interface LocalEmulator {
  url: string;
  /** The emulated spreadsheet the server runs the bundle on. */
  spreadsheet: Awaited<ReturnType<typeof startServer>>['spreadsheet'];
  client(options?: Partial<PlanClientOptions>): PlanClient;
  close(): Promise<void>;
}

/**
 * Starts the emulator on a free port; its spreadsheet starts with the spec's example plan (where 2.3 waits for the
 * person's review), or with no plan.
 */
export async function startLocalEmulator(seed: Seed = 'example plan'): Promise<LocalEmulator> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-'));
  // Approval explicitly off: these tests drive agents, not approval (a new sheet has it on).
  const server = await startServer({
    port: 0,
    stateFile: path.join(folder, 'spreadsheet.json'),
    distDir: DIST,
    seed,
    settings: { approvalRequired: false },
  });
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

/** A person calls a sidebar function the way the emulator's page does (src/node/server/person-calls.ts). */
export const runInSidebar = callSidebarAsPerson;
/** The person approves the plan the sidebar shows them (with its stamp). */
export const approveInSidebar = approvePlanAsPerson;

/** A person decides on a review item in the sidebar: sidebarTaskAction(token, action, step, comment). */
export async function decideInSidebar(
  url: string,
  action: 'approve' | 'requestChanges',
  step: string,
  comment?: string,
): Promise<void> {
  await runInSidebar(url, 'sidebarTaskAction', action, step, comment ?? null);
}
