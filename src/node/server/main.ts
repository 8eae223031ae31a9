/** `npm start`: builds are done by the npm script; this serves the local Sheets stand-in. */
import path from 'node:path';
import { ExecutionPool, type PoolOptions } from '../emulator';
import { createApp, listen } from './app';
import { newSecret } from './local-only';
import { pageRoutes } from './page';
import { DEFAULT_STATE_FILE, loadSpreadsheet, persistenceFor } from './state';

export interface StartOptions {
  port?: number;
  stateFile?: string;
  distDir?: string;
  /** Limits of the execution pool (Google's by default: 30 at once per user, 6 minutes each). */
  pool?: PoolOptions;
}

/** Starts the emulator on 127.0.0.1 (and nowhere else). */
export async function startServer(options: StartOptions = {}) {
  const stateFile = path.resolve(options.stateFile ?? process.env.SHEET_PLAN_STATE ?? DEFAULT_STATE_FILE);
  const distDir = path.resolve(options.distDir ?? 'dist');
  const { spreadsheet, seeded } = loadSpreadsheet(stateFile);
  const persist = persistenceFor(stateFile, spreadsheet);
  const pool = new ExecutionPool(options.pool);
  const secret = newSecret();
  const handler = createApp({
    spreadsheet,
    distDir,
    pool,
    secret,
    persist,
    routes: pageRoutes({ distDir, spreadsheet, pool, secret, persist }),
  });
  const { server, url } = await listen(handler, options.port ?? 0);
  const close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A browser keeps idle connections open; close() alone would wait for them.
      server.closeAllConnections();
    });
    await pool.close();
  };
  return { server, url, spreadsheet, stateFile, seeded, pool, secret, close };
}

export async function main(): Promise<void> {
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (got "${process.env.PORT}")`);
  const running = await startServer({ port });
  console.log(`Sheet Plan local emulator: ${running.url}`);
  console.log(
    `  spreadsheet state: ${running.stateFile}${running.seeded ? ' (new, seeded with the example plan)' : ''}`,
  );
  console.log(`  Apps Script API:   POST ${running.url}/v1/scripts/local:run`);
  console.log('  Only this machine can reach it (127.0.0.1); only its own pages may drive it from a browser.');
}
