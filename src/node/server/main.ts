/**
 * `sheet-plan start` (`npm start`): the local Sheets stand-in, serving the built dist/ of the
 * package; and startServer, which the demo, the tests and the benchmarks start it with.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ExecutionPool,
  describeSentMail,
  runSimpleTrigger,
  type EmulatedSpreadsheet,
  type PoolOptions,
  type BurstLimit,
} from '../emulator';
import { SETTINGS_PROPERTY } from '../../apps-script/spreadsheet-access';
import { DEFAULT_SETTINGS, type PlanSettings } from '../../core/person/settings';
import { createApp, listen, sendWebApp } from './app';
import { relayMcpUrl, splitAgentUrl } from '../../core/mcp/relay-url';
import { foreignRequest, newSecret } from './local-only';
import { connectAgentAsPerson } from './person-calls';
import { pageRoutes } from './page';
import { DEFAULT_STATE_FILE, loadSpreadsheet, persistenceFor, type Seed } from './state';
import { runTriggersWhenDue } from './time-triggers';
import { LocalWebApp, localWebAppUrl } from './web-app-route';

export const START_USAGE = `Usage: sheet-plan start [--port N]

Runs the local emulator: a Sheets stand-in with the real sidebar, and the Apps Script API at
POST /v1/scripts/local:run. No Google account is needed; only this machine can reach it.
  --port N  the port (default 8080, or the PORT variable; 0 picks a free one)
The spreadsheet is kept in ${DEFAULT_STATE_FILE} under the current folder (SHEET_PLAN_STATE sets
another file); delete it to start again from the example plan.
`;

export interface StartOptions {
  port?: number;
  stateFile?: string;
  distDir?: string;
  /** Limits of the execution pool (Google's by default: 30 at once per user, 6 minutes each). */
  pool?: PoolOptions;
  /** What a new state file starts with (default: the spec's example plan). */
  seed?: Seed;
  /** A Workspace domain: the web app is deployed at /a/macros/{domain}/s/local/exec (./web-app-route.ts). */
  domain?: string;
  /** The web app's burst limit per script (default 300 requests a minute). */
  burst?: BurstLimit;
  /**
   * Settings a new state file starts with, as a person would have saved them in the sidebar (default: none saved, so
   * a new sheet's: approval on). Tests that are not about approval turn it off with this.
   */
  settings?: Partial<PlanSettings>;
}

/** A port number from the command line or the environment; `where` names it in the error. */
export function parsePort(text: string, where: string): number {
  const port = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new Error(`${where} must be a port number from 0 to 65535 (got "${text}")`);
  return port;
}

/** An Error that keeps the one it explains (Node's ES2021 types have no `cause` option). */
function withCause(message: string, cause: unknown): Error {
  return Object.assign(new Error(message), { cause });
}

function loadState(stateFile: string, seed?: Seed) {
  try {
    return loadSpreadsheet(stateFile, seed);
  } catch (error) {
    throw withCause(
      `${stateFile} is not a spreadsheet file the emulator can read (${(error as Error).message}). Move it ` +
        `aside (or delete it) to start again from the example plan, or set SHEET_PLAN_STATE to another file.`,
      error,
    );
  }
}

async function listenOn(handler: ReturnType<typeof createApp>, port: number) {
  try {
    return await listen(handler, port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw withCause(
      `Port ${port} is in use (by another sheet-plan, or another program). Choose another with --port N ` +
        `(--port 0 picks a free one).`,
      error,
    );
  }
}

/**
 * The local sheet is opened once, as a person opens theirs in Sheets before connecting an agent: onOpen remembers the
 * spreadsheet for the agents' executions, which have none active (src/apps-script/spreadsheet-access.ts).
 */
function openAsPerson(spreadsheet: EmulatedSpreadsheet, distDir: string): void {
  if (!existsSync(path.join(distDir, 'Code.js'))) return; // the page says "Not built" and how to build
  // In this process, before the server answers anything: no other execution can run meanwhile.
  const outcome = runSimpleTrigger(spreadsheet, distDir, 'onOpen');
  if ('error' in outcome) throw new Error(`Opening the local sheet failed: onOpen: ${outcome.error.message}`);
}

/** The echo server: only the web app's one-use answers (LocalWebApp.answerEcho), for this machine only. */
function echoHandler(webApp: LocalWebApp): ReturnType<typeof createApp> {
  return async (incoming, response) => {
    incoming.resume();
    const refusal = foreignRequest(incoming);
    if (refusal) {
      response.writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8' });
      return void response.end(refusal.message);
    }
    const url = new URL(incoming.url ?? '/', 'http://localhost');
    sendWebApp(response, webApp.answerEcho(incoming.method ?? 'GET', url));
  };
}

/** Where `npm run relay -- --port 8787` listens, for the lines `npm start` prints. */
const LOCAL_RELAY = 'http://127.0.0.1:8787';

/** Starts the emulator on 127.0.0.1 (and nowhere else). */
export async function startServer(options: StartOptions = {}) {
  const stateFile = path.resolve(options.stateFile ?? (process.env.SHEET_PLAN_STATE || DEFAULT_STATE_FILE));
  const distDir = path.resolve(options.distDir ?? 'dist');
  const { spreadsheet, seeded } = loadState(stateFile, options.seed);
  if (seeded && options.settings) {
    spreadsheet.properties.script.set(SETTINGS_PROPERTY, JSON.stringify({ ...DEFAULT_SETTINGS, ...options.settings }));
  }
  const persist = persistenceFor(stateFile, spreadsheet);
  openAsPerson(spreadsheet, distDir);
  persist();
  const pool = new ExecutionPool(options.pool);
  const secret = newSecret();
  const webApp = new LocalWebApp({ spreadsheet, distDir, pool, persist, domain: options.domain, burst: options.burst });
  const handler = createApp({
    spreadsheet,
    distDir,
    pool,
    secret,
    persist,
    webApp,
    routes: pageRoutes({ distDir, spreadsheet, pool, secret, persist }),
  });
  const { server, url } = await listenOn(handler, options.port ?? 0).catch(async (error: unknown) => {
    await pool.close();
    throw error;
  });
  // Google's one-use answers come from another origin than /exec: here a second port (any free one).
  const echo = await listen(echoHandler(webApp), 0);
  webApp.echoOrigin = echo.url;
  // The bound script's web app, as ScriptApp.getService().getUrl() answers it: the sidebar builds agent URLs on it.
  const webAppUrl = localWebAppUrl(url, options.domain);
  spreadsheet.webAppUrl = webAppUrl;
  // Opened once, as a person opens a new deployment's address: the web app remembers its URL for the sidebar, whose
  // own getUrl() answers only the /dev one (src/apps-script/web-app-url.ts).
  // A failure leaves the sidebar saying how to do it by hand.
  await fetch(webAppUrl).catch(() => undefined);
  const stopTriggers = runTriggersWhenDue({ spreadsheet, distDir, pool, persist });
  const close = async () => {
    stopTriggers();
    await Promise.all(
      [server, echo.server].map(
        (closing) =>
          new Promise<void>((resolve) => {
            closing.close(() => resolve());
            // A browser keeps idle connections open; close() alone would wait for them.
            closing.closeAllConnections();
          }),
      ),
    );
    webApp.close();
    await pool.close();
  };
  return { server, url, echoUrl: echo.url, webAppUrl, spreadsheet, stateFile, seeded, pool, secret, close };
}

/** The agent `npm start` connects, so that a newcomer can point an MCP client at the local sheet at once. */
export const LOCAL_AGENT_NAME = 'Local agent';

export interface StartCommandOptions {
  /** The package's dist/ (dist/Code.js and dist/Sidebar.html), wherever the command runs from. */
  distDir: string;
  log?: (line: string) => void;
}

/** `sheet-plan start [--port N]`; resolves once the server listens (it keeps the process running). */
export async function startCommand(args: string[], options: StartCommandOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, help: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  if (values.help) return void log(START_USAGE);
  const port =
    values.port !== undefined
      ? parsePort(values.port, '--port')
      : process.env.PORT
        ? parsePort(process.env.PORT, 'PORT')
        : 8080;
  const running = await startServer({ port, distDir: options.distDir });
  // Nothing is sent from here: the e-mails the script would send (docs/notifications.md) are printed.
  running.spreadsheet.onMailSent = (mail) => log(describeSentMail(mail));
  log(`Sheet Plan local emulator: ${running.url}`);
  log(`  spreadsheet state: ${running.stateFile}${running.seeded ? ' (new, seeded with the example plan)' : ''}`);
  log(`  Apps Script API:   POST ${running.url}/v1/scripts/local:run`);
  const agentUrl = await connectAgentAsPerson(running.url, LOCAL_AGENT_NAME);
  log(`  MCP web app:       ${running.webAppUrl} (as Google serves one: a POST is answered by a 302 to GET)`);
  log('');
  log(`Connect an MCP client as "${LOCAL_AGENT_NAME}" (a new key at every start; the sidebar lists and revokes it):`);
  log(`  ${agentUrl}`);
  // This very CLI by its path: a stdio client runs it with Node (no package fetched by name).
  const cli = path.resolve(process.argv[1] ?? 'build/cli.js');
  log(`  claude mcp add sheet-plan -- node '${cli}' mcp --url '${agentUrl}'   (stdio: follows the 302 itself)`);
  const { webAppUrl, key } = splitAgentUrl(agentUrl);
  const relay = relayMcpUrl(LOCAL_RELAY, webAppUrl);
  log(`Or over HTTP through the relay (npm run relay -- --port 8787 --to ${webAppUrl}):`);
  log(`  claude mcp add --transport http sheet-plan '${relay}' --header 'Authorization: Bearer ${key}'`);
  log('');
  log('  Only this machine can reach it (127.0.0.1); only its own pages may drive it from a browser.');
}
