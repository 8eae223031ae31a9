/** `npm start`: builds are done by the npm script; this serves the local Sheets stand-in. */
import path from 'node:path';
import { createApp, listen } from './app';
import { pageRoutes } from './page';
import { DEFAULT_STATE_FILE, loadSpreadsheet, persistenceFor } from './state';

export interface StartOptions {
  port?: number;
  stateFile?: string;
  distDir?: string;
  host?: string;
}

export async function startServer(options: StartOptions = {}) {
  const stateFile = path.resolve(options.stateFile ?? process.env.SHEET_PLAN_STATE ?? DEFAULT_STATE_FILE);
  const distDir = path.resolve(options.distDir ?? 'dist');
  const { spreadsheet, seeded } = loadSpreadsheet(stateFile);
  const persist = persistenceFor(stateFile, spreadsheet);
  const handler = createApp({
    spreadsheet,
    distDir,
    persist,
    routes: pageRoutes({ distDir, spreadsheet, persist }),
  });
  const { server, url } = await listen(handler, options.port ?? 0, options.host);
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A browser keeps idle connections open; close() alone would wait for them.
      server.closeAllConnections();
    });
  return { server, url, spreadsheet, stateFile, seeded, close };
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
}
