/**
 * Who calls the web app: the one seam between doPost (./web-app.ts) and the agent keys a person keeps. A key the URL
 * holds becomes an agent, or null (missing, wrong or revoked: the request is refused and nothing runs); the agent's
 * calls then run under its name.
 *
 * Until the agent-keys store is in this branch, no key is accepted: the web app refuses every request (fail closed).
 */
export interface WebAgent {
  id: string;
  name: string;
}

/** The agent whose key `key` is, or null. */
export function agentForUrlKey(key: unknown): WebAgent | null {
  return typeof key === 'string' && key !== '' ? null : null;
}

/** Runs `work` as `agent`: what it changes is recorded under the agent's name. */
export function runAsWebAgent<T>(_agent: WebAgent, work: () => T): T {
  return work();
}
