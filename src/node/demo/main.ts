/**
 * `sheet-plan demo` (`npm run demo`): starts the local emulator (or uses --endpoint), prints the
 * page to open, and lets the scripted agent of ./agent live through a plan's whole life, as an MCP client of the
 * sheet's web app (by URL, with the key of an agent the person connected; --endpoint: PlanClient): it drafts,
 * the person approves in the sidebar, it works, adds a task it discovers, fixes the cells a failed check names
 * (CHECK_FAILED) before a task counts as done, finishes, and the plan lands in the archive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clientFromEnvironment } from '../client/environment';
import { describeSentMail } from '../emulator';
import { parsePort, startServer } from '../server/main';
import { callSidebarAsPerson, connectAgentAsPerson } from '../server/person-calls';
import { runDemoAgent } from './agent';
import { McpDemoClient } from './mcp-client';
import { playedPerson } from './person';

export const DEMO_USAGE = `Usage: sheet-plan demo [--fast] [--port N] [--endpoint URL --script-id ID]

  --fast          no pauses, the demo itself approves and undoes as the person (through the sidebar's
                  calls, and says so), and stops when the plan is done (for scripts and tests)
  --port N        the local emulator's port (default 8080; 0 picks a free one)
  --endpoint URL  use this Apps Script API instead of a local emulator (e.g. https://script.googleapis.com/)
  --script-id ID  the deployment id there (credentials from the environment, see docs/agents.md).
                  The demo replaces that spreadsheet's plan (the old one stays in the history); it
                  cannot while an item of that plan waits for a person's review.
`;

const PAUSE_MS = 1500;
/** What the person calls the demo's agent when connecting it: the plan's history shows its changes under it. */
export const DEMO_AGENT_NAME = 'Demo agent';

export interface DemoCommandOptions {
  /** Where dist/Code.js is, for the local emulator. */
  distDir: string;
  log?: (line: string) => void;
}

function waitForInterrupt(): Promise<void> {
  return new Promise((resolve) => process.once('SIGINT', () => resolve()));
}

export async function demoCommand(args: string[], options: DemoCommandOptions): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      fast: { type: 'boolean', default: false },
      port: { type: 'string' },
      endpoint: { type: 'string' },
      'script-id': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  const log = options.log ?? ((line: string) => console.log(line));
  if (values.help) return void log(DEMO_USAGE);
  const fast = values.fast;
  const pauseMs = fast ? 0 : PAUSE_MS;
  const pollMs = fast ? 50 : 1000;

  if (values.endpoint) {
    if (values.port) throw new Error('--port is for the local emulator; with --endpoint there is none');
    if (fast) {
      throw new Error(
        "--fast plays the person through the local emulator's sidebar; a deployment's person approves in their " +
          'own sidebar: leave out --fast with --endpoint',
      );
    }
    const client = clientFromEnvironment({ endpoint: values.endpoint, scriptId: values['script-id'] });
    log(
      `Sheet Plan demo against ${client.rootUrl} (deployment ${client.scriptId}): open the spreadsheet and its ` +
        `Agent Plan sidebar to watch. To see the approval step, turn on "the agent needs my approval" there first.`,
    );
    await runDemoAgent({ client, log, pauseMs, pollMs });
    return;
  }

  const port = values.port === undefined ? 8080 : parsePort(values.port, '--port');
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-demo-'));
  // No plan yet: the agent writes the example plan itself (over a plan with an item waiting for the person, an agent's
  // createPlan is refused: only a person takes a review item away).
  const server = await startServer({
    port,
    stateFile: path.join(folder, 'spreadsheet.json'),
    distDir: options.distDir,
    seed: 'no plan',
  });
  try {
    log(`Sheet Plan demo: open ${server.url}/ to watch the plan and its sidebar.`);
    // The person connects the demo's agent in the sidebar; the agent holds only the URL with its key.
    const agentUrl = await connectAgentAsPerson(server.url, DEMO_AGENT_NAME);
    log(`  The agent is an MCP client of the sheet's web app: ${agentUrl.replace(/key=.*/, 'key=…')}`);
    const client = await McpDemoClient.connect(agentUrl);
    // The person's choice, made for them as the sidebar would: the agent needs their approval before it starts.
    await callSidebarAsPerson(server.url, 'sidebarSaveSettings', { approvalRequired: true, mailWhenWaiting: true });
    log('  The sheet asks for approval: the agent needs the person to approve its plan before it starts.');
    log('  The person asked to be e-mailed when the plan waits for them; the e-mails are printed, not sent.');
    server.spreadsheet.onMailSent = (mail) => log(describeSentMail(mail));
    if (!fast) {
      log('The agent starts in 5 seconds.');
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const person = fast ? playedPerson(server.url, log) : undefined;
    if (person) log('  --fast: nobody needs to open the sidebar; the demo approves and undoes as the person.');
    await runDemoAgent({ client, log, pauseMs, pollMs, sidebarUrl: `${server.url}/`, person }).finally(() =>
      client.close(),
    );
    if (!fast) {
      log(`The emulator keeps running at ${server.url}/ : press Ctrl+C to stop.`);
      await waitForInterrupt();
    }
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
