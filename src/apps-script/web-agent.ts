/**
 * Who calls the web app: the one seam between doPost (./web-app.ts) and the agent keys a person keeps
 * (./agent-keys.ts). A key the URL holds becomes an agent, or null (missing, wrong or revoked: the request is refused
 * and nothing runs); the agent's calls then run under its name.
 */
import { agentForKey, stillConnected, type AgentIdentity } from './agent-keys';
import { runAsAgent } from './agent-identity';

export type WebAgent = AgentIdentity;

/** The agent whose key `key` is, or null. */
export function agentForUrlKey(key: unknown): WebAgent | null {
  return agentForKey(key);
}

/**
 * Checks the URL's key before each call of one POST body: the first call finds the agent by its key; each later one
 * re-reads the list of agents (one property read per call), so a key revoked meanwhile refuses the rest of a batch.
 */
export function keyCheckPerCall(key: unknown): { agent(): WebAgent | null } {
  let agent: WebAgent | null | undefined;
  return {
    agent() {
      if (agent === undefined) agent = agentForUrlKey(key);
      else if (agent !== null && !stillConnected(agent)) agent = null;
      return agent;
    },
  };
}

/** Runs `work` as `agent`: what it changes is recorded under the agent's name (./agent-identity.ts). */
export function runAsWebAgent<T>(agent: WebAgent, work: () => T): T {
  return runAsAgent(agent.name, work);
}
