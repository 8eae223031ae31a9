/**
 * Who calls the web app: the one seam between doPost (./web-app.ts) and the agent keys a person keeps
 * (./agent-keys.ts). A key the URL holds becomes an agent, or null (missing, wrong or revoked: the request is refused
 * and nothing runs); the agent's calls then run under its name.
 */
import { agentForKey, type AgentIdentity } from './agent-keys';
import { runAsAgent } from './agent-identity';

export type WebAgent = AgentIdentity;

/** The agent whose key `key` is, or null. */
export function agentForUrlKey(key: unknown): WebAgent | null {
  return agentForKey(key);
}

/** Runs `work` as `agent`: what it changes is recorded under the agent's name (./agent-identity.ts). */
export function runAsWebAgent<T>(agent: WebAgent, work: () => T): T {
  return runAsAgent(agent.name, work);
}
