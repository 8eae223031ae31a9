/**
 * Plays the person at the local emulator, the way its page does: Agent Plan → Open plan (GET /sidebar runs
 * showPlanSidebar in a UI execution, which writes the person token into the page), then a google.script.run
 * call of a sidebar function with that token and the server's secret the page carries (POST /gas/run). For the
 * demo's setup and for tests; a real sheet's person token never leaves their sidebar.
 */
import { sessionFromPage, type AgentsView, type ConnectedAgentView } from '../../../sidebar/src/protocol';
import { SECRET_HEADER } from './local-only';
import { secretFromPage } from './page-parts/script-run-shim';
import { pageWords } from '../../core/text';

export async function callSidebarAsPerson(url: string, functionName: string, ...args: unknown[]): Promise<unknown> {
  const { token, secret } = await openSidebarAsPerson(url);
  const response = await fetch(`${url}/gas/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
    body: JSON.stringify({ functionName, args: [token, ...args] }),
  });
  const outcome = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (outcome.error) throw new Error(`${functionName} failed: ${outcome.error.message}`);
  return outcome.result;
}

/** Times a person opens the sidebar again when opening it failed (an agent's call held the lock, say), as people do. */
const SIDEBAR_ATTEMPTS = 3;

/** Agent Plan → Open plan: the person token and the server's secret from the page it served. */
async function openSidebarAsPerson(url: string): Promise<{ token: string; secret: string }> {
  let failure = '';
  for (let attempt = 1; attempt <= SIDEBAR_ATTEMPTS; attempt++) {
    const response = await fetch(`${url}/sidebar`);
    const page = await response.text();
    const token = sessionFromPage(page)?.token;
    const secret = secretFromPage(page);
    if (token && secret) return { token, secret };
    failure = `HTTP ${response.status}: ${pageWords(page)}`;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  throw new Error(`The sidebar page at ${url}/sidebar holds no person token or no secret (${failure})`);
}

/** The person approves the plan as the sidebar shows it now: its stamp from sidebarLoad, then sidebarApprovePlan. */
export async function approvePlanAsPerson(url: string, comment?: string): Promise<unknown> {
  const view = (await callSidebarAsPerson(url, 'sidebarLoad')) as { stamp: string };
  return callSidebarAsPerson(url, 'sidebarApprovePlan', view.stamp, comment ?? null);
}

/**
 * The person connects an agent named `name` in the sidebar (Connect an agent), as `npm start` does for its local
 * agent: a key shown once, so an agent of that name connected before (a key printed by an earlier start) is revoked
 * first. Answers the agent's URL, `…/macros/s/local/exec?key=…`.
 */
export async function connectAgentAsPerson(url: string, name: string): Promise<string> {
  const { agents } = (await callSidebarAsPerson(url, 'sidebarListAgents')) as AgentsView;
  for (const agent of agents.filter((candidate) => candidate.name === name))
    await callSidebarAsPerson(url, 'sidebarRevokeAgent', agent.id);
  return ((await callSidebarAsPerson(url, 'sidebarConnectAgent', name)) as ConnectedAgentView).url;
}
